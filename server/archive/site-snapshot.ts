/**
 * The site as a compliance reviewer reads it: per page, its status, title,
 * description, visible text, images (by alt text and the digest of their
 * bytes) and links that leave the site. Built from a capture or from an
 * archive's records, so a fresh capture and a stored archive compare alike.
 *
 * Its fingerprint decides whether the site changed: two archives with the
 * same fingerprint say the same things, whatever their asset names or dates.
 */
import { createHash } from 'node:crypto';
import { readPage } from './page-content';

/** One HTTP response as the archive keeps it. */
export interface StoredResponse {
  url: string;
  status: number;
  /** Lower-cased media type without parameters, e.g. text/html. */
  contentType: string;
  body: Uint8Array;
  /** SHA-256 of the body, hex. */
  sha256: string;
}

export interface PageSnapshot {
  url: string;
  status: number;
  title: string;
  description: string;
  lines: string[];
  /** "alt text (first 12 hex of the SHA-256)", in page order. */
  images: string[];
  outsideLinks: string[];
}

export interface SiteSnapshot {
  /** HTML pages, and text files a visitor or crawler reads (robots.txt), by URL. */
  pages: PageSnapshot[];
}

const TEXT_TYPES = new Set(['text/plain']);

export function siteSnapshot(responses: readonly StoredResponse[]): SiteSnapshot {
  const byUrl = new Map(responses.map((response) => [response.url, response]));
  const pages: PageSnapshot[] = [];
  for (const response of responses) {
    const text = new TextDecoder().decode(response.body);
    if (response.contentType === 'text/html') {
      const page = readPage(text, response.url);
      pages.push({
        url: response.url,
        status: response.status,
        title: page.title,
        description: page.description,
        lines: page.lines,
        images: page.images.map(({ alt, url }) => `${alt || '(no alt text)'} (${byUrl.get(url)?.sha256.slice(0, 12) ?? 'not captured'})`),
        outsideLinks: page.outsideLinks,
      });
    } else if (TEXT_TYPES.has(response.contentType)) {
      const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
      pages.push({ url: response.url, status: response.status, title: '', description: '', lines, images: [], outsideLinks: [] });
    }
  }
  pages.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { pages };
}

/** SHA-256 (hex) of everything the snapshot says. */
export function contentFingerprint(snapshot: SiteSnapshot): string {
  return createHash('sha256').update(JSON.stringify(snapshot.pages)).digest('hex');
}
