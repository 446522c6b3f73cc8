import { Link } from 'react-router-dom';
import { mediaSizes } from '../../content/media';
import type { Episode } from '../../content/types';
import { useSiteData } from '../../site-data';
import { paths } from '../../paths';
import { ExternalLink } from '../external-link';
import { SizedImage } from '../sized-image';

export interface PodcastIntroContent {
  eyebrow: string;
  lead: string;
  episode: Pick<Episode, 'id' | 'title' | 'description' | 'duration' | 'image'>;
  applePodcastsUrl: string;
  spotifyUrl: string;
}

/**
 * Home §8: the podcast's name and a featured 'Latest Episode' card. The date
 * reads 'Recent' (spec), so the page never goes stale between releases.
 */
export function PodcastIntro({ intro }: { intro: PodcastIntroContent }) {
  const { episode } = intro;
  const { podcastName } = useSiteData();
  return (
    <section className="podcast-intro section below-fold" aria-labelledby="podcast-intro-heading">
      <div className="container podcast-intro__grid">
        <div className="podcast-intro__text">
          <p className="eyebrow">{intro.eyebrow}</p>
          <h2 id="podcast-intro-heading">{podcastName}</h2>
          <p className="podcast-intro__lead">{intro.lead}</p>
          <Link className="button button--primary" to={paths.podcast}>
            Browse All Episodes
          </Link>
        </div>
        <article className="podcast-intro__card" aria-labelledby="latest-episode-title">
          <div className="podcast-intro__media">
            <SizedImage className="podcast-intro__image" image={{ src: episode.image, ...mediaSizes.episodeCover }} alt="" />
          </div>
          <div className="podcast-intro__body">
            <p className="podcast-intro__meta">
              <span className="podcast-intro__badge">Latest Episode</span>
              <span className="podcast-intro__when">
                <span className="podcast-intro__date">Recent</span>
                {episode.duration && <span className="podcast-intro__duration">{episode.duration}</span>}
              </span>
            </p>
            <h3 id="latest-episode-title" className="podcast-intro__title">
              {episode.title}
            </h3>
            <p className="podcast-intro__description">{episode.description}</p>
            <div className="podcast-intro__actions button-row">
              <ExternalLink className="podcast-intro__platform podcast-intro__platform--apple" href={intro.applePodcastsUrl} counted>
                Apple Podcasts
              </ExternalLink>
              <ExternalLink className="podcast-intro__platform podcast-intro__platform--spotify" href={intro.spotifyUrl} counted>
                Spotify
              </ExternalLink>
              <Link className="podcast-intro__details" to={paths.episode(episode.id)}>
                Episode details<span className="visually-hidden">: {episode.title}</span>
                <span aria-hidden="true"> →</span>
              </Link>
            </div>
          </div>
        </article>
      </div>
    </section>
  );
}
