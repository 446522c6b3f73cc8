/**
 * An episode's timed transcript, inline and open (issue 47): passages by speaker, each with its
 * moment as a `<time>` in a link to `?t=<s>#t=<s>`, and the chapters as headings between them.
 * Without JavaScript it is a page of text and links: a moment's link opens the page at its passage
 * (its id), and the browser's find-in-page searches it. It is not folded into a <details>: Chromium
 * opens one for a fragment, not every browser does, and the passage must come into view.
 *
 * With JavaScript, the search form shows above the passages, and what moves the player, follows it and
 * searches in place is a chunk of its own (transcript-live.ts), imported once it is wanted
 * (transcript-wanted.ts: the address names a moment, or the visitor reaches for the player, the chapters
 * or the transcript), so pages without a timed transcript never download it, and a visitor who only
 * reads does not either. It is plain DOM code, no React: a chunk that imported React would split the
 * framework's shared chunk in two for every page (esbuild groups modules by the entries that reach
 * them), and every page's JavaScript budget would pay for that.
 */
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { Episode } from '../../content/types';
import { paths } from '../../paths';
import { momentOf } from '../../rules/episode-moment';
import { MomentLink } from './episode-chapters';
import { useIsHydrated } from '../use-is-hydrated';
import { EpisodeDisclosures } from './episode-people';
import type { EpisodeWords } from './episode-words';
import { momentClicked, whenTranscriptWanted } from './transcript-wanted';
import type { TranscriptItem } from './transcript-view';

export const TRANSCRIPT_HEADING_ID = 'transcript-heading';

export function TimedTranscript({ episode, items, words }: { episode: Episode; items: TranscriptItem[]; words: EpisodeWords }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    let detach: (() => void) | undefined;
    let gone = false;
    const stopWaiting = whenTranscriptWanted(() =>
      import('./transcript-live').then(({ attachTranscript }) => {
        const root = rootRef.current;
        if (!gone && root) detach = attachTranscript({ root, search: searchRef.current, items, words, momentOf, momentClicked });
      }),
    );
    return () => {
      gone = true;
      stopWaiting();
      detach?.();
    };
  }, [items, words]);

  return (
    <section className="container episode-transcript below-fold" aria-labelledby={TRANSCRIPT_HEADING_ID}>
      <h2 id={TRANSCRIPT_HEADING_ID}>{words.transcript}</h2>
      <EpisodeDisclosures episode={episode} words={words} className="disclosure--transcript" />
      <TranscriptSearch ref={searchRef} words={words} />
      <div ref={rootRef} className="timed-transcript">
        {items.map((item) =>
          item.kind === 'chapter' ? (
            <h3 key={`chapter-${item.start}`} id={item.id}>
              {item.title}
            </h3>
          ) : (
            <p key={item.start} id={item.id} className="transcript-passage">
              <MomentLink episodeId={episode.id} seconds={item.start} />{' '}
              {item.speaker && (
                // The speaker's name, a link to their page when they are one of the episode's people.
                <b>{item.person ? <Link to={paths.person(item.person)}>{item.speaker}</Link> : item.speaker}</b>
              )}{' '}
              <span>{item.text}</span>
            </p>
          ),
        )}
      </div>
    </section>
  );
}

/**
 * The transcript's search form, once the page has hydrated: searching needs JavaScript (without it, the
 * browser's find-in-page searches the passages). A component of its own, so that showing it re-renders
 * only the form, not every passage.
 */
function TranscriptSearch({ ref, words }: { ref: RefObject<HTMLFormElement | null>; words: EpisodeWords }) {
  if (!useIsHydrated()) return null;
  return (
    // Not sent anywhere: until the behaviour has come, Enter does nothing (then it goes to the next match).
    <form ref={ref} className="transcript-search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label className="transcript-search__label" htmlFor="transcript-search-input">
        {words.searchLabel}
      </label>
      <input className="transcript-search__input" type="search" id="transcript-search-input" autoComplete="off" />
      <button className="button button--outline" type="button">
        {words.previous}
      </button>
      <button className="button button--outline">{words.next}</button>
      <p className="transcript-search__status" role="status" aria-live="polite" />
    </form>
  );
}
