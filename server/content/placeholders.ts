/**
 * `{{firm.name}}` and friends in content files: the firm's identity is written
 * once, in content/site.yaml, and every other file names it, so a rebrand is
 * one edit. A few values are counted from the published episodes.
 */
import type { SiteFile } from '../../shared/content/schema';
import { escapeMarkdown } from '../../shared/content/markdown';

export const PLACEHOLDER_PATTERN = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Becomes the list of episodes without a transcript, as Markdown links, when it stands alone on a line. */
export const EPISODES_WITHOUT_TRANSCRIPT_LIST = 'episodes.withoutTranscript.list';

export interface PlaceholderValues {
  site: SiteFile;
  episodeCount: number;
  withoutTranscript: { id: string; title: string }[];
  episodePath: (id: string) => string;
}


function valuesOf({ site, episodeCount, withoutTranscript, episodePath }: PlaceholderValues): Record<string, string> {
  return {
    'firm.name': site.firm.name,
    'firm.shortName': site.firm.shortName,
    'firm.email': site.firm.email,
    'firm.tagline': site.firm.tagline,
    'author.name': site.author.name,
    'book.title': site.book.title,
    'book.shortTitle': site.book.shortTitle,
    'podcast.name': site.podcast.name,
    'episodes.count': String(episodeCount),
    'episodes.withoutTranscript.count': String(withoutTranscript.length),
    [EPISODES_WITHOUT_TRANSCRIPT_LIST]: withoutTranscript.map((episode) => `- [${escapeMarkdown(episode.title)}](${episodePath(episode.id)})`).join('\n'),
  };
}

/** The names a file may use, for the loader's check. */
export function placeholderNames(): string[] {
  const none = '';
  const site = { firm: {}, author: {}, book: {}, podcast: {} } as unknown as SiteFile;
  return Object.keys(valuesOf({ site, episodeCount: 0, withoutTranscript: [], episodePath: () => none }));
}

/** Fills every placeholder in every string of a value (the loader has checked the names). */
export function fillPlaceholders<T>(value: T, input: PlaceholderValues): T {
  const values = valuesOf(input);
  const fill = (item: unknown): unknown => {
    if (typeof item === 'string') return item.replace(PLACEHOLDER_PATTERN, (whole, name: string) => values[name] ?? whole);
    if (Array.isArray(item)) return item.map(fill);
    if (item && typeof item === 'object') return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, fill(inner)]));
    return item;
  };
  return fill(value) as T;
}
