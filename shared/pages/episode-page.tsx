import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router-dom';
import { DisplayDate } from '../components/display-date';
import { ExternalLink } from '../components/external-link';
import { HydrateLater } from '../components/hydrate-later';
import { Icon } from '../components/icon';
import { EpisodeChapters } from '../components/podcast/episode-chapters';
import { EpisodeAudio, EpisodePlayer } from '../components/podcast/episode-media';
import { EpisodePeople } from '../components/podcast/episode-people';
import { EpisodeTranscript } from '../components/podcast/episode-transcript';
import type { EpisodeWords } from '../components/podcast/episode-words';
import type { TranscriptItem } from '../components/podcast/transcript-view';
import { PlatformBadge } from '../components/podcast/platform-badge';
import { PublicationBadge } from '../components/publication-badge';
import { RichBlock } from '../components/service/rich-text';
import { YouTubeThumbnail } from '../components/podcast/youtube-thumbnail';
import { SizedImage } from '../components/sized-image';
import { mediaSizes } from '../content/media';
import type { Episode, EpisodeActions, EpisodeMedia } from '../content/types';
import type { PageData } from '../page-head';
import { paths } from '../paths';
import { isVideoEpisode } from '../rules/episode-media';

export interface EpisodePageData extends PageData {
  episode: Episode;
  /** What the media area shows, decided on the server (chooseEpisodeMedia). */
  media: EpisodeMedia;
  /** How long the episode runs (seconds), when its content says (episodeLength): its chapters' track is laid out on it. */
  lengthSeconds?: number;
  /** Shown instead of the listen buttons for the episode whose listenUrl is '#'. */
  comingSoonNote: string;
  /** The words around its people, chapters and transcript. */
  words: EpisodeWords;
  /** The timed transcript, laid out for the page (the episode itself is sent without it); absent when none. */
  timedTranscript?: TranscriptItem[];
}

const ABOUT_HEADING_ID = 'about-episode-heading';

function EpisodeLinks({ episode, actions, comingSoonNote }: { episode: Episode; actions: EpisodeActions | null; comingSoonNote: string }) {
  if (!actions) {
    // listenUrl '#': nothing to open yet, and no link that goes nowhere.
    return (
      <p className="episode-hero__note">
        <Icon name="clock" size={18} />
        {comingSoonNote}
      </p>
    );
  }
  return (
    <div className="episode-hero__actions button-row">
      <ExternalLink className="button button--primary" href={actions.href} counted>
        <Icon name={isVideoEpisode(episode) ? 'play' : 'headphones'} />
        {actions.mainLabel}
      </ExternalLink>
      {actions.secondaryLabel && actions.platform && (
        <ExternalLink className="button button--ghost" href={actions.href} counted>
          <Icon name={actions.platform} />
          {actions.secondaryLabel}
        </ExternalLink>
      )}
    </div>
  );
}

export function Component() {
  const { episode, media, lengthSeconds, comingSoonNote, words, timedTranscript } = useLoaderData() as EpisodePageData;
  const { actions } = episode;
  const hasPlayer = media.kind !== 'cover';
  const chapters = <EpisodeChapters episode={episode} words={words} lengthSeconds={hasPlayer ? lengthSeconds : undefined} />;

  return (
    <article className="episode" aria-labelledby="episode-title">
      <header className="page-hero episode-hero">
        <div className="container episode-hero__grid">
          <div className="episode-hero__text">
            <Link className="episode-hero__back" to={paths.podcast}>
              <Icon name="arrow-left" size={18} />
              Back to All Episodes
            </Link>
            {(episode.number || actions?.platform || episode.status) && (
              <p className="episode-hero__badges">
                {episode.status && <PublicationBadge status={episode.status} />}
                {episode.number && <span className="episode-number episode-number--on-dark">{episode.number}</span>}
                {actions?.platform && <PlatformBadge platform={actions.platform} />}
              </p>
            )}
            <h1 id="episode-title" className="episode-hero__title">
              {episode.title}
            </h1>
            {episode.duration && (
              <p className="episode-hero__duration">
                <Icon name="clock" size={18} />
                <span className="visually-hidden">Duration: </span>
                {episode.duration}
              </p>
            )}
            <EpisodePeople episode={episode} words={words} />
            <EpisodeLinks episode={episode} actions={actions} comingSoonNote={comingSoonNote} />
          </div>
          <div className="episode-hero__cover">
            {media.kind === 'youtube' ? (
              <YouTubeThumbnail
                key={media.videoId}
                className="episode-cover"
                src={media.thumbnailUrl}
                cover={{ src: episode.image, ...mediaSizes.episodeCover }}
                alt=""
              />
            ) : (
              <SizedImage className="episode-cover" image={{ src: episode.image, ...mediaSizes.episodeCover }} alt="" eager />
            )}
          </div>
        </div>
      </header>

      {/* The player, the text and the transcript hydrate after the hero (decision 022). */}
      <HydrateLater>
        <div className={`container episode-body${hasPlayer ? '' : ' episode-body--no-player'}`}>
          {/* The chapters stand under the player: its markers, each a link to its moment. */}
          {hasPlayer && (
            <div className="episode-body__media">
              {media.kind === 'audio' && (
                <section className="episode-player episode-player--audio" aria-label="Episode player">
                  <EpisodeAudio src={media.audioUrl} title={episode.title} />
                </section>
              )}
              {(media.kind === 'youtube' || media.kind === 'spotify-video') && (
                <section className="episode-player" aria-label="Episode player">
                  <EpisodePlayer key={media.embedUrl} media={media} title={episode.title} driven={Boolean(timedTranscript)} />
                </section>
              )}
              {chapters}
            </div>
          )}
          <section className="episode-about" aria-labelledby={ABOUT_HEADING_ID}>
            <h2 id={ABOUT_HEADING_ID}>About This Episode</h2>
            {(episode.body ?? [{ kind: 'paragraph', content: [episode.description] }]).map((block, index) => (
              <RichBlock key={index} block={block} paragraphClassName="episode-about__description" />
            ))}
            {episode.date && (
              <p className="episode-about__published">
                <Icon name="calendar" size={18} />
                Published: <DisplayDate date={episode.date} />
              </p>
            )}
          </section>
          {!hasPlayer && chapters}
        </div>
      </HydrateLater>
      <HydrateLater>
        <EpisodeTranscript episode={episode} timed={timedTranscript} words={words} />
      </HydrateLater>
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Anything but a missing episode goes on to the layout's boundary.
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section className="status-screen">
      <div className="container status-screen__inner">
        <h1>Episode Not Found</h1>
        <p>We could not find that episode. It may have been renamed or removed.</p>
        <Link className="button button--primary" to={paths.podcast}>
          ← Back to Podcast
        </Link>
      </div>
    </section>
  );
}
