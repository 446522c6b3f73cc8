/**
 * A search page's episode cards, made without React per request (decision
 * 018). One search's card for an episode differs from another's only in the
 * marked title and the marked passage, so each episode's card is rendered by
 * React once per content version (eager or lazy, passage from the
 * description or the transcript) with a slot for each, and a search fills
 * the slots with its pieces, written as React writes them. The shell checks
 * a card made here against React's own before it uses any
 * (./search-pages.tsx), and test/http/search-pages.test.ts compares whole
 * pages byte for byte.
 */
import type { EpisodeSearchResult, TextPiece } from '../../shared/rules/episode-search';

/** Characters no content has (Unicode private use), which React writes as they are. */
const TITLE_SLOT = '\uE000';
const PASSAGE_SLOT = '\uE001';

/** React's rendering of a card: the image preloads it hoists, then its <article>. */
export type RenderCard = (result: EpisodeSearchResult, eager: boolean) => string;

export interface FilledCard {
  /** The <link rel="preload"> React hoists for an eager card's image, or ''. */
  preload: string;
  /** The <article>. */
  html: string;
}

interface CardTemplate {
  preload: string;
  /** Before the title, between title and passage, after the passage. */
  parts: [string, string, string];
}

// What React escapes in text and attribute values, and how (react-dom's escapeTextForBrowser).
const ESCAPED_IN_TEXT = /["&'<>]/g;
const TEXT_ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** React's separator between two text nodes side by side, so hydration finds two. */
const TEXT_SEPARATOR = '<!-- -->';

/** `text` as React writes it in an element's text or an attribute's value. */
export function escapeText(text: string): string {
  return text.replace(ESCAPED_IN_TEXT, (character) => TEXT_ESCAPES[character]!);
}

/** Pieces as episode-card.tsx's Marked renders them: plain text, and the matched words in <mark>. */
export function markedHtml(pieces: readonly TextPiece[]): string {
  let html = '';
  let afterText = false;
  for (const { text, mark } of pieces) {
    const escaped = escapeText(text);
    if (mark) {
      html += `<mark>${escaped}</mark>`;
      afterText = false;
    } else if (text) {
      html += afterText ? TEXT_SEPARATOR + escaped : escaped;
      afterText = true;
    }
  }
  return html;
}

export function createSearchCards(renderCard: RenderCard) {
  // Per episode, eagerness, passage source and moment: bounded by the content version's paragraphs.
  const templates = new Map<string, CardTemplate | null>();

  function templateFor(result: EpisodeSearchResult, eager: boolean): CardTemplate | null {
    // A timed transcript's passage links to its moment: one template per paragraph that matched, at most.
    const key = `${result.episode.id}\n${eager}\n${result.excerpt.source}\n${result.excerpt.at ?? ''}`;
    let template = templates.get(key);
    if (template === undefined) {
      const html = renderCard(
        {
          episode: result.episode,
          title: [{ text: TITLE_SLOT }],
          excerpt: {
            source: result.excerpt.source,
            pieces: [{ text: PASSAGE_SLOT }],
            ...(result.excerpt.at === undefined ? {} : { at: result.excerpt.at }),
          },
        },
        eager,
      );
      const start = html.indexOf('<article');
      const title = html.indexOf(TITLE_SLOT);
      const passage = html.indexOf(PASSAGE_SLOT);
      const once = html.indexOf(TITLE_SLOT, title + 1) === -1 && html.indexOf(PASSAGE_SLOT, passage + 1) === -1;
      template =
        start !== -1 && start < title && title < passage && once
          ? { preload: html.slice(0, start), parts: [html.slice(start, title), html.slice(title + 1, passage), html.slice(passage + 1)] }
          : null;
      templates.set(key, template);
    }
    return template;
  }

  /** The card React would render for `result`, or undefined when its template has no slots where expected. */
  function fill(result: EpisodeSearchResult, eager: boolean): FilledCard | undefined {
    const template = templateFor(result, eager);
    if (!template) return undefined;
    const [beforeTitle, beforePassage, afterPassage] = template.parts;
    return {
      preload: template.preload,
      html: beforeTitle + markedHtml(result.title) + beforePassage + markedHtml(result.excerpt.pieces) + afterPassage,
    };
  }

  return { fill };
}

export type SearchCards = ReturnType<typeof createSearchCards>;
