import type { VideoAsset } from '../../content/types';
import { BackgroundVideo } from '../background-video';
import { ExternalLink } from '../external-link';
import { Icon } from '../icon';

interface PodcastHeroProps {
  title: string;
  eyebrow: string;
  intro: string;
  video: VideoAsset;
  showLinks: { applePodcasts: string; spotify: string };
}

/**
 * The podcast list's opening band: a muted looping video under a dark scrim
 * (so the white text keeps WCAG AA contrast whatever the frame shows), the
 * page title, and the two show pages.
 */
export function PodcastHero({ title, eyebrow, intro, video, showLinks }: PodcastHeroProps) {
  return (
    <section className="page-hero podcast-hero video-hero" aria-labelledby="podcast-hero-title">
      <BackgroundVideo video={video} />
      <div className="podcast-hero__scrim video-hero__scrim" aria-hidden="true" />
      <div className="container page-hero__inner podcast-hero__inner video-hero__content">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="podcast-hero-title">{title}</h1>
        <p className="podcast-hero__intro">{intro}</p>
        <ul className="podcast-hero__actions button-row" aria-label="Follow the show">
          <li>
            <ExternalLink className="button button--primary" href={showLinks.applePodcasts} counted>
              <Icon name="apple" />
              Apple Podcasts
            </ExternalLink>
          </li>
          <li>
            <ExternalLink className="button button--ghost" href={showLinks.spotify} counted>
              <Icon name="spotify" />
              Spotify
            </ExternalLink>
          </li>
        </ul>
      </div>
    </section>
  );
}
