/**
 * The frame of a search page's episodes section (its heading, the search
 * form, the pages: all of EpisodesSection but the cards), made without React
 * per request (decision 018). Two searches whose results have the same shape
 * (format, page, page count, count) have the same frame but for the query,
 * which it shows as text (the heading, the box's value) and in the links to
 * other pages. So React renders a frame once per shape, with a slot for the
 * query, and a search fills the slot: escaped as React escapes text, and
 * encoded as searchHref encodes it in a link. The shell checks a frame made
 * here against React's own for a query holding every character that is
 * escaped or encoded (./search-pages.tsx), and
 * test/http/search-pages.test.ts compares whole pages byte for byte.
 */
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import { searchHref } from '../../shared/rules/episode-search';
import { escapeText } from './search-cards';

export type SearchOnPage = NonNullable<PodcastPageData['search']>;

/** React's rendering of the frame of a search page (no cards). */
export type RenderFrame = (search: SearchOnPage) => string;

/** A character no content has (Unicode private use; ./search-cards.ts uses \uE000 and \uE001), which React writes as it is. */
const QUERY_SLOT = '\uE002';
/** The query as the links to the search's other pages write it: searchHref's own encoding. */
const queryInLink = (q: string) => searchHref('', { q }).slice('?q='.length);
const SLOTS = new RegExp(`${QUERY_SLOT}|${queryInLink(QUERY_SLOT)}`, 'g');
/** Shapes kept, the oldest dropped first: counts and pages are bounded by the episodes, so a few hundred at most. */
const MAX_FRAMES = 512;

interface FrameTemplate {
  /** The frame cut at each slot. */
  pieces: string[];
  /** Whether the slot between two pieces is in a link (encoded) or in text (escaped). */
  inLink: boolean[];
}

function templateOf(html: string): FrameTemplate {
  const pieces: string[] = [];
  const inLink: boolean[] = [];
  let from = 0;
  for (const slot of html.matchAll(SLOTS)) {
    pieces.push(html.slice(from, slot.index));
    inLink.push(slot[0] !== QUERY_SLOT);
    from = slot.index + slot[0].length;
  }
  pieces.push(html.slice(from));
  return { pieces, inLink };
}

export function createSearchFrames() {
  const frames = new Map<string, FrameTemplate>();

  /**
   * The frame React would render for `search`, from the template of its
   * shape (`render` makes one when there is none yet). Undefined for a
   * search without words: its frame shows no query to fill in.
   */
  function fill(search: SearchOnPage, render: RenderFrame): string | undefined {
    if (!search.q) return undefined;
    const { results } = search;
    const shape = `${search.format ?? ''}|${results.page}|${results.pageCount}|${results.totalItems}|${results.items.length}`;
    let template = frames.get(shape);
    if (!template) {
      template = templateOf(render({ ...search, q: QUERY_SLOT }));
      if (frames.size >= MAX_FRAMES) frames.delete(frames.keys().next().value!);
      frames.set(shape, template);
    }
    const text = escapeText(search.q);
    const link = queryInLink(search.q);
    let html = template.pieces[0]!;
    for (const [index, isLink] of template.inLink.entries()) html += (isLink ? link : text) + template.pieces[index + 1]!;
    return html;
  }

  return { fill };
}

export type SearchFrames = ReturnType<typeof createSearchFrames>;
