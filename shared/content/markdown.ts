/**
 * Markdown from the content files, turned on the server into the blocks the
 * pages render (shared/content/types.ts: Block, Inline). In shared/ because the
 * editor's preview (client/admin.tsx) turns an entry's Markdown the same way;
 * the site's pages never parse Markdown in the browser (their data carries the
 * blocks), and no HTML string is ever injected: React escapes every
 * piece of text, so raw HTML written in a file shows as the text it is.
 *
 * What an editor can write: paragraphs, bullet and numbered lists, links,
 * **bold**, _italic_, headings (h3 at most: under the page's own h1 and h2), `>`
 * quotes (a highlighted callout) and definition lists (`Term` then `: text`).
 * Links: '/press' stays inside the site, https:// opens in a new tab with the
 * site's outside-link treatment, `mailto:` the firm's address becomes its
 * email link. Anything else (images, code, other link schemes) is kept as
 * plain text.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import deflist from 'markdown-it-deflist';
import type { Block, Inline } from '../../shared/content/types';

const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false }).use(deflist);

export interface MarkdownOptions {
  /** The firm's address: a `mailto:` link to it becomes the site's email link. */
  firmEmail: string;
}

/**
 * Plain words made safe to put into Markdown (a title in a generated list,
 * a transcript's speech): what would be formatting is escaped. Only
 * characters the readers here unescape are touched, so the text reads back
 * exactly as it was.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\`*_[\]<>#])/g, '\\$1')
    .replace(/^(\d+)([.)]) /, '$1\\$2 ')
    .replace(/^([-+]) /, '\\$1 ');
}

/** Adjacent text merges into one string: React would otherwise separate the pieces in the HTML. */
function pushText(pieces: Inline[], text: string) {
  if (!text) return;
  const last = pieces.at(-1);
  if (typeof last === 'string') pieces[pieces.length - 1] = last + text;
  else pieces.push(text);
}

function textOf(tokens: Token[]): string {
  return tokens
    .map((token) => (token.type === 'softbreak' || token.type === 'hardbreak' ? ' ' : token.children ? textOf(token.children) : token.content))
    .join('');
}

function linkOf(href: string, label: string, options: MarkdownOptions): Inline {
  if (href.startsWith('/') && !href.startsWith('//')) return { kind: 'internal', to: href, label };
  if (/^https?:\/\//i.test(href)) return { kind: 'external', href, label };
  if (href.toLowerCase().startsWith('mailto:')) {
    const url = new URL(href);
    if (decodeURIComponent(url.pathname).toLowerCase() === options.firmEmail.toLowerCase()) {
      const subject = url.searchParams.get('subject') ?? undefined;
      return { kind: 'email', ...(subject ? { subject } : {}), ...(label === options.firmEmail ? {} : { label }) };
    }
  }
  return label;
}

/** The inline tokens of one paragraph, list item or heading. */
function inlinePieces(tokens: Token[], options: MarkdownOptions): Inline[] {
  const pieces: Inline[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const closing = (type: string) => {
      let depth = 0;
      for (let end = index + 1; end < tokens.length; end += 1) {
        if (tokens[end]!.type === token.type) depth += 1;
        if (tokens[end]!.type === type && depth-- === 0) return end;
      }
      return tokens.length;
    };
    switch (token.type) {
      case 'text':
      case 'code_inline':
        pushText(pieces, token.content);
        break;
      case 'softbreak':
      case 'hardbreak':
        pushText(pieces, ' ');
        break;
      case 'strong_open':
      case 'em_open': {
        const end = closing(token.type.replace('_open', '_close'));
        const text = textOf(tokens.slice(index + 1, end));
        pieces.push({ kind: token.type === 'strong_open' ? 'strong' : 'emphasis', text });
        index = end;
        break;
      }
      case 'link_open': {
        const end = closing('link_close');
        const piece = linkOf(String(token.attrGet('href') ?? ''), textOf(tokens.slice(index + 1, end)), options);
        if (typeof piece === 'string') pushText(pieces, piece);
        else pieces.push(piece);
        index = end;
        break;
      }
      case 'image':
        pushText(pieces, token.content);
        break;
      default:
        pushText(pieces, token.content);
    }
  }
  return pieces;
}

/** Markdown text of one line (a summary point, a sentence with a link) as inline pieces. */
export function markdownInline(source: string, options: MarkdownOptions): Inline[] {
  return inlinePieces(markdown.parseInline(source, {})[0]?.children ?? [], options);
}

/** Markdown text of any length as blocks. */
export function markdownBlocks(source: string, options: MarkdownOptions): Block[] {
  const tokens = markdown.parse(source, {});
  const blocks: Block[] = [];
  let quoteDepth = 0;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    switch (token.type) {
      case 'blockquote_open':
        quoteDepth += 1;
        break;
      case 'blockquote_close':
        quoteDepth -= 1;
        break;
      case 'heading_open': {
        // The page's own title and section headings are h1 and h2: a heading in the text sits below them.
        const level = Math.max(3, Math.min(6, Number(token.tag.slice(1)))) as 3 | 4 | 5 | 6;
        blocks.push({ kind: 'heading', level, content: inlinePieces(tokens[index + 1]!.children ?? [], options) });
        index += 2;
        break;
      }
      case 'paragraph_open': {
        const content = inlinePieces(tokens[index + 1]!.children ?? [], options);
        blocks.push(quoteDepth > 0 ? { kind: 'callout', content } : { kind: 'paragraph', content });
        index += 2;
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const items: Inline[][] = [];
        let depth = 0;
        for (index += 1; index < tokens.length; index += 1) {
          const inner = tokens[index]!;
          if (inner.type === token.type) depth += 1;
          if (inner.type === token.type.replace('_open', '_close') && depth-- === 0) break;
          if (inner.type === 'list_item_open') items.push([]);
          if (inner.type === 'inline') {
            const item = items.at(-1)!;
            if (item.length > 0) pushText(item, ' ');
            for (const piece of inlinePieces(inner.children ?? [], options)) {
              if (typeof piece === 'string') pushText(item, piece);
              else item.push(piece);
            }
          }
        }
        blocks.push(ordered ? { kind: 'list', ordered, items } : { kind: 'list', items });
        break;
      }
      case 'dl_open': {
        const items: { term: string; content: Inline[] }[] = [];
        for (index += 1; index < tokens.length && tokens[index]!.type !== 'dl_close'; index += 1) {
          const inner = tokens[index]!;
          if (inner.type === 'dt_open') items.push({ term: textOf(tokens[index + 1]!.children ?? []), content: [] });
          if (inner.type === 'dd_open') {
            for (index += 1; tokens[index]!.type !== 'dd_close'; index += 1) {
              const piece = tokens[index]!;
              if (piece.type !== 'inline') continue;
              const content = items.at(-1)!.content;
              if (content.length > 0) pushText(content, ' ');
              for (const part of inlinePieces(piece.children ?? [], options)) {
                if (typeof part === 'string') pushText(content, part);
                else content.push(part);
              }
            }
          }
        }
        blocks.push({ kind: 'terms', items });
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push({ kind: 'paragraph', content: [token.content.trim()] });
        break;
      case 'html_block':
        // Never reached with html: false (it becomes a paragraph of text); kept as text if it ever is.
        blocks.push({ kind: 'paragraph', content: [token.content.trim()] });
        break;
      default:
        break;
    }
  }
  return blocks;
}

/** The text a reader would read, without the formatting: for cards, meta descriptions and structured data. */
export function plainText(blocks: Block[]): string {
  const inline = (content: Inline[]) => content.map((piece) => (typeof piece === 'string' ? piece : 'text' in piece ? piece.text : piece.label ?? '')).join('');
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'list':
          return block.items.map(inline).join(' ');
        case 'terms':
          return block.items.map((item) => `${item.term}: ${inline(item.content)}`).join(' ');
        default:
          return inline(block.content);
      }
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
