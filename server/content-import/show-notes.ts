/**
 * A feed's show notes (HTML, or plain text) as the Markdown of an episode
 * file. turndown does the conversion; what a description has no use for
 * (scripts, styles, frames, images, forms) is dropped, and a link other than
 * http(s) or mailto keeps only its words. The site escapes raw HTML anyway
 * (server/content/markdown.ts); this keeps the files clean to read.
 */
import TurndownService from 'turndown';

const DROPPED = ['script', 'style', 'iframe', 'img', 'form', 'input', 'button', 'select', 'textarea', 'object', 'embed', 'video', 'audio', 'noscript', 'head', 'title', 'meta', 'link'] as const;
const SAFE_LINK = /^(https?:|mailto:)/i;

const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', emDelimiter: '_', strongDelimiter: '**', codeBlockStyle: 'fenced' });
// A rule, not turndown.remove(): turndown's own image rule would win over a removal.
turndown.addRule('dropped elements', {
  filter: (node) => (DROPPED as readonly string[]).includes(node.nodeName.toLowerCase()) || node.nodeName.toLowerCase() === 'svg',
  replacement: () => '',
});
turndown.addRule('safe links', {
  filter: 'a',
  replacement(content, node) {
    const href = (node as HTMLElement).getAttribute('href')?.trim() ?? '';
    if (!content.trim()) return '';
    return SAFE_LINK.test(href) ? `[${content}](${href.replace(/[()\s]/g, encodeURIComponent)})` : content;
  },
});

export function markdownFromShowNotes(html: string): string {
  return turndown
    .turndown(html.replace(/&nbsp;/g, ' '))
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
