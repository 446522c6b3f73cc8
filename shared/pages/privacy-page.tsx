import { LegalDocumentView } from '../components/service/legal-document';
import { privacyPolicy } from '../content/legal';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({
    title: privacyPolicy.title,
    description:
      'What personal data we collect, how we use it, our cookie practices, how to unsubscribe, and your rights. We do not sell or lease personal data.',
  }),
};

export function Component() {
  return <LegalDocumentView document={privacyPolicy} />;
}
