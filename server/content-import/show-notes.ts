/**
 * A feed's show notes (HTML, or plain text) as the Markdown body of an
 * episode file, with turndown.
 *
 * Kept: paragraphs, headings, lists, bold and italic, line breaks, and links
 * whose scheme is http, https or mailto (any other link keeps only its words).
 * Dropped with everything inside them: scripts, styles, frames, images,
 * forms and the other elements a description has no use for. Every other
 * element gives its text only, so no raw HTML reaches the file; text that
 * would read as Markdown or HTML (`*`, `[`, `<`) is escaped. The site escapes
 * raw HTML anyway (server/content/markdown.ts); this keeps the files clean.
 */
import TurndownService from 'turndown';

const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'img',
  'picture',
  'source',
  'track',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'object',
  'embed',
  'applet',
  'video',
  'audio',
  'canvas',
  'svg',
  'math',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
]);
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

const turndown = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  emDelimiter: '_',
  strongDelimiter: '**',
  codeBlockStyle: 'fenced',
  // A backslash at the end of a line: CommonMark's hard break, and no trailing spaces to lose.
  br: '\\',
});

const escapeMarkdown = turndown.escape.bind(turndown);
/** turndown escapes Markdown; `<` (raw HTML) and `&name;` (an entity) are escaped too, so text stays text. */
turndown.escape = (text: string) =>
  escapeMarkdown(text)
    .replace(/</g, '\\<')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&');

// Rules, not turndown.remove(): turndown's own image rule would win over a removal.
turndown.addRule('dropped elements', {
  filter: (node) => DROPPED.has(node.nodeName.toLowerCase()),
  replacement: () => '',
});
turndown.addRule('safe links', {
  filter: 'a',
  replacement(content, node) {
    const href = ((node as HTMLElement).getAttribute('href') ?? '').trim();
    if (!content.trim()) return '';
    if (!SAFE_LINK.test(href)) return content;
    // Characters that would end or break the link destination are percent-encoded.
    const destination = href.replace(/[()<>\s]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
    return `[${content}](${destination})`;
  },
});
/** Something that looks like markup: a tag, or an entity. */
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]+);/i;

function tidy(markdown: string): string {
  return markdown
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text stays text: paragraphs at blank lines, a line break at each other newline, Markdown escaped. */
function markdownFromText(text: string): string {
  return tidy(
    text
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map((paragraph) =>
        paragraph
          .split('\n')
          .map((line) => turndown.escape(line.replace(/\s+/g, ' ').trim()))
          .filter(Boolean)
          .join('\\\n'),
      )
      .filter(Boolean)
      .join('\n\n'),
  );
}

export function markdownFromShowNotes(notes: string): string {
  return LOOKS_LIKE_HTML.test(notes) ? tidy(turndown.turndown(notes)) : markdownFromText(notes);
}

/** The description when the feed gives none: the title, as a sentence. */
export function sentenceFromTitle(title: string): string {
  const text = title.trim();
  return turndown.escape(/[.!?…]$/.test(text) ? text : `${text}.`);
}
