import { Link } from 'react-router-dom';
import { ExternalLink } from '../components/external-link';
import { externalUrls, firm } from '../content/site';
import type { RouteHandle } from '../page-meta';
import { anchors, paths } from '../paths';

export const handle: RouteHandle = {
  meta: () => ({ description: `${firm.name} helps accounting practices add holistic wealth management and a virtual family office.` }),
};

export function Component() {
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__inner">
          <h1>Integrate holistic wealth management into your accounting practice</h1>
          <p>
            <ExternalLink className="button button--primary" href={externalUrls.scheduler}>
              Schedule a Consultation
            </ExternalLink>{' '}
            <a className="button button--ghost" href={`#${anchors.services}`}>
              Learn More
            </a>
          </p>
        </div>
      </section>
      <section id={anchors.services} className="section container">
        <h2>Integrated Services</h2>
        <p>
          <Link to={paths.financialPlanning}>Financial Planning</Link>
        </p>
      </section>
    </>
  );
}
