import { Link } from 'react-router-dom';
import { episodes, latestEpisode } from '../../content/episodes';
import { podcast } from '../../content/site';
import type { Episode } from '../../content/types';
import { paths } from '../../paths';
import { ExternalLink } from '../external-link';

/** The intrinsic size of the episode artwork under /media/episodes. */
const EPISODE_IMAGE = { width: 600, height: 600 } as const;

/** The featured episode; a latestEpisode id missing from the list is a content error, reported loudly. */
function findFeaturedEpisode(): Episode {
  const episode = episodes.find((candidate) => candidate.id === latestEpisode.episodeId);
  if (!episode) throw new Error(`latestEpisode.episodeId '${latestEpisode.episodeId}' is not in the episode list`);
  return episode;
}

const featured = findFeaturedEpisode();

/**
 * Home §8: the podcast's name and a featured 'Latest Episode' card. The date
 * reads 'Recent' (spec), so the page never goes stale between releases.
 */
export function PodcastIntro() {
  const episode = featured;
  return (
    <section className="podcast-intro section" aria-labelledby="podcast-intro-heading">
      <div className="container podcast-intro__grid">
        <div className="podcast-intro__text">
          <p className="eyebrow">Listen &amp; Learn</p>
          <h2 id="podcast-intro-heading">{podcast.name}</h2>
          <p className="podcast-intro__lead">
            Candid conversations with CPAs, advisors and specialists about adding advisory services, serving families
            well and building a practice that lasts.
          </p>
          <Link className="button button--primary" to={paths.podcast}>
            Browse All Episodes
          </Link>
        </div>
        <article className="podcast-intro__card" aria-labelledby="latest-episode-title">
          <div className="podcast-intro__media">
            <img
              className="podcast-intro__image"
              src={episode.image}
              width={EPISODE_IMAGE.width}
              height={EPISODE_IMAGE.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
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
            <div className="podcast-intro__actions">
              <ExternalLink
                className="podcast-intro__platform podcast-intro__platform--apple"
                href={latestEpisode.applePodcastsUrl}
              >
                Apple Podcasts
              </ExternalLink>
              <ExternalLink
                className="podcast-intro__platform podcast-intro__platform--spotify"
                href={latestEpisode.spotifyUrl}
              >
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
