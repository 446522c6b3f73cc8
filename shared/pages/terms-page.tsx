import { PageHero } from '../components/page-hero';
import { firm } from '../content/site';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({ title: 'Terms of Service', description: 'Our terms of service.' }),
};

export function Component() {
  return (
    <>
      <PageHero title="Terms of Service" />
      <section className="section container prose">
        <p>
          Our terms of service will be available soon. Questions in the meantime? Write to{' '}
          <a href={`mailto:${firm.email}`}>{firm.email}</a>.
        </p>
      </section>
    </>
  );
}
