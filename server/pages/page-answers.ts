/**
 * What a page request is answered with, and how each answer is sent, wherever
 * it is answered: by Express's page handler (./page-cache.ts), by a refusal
 * instead of a page (./refusal-pages.tsx), and by the fast lane in front of
 * Express (server/http/fast-lane.ts). One list, so the three send the same
 * status, content type and Cache-Control for the same page.
 */
import type { IncomingMessage } from 'node:http';
import { PAGE_DATA_PREFIX } from '../../shared/paths';
import type { EncodedBody, SendOptions } from './encoded-body';

/** Logged (with the path) for every 404 page sent, by the page handler and by the fast lane. */
export const PAGE_NOT_FOUND_MESSAGE = 'page not found';

/**
 * Browsers revalidate every time (a 304 when nothing changed); a shared cache
 * or CDN may serve a page for five minutes, and a minute more while it
 * revalidates in the background.
 */
export const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
/**
 * With visits counted (decision 038): a shared cache may keep a page but must
 * ask the server before every reuse, so each view reaches the counter (the
 * fast lane's 304 is the view) and the body still crosses the network once.
 */
export const COUNTED_HTML_CACHE_CONTROL = 'public, no-cache';
/** A server error and a refusal: kept by no one. */
export const ERROR_CACHE_CONTROL = 'no-store';

/** The route a refusal is logged and counted under. */
export const REFUSED_ROUTE = 'refused';

export interface CachedPage {
  status: number;
  /** Route pattern, for logs and metrics. */
  route: string;
  html: EncodedBody;
  data: EncodedBody;
  /** HTML_CACHE_CONTROL, or COUNTED_HTML_CACHE_CONTROL while visits are counted. */
  cacheControl: string;
  /** What a view of it counts as (./counted-page.ts); absent for the 404 page, counted by the path asked for. */
  counted?: CountedPage;
}

/** How a page is sent: as HTML, or (page data) as JSON; a server error is never kept by anyone. */
export function pageSendOptions(page: CachedPage, which: 'html' | 'data'): SendOptions {
  return {
    status: page.status,
    contentType: which === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    cacheControl: page.status >= 500 ? ERROR_CACHE_CONTROL : page.cacheControl,
  };
}

/** The page whose data /_data/<path> asks for. */
export const pageUrlOfData = (url: string) => {
  const pageUrl = url.slice(PAGE_DATA_PREFIX.length);
  return pageUrl.startsWith('/') ? pageUrl : `/${pageUrl}`;
};

/**
 * What a view of a page counts as (server/analytics/ takes it: app.ts wires
 * the two): its canonical path, or for a 404 the path asked for.
 */
export interface CountedPage {
  path: string;
  notFound: boolean;
  /** A search on /podcast?q=: its words, and whether it found anything. */
  search?: { query: string; found: boolean };
}

/** What a counted request is read for: Express's request, or the fast lane's view of one. */
export type CountedRequest = Pick<IncomingMessage, 'method' | 'headers'> & { ip?: string | undefined; url?: string };

/** Told about every page sent, with the address of the page shown (its query, never /_data's prefix). */
export type CountPage = (req: CountedRequest, page: CountedPage, landing: string) => void;

/** Hands `count` the view an answer of `page` to `url` is; a server error is none. */
export function countView(count: CountPage, req: CountedRequest, page: CachedPage, url: string, which: 'html' | 'data') {
  const landing = which === 'data' ? pageUrlOfData(url) : url;
  if (page.counted) return count(req, page.counted, landing);
  if (page.status !== 404) return;
  const query = landing.indexOf('?');
  count(req, { path: query === -1 ? landing : landing.slice(0, query), notFound: true }, landing);
}

/** What a refused request is sent (./refusal-pages.tsx): the body, its status and headers, and when to come back. */
export interface RefusalAnswer {
  body: EncodedBody;
  send: SendOptions;
  retryAfterSeconds: number;
}

/** What the fast lane sends for a search it made (the page cache's answerAhead). */
export type AheadAnswer =
  { kind: 'page'; page: CachedPage; which: 'html' | 'data' } | { kind: 'refused'; refusal: RefusalAnswer } | { kind: 'express' };
