import { PageHero } from '../components/page-hero';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({ title: 'Press & Publications', description: 'Articles and interviews featuring our team.' }),
};

export function Component() {
  return <PageHero title="Press & Publications" />;
}
