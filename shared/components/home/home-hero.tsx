import type { VideoAsset } from '../../content/types';
import { useSiteData } from '../../site-data';
import { anchors } from '../../paths';
import { BackgroundVideo } from '../background-video';
import { ExternalLink } from '../external-link';
import { InPageLink } from '../in-page-link';

/** Home §1: headline over a muted background video, darkened so white text stays readable (WCAG AA). */
export interface HomeHeroContent {
  headline: string;
  subheadline: string;
  video: VideoAsset;
}

export function HomeHero({ hero }: { hero: HomeHeroContent }) {
  const { firm, externalUrls } = useSiteData();
  return (
    <section className="home-hero video-hero" aria-labelledby="home-hero-title">
      <BackgroundVideo video={hero.video} />
      <div className="home-hero__overlay video-hero__scrim" aria-hidden="true" />
      <div className="container home-hero__inner video-hero__content">
        <p className="eyebrow home-hero__eyebrow">{firm.tagline}</p>
        <h1 id="home-hero-title" className="home-hero__title">
          {hero.headline}
        </h1>
        <p className="home-hero__lead">{hero.subheadline}</p>
        <div className="home-hero__actions button-row">
          <ExternalLink className="button button--primary home-hero__cta" href={externalUrls.scheduler} counted>
            Schedule a Consultation
          </ExternalLink>
          <InPageLink className="button button--ghost home-hero__cta" targetId={anchors.services}>
            Learn More
          </InPageLink>
        </div>
      </div>
    </section>
  );
}
