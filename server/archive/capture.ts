/**
 * Capturing the site as a browser receives it: every page the sitemap lists,
 * /robots.txt, /sitemap.xml and the not-found page, then every same-origin
 * file those pages load (and the files stylesheets and scripts load in turn).
 *
 * - Each URL is fetched once, with a browser's Accept headers but
 *   `Accept-Encoding: identity`, so the body the server sends is the decoded
 *   one and is stored as sent: the record's headers stay true to the bytes.
 * - Redirects are recorded, not followed.
 * - Records carry the public address (SITE_URL's origin, as the sitemap
 *   names it), whichever origin was actually asked: the built site on a
 *   loopback port, or a running instance behind its proxy (`--from`).
 * - Connection-level headers (Connection, Keep-Alive, Transfer-Encoding) are
 *   dropped and Content-Length set to the stored body, as a replay needs.
 */
import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { readPage, scriptReferences, stylesheetReferences } from './page-content';
import type { StoredResponse } from './site-snapshot';

export interface Exchange extends StoredResponse {
  requestHeaders: [string, string][];
  statusText: string;
  responseHeaders: [string, string][];
  /** When the response arrived, ISO 8601 UTC. */
  date: string;
}

export interface Capture {
  siteUrl: string;
  /** Where the bytes came from: "built site (in-process)" or the URL asked. */
  source: string;
  /** Pages: the sitemap's URLs, then the not-found page. */
  pages: string[];
  exchanges: Exchange[];
}

export interface CaptureOptions {
  /** The origin to ask (http://127.0.0.1:PORT for the built site). */
  origin: string;
  /** Named in the warcinfo record and manifest. */
  sourceLabel: string;
  /** Videos and audio too (the default), or not (`--no-media`). */
  includeMedia: boolean;
  /** Added to every request, e.g. to mark the archiver in the request log. */
  userAgent?: string;
}

/** Asked to capture the not-found page; nothing on the site lives there. */
export const NOT_FOUND_PROBE = '/archive-check-page-not-found';
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection']);
const DOCUMENT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const CONCURRENCY = 4;

export class CaptureError extends Error {
  override name = 'CaptureError';
}

function mediaType(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

function sitemapLocations(xml: string): string[] {
  const parsed = new XMLParser({ ignoreAttributes: true, processEntities: true }).parse(xml) as {
    urlset?: { url?: { loc?: string } | { loc?: string }[] };
  };
  const urls = parsed.urlset?.url;
  const list = Array.isArray(urls) ? urls : urls ? [urls] : [];
  return list.map((url) => String(url.loc ?? '').trim()).filter(Boolean);
}

export async function captureSite({ origin, sourceLabel, includeMedia, userAgent = 'harbor-archive' }: CaptureOptions): Promise<Capture> {
  const askOrigin = new URL(origin).origin;
  const exchanges = new Map<string, Exchange>();

  async function get(publicUrl: string, siteOrigin: string, accept: string): Promise<Exchange> {
    const known = exchanges.get(publicUrl);
    if (known) return known;
    const target = new URL(publicUrl);
    const asked = new URL(target.pathname + target.search, askOrigin);
    const requestHeaders: [string, string][] = [
      ['Host', new URL(siteOrigin).host],
      ['User-Agent', userAgent],
      ['Accept', accept],
      ['Accept-Encoding', 'identity'],
    ];
    let response: Response;
    try {
      // Host is the site's own as a browser would send it; fetch sets the real one on the wire.
      response = await fetch(asked, { redirect: 'manual', headers: requestHeaders.filter(([name]) => name !== 'Host') });
    } catch (error) {
      throw new CaptureError(`could not fetch ${asked.href}: ${(error as Error).cause ?? (error as Error).message}`);
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const responseHeaders: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (HOP_BY_HOP.has(name) || name === 'content-length') return;
      // fetch decodes a body a proxy compressed anyway; keep its encoding as a note, not as a claim.
      if (name === 'content-encoding') responseHeaders.push(['X-Archive-Orig-Content-Encoding', value]);
      else responseHeaders.push([name, value]);
    });
    responseHeaders.push(['Content-Length', String(body.byteLength)]);
    const exchange: Exchange = {
      url: publicUrl,
      requestHeaders,
      status: response.status,
      statusText: response.statusText,
      responseHeaders,
      body,
      contentType: mediaType(response.headers),
      sha256: createHash('sha256').update(body).digest('hex'),
      date: new Date().toISOString(),
    };
    exchanges.set(publicUrl, exchange);
    return exchange;
  }

  // The sitemap names the public origin; everything is recorded under it.
  const sitemapPath = '/sitemap.xml';
  const sitemapResponse = await fetch(new URL(sitemapPath, askOrigin), { headers: { 'Accept-Encoding': 'identity' } }).catch((error: Error) => {
    throw new CaptureError(`could not fetch ${new URL(sitemapPath, askOrigin).href}: ${error.cause ?? error.message}`);
  });
  if (!sitemapResponse.ok) throw new CaptureError(`${new URL(sitemapPath, askOrigin).href} answered ${sitemapResponse.status}`);
  const locations = sitemapLocations(await sitemapResponse.text());
  if (locations.length === 0) throw new CaptureError('the sitemap lists no pages');
  const siteOrigin = new URL(locations[0]!).origin;
  const siteUrl = `${siteOrigin}/`;

  await get(`${siteOrigin}/robots.txt`, siteOrigin, 'text/plain,*/*;q=0.8');
  await get(`${siteOrigin}${sitemapPath}`, siteOrigin, 'application/xml,*/*;q=0.8');
  const pages = [...new Set([...locations, `${siteOrigin}${NOT_FOUND_PROBE}`])];

  // Pages first, then what they load, a few at a time.
  const queue: { url: string; accept: string }[] = pages.map((url) => ({ url, accept: DOCUMENT_ACCEPT }));
  const queued = new Set(pages);
  const enqueue = (url: string) => {
    if (queued.has(url) || new URL(url).origin !== siteOrigin) return;
    queued.add(url);
    queue.push({ url, accept: '*/*' });
  };
  async function worker() {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const exchange = await get(next.url, siteOrigin, next.accept);
      if (exchange.status !== 200 && exchange.status !== 404) continue;
      const text = () => new TextDecoder().decode(exchange.body);
      if (exchange.contentType === 'text/html') {
        for (const reference of readPage(text(), exchange.url).references) if (includeMedia || !reference.media) enqueue(reference.url);
      } else if (exchange.contentType === 'text/css') {
        stylesheetReferences(text(), exchange.url).forEach(enqueue);
      } else if (exchange.contentType === 'text/javascript' || exchange.contentType === 'application/javascript') {
        scriptReferences(text(), exchange.url).forEach(enqueue);
      }
    }
  }
  // Workers end when the queue is empty; one still parsing may add more, so go round until nothing is left.
  while (queue.length > 0) await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  // A stable order, whatever order the fetches finished in: robots, sitemap, pages, then files by URL.
  const rank = (url: string) => (pages.includes(url) ? pages.indexOf(url) : pages.length);
  const ordered = [...exchanges.values()].sort((a, b) => rank(a.url) - rank(b.url) || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  const first = [`${siteOrigin}/robots.txt`, `${siteOrigin}${sitemapPath}`].map((url) => exchanges.get(url)!);
  return { siteUrl, source: sourceLabel, pages, exchanges: [...first, ...ordered.filter((exchange) => !first.includes(exchange))] };
}
