import { useSiteData } from '../../site-data';
import { ExternalLink } from '../external-link';

/** Home §10: the closing call to action; the scheduler opens in a new tab. */
export function CtaBand({ ctaBand }: { ctaBand: { title: string; text: string } }) {
  const { externalUrls } = useSiteData();
  return (
    <section className="cta-band below-fold" aria-labelledby="cta-heading">
      <div className="container cta-band__inner">
        <div className="cta-band__text">
          <h2 id="cta-heading" className="cta-band__title">
            {ctaBand.title}
          </h2>
          <p className="cta-band__lead">{ctaBand.text}</p>
        </div>
        <ExternalLink className="button button--primary cta-band__button" href={externalUrls.scheduler} counted>
          Schedule a Consultation
        </ExternalLink>
      </div>
    </section>
  );
}
