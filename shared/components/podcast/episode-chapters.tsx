/**
 * The episode's chapters, under its player: each start and title a link to that moment
 * (`?t=<s>#t=<s>`: without JavaScript the page opens at the chapter's heading or passage in the
 * transcript; with it, transcript-live.tsx seeks the player instead), and the chapter's own link,
 * when it has one, beside it.
 */
import type { ReactNode } from 'react';
import type { Episode } from '../../content/types';
import { paths } from '../../paths';
import { formatMoment, momentDuration } from '../../rules/episode-moment';
import { ExternalLink } from '../external-link';
import type { EpisodeWords } from './episode-words';

const HEADING_ID = 'chapters-heading';

/** A link to a moment of the episode, the moment shown as a <time>; the transcript's passages have one too. */
export function MomentLink({ episodeId, seconds, children }: { episodeId: string; seconds: number; children?: ReactNode }) {
  return (
    <a href={paths.episodeMoment(episodeId, seconds)}>
      <time dateTime={momentDuration(seconds)}>{formatMoment(seconds)}</time>
      {children}
    </a>
  );
}

export function EpisodeChapters({ episode, words }: { episode: Episode; words: EpisodeWords }) {
  const { chapters } = episode;
  if (!chapters?.length) return null;
  return (
    <nav className="episode-chapters" aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID}>{words.chapters}</h2>
      <ol>
        {chapters.map((chapter) => (
          <li key={chapter.start}>
            <MomentLink episodeId={episode.id} seconds={chapter.start}>
              {' '}
              {chapter.title}
            </MomentLink>
            {chapter.url && <ExternalLink href={chapter.url}>{new URL(chapter.url).hostname}</ExternalLink>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
