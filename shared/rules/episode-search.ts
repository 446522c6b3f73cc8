/**
 * The rules of searching the podcast list (/podcast?q=words&format=audio&page=2),
 * pure so the server's loader and the tests share them:
 *
 * - `q` is optional; up to 200 characters once trimmed, and no control
 *   characters (a 400 page says which). Whitespace runs count as one space.
 * - `format` is optional: `video` (a YouTube or Spotify video, the spec's
 *   media flags) or `audio` (everything else); any other value is a 400.
 * - `page` is read as the list's own ?page= (clamped, never an error).
 * - A request with neither `q` nor `format` is the plain list, not a search.
 */
import type { Episode } from '../content/types';
import { isVideoEpisode } from './episode-media';

export const MAX_QUERY_LENGTH = 200;
export const EPISODE_FORMATS = ['video', 'audio'] as const;
export type EpisodeFormat = (typeof EPISODE_FORMATS)[number];

export const searchMessages = {
  tooLong: `Search words can be at most ${MAX_QUERY_LENGTH} characters long. Please shorten your search and try again.`,
  controlCharacters: 'Your search contains invisible control characters. Please retype it using letters, numbers and punctuation only.',
  badFormat: 'The format can be "video" or "audio". Please pick one of those, or leave it empty to see every episode.',
  repeated: 'Please give each of "q" and "format" once in the address.',
} as const;

export interface EpisodeSearch {
  /** The words, trimmed, whitespace collapsed; '' when only a format is chosen. */
  q: string;
  format?: EpisodeFormat;
}

export type SearchRequest = { kind: 'list' } | { kind: 'search'; search: EpisodeSearch } | { kind: 'invalid'; message: string };

// C0 and C1 controls and DEL (Unicode's Cc); whitespace is folded to spaces before the check.
const CONTROL = /\p{Cc}/u;

export function readSearchRequest(params: URLSearchParams): SearchRequest {
  const qs = params.getAll('q');
  const formats = params.getAll('format');
  if (qs.length > 1 || formats.length > 1) return { kind: 'invalid', message: searchMessages.repeated };
  const raw = qs[0] ?? '';
  if (CONTROL.test(raw.replace(/[\t\n\r]/g, ' '))) return { kind: 'invalid', message: searchMessages.controlCharacters };
  const q = raw.replace(/\s+/g, ' ').trim();
  if (q.length > MAX_QUERY_LENGTH) return { kind: 'invalid', message: searchMessages.tooLong };
  const rawFormat = (formats[0] ?? '').trim().toLowerCase();
  if (rawFormat && !(EPISODE_FORMATS as readonly string[]).includes(rawFormat))
    return { kind: 'invalid', message: searchMessages.badFormat };
  const format = (rawFormat || undefined) as EpisodeFormat | undefined;
  if (!q && !format) return { kind: 'list' };
  return { kind: 'search', search: { q, ...(format ? { format } : {}) } };
}

/** Video when the spec's media flags say YouTube or Spotify video; audio otherwise. */
export function episodeFormat(episode: Pick<Episode, 'isYouTube' | 'isSpotifyVideo'>): EpisodeFormat {
  return isVideoEpisode(episode) ? 'video' : 'audio';
}

/** The address of a search (and of one page of its results). */
export function searchHref(path: string, search: EpisodeSearch, page = 1): string {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.format) params.set('format', search.format);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** One episode found, as its card shows it: the title and where the words were found, matched words marked. */
export interface EpisodeSearchResult {
  episode: Episode;
  title: TextPiece[];
  /** `at`: the whole second the passage's paragraph starts, when it is from a timed transcript. */
  excerpt: { source: 'description' | 'transcript'; pieces: TextPiece[]; at?: number };
}

/** A run of text, marked when it matched the search. */
export interface TextPiece {
  text: string;
  mark?: true;
}

/** A word: a run of letters and digits, as the index reads them. */
const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The words of a text that are one of `terms` (compared without case), as a
 * global regular expression: a term, not inside a longer word. One scan of
 * the text, however long (a transcript). Undefined when no term is a word.
 */
function wordsOf(terms: readonly string[]): RegExp | undefined {
  const words = [...new Set(terms.map((term) => term.toLowerCase()))].filter((term) => WORD.test(term));
  if (words.length === 0) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/**
 * `text` cut into pieces, with every word that is one of `terms` (compared
 * without case) marked. Words are runs of letters and digits, as the index
 * reads them, so "retirement's" marks "retirement".
 */
export function markTerms(text: string, terms: readonly string[]): TextPiece[] {
  const pattern = wordsOf(terms);
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of pattern ? text.matchAll(pattern) : []) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ text: match[0], mark: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/**
 * A window of about `length` characters of `text` around its first marked
 * word, cut at word boundaries, with an ellipsis where it was cut.
 */
export function excerptAround(text: string, terms: readonly string[], length = 180): TextPiece[] | undefined {
  // Only the first marked word is looked for: a transcript is long, and only the window is marked.
  const pattern = wordsOf(terms);
  const offset = pattern ? text.search(pattern) : -1;
  if (offset < 0) return undefined;
  let start = Math.max(0, offset - Math.floor(length / 3));
  let end = Math.min(text.length, start + length);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(' ', end) > offset ? text.lastIndexOf(' ', end) : end;
  const window = `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
  return markTerms(window, terms);
}
