import { LegalDocumentView } from '../components/service/legal-document';
import { accessibilityStatement } from '../content/legal';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({
    title: 'Web Accessibility',
    description:
      'Our accessibility statement: we aim to conform to WCAG 2.2 level AA. Known limitations, and how to report a barrier or ask for an alternative format.',
  }),
};

export function Component() {
  return <LegalDocumentView document={accessibilityStatement} />;
}
