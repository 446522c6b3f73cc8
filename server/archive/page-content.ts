/**
 * What an archived page says and what it needs, read from its HTML in one
 * pass with htmlparser2:
 *
 * - the words a visitor sees, line by line (one line per block element), with
 *   the title and meta description first, since search results show them;
 * - its images by their alt text (the archive adds their bytes' digest, so a
 *   swapped picture counts as a change while a renamed build file does not);
 * - links that leave the site (other origins, mailto:, tel:), the ones a
 *   compliance review must see change;
 * - the same-origin files a faithful copy needs: stylesheets, scripts, images,
 *   share images, feeds, video posters and (as media) the videos themselves.
 *
 * Hashed asset names never reach the text or the links, so a rebuild with the
 * same content reads the same.
 */
import { Parser } from 'htmlparser2';

export interface PageImage {
  alt: string;
  /** Absolute URL of the file (resolved against the page). */
  url: string;
}

export interface PageReference {
  url: string;
  /** A video or audio file: left out by `--no-media`. */
  media: boolean;
}

export interface PageContent {
  title: string;
  description: string;
  /** Visible text, one line per block, whitespace collapsed, no empty lines. */
  lines: string[];
  images: PageImage[];
  /** Links to other sites, email and phone, sorted, each once. */
  outsideLinks: string[];
  /** Same-origin files the page loads or points feeds at, each once. */
  references: PageReference[];
}

/** Elements whose content is never shown as text. */
const SKIPPED = new Set(['script', 'style', 'template', 'head', 'svg', 'noscript']);
/** Elements that start a new line of text. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'button', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'label',
  'legend', 'li', 'main', 'nav', 'ol', 'option', 'p', 'pre', 'section', 'select', 'summary', 'table', 'td', 'th',
  'tr', 'ul',
]);
/** rel values whose href the page loads (or offers as its feed). */
const LOADED_RELS = new Set(['stylesheet', 'icon', 'apple-touch-icon', 'manifest', 'preload', 'modulepreload', 'alternate', 'mask-icon']);
const SHARE_IMAGE_META = new Set(['og:image', 'twitter:image', 'og:video', 'og:audio']);
/** Video and audio, wherever they are named: what `--no-media` leaves out. */
const MEDIA_FILE = /\.(?:mp4|m4v|webm|mov|mp3|m4a|aac|ogg|oga|opus|wav)$/i;
/** A file a JSON data block names (the client's asset list, structured data's images). */
const FILE_PATH = /\.(?:m?js|css|svg|png|jpe?g|webp|avif|gif|ico|woff2?)$/i;

/** Every string in a JSON value. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* stringsOf(item);
}

function resolve(href: string | undefined, base: string): URL | undefined {
  if (!href) return undefined;
  try {
    return new URL(href.trim(), base);
  } catch {
    return undefined;
  }
}

/** The URLs named by a srcset attribute (each candidate's first word). */
function srcsetUrls(srcset: string | undefined): string[] {
  if (!srcset) return [];
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

export function readPage(html: string, pageUrl: string): PageContent {
  const origin = new URL(pageUrl).origin;
  const lines: string[] = [];
  const images: PageImage[] = [];
  const outside = new Set<string>();
  const references = new Map<string, boolean>();
  let line = '';
  let title = '';
  let description = '';
  let inTitle = false;
  let inHead = false;
  let skipDepth = 0;
  let mediaDepth = 0;
  // The text of a <script type="application/json"> (or ld+json) block while it is read.
  let jsonBlock: string | undefined;

  const endLine = () => {
    const text = line.replace(/\s+/g, ' ').trim();
    if (text) lines.push(text);
    line = '';
  };
  const reference = (href: string | undefined, media = false) => {
    const url = resolve(href, pageUrl);
    if (!url || url.origin !== origin || !/^https?:$/.test(url.protocol)) return;
    url.hash = '';
    const isMedia = media || MEDIA_FILE.test(url.pathname);
    references.set(url.href, (references.get(url.href) ?? false) || isMedia);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'head') inHead = true;
        if (name === 'title' && inHead) inTitle = true;
        if (name === 'meta') {
          const key = attributes.property ?? attributes.name ?? '';
          if (key === 'description') description = attributes.content ?? '';
          if (SHARE_IMAGE_META.has(key)) reference(attributes.content, key !== 'og:image');
        }
        if (name === 'link' && (attributes.rel ?? '').split(/\s+/).some((rel) => LOADED_RELS.has(rel.toLowerCase()))) {
          reference(attributes.href, attributes.as === 'video' || attributes.as === 'audio');
        }
        if (name === 'script') reference(attributes.src);
        if (name === 'script' && /json$/i.test(attributes.type ?? '')) jsonBlock = '';
        // An SVG sprite's symbols: <use href="/assets/icons-x.svg#name">.
        if (name === 'use') reference(attributes.href ?? attributes['xlink:href']);
        if (name === 'video' || name === 'audio') {
          mediaDepth += 1;
          reference(attributes.poster);
          reference(attributes.src, true);
        }
        if (name === 'source') {
          reference(attributes.src, mediaDepth > 0);
          for (const url of srcsetUrls(attributes.srcset)) reference(url);
        }
        if (name === 'img') {
          reference(attributes.src);
          for (const url of srcsetUrls(attributes.srcset)) reference(url);
          const url = resolve(attributes.src, pageUrl);
          if (url && skipDepth === 0) {
            images.push({ alt: (attributes.alt ?? '').trim(), url: url.href });
            if (attributes.alt?.trim()) line += ` [image: ${attributes.alt.trim()}] `;
          }
        }
        if (name === 'a' && attributes.href) {
          const url = resolve(attributes.href, pageUrl);
          if (url && (url.protocol === 'mailto:' || url.protocol === 'tel:' || (/^https?:$/.test(url.protocol) && url.origin !== origin))) {
            outside.add(url.href);
          }
        }
        if (SKIPPED.has(name)) skipDepth += 1;
        else if (BLOCKS.has(name) && skipDepth === 0) endLine();
      },
      ontext(text) {
        if (jsonBlock !== undefined) jsonBlock += text;
        if (inTitle) title += text;
        else if (skipDepth === 0) line += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'script' && jsonBlock !== undefined) {
          // The scripts, styles and sprite the client loads are named in its JSON payload, not in tags.
          try {
            for (const value of stringsOf(JSON.parse(jsonBlock))) if (FILE_PATH.test(value.split(/[?#]/)[0]!)) reference(value);
          } catch {
            // Not JSON after all: nothing to find in it.
          }
          jsonBlock = undefined;
        }
        if (name === 'head') inHead = false;
        if (name === 'video' || name === 'audio') mediaDepth = Math.max(0, mediaDepth - 1);
        if (SKIPPED.has(name)) skipDepth = Math.max(0, skipDepth - 1);
        else if (BLOCKS.has(name) && skipDepth === 0) endLine();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  endLine();

  return {
    title: title.replace(/\s+/g, ' ').trim(),
    description: description.replace(/\s+/g, ' ').trim(),
    lines,
    images,
    outsideLinks: [...outside].sort(),
    references: [...references].map(([url, media]) => ({ url, media })),
  };
}

/** Files a stylesheet loads: url(...) and @import, resolved against the stylesheet. */
export function stylesheetReferences(css: string, stylesheetUrl: string): string[] {
  const found = new Set<string>();
  const origin = new URL(stylesheetUrl).origin;
  for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3/g)) {
    const href = match[2] ?? match[4];
    if (!href || href.startsWith('data:') || href.startsWith('#')) continue;
    const url = resolve(href, stylesheetUrl);
    if (url && url.origin === origin) found.add(url.href);
  }
  return [...found];
}

/** Modules a script imports by relative path (esbuild's chunks: `from"./chunk-X.js"`, `import("./page.js")`). */
export function scriptReferences(js: string, scriptUrl: string): string[] {
  const found = new Set<string>();
  for (const match of js.matchAll(/["'](\.{1,2}\/[\w./-]+\.m?js)["']/g)) {
    const url = resolve(match[1], scriptUrl);
    if (url) found.add(url.href);
  }
  return [...found];
}
