/**
 * What a page request is answered with, and how each answer is sent, wherever
 * it is answered: by Express's page handler (./page-cache.ts), by a refusal
 * instead of a page (./refusal-pages.tsx), and by the fast lane in front of
 * Express (server/http/fast-lane.ts). One list, so the three send the same
 * status, content type and Cache-Control for the same page.
 */
import type { EncodedBody, SendOptions } from './encoded-body';

/** Logged (with the path) for every 404 page sent, by the page handler and by the fast lane. */
export const PAGE_NOT_FOUND_MESSAGE = 'page not found';

/**
 * Browsers revalidate every time (a 304 when nothing changed); a shared cache
 * or CDN may serve a page for five minutes, and a minute more while it
 * revalidates in the background.
 */
export const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
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
}

/** How a page is sent: as HTML, or (page data) as JSON; a server error is never kept by anyone. */
export function pageSendOptions(page: CachedPage, which: 'html' | 'data'): SendOptions {
  return {
    status: page.status,
    contentType: which === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    cacheControl: page.status >= 500 ? ERROR_CACHE_CONTROL : HTML_CACHE_CONTROL,
  };
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
