/**
 * The timed transcript's behaviour, a chunk of its own that timed-transcript.tsx imports once it is
 * wanted (transcript-wanted.ts: the address names a moment, or the visitor reaches for the player, the
 * chapters or the transcript), so pages without a timed transcript never download it, and a visitor who
 * only reads or listens does not either. Plain DOM code on the markup React rendered: it sets only
 * attributes and text React never sets, so nothing here fights React's tree.
 *
 * - A moment's link (a passage's time, a chapter) moves the episode's player there and plays,
 *   without leaving the page: the address becomes the moment's (replaced, so Back still leaves the
 *   page, and the address can be shared), and focus stays on the link.
 * - An address with a moment (`?t=250`) sets the player there and marks that passage.
 * - The passage playing is marked (aria-current) as the player plays, and so is its chapter in the
 *   chapter list, while the chapters' track under the player fills up to the moment. The page is
 *   not scrolled to follow it: a reader may be reading elsewhere, and the marked passage is one
 *   click away anyway.
 * - The search form above the passages (rendered by React once hydrated): next and previous (Enter,
 *   Shift+Enter), the current match brought into view, and a status a screen reader announces. Matches
 *   are painted with the CSS Custom Highlight API, not <mark> elements: wrapping words in elements
 *   would rewrite text React owns. Where a browser lacks the API, the status, next and previous still
 *   take the reader to each one.
 */
import { episodeAudio, followEpisodePlayer, seekEpisodePlayer } from './episode-player-control';
import type { EpisodeWords } from './episode-words';
import type { TranscriptItem, TranscriptPassage } from './transcript-view';

export interface TranscriptParts {
  /** The transcript's passages and headings. */
  root: HTMLElement;
  /** Its search form (timed-transcript.tsx), when the page has hydrated. */
  search: HTMLFormElement | null;
  /** The passages and headings, in the order the transcript shows them. */
  items: readonly TranscriptItem[];
  words: EpisodeWords;
  // Handed over, not imported: a module both this chunk and the page import would be one more chunk for the page.
  momentOf: (address: { search: string; hash: string }) => number | undefined;
  momentClicked: (event: MouseEvent) => { seconds: number; url: URL } | undefined;
}

/** The names the stylesheet paints (podcast.css, ::highlight). */
const MATCHES = 'transcript-match';
const CURRENT_MATCH = 'transcript-match-current';

const scrollBehaviour = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The passage heard at `seconds`: the last to start by then, at the whole second its link names. */
const passageAt = (passages: readonly TranscriptPassage[], seconds: number) =>
  passages.findLastIndex((passage) => Math.floor(passage.start) <= seconds);

/** One of a list marked as the current one (aria-current): `mark` moves the mark, `marked` is where it is. */
function currentOf<T extends Element>(elements: ArrayLike<T>) {
  const current = {
    marked: undefined as T | undefined,
    mark(index: number) {
      const next = elements[index];
      if (next === current.marked) return;
      current.marked?.removeAttribute('aria-current');
      next?.setAttribute('aria-current', 'true');
      current.marked = next;
    },
  };
  return current;
}

/** Clicks seek, playback marks, an address's moment starts there. Returns the stop. */
function followMoments({ root, items, momentOf, momentClicked }: TranscriptParts): () => void {
  const passages = items.filter((item): item is TranscriptPassage => item.kind === 'passage');
  const passage = currentOf(root.querySelectorAll<HTMLElement>('.transcript-passage'));
  const chapterLinks = document.querySelectorAll<HTMLAnchorElement>('.episode-chapters li > a:first-child');
  const chapterStarts = Array.from(chapterLinks, (link) => momentOf(new URL(link.href)) ?? 0);
  const chapter = currentOf(chapterLinks);
  const track = document.querySelector<SVGElement>('.chapter-track');
  const played = track?.querySelector('.chapter-track__played');
  const mark = (seconds: number) => {
    passage.mark(passageAt(passages, seconds));
    chapter.mark(chapterStarts.findLastIndex((start) => start <= seconds));
    played?.setAttribute('width', String(Math.min(100, (seconds / Number(track!.dataset.length)) * 100)));
  };
  const start = momentOf(location);
  if (start !== undefined) {
    // Before its metadata, an <audio> keeps this as where it will start (YouTube and Spotify: episode-media.tsx).
    const audio = episodeAudio();
    if (audio) audio.currentTime = start;
    mark(start);
    // `#t=` brought the passage into view already; an address with `?t=` alone (a search result) is taken there.
    if (!document.getElementById(decodeURIComponent(location.hash.slice(1)))) passage.marked?.scrollIntoView();
  }
  const onClick = (event: MouseEvent) => {
    const moment = momentClicked(event);
    if (!moment) return;
    event.preventDefault();
    history.replaceState(history.state, '', moment.url.pathname + moment.url.search + moment.url.hash);
    mark(moment.seconds);
    // With no player on the page, the link does what it does without JavaScript: it shows the passage.
    if (!seekEpisodePlayer(moment.seconds)) {
      document.getElementById(decodeURIComponent(moment.url.hash.slice(1)))?.scrollIntoView({ behavior: scrollBehaviour() });
    }
  };
  document.addEventListener('click', onClick);
  const stop = followEpisodePlayer(mark);
  return () => {
    document.removeEventListener('click', onClick);
    stop();
    passage.mark(-1);
    chapter.mark(-1);
    // React keeps the track's elements when another episode is shown, and its width={0} never changed: emptied here.
    played?.setAttribute('width', '0');
  };
}

/** Every place the words occur (whatever their case) in the passages' text, in reading order. */
function rangesOf(root: HTMLElement, query: string): Range[] {
  const words = query.trim().toLocaleLowerCase();
  if (!words) return [];
  const ranges: Range[] = [];
  for (const text of root.querySelectorAll('.transcript-passage > span')) {
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const lower = (node.nodeValue ?? '').toLocaleLowerCase();
      for (let at = lower.indexOf(words); at !== -1; at = lower.indexOf(words, at + words.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + words.length);
        ranges.push(range);
      }
    }
  }
  return ranges;
}

/** The search: matches as the reader types, next and previous, a status. Returns its end. */
function searchTranscript({ root, search: form, words }: TranscriptParts): () => void {
  if (!form) return () => {};
  const highlights = 'highlights' in CSS ? CSS.highlights : undefined;
  const input = form.querySelector('input')!;
  const [previous] = form.querySelectorAll('button');
  const status = form.querySelector('[role="status"]')!;
  const listening = new AbortController();
  const signal = listening.signal;

  let ranges: Range[] = [];
  let current = 0;
  const show = (scroll: boolean) => {
    const total = ranges.length;
    status.textContent = !input.value.trim()
      ? ''
      : total === 0
        ? words.noMatches
        : total === 1
          ? words.oneMatch
          : words.matchCount.replace('{current}', String(current + 1)).replace('{total}', String(total));
    highlights?.set(MATCHES, new Highlight(...ranges));
    highlights?.set(CURRENT_MATCH, new Highlight(...ranges.slice(current, current + 1)));
    if (scroll) ranges[current]?.startContainer.parentElement?.scrollIntoView({ block: 'center', behavior: scrollBehaviour() });
  };
  const go = (step: number) => {
    if (ranges.length === 0) return show(false);
    current = (current + step + ranges.length) % ranges.length;
    show(true);
  };
  const find = () => {
    ranges = rangesOf(root, input.value);
    current = 0;
    show(true);
  };
  input.addEventListener('input', find, { signal });
  // Enter submits (next); Shift+Enter goes back, as in a browser's find bar.
  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      go(1);
    },
    { signal },
  );
  input.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' || !event.shiftKey) return;
      event.preventDefault();
      go(-1);
    },
    { signal },
  );
  previous!.addEventListener('click', () => go(-1), { signal });
  // Words typed while this chunk was on its way are searched now.
  if (input.value.trim()) find();
  return () => {
    listening.abort();
    status.textContent = '';
    highlights?.delete(MATCHES);
    highlights?.delete(CURRENT_MATCH);
  };
}

/** Brings the transcript to life; returns what takes it back (the page is left, or another episode shown). */
export function attachTranscript(parts: TranscriptParts): () => void {
  const stops = [followMoments(parts), searchTranscript(parts)];
  return () => stops.forEach((stop) => stop());
}
