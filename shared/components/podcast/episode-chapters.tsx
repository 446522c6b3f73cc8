/**
 * The episode's chapters, under its player: each start and title a link to that moment
 * (`?t=<s>#t=<s>`: without JavaScript the page opens at the chapter's heading or passage in the
 * transcript; with it, transcript-live.ts seeks the player instead), and the chapter's own link,
 * when it has one, beside it.
 *
 * Above the list, as wide as the player, the chapters' track: a bar with a segment per chapter,
 * as long as the chapter runs, each a link to its start, with its title as the pointer's tooltip;
 * with a timed transcript, transcript-live.ts fills it as the player plays and marks the chapter
 * playing in the list. An SVG, because its positions are attributes (x, width in a 0–100 viewBox)
 * where HTML would need style attributes, which the CSP refuses. It is the list's picture for the
 * pointer, so assistive technology and the Tab key meet the list alone (aria-hidden, tabindex -1):
 * the list is the same links, larger targets among them (WCAG 2.5.8's equivalent).
 */
import type { ReactNode } from 'react';
import type { Chapter, Episode } from '../../content/types';
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

/** A share of the episode's length, in the track's 0–100 viewBox, to a hundredth (a pixel of a 10,000 px track). */
const share = (seconds: number, length: number) => Math.round(Math.min(100, (seconds / length) * 100) * 100) / 100;

function ChapterTrack({ episodeId, chapters, length }: { episodeId: string; chapters: readonly Chapter[]; length: number }) {
  return (
    <svg
      className="chapter-track"
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-length={length}
    >
      {chapters.map((chapter, index) => {
        const x = share(chapter.start, length);
        return (
          <a key={chapter.start} href={paths.episodeMoment(episodeId, chapter.start)} tabIndex={-1}>
            <title>{`${formatMoment(chapter.start)} ${chapter.title}`}</title>
            <rect className="chapter-track__chapter" x={x} width={share(chapters[index + 1]?.start ?? length, length) - x} height={10} />
          </a>
        );
      })}
      {/* What has been played, drawn over the chapters: transcript-live.ts widens it as the player plays. */}
      <rect className="chapter-track__played" width={0} height={10} />
      {/* The gaps between chapters, over both. */}
      <path
        className="chapter-track__gaps"
        d={chapters.map((chapter) => (chapter.start > 0 ? `M${share(chapter.start, length)} 0V10` : '')).join('')}
      />
    </svg>
  );
}

export function EpisodeChapters({ episode, words, lengthSeconds }: { episode: Episode; words: EpisodeWords; lengthSeconds?: number }) {
  const { chapters } = episode;
  if (!chapters?.length) return null;
  return (
    <nav className="episode-chapters" aria-labelledby={HEADING_ID}>
      {lengthSeconds !== undefined && <ChapterTrack episodeId={episode.id} chapters={chapters} length={lengthSeconds} />}
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
