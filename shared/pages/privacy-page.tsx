import { PageHero } from '../components/page-hero';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({ title: 'Privacy & Cookie Policy', description: 'How we collect, use and protect personal data.' }),
};

export function Component() {
  return (
    <>
      <PageHero title="Privacy & Cookie Policy" />
      <section className="section container prose">
        <p>Last updated: March 18, 2022</p>
      </section>
    </>
  );
}
