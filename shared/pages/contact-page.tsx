import { ExternalLink } from '../components/external-link';
import { PageHero } from '../components/page-hero';
import { externalUrls, firm } from '../content/site';
import type { RouteHandle } from '../page-meta';

export const handle: RouteHandle = {
  meta: () => ({ title: 'Contact', description: `Schedule a consultation or write to ${firm.name}.` }),
};

export function Component() {
  return (
    <>
      <PageHero title="Contact Us" />
      <section className="section container">
        <p>
          <ExternalLink href={externalUrls.scheduler}>Schedule a Consultation</ExternalLink> or write to{' '}
          <a href={`mailto:${firm.email}`}>{firm.email}</a>.
        </p>
      </section>
    </>
  );
}
