/**
 * The timed transcript's behaviour, a chunk of its own that timed-transcript.tsx imports once the
 * transcript has hydrated (pages without a timed transcript never download it). Plain DOM code on
 * the server's markup: it adds only what React does not render (the search form, just before the
 * passages) and attributes React never sets, so nothing here fights React's tree.
 *
 * - A moment's link (a passage's time, a chapter) moves the episode's player there and plays,
 *   without leaving the page: the address becomes the moment's (replaced, so Back still leaves the
 *   page, and the address can be shared), and focus stays on the link.
 * - An address with a moment (`?t=250`) sets the player there and marks that passage.
 * - The passage playing is marked (aria-current) as the player plays, and so is its chapter in the
 *   chapter list, while the chapters' track under the player fills up to the moment. The page is
 *   not scrolled to follow it: a reader may be reading elsewhere, and the marked passage is one
 *   click away anyway.
 * - A search in the transcript: next and previous (Enter, Shift+Enter), the current match brought
 *   into view, and a status a screen reader announces. Matches are painted with the CSS Custom
 *   Highlight API, not <mark> elements: wrapping words in elements would rewrite text React owns.
 *   Where a browser lacks the API, the status, next and previous still take the reader to each one.
 */
import { episodeAudio, followEpisodePlayer, seekEpisodePlayer } from './episode-player-control';
import type { EpisodeWords } from './episode-words';
import type { TranscriptItem, TranscriptPassage } from './transcript-view';

type MomentOf = (address: { search: string; hash: string }) => number | undefined;

export interface TranscriptParts {
  /** The transcript's passages and headings. */
  root: HTMLElement;
  /** The passages and headings, in the order the transcript shows them. */
  items: readonly TranscriptItem[];
  words: EpisodeWords;
  momentOf: MomentOf;
}

/** The names the stylesheet paints (podcast.css, ::highlight). */
const MATCHES = 'transcript-match';
const CURRENT_MATCH = 'transcript-match-current';

const scrollBehaviour = (): ScrollBehavior => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The passage heard at `seconds`: the last to start by then, at the whole second its link names. */
const passageAt = (passages: readonly TranscriptPassage[], seconds: number) =>
  passages.findLastIndex((passage) => Math.floor(passage.start) <= seconds);

/** A plain click on a link to a moment of this page: the moment, else undefined (the link is followed). */
function momentClicked(event: MouseEvent, momentOf: MomentOf): { seconds: number; url: URL } | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  // Attributes, not .href and .target: the chapters' track is SVG, whose links have neither as strings.
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!link || link.getAttribute('target')) return undefined;
  const url = new URL(link.getAttribute('href')!, location.href);
  const seconds = url.origin === location.origin && url.pathname === location.pathname ? momentOf(url) : undefined;
  return seconds === undefined ? undefined : { seconds, url };
}

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
function followMoments({ root, items, momentOf }: TranscriptParts): () => void {
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
    const moment = momentClicked(event, momentOf);
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

/** An element with a class, and text when given. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/** The search form, just before the passages. Returns its removal. */
function searchTranscript({ root, words }: TranscriptParts): () => void {
  const highlights = 'highlights' in CSS ? CSS.highlights : undefined;
  const form = element('form', 'transcript-search');
  form.setAttribute('role', 'search');
  // Not React's: what waits for React to claim every control (scripts/local/browser.ts) leaves it out.
  form.dataset.outsideReact = '';
  const input = element('input', 'transcript-search__input');
  Object.assign(input, { type: 'search', id: 'transcript-search-input', autocomplete: 'off' });
  const label = element('label', 'transcript-search__label', words.searchLabel);
  label.htmlFor = input.id;
  const [previous, next] = [words.previous, words.next].map((text) => element('button', 'button button--outline', text));
  previous!.type = 'button';
  const status = element('p', 'transcript-search__status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  form.append(label, input, previous!, next!, status);
  root.before(form);

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
  input.addEventListener('input', () => {
    ranges = rangesOf(root, input.value);
    current = 0;
    show(true);
  });
  // Enter submits (next); Shift+Enter goes back, as in a browser's find bar.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go(1);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !event.shiftKey) return;
    event.preventDefault();
    go(-1);
  });
  previous!.addEventListener('click', () => go(-1));
  return () => {
    form.remove();
    highlights?.delete(MATCHES);
    highlights?.delete(CURRENT_MATCH);
  };
}

/** Brings the transcript to life; returns what takes it back (the page is left, or another episode shown). */
export function attachTranscript(parts: TranscriptParts): () => void {
  const stops = [followMoments(parts), searchTranscript(parts)];
  return () => stops.forEach((stop) => stop());
}
