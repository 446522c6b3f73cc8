/**
 * Pages are the same for every visitor, so each is rendered once and kept in
 * memory with its brotli and gzip encodings and its page data as JSON (for
 * client-side navigations). A request costs a map lookup.
 *
 * Keys are canonical, never raw URLs: the key of a page is its canonical path
 * (from the head its loader computed) plus only the query parameters the page
 * really reads (`page` on /podcast, via its loader; the sign-up outcome on
 * pages with the form; the contact form's `message=received`). So `/podcast?page=2&utm_source=x` and `/PODCAST?page=2`
 * share one entry, and every unknown path shares the one not-found entry.
 * What a visitor sends can only add aliases (request URL → key) to a bounded
 * map, never entries.
 *
 * Searches (/podcast?q=…) are the exception: any words make a page. They are
 * kept apart, in a small LRU (the most recent searches, SEARCH_ENTRIES at
 * most), so a popular search is answered from memory while ten thousand
 * different ones leave memory where it was.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { StaticHandlerContext } from 'react-router-dom';
import type { PageData } from '../../shared/page-head';
import { PAGE_DATA_PREFIX } from '../../shared/paths';
import type { NewsletterFormState } from '../../shared/rules/newsletter';
import type { ContactFormState } from '../../shared/rules/contact-message';
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import { paths } from '../../shared/paths';
import { readSearchRequest, searchHref } from '../../shared/rules/episode-search';
import { bodyFor, encodeBody, freshBody, hashOf, sendEncodedBody } from './encoded-body';
import type { EncodedBody, SendOptions } from './encoded-body';
import { RenderRefused } from './render-admission';
import type { Admittee, RenderAdmission } from './render-admission';
import type { createRefusalPages } from './refusal-pages';
import { pageDataOf, routePatternOf } from './render-page';
import type { PageRenderer, QueryResult } from './render-page';
import type { SearchPages } from './search-pages';

/** Logged (with the path) for every 404 page sent, here and by the fast lane. */
export const PAGE_NOT_FOUND_MESSAGE = 'page not found';

/**
 * Browsers revalidate every time (a 304 when nothing changed); a shared cache
 * or CDN may serve a page for five minutes, and a minute more while it
 * revalidates in the background.
 */
export const HTML_CACHE_CONTROL = 'public, max-age=0, s-maxage=300, stale-while-revalidate=60';
/** A server error and a refusal: kept by no one. */
export const ERROR_CACHE_CONTROL = 'no-store';

/** How a page is sent: as HTML, or (page data) as JSON; a server error is never kept by anyone. */
export function pageSendOptions(page: CachedPage, which: 'html' | 'data'): SendOptions {
  return {
    status: page.status,
    contentType: which === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    cacheControl: page.status >= 500 ? ERROR_CACHE_CONTROL : HTML_CACHE_CONTROL,
  };
}

const SEARCH_PREFIX = 'search:';
/** The route a refusal is logged and counted under. */
export const REFUSED_ROUTE = 'refused';

/** The page whose data /_data/<path> asks for. */
const pageUrlOfData = (url: string) => {
  const pageUrl = url.slice(PAGE_DATA_PREFIX.length);
  return pageUrl.startsWith('/') ? pageUrl : `/${pageUrl}`;
};
/** Rendered search pages kept, the least recently used forgotten first. */
export const SEARCH_ENTRIES = 64;
/**
 * The longest request URL remembered as an alias: a longer one is answered
 * the same, after its route is matched again. Without it the aliases were
 * bounded in number only: 4,096 URLs as long as a request line may be (16 kB)
 * held 66 MB of heap (docs/performance.md, "Memory floor").
 */
export const MAX_ALIAS_LENGTH = 1024;
export interface CachedPage {
  status: number;
  /** Route pattern, for logs and metrics. */
  route: string;
  html: EncodedBody;
  data: EncodedBody;
}

/** What a refused request is sent (./refusal-pages.tsx): the body, its status and headers, and when to come back. */
export interface RefusalAnswer {
  body: EncodedBody;
  send: SendOptions;
  retryAfterSeconds: number;
}

/** Makes the body of a page made per request that a request will be sent. */
type Encode = (page: CachedPage) => void;

/** What the fast lane sends for a search it made (see answerAhead). */
export type AheadAnswer =
  { kind: 'page'; page: CachedPage; which: 'html' | 'data' } | { kind: 'refused'; refusal: RefusalAnswer } | { kind: 'express' };

type Resolved = CachedPage | { kind: 'redirect'; status: number; location: string };

export interface PageCacheOptions {
  renderer: PageRenderer;
  siteUrl: string;
  exposeErrors: boolean;
  /** Off in development, so every edit shows on the next request. */
  enabled: boolean;
  /** Pages kept; the site has about seventy, plus sign-up outcome variants. */
  maxEntries?: number;
  /** Request URLs remembered as aliases of a key; the oldest is forgotten first. */
  maxAliases?: number;
  /** Told about every lookup, for metrics. */
  onLookup?: (result: 'hit' | 'miss') => void;
  /** Search result pages kept (an LRU); see SEARCH_ENTRIES. */
  maxSearches?: number;
  /** Admits what is made per request, per client and for everyone (./render-admission.ts); absent, all is admitted. */
  admission?: RenderAdmission;
  /** Search pages laid into a shell (./search-pages.tsx); absent, each is rendered whole. */
  searchPages?: SearchPages;
  /** What a refused request gets instead (./refusal-pages.tsx). */
  refusals: ReturnType<typeof createRefusalPages>;
  /** Told about every page made per request (a search, a page never kept), for metrics. */
  onRenderedPerRequest?: () => void;
}

/** Whether a request URL asks /podcast for a search (valid or not), judged before any route runs. */
export function isSearchUrl(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1) return false;
  const path = url.slice(0, query).toLowerCase();
  if (path !== paths.podcast && path !== `${paths.podcast}/`) return false;
  return readSearchRequest(new URLSearchParams(url.slice(query + 1))).kind !== 'list';
}

export function createPageCache(options: PageCacheOptions) {
  const { renderer, siteUrl, enabled } = options;
  const maxEntries = options.maxEntries ?? 512;
  const maxAliases = options.maxAliases ?? 4096;
  const onLookup = options.onLookup ?? (() => {});
  const entries = new Map<string, CachedPage>();
  // Map order is use order: a hit moves its entry to the end, the first is the least recently used.
  const searches = new Map<string, CachedPage>();
  const maxSearches = options.maxSearches ?? SEARCH_ENTRIES;
  const { admission, searchPages } = options;
  const aliases = new Map<string, string>();
  const building = new Map<string, Promise<CachedPage>>();

  function keyOf(context: StaticHandlerContext): string | undefined {
    const data = pageDataOf(context, options.exposeErrors) as Partial<
      PageData & { newsletter: NewsletterFormState; contactForm: ContactFormState; search: PodcastPageData['search'] }
    > | null;
    if (context.statusCode === 200 && data?.search) return SEARCH_PREFIX + searchHref(paths.podcast, data.search, data.search.results.page);
    if (context.statusCode === 200) {
      const canonical = data?.head?.canonicalUrl;
      if (!canonical?.startsWith(siteUrl)) return undefined;
      const outcome = data?.newsletter?.outcome;
      const messageSent = data?.contactForm?.sent;
      return canonical.slice(siteUrl.length) + (outcome ? `#newsletter=${outcome}` : '') + (messageSent ? '#message=received' : '');
    }
    // Every unknown path, and every unknown episode, renders the same screen.
    if (context.statusCode === 404) return `404:${Object.keys(context.errors ?? {}).join(',')}`;
    return undefined;
  }

  /** A page kept for good: rendered and compressed once, as hard as it goes. */
  async function render(context: StaticHandlerContext, log: Logger): Promise<CachedPage> {
    const document = await renderer.render(context, log);
    const [html, data] = await Promise.all([
      encodeBody(document.html),
      encodeBody(JSON.stringify(pageDataOf(context, options.exposeErrors))),
    ]);
    return { status: document.status, route: routePatternOf(context), html, data };
  }

  /**
   * A page made for this request (a search, a page never kept): a search laid
   * into its shell, anything else rendered whole; each encoding made only when
   * a client asks for it, and the page data only when asked for.
   */
  async function renderPerRequest(context: StaticHandlerContext, log: Logger, search: boolean): Promise<CachedPage> {
    options.onRenderedPerRequest?.();
    const fromShell = search && context.statusCode === 200 ? await searchPages?.document(context, log) : undefined;
    let status = 200;
    let html = fromShell;
    if (!html) {
      const document = await renderer.render(context, log);
      status = document.status;
      const identity = Buffer.from(document.html);
      html = freshBody(identity, hashOf(identity));
    }
    let data: EncodedBody | undefined;
    return {
      status,
      route: routePatternOf(context),
      html,
      get data() {
        if (!data) {
          const json = Buffer.from(JSON.stringify(pageDataOf(context, options.exposeErrors)));
          data = freshBody(json, hashOf(json));
        }
        return data;
      },
    };
  }

  function remember(url: string, key: string) {
    if (url.length > MAX_ALIAS_LENGTH) return;
    if (aliases.size >= maxAliases) aliases.delete(aliases.keys().next().value!);
    aliases.set(url, key);
  }

  /** The page kept under `key`; a search hit becomes the most recently used. */
  function entryFor(key: string): CachedPage | undefined {
    if (!key.startsWith(SEARCH_PREFIX)) return entries.get(key);
    const page = searches.get(key);
    if (page) {
      searches.delete(key);
      searches.set(key, page);
    }
    return page;
  }

  function keep(key: string, page: CachedPage) {
    if (page.status >= 500) return;
    if (!key.startsWith(SEARCH_PREFIX)) {
      if (entries.size < maxEntries) entries.set(key, page);
      return;
    }
    searches.set(key, page);
    if (searches.size > maxSearches) searches.delete(searches.keys().next().value!);
  }

  /** The page, its body for the request made (see resolve). */
  const encoded = (page: CachedPage, encode: Encode | undefined) => {
    encode?.(page);
    return page;
  };

  /** Admitted for `request`'s client (when not yet) and run in the queue's turn, or refused with RenderRefused. */
  async function admitted<T>(who: Admittee | undefined, task: () => Promise<T>): Promise<T> {
    if (!admission || who === undefined) return task();
    await admission.admit(who);
    return admission.run(task);
  }

  /**
   * The page for a request URL. A URL seen before is a lookup. A search the
   * cache does not hold is admitted before anything runs for it (its route
   * looks the words up); a page that turns out to be made per request is
   * admitted once its route has said so. `who` is undefined once admitted.
   * `encode` makes the body a page made per request will be sent, inside
   * its render's turn, so the queue's share counts the compression too.
   */
  async function resolve(url: string, who: Admittee | undefined, log: Logger, encode?: Encode): Promise<Resolved> {
    const known = aliases.get(url);
    const hit = known === undefined ? undefined : entryFor(known);
    if (hit) {
      onLookup('hit');
      return hit;
    }
    const searchUrl = enabled && isSearchUrl(url);
    if (who !== undefined && searchUrl) return admitted(who, () => resolve(url, undefined, log, encode));
    // A search once the shell is made: its route's loader alone (./search-pages.tsx).
    const direct = searchUrl ? searchPages?.contextFor(url) : undefined;
    const result: QueryResult = direct ? { kind: 'page', context: direct } : await renderer.query(url);
    if (result.kind === 'redirect') return result;
    const key = enabled ? keyOf(result.context) : undefined;
    if (key === undefined) {
      onLookup('miss');
      return admitted(enabled ? who : undefined, async () => encoded(await renderPerRequest(result.context, log, false), encode));
    }
    remember(url, key);
    const cached = entryFor(key);
    if (cached) {
      onLookup('hit');
      return cached;
    }
    onLookup('miss');
    let pending = building.get(key);
    if (!pending) {
      const search = key.startsWith(SEARCH_PREFIX);
      pending = (search ? renderPerRequest(result.context, log, true) : render(result.context, log)).finally(() => building.delete(key));
      building.set(key, pending);
    }
    const page = await pending;
    // Only settled pages are kept; a failure renders afresh next time.
    keep(key, page);
    return key.startsWith(SEARCH_PREFIX) ? encoded(page, encode) : page;
  }

  /** A refused request: the refusal page, or for page data its words as JSON; Retry-After says when to come back. */
  async function refuse(req: Request, res: Response, refusal: RenderRefused, which: 'html' | 'data') {
    // The request's own log line says 429 or 503 (route "refused"), and pages_refused_total why: a flood
    // of refusals writes no more than that, each costing little more than a cached page.
    res.locals.routePattern = REFUSED_ROUTE;
    const { body, send, retryAfterSeconds } = await options.refusals.answer(refusal, which);
    res.setHeader('Retry-After', String(retryAfterSeconds));
    sendEncodedBody(req, res, body, send);
  }

  function send(req: Request, res: Response, page: CachedPage, which: 'html' | 'data') {
    res.locals.routePattern = page.route;
    if (page.status === 404 && which === 'html') req.log.warn({ path: req.path }, PAGE_NOT_FOUND_MESSAGE);
    sendEncodedBody(req, res, page[which], pageSendOptions(page, which));
  }

  function renderedPage(req: Request): CachedPage | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const key = aliases.get(req.originalUrl);
    return key === undefined ? undefined : entryFor(key);
  }

  /**
   * Whether the request is for a page already in memory. Only URLs the page
   * handler has resolved are known here, so an asset or the API never is.
   */
  const has = (req: Request): boolean => renderedPage(req) !== undefined;

  /**
   * For the fast lane (server/http/fast-lane.ts): the page kept for good under
   * exactly this request URL, counted as a hit, else undefined. Searches are
   * left to Express's path (sendCached below): their LRU is the page
   * handler's business.
   */
  const permanentPage = (url: string): CachedPage | undefined => {
    const key = aliases.get(url);
    const page = key === undefined || key.startsWith(SEARCH_PREFIX) ? undefined : entries.get(key);
    if (page) onLookup('hit');
    return page;
  };

  /**
   * For the fast lane: a search the cache does not hold (or its page data),
   * made and answered in front of Express, so neither a refusal nor a search
   * pays for Express's chain. Undefined when the request is not such a
   * search. `request` is read as Express reads it (its ip, Accept-Encoding);
   * `original` is the request itself, charged once: when Express answers it
   * after all (`express`: a redirect, or an error the lane leaves to Express's
   * error handler), its page handler takes no second token. `log` is called
   * once it is a search.
   */
  function answerAhead(request: Request, original: object, log: () => Logger): Promise<AheadAnswer> | undefined {
    if (!admission || !enabled) return undefined;
    const which = request.url.startsWith(`${PAGE_DATA_PREFIX}/`) ? 'data' : 'html';
    const url = which === 'data' ? pageUrlOfData(request.url) : request.url;
    const key = aliases.get(url);
    if ((key !== undefined && (entries.has(key) || searches.has(key))) || !isSearchUrl(url)) return undefined;
    return resolve(url, { request: original, client: request.ip ?? '' }, log(), (made) => bodyFor(request, made[which])).then(
      (page): AheadAnswer => ('kind' in page ? { kind: 'express' } : { kind: 'page', page, which }),
      async (error: unknown): Promise<AheadAnswer> => {
        if (error instanceof RenderRefused) return { kind: 'refused', refusal: await options.refusals.answer(error, which) };
        throw error;
      },
    );
  }

  /** A page already in memory, answered at once; anything else goes on. */
  const sendCached: RequestHandler = (req, res, next) => {
    const page = renderedPage(req);
    if (!page) return next();
    onLookup('hit');
    send(req, res, page, 'html');
  };

  /** The page `url` for Express's request `req`, admitted for its client, with the body it is sent made. */
  const resolveFor = (req: Request, url: string, which: 'html' | 'data') =>
    resolve(url, { request: req, client: req.ip ?? '' }, req.log, (made) => bodyFor(req, made[which]));

  /** GET and HEAD of every page. */
  const pageHandler: RequestHandler = async (req, res, next) => {
    try {
      const page = await resolveFor(req, req.originalUrl, 'html');
      if ('kind' in page) return res.redirect(page.status, page.location);
      send(req, res, page, 'html');
    } catch (error) {
      if (error instanceof RenderRefused) return refuse(req, res, error, 'html').catch(next);
      next(error);
    }
  };

  /** GET and HEAD of /_data/<page path>: the page's data, for client-side navigations. */
  const dataHandler: RequestHandler = async (req, res, next) => {
    try {
      const page = await resolveFor(req, pageUrlOfData(req.originalUrl), 'data');
      if ('kind' in page) {
        // Old addresses redirect in the browser's route tree; they have no data.
        res
          .status(404)
          .type('application/json')
          .send({ message: `No page data at ${req.path}: it redirects to ${page.location}.` });
        return;
      }
      send(req, res, page, 'data');
    } catch (error) {
      if (error instanceof RenderRefused) return refuse(req, res, error, 'data').catch(next);
      next(error);
    }
  };

  return {
    has,
    sendCached,
    permanentPage,
    answerAhead,
    pageHandler,
    dataHandler,
    size: () => entries.size,
    searchesKept: () => searches.size,
    aliasesKept: () => aliases.size,
  };
}
