import { Link } from 'react-router-dom';
import { mediaSizes } from '../../content/media';
import type { Episode, EpisodeSearchContent } from '../../content/types';
import { formatMoment, momentDuration } from '../../rules/episode-moment';
import { isVideoEpisode } from '../../rules/episode-media';
import { paths } from '../../paths';
import { DisplayDate } from '../display-date';
import { Icon } from '../icon';
import { SizedImage } from '../sized-image';
import { PlatformBadge } from './platform-badge';
import { PublicationBadge } from '../publication-badge';
import type { EpisodeSearchResult, TextPiece } from '../../rules/episode-search';

/** Text with the words a search matched in <mark>. */
function Marked({ pieces }: { pieces: readonly TextPiece[] }) {
  return <>{pieces.map((piece, index) => (piece.mark ? <mark key={index}>{piece.text}</mark> : piece.text))}</>;
}

interface EpisodeCardProps {
  episode: Episode;
  /** Cards in the first row may be in view on load; the rest load lazily. */
  eager?: boolean;
  /** On a search: the title and the passage the words were found in, marked. */
  match?: Pick<EpisodeSearchResult, 'title' | 'excerpt'>;
  /** Said before a passage from the transcript; for a timed one, with a link to the moment. */
  transcriptLabels?: Pick<EpisodeSearchContent, 'inTranscript' | 'inTranscriptAt'>;
}

/**
 * "From the transcript at 12:08:", the time linked to the moment: above the card's stretched link
 * (CSS), so it is a link of its own, which opens the episode page there.
 */
function TranscriptMoment({ episodeId, at, label }: { episodeId: string; at: number; label: string }) {
  const [before = '', after = ''] = label.split('{moment}');
  return (
    <span className="episode-card__source">
      {before}
      <Link className="episode-card__moment" to={paths.episodeMoment(episodeId, at)}>
        <time dateTime={momentDuration(at)}>{formatMoment(at)}</time>
      </Link>
      {after}{' '}
    </span>
  );
}

/**
 * One episode in the list. The title is the card's only link; it stretches
 * over the whole card (CSS), so the card is clickable while screen readers
 * hear a short link name rather than the whole card.
 */
export function EpisodeCard({ episode, eager = false, match, transcriptLabels }: EpisodeCardProps) {
  const platform = episode.actions?.platform;
  const titleId = `episode-card-${episode.id}`;
  return (
    <article className="episode-card card" aria-labelledby={titleId}>
      <div className="episode-card__media card__media">
        <SizedImage
          className="episode-card__image card__image"
          image={{ src: episode.image, ...mediaSizes.episodeCover }}
          alt=""
          eager={eager}
        />
        <span className="episode-card__kind">
          <Icon name={isVideoEpisode(episode) ? 'play' : 'headphones'} size={14} />
          {isVideoEpisode(episode) ? 'Video' : 'Audio'}
        </span>
      </div>
      <div className="episode-card__body">
        <div className="episode-card__tags">
          {episode.status && <PublicationBadge status={episode.status} />}
          {episode.number && <span className="episode-number">{episode.number}</span>}
          {platform && <PlatformBadge platform={platform} className="platform-badge--small" />}
          {!episode.actions && <span className="episode-status">Coming soon</span>}
        </div>
        <h3 className="episode-card__title" id={titleId}>
          <Link className="episode-card__link" to={paths.episode(episode.id)}>
            {match ? <Marked pieces={match.title} /> : episode.title}
          </Link>
        </h3>
        {(episode.date || episode.duration) && (
          <p className="episode-card__meta">
            {episode.date && (
              <span className="episode-meta">
                <Icon name="calendar" size={16} />
                <DisplayDate date={episode.date} />
              </span>
            )}
            {episode.duration && (
              <span className="episode-meta">
                <Icon name="clock" size={16} />
                {episode.duration}
              </span>
            )}
          </p>
        )}
        <p className="episode-card__description">
          {match?.excerpt.source === 'transcript' && match.excerpt.at !== undefined && transcriptLabels ? (
            <TranscriptMoment episodeId={episode.id} at={match.excerpt.at} label={transcriptLabels.inTranscriptAt} />
          ) : match?.excerpt.source === 'transcript' ? (
            <span className="episode-card__source">{transcriptLabels?.inTranscript} </span>
          ) : null}
          {match ? <Marked pieces={match.excerpt.pieces} /> : episode.description}
        </p>
        <span className="episode-card__more" aria-hidden="true">
          View episode
          <Icon name="arrow-right" size={16} />
        </span>
      </div>
    </article>
  );
}
