import { PageHero } from '../components/page-hero';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({ title: 'Web Accessibility', description: 'Our commitment to an accessible website.' }),
};

export function Component() {
  return <PageHero title="Web Accessibility" />;
}
