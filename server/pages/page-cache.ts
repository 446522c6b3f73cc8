/**
 * Pages are the same for every visitor, so each is rendered once and kept in
 * memory with its brotli and gzip encodings and its page data as JSON (for
 * client-side navigations). A request costs a map lookup.
 *
 * Keys are canonical, never raw URLs (./page-keys.ts): what a visitor sends
 * can only add aliases to a bounded map, never entries; searches are kept
 * apart, in a small LRU (./kept-pages.ts). What is made per request (a
 * search, a page never kept) is admitted first (./render-admission.ts), and a
 * refused request gets ./refusal-pages.tsx instead.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { StaticHandlerContext } from 'react-router-dom';
import { PAGE_DATA_PREFIX } from '../../shared/paths';
import { clientKey } from '../config/http';
import { bodyFor, encodeBody, freshBody, hashOf, sendEncodedBody } from './encoded-body';
import type { EncodedBody } from './encoded-body';
import { countedPageOf } from './counted-page';
import { createKeptPages } from './kept-pages';
import type { KeptPagesLimits } from './kept-pages';
import { countView, PAGE_NOT_FOUND_MESSAGE, pageSendOptions, pageUrlOfData, REFUSED_ROUTE } from './page-answers';
import type { AheadAnswer, CachedPage, CountPage } from './page-answers';
import { isSearchKey, isSearchUrl, pageKeyOf } from './page-keys';
import { RenderRefused } from './render-admission';
import type { Admittee, RenderAdmission } from './render-admission';
import type { createRefusalPages } from './refusal-pages';
import { pageDataOf, routePatternOf } from './render-page';
import type { PageRenderer, QueryResult } from './render-page';
import type { SearchPages } from './search-pages';

/** Makes the body of a page made per request that a request will be sent. */
type Encode = (page: CachedPage) => void;

/** What madeFor answers: the page made, or that it was refused (its status, and when to come back). */
export type PageMadeFor = { html: string } | { refused: { status: 429 | 503; retryAfterSeconds: number } };

type Resolved = CachedPage | { kind: 'redirect'; status: number; location: string };

export interface PageCacheOptions extends KeptPagesLimits {
  renderer: PageRenderer;
  siteUrl: string;
  exposeErrors: boolean;
  /** Off in development, so every edit shows on the next request. */
  enabled: boolean;
  /** The previous content version's kept bodies by their text's hash (keptBodies), reused for pages a new version leaves unchanged. */
  previousBodies?: Map<string, EncodedBody>;
  /** Told about every lookup, for metrics. */
  onLookup?: (result: 'hit' | 'miss') => void;
  /** Admits what is made per request, per client and for everyone (./render-admission.ts); absent, all is admitted. */
  admission?: RenderAdmission;
  /** Search pages laid into a shell (./search-pages.tsx); absent, each is rendered whole. */
  searchPages?: SearchPages;
  /** What a refused request gets instead (./refusal-pages.tsx). */
  refusals: ReturnType<typeof createRefusalPages>;
  /** Told about every page made per request (a search, a page never kept), for metrics. */
  onRenderedPerRequest?: () => void;
  /** Each page's Cache-Control (./page-answers.ts: shared caches revalidate while visits are counted). */
  cacheControl: string;
  /** Told about every page sent, its data included: a page view (server/analytics/site-analytics.ts). */
  countPage?: CountPage;
}

export function createPageCache(options: PageCacheOptions) {
  const { renderer, siteUrl, enabled } = options;
  const onLookup = options.onLookup ?? (() => {});
  const kept = createKeptPages(options);
  const { admission, searchPages } = options;
  const building = new Map<string, Promise<CachedPage>>();

  /** A kept body: the previous content version's when it was the same text (a swap recompresses only what changed). */
  const encodeKept = (text: string) => options.previousBodies?.get(hashOf(text)) ?? encodeBody(text);

  /** How a page made from `context` is cached by others and counted. */
  const countedAs = (context: StaticHandlerContext) => ({
    cacheControl: options.cacheControl,
    counted: countedPageOf(context, siteUrl, options.exposeErrors),
  });

  /** A page kept for good: rendered and compressed once, as hard as it goes. */
  async function render(context: StaticHandlerContext, log: Logger): Promise<CachedPage> {
    const document = await renderer.render(context, log);
    const [html, data] = await Promise.all([
      encodeKept(document.html),
      encodeKept(JSON.stringify(pageDataOf(context, options.exposeErrors))),
    ]);
    return { status: document.status, route: routePatternOf(context), html, data, ...countedAs(context) };
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
      ...countedAs(context),
      get data() {
        if (!data) {
          const json = Buffer.from(JSON.stringify(pageDataOf(context, options.exposeErrors)));
          data = freshBody(json, hashOf(json));
        }
        return data;
      },
    };
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
    const known = kept.aliasOf(url);
    const hit = known === undefined ? undefined : kept.entryFor(known);
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
    const key = enabled ? pageKeyOf(result.context, siteUrl, options.exposeErrors) : undefined;
    // What the route made says it is a search, however its URL was spelled: admitted like any other.
    if (key !== undefined && who !== undefined && isSearchKey(key)) return admitted(who, () => resolve(url, undefined, log, encode));
    if (key === undefined) {
      onLookup('miss');
      return admitted(enabled ? who : undefined, async () => encoded(await renderPerRequest(result.context, log, false), encode));
    }
    kept.remember(url, key);
    const cached = kept.entryFor(key);
    if (cached) {
      onLookup('hit');
      return cached;
    }
    onLookup('miss');
    let pending = building.get(key);
    if (!pending) {
      const search = isSearchKey(key);
      pending = (search ? renderPerRequest(result.context, log, true) : render(result.context, log)).finally(() => building.delete(key));
      building.set(key, pending);
    }
    const page = await pending;
    // Only settled pages are kept; a failure renders afresh next time.
    kept.keep(key, page);
    return isSearchKey(key) ? encoded(page, encode) : page;
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
    if (options.countPage) countView(options.countPage, req, page, req.originalUrl, which);
  }

  function renderedPage(req: Request): CachedPage | undefined {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const key = kept.aliasOf(req.originalUrl);
    return key === undefined ? undefined : kept.entryFor(key);
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
    const key = kept.aliasOf(url);
    const page = key === undefined ? undefined : kept.permanent(key);
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
    const key = kept.aliasOf(url);
    if ((key !== undefined && kept.holds(key)) || !isSearchUrl(url)) return undefined;
    return resolve(url, { request: original, client: clientKey(request.ip ?? '') }, log(), (made) => bodyFor(request, made[which])).then(
      (page): AheadAnswer => ('kind' in page ? { kind: 'express' } : { kind: 'page', page, which }),
      async (error: unknown): Promise<AheadAnswer> => {
        if (error instanceof RenderRefused) return { kind: 'refused', refusal: await options.refusals.answer(error, which) };
        throw error;
      },
    );
  }

  /**
   * The page at `path` with `extra` in its data, made for one request outside
   * the cache (the contact form shown again with what its visitor typed,
   * PageRenderer.renderWithData): admitted for the request's client and run
   * in the queue's turn like every page made per request, so refused form
   * posts cannot spend what searches may not. The caller words a refusal.
   */
  async function madeFor(req: Request, path: string, extra: Record<string, unknown>): Promise<PageMadeFor> {
    const who = enabled ? { request: req, client: clientKey(req.ip ?? '') } : undefined;
    try {
      return { html: (await admitted(who, () => renderer.renderWithData(path, extra, req.log))).html };
    } catch (error) {
      if (!(error instanceof RenderRefused)) throw error;
      return { refused: { status: error.status, retryAfterSeconds: error.retryAfterSeconds } };
    }
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
    resolve(url, { request: req, client: clientKey(req.ip ?? '') }, req.log, (made) => bodyFor(req, made[which]));

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

  /**
   * Renders and keeps every page of `urls` now, one after another: a content
   * version about to be served (server/content-sync/) has its pages before its
   * first visitor, so no request waits on a render after a swap.
   */
  async function warm(urls: string[], log: Logger) {
    if (!enabled) return;
    for (const url of urls) await resolve(url, undefined, log);
  }

  /** The bodies of every page kept for good, by their text's hash: what the next content version's cache may reuse. */
  function keptBodies(): Map<string, EncodedBody> {
    const bodies = new Map<string, EncodedBody>();
    for (const page of kept.permanentPages()) {
      for (const body of [page.html, page.data]) bodies.set(hashOf(body.bodies.identity), body);
    }
    return bodies;
  }

  return {
    has,
    sendCached,
    warm,
    keptBodies,
    permanentPage,
    answerAhead,
    madeFor,
    pageHandler,
    dataHandler,
    size: kept.size,
    searchesKept: kept.searchesKept,
    aliasesKept: kept.aliasesKept,
  };
}
