import { hero } from '../../content/home';
import { externalUrls, firm } from '../../content/site';
import { anchors } from '../../paths';
import { BackgroundVideo } from '../background-video';
import { ExternalLink } from '../external-link';

/** The looping hero footage and the first frame shown while it loads. */
const HERO_VIDEO = { src: '/media/video/hero-home.mp4', poster: '/media/video/hero-home.jpg' } as const;

/** Home §1: headline over a muted background video, darkened so white text stays readable (WCAG AA). */
export function HomeHero() {
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <BackgroundVideo src={HERO_VIDEO.src} poster={HERO_VIDEO.poster} />
      <div className="home-hero__overlay" aria-hidden="true" />
      <div className="container home-hero__inner">
        <p className="eyebrow home-hero__eyebrow">{firm.tagline}</p>
        <h1 id="home-hero-title" className="home-hero__title">
          {hero.headline}
        </h1>
        <p className="home-hero__lead">{hero.subheadline}</p>
        <div className="home-hero__actions">
          <ExternalLink className="button button--primary home-hero__cta" href={externalUrls.scheduler}>
            Schedule a Consultation
          </ExternalLink>
          <a className="button button--ghost home-hero__cta" href={`#${anchors.services}`}>
            Learn More
          </a>
        </div>
      </div>
    </section>
  );
}
