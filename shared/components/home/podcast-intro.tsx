import { Link } from 'react-router-dom';
import { episodes, latestEpisode } from '../../content/episodes';
import { podcastIntro } from '../../content/home';
import { mediaSizes } from '../../content/media';
import { podcast } from '../../content/site';
import type { Episode } from '../../content/types';
import { paths } from '../../paths';
import { ExternalLink } from '../external-link';
import { SizedImage } from '../sized-image';

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
          <p className="eyebrow">{podcastIntro.eyebrow}</p>
          <h2 id="podcast-intro-heading">{podcast.name}</h2>
          <p className="podcast-intro__lead">{podcastIntro.lead}</p>
          <Link className="button button--primary" to={paths.podcast}>
            Browse All Episodes
          </Link>
        </div>
        <article className="podcast-intro__card" aria-labelledby="latest-episode-title">
          <div className="podcast-intro__media">
            <SizedImage
              className="podcast-intro__image"
              image={{ src: episode.image, ...mediaSizes.episodeCover }}
              alt=""
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
            <div className="podcast-intro__actions button-row">
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
