/**
 * When the timed transcript's behaviour (transcript-live.ts, a chunk of its own) is wanted, so that a
 * visitor who only reads or listens never downloads it (decision 030): at once when the address names a
 * moment; else at the first sign of reaching for it: a pointer over, or focus in, the player, the chapters
 * or the transcript (its search too), the episode's audio playing, or focus going into an embedded player
 * (a tap on it, which this page sees only as its own window losing focus).
 *
 * A click on a moment's link before the behaviour has come is held (the link is not followed) and
 * given to it once it has, so the first click moves the player as every later one does.
 */
import { momentOf } from '../../rules/episode-moment';

/** The page's parts whose use wants the behaviour (episode-page.tsx, episode-chapters.tsx, timed-transcript.tsx). */
const PARTS = '.episode-body__media, .episode-chapters, .episode-transcript';

/** A plain click on a link to a moment of this page: the link and its moment, else undefined (the link is followed). */
export function momentClicked(event: MouseEvent): { link: Element; seconds: number; url: URL } | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  // Attributes, not .href and .target: the chapters' track is SVG, whose links have neither as strings.
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!link || link.getAttribute('target')) return undefined;
  const url = new URL(link.getAttribute('href')!, location.href);
  const seconds = url.origin === location.origin && url.pathname === location.pathname ? momentOf(url) : undefined;
  return seconds === undefined ? undefined : { link, seconds, url };
}

/** Calls `attach` once the behaviour is wanted (see above). Returns what stops waiting. */
export function whenTranscriptWanted(attach: () => Promise<void>): () => void {
  const waiting = new AbortController();
  const listen = { signal: waiting.signal, capture: true };
  let held: Element | undefined;
  const want = () => {
    if (waiting.signal.aborted) return;
    waiting.abort();
    // Given again as the click it was: the behaviour's own listener takes it now, or, should the chunk not
    // come (the network gone), the link is followed as without it.
    const replay = () => {
      held?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      held = undefined;
    };
    attach().then(replay, replay);
  };
  const near = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(PARTS)) want();
  };
  if (momentOf(location) !== undefined) {
    want();
    return () => {};
  }
  // Capturing, on the window: before React's listeners on the document, so a held click's link is not followed.
  window.addEventListener(
    'click',
    (event) => {
      const moment = momentClicked(event);
      if (!moment) return;
      event.preventDefault();
      held = moment.link;
      want();
    },
    listen,
  );
  document.addEventListener('pointerover', near, listen);
  document.addEventListener('focusin', near, listen);
  // Media events do not bubble: the document sees them while capturing.
  document.addEventListener('play', want, listen);
  // The frame has focus only just after the window's blur.
  window.addEventListener('blur', () => setTimeout(() => document.activeElement?.closest('.episode-player') && want()), listen);
  return () => waiting.abort();
}
