/**
 * The fast lane: the server's request listener (siteListener below, which
 * server/index.ts serves), in front of the Express app. A GET or HEAD for a page the page cache holds right now,
 * or for a hashed asset held in memory, is answered here with one writeHead
 * and one end; so is a search the cache does not hold (decision 018); every
 * other request goes to Express untouched. Decision 015 says why the lane exists.
 *
 * It answers only what Express's page steps would answer, the same way:
 * - a page: exactly the request URLs Express's cached-page step (pages.sendCached)
 *   would serve, looked up in the same alias map, and only pages kept for
 *   good (searches in memory stay with Express). The page cache is read through
 *   publishedSite(), so the content store's version check (a scheduled item
 *   whose time has come, server/content/content-store.ts) runs first, as it
 *   does for Express: a new version brings an empty cache, and the lane holds
 *   nothing until Express has rendered the page again.
 * - a search the cache does not hold (or its /_data): the page cache's
 *   answerAhead admits it and makes it, as Express's page handler would, and
 *   the lane sends the page, or the 429 or 503 refusal; a redirect or an
 *   error goes on to Express, which takes no second token for the request.
 * - an asset: a path under /assets/ in the map Express's asset handler
 *   (server/http/immutable-assets.ts) serves from. A path with a '%' goes to
 *   Express, which checks its encoding first (server/http/malformed-path.ts).
 *
 * Everything an answer carries except the request id, Date and (while
 * leaving the rotation) `Connection: close` is computed once per page or
 * asset, per encoding and per security header set: the security headers
 * (server/http/security-headers.ts) and the body's headers
 * (server/pages/encoded-body.ts), the same lists Express's path sets one by one.
 * The encoding, the 304 and HEAD are decided by the same functions. The
 * request id (server/http/request-id.ts), the log line (server/http/request-log.ts),
 * the metrics (server/http/metrics.ts) and the drain (server/http/readiness.ts) are
 * the ones Express's path uses.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request } from 'express';
import type { Logger } from 'pino';
import { bodyHeaders, chooseEncoding, ENCODINGS, isNotModified } from '../pages/encoded-body';
import type { EncodedBody, Encoding, SendOptions } from '../pages/encoded-body';
import type { Asset } from './immutable-assets';
import type { Metrics } from './metrics';
import { countView, PAGE_NOT_FOUND_MESSAGE, pageSendOptions, REFUSED_ROUTE } from '../pages/page-answers';
import type { AheadAnswer, CachedPage, CountPage, RefusalAnswer } from '../pages/page-answers';
import type { Readiness } from './readiness';
import { requestIdOf } from './request-id';
import { logCompleted } from './request-log';

/** Express's asset handler is mounted here (./static-files.ts). */
const ASSETS_PREFIX = '/assets/';
/** What the metrics call an answer from a static-file handler (metrics.routeLabel). */
const ASSET_ROUTE = 'static';

export interface FastLaneOptions {
  /** Where everything the lane does not answer goes, unchanged. */
  app: Express;
  /** The pages held right now, and searches made ahead of Express: read per request, after the content store's version check. */
  pages: () => {
    permanentPage(url: string): CachedPage | undefined;
    answerAhead(request: Request, original: object, log: () => Logger): Promise<AheadAnswer> | undefined;
  };
  /** The security headers for a page request (server/http/security-headers.ts). */
  pageHeaders: (req: Request) => Map<string, string>;
  /** The hashed assets held in memory, and the headers every file answer carries. */
  assets?: { held: Map<string, Asset>; headers: Map<string, string> };
  readiness: Readiness;
  logger: Logger;
  metrics?: Metrics;
  /** Told about every page sent, its data and 304s included (server/analytics/site-analytics.ts), as Express's page step is. */
  countPage?: CountPage;
}

/**
 * An answer's header lists, flat ([name, value, name, value, …], which
 * writeHead takes without building an object), per encoding: the full answer
 * and the 304. The last value is the request id's slot, written just before
 * writeHead, which reads the list at once.
 */
type HeaderLists = Record<Encoding, { full: string[]; notModified: string[] }>;

/**
 * One answer's headers, flat: the security headers, the body's, then the
 * slots written per request (a refusal's Retry-After, the request id last).
 */
function headerList(
  base: Map<string, string>,
  body: EncodedBody,
  send: SendOptions,
  encoding: Encoding,
  notModified: boolean,
  retryAfter = false,
) {
  const flat: string[] = [];
  for (const [name, value] of base) flat.push(name, value);
  for (const [name, value] of bodyHeaders(body, send, encoding, notModified)) flat.push(name, value);
  if (retryAfter) flat.push('Retry-After', '');
  flat.push('X-Request-Id', '');
  return flat;
}

function headerLists(base: Map<string, string>, body: EncodedBody, send: SendOptions, retryAfter = false): HeaderLists {
  const list = (encoding: Encoding, notModified: boolean) => headerList(base, body, send, encoding, notModified, retryAfter);
  return Object.fromEntries(
    ENCODINGS.map((encoding) => [encoding, { full: list(encoding, false), notModified: list(encoding, true) }]),
  ) as HeaderLists;
}

interface Held {
  body: EncodedBody;
  status: number;
  lists: HeaderLists;
  /** The metrics' route label. */
  route: string;
  /** A 404 page logs 'page not found', as Express's path does. */
  notFound: boolean;
  /** The page, when it is one (a view to count). */
  page?: CachedPage;
}

export function createFastLane(options: FastLaneOptions): RequestListener {
  const { app, pages, pageHeaders, readiness, logger, metrics, countPage } = options;

  // Assets: one set of headers for all, so every list is made now.
  const assets = new Map<string, Held>();
  for (const [name, asset] of options.assets?.held ?? []) {
    assets.set(ASSETS_PREFIX + name.slice(1), {
      body: asset.body,
      status: asset.send.status,
      lists: headerLists(options.assets!.headers, asset.body, asset.send),
      route: ASSET_ROUTE,
      notFound: false,
    });
  }

  // Pages: lists are made on a page's first answer per security header set
  // (HTTP or HTTPS; a new set when the content's origins change). Both maps
  // are weak: a page cache replaced by new content takes its lists with it.
  const pageLists = new WeakMap<Map<string, string>, WeakMap<CachedPage, Held>>();
  function heldPage(page: CachedPage, base: Map<string, string>): Held {
    let byPage = pageLists.get(base);
    if (!byPage) pageLists.set(base, (byPage = new WeakMap()));
    let held = byPage.get(page);
    if (!held) {
      const send = pageSendOptions(page, 'html');
      held = {
        body: page.html,
        status: send.status,
        lists: headerLists(base, page.html, send),
        route: page.route,
        notFound: page.status === 404,
        page,
      };
      byPage.set(page, held);
    }
    return held;
  }

  // Refusals (a search past its client's budget): one set of lists per refusal body and security header set.
  const refusalLists = new WeakMap<Map<string, string>, WeakMap<EncodedBody, Held>>();
  function heldRefusal(refusal: RefusalAnswer, base: Map<string, string>): Held {
    let byBody = refusalLists.get(base);
    if (!byBody) refusalLists.set(base, (byBody = new WeakMap()));
    let held = byBody.get(refusal.body);
    if (!held) {
      held = {
        body: refusal.body,
        status: refusal.send.status,
        lists: headerLists(base, refusal.body, refusal.send, true),
        route: REFUSED_ROUTE,
        notFound: false,
      };
      byBody.set(refusal.body, held);
    }
    return held;
  }

  /**
   * Reads the request as Express would (its ip, protocol, path and
   * Accept-Encoding mean the same here), without touching the request: a
   * view whose prototype is Express's request, holding what its getters read
   * (headers, method, URL, socket). Setting the request's own prototype, as
   * Express does to every request it handles, gave it a new shape that
   * Node's HTTP code then met on slow paths: 12–14 µs more per answer on a
   * bare node:http server, a third of what it costs (decision 015).
   */
  const expressView = (req: IncomingMessage): IncomingMessage & Request => {
    const view = Object.create(app.request) as IncomingMessage & Request;
    view.headers = req.headers;
    view.method = req.method!;
    view.url = req.url!;
    view.socket = req.socket;
    return view;
  };

  function lookup(req: IncomingMessage): { held: Held; request: IncomingMessage & Request } | undefined {
    const url = req.url!;
    if (url.startsWith(ASSETS_PREFIX)) {
      const query = url.indexOf('?');
      const pathname = query === -1 ? url : url.slice(0, query);
      const held = pathname.includes('%') ? undefined : assets.get(pathname);
      return held && { held, request: expressView(req) };
    }
    const page = pages().permanentPage(url);
    if (!page) return undefined;
    const request = expressView(req);
    return { held: heldPage(page, pageHeaders(request)), request };
  }

  function answer(
    held: Held,
    request: IncomingMessage & Request,
    res: ServerResponse,
    startedAt = Date.now(),
    retryAfterSeconds?: number,
    id = requestIdOf(request),
  ) {
    const encoding = chooseEncoding(request);
    const notModified = isNotModified(request, held.body, held.status);
    const lists = held.lists[encoding];
    const headers = notModified ? lists.notModified : lists.full;
    headers[headers.length - 1] = id;
    if (retryAfterSeconds !== undefined) headers[headers.length - 3] = String(retryAfterSeconds);
    write(
      request,
      res,
      { status: notModified ? 304 : held.status, headers, body: notModified ? undefined : held.body.bodies[encoding] },
      held,
      startedAt,
      id,
    );
    // A page view, once its answer is on its way.
    if (countPage && held.page) countView(countPage, request, held.page, request.url, 'html');
  }

  /**
   * A search made for this request (the page cache's answerAhead): its body
   * is new, so its one header list is made now, for the encoding it is sent in.
   */
  function answerMade(
    page: CachedPage,
    which: 'html' | 'data',
    request: IncomingMessage & Request,
    res: ServerResponse,
    startedAt: number,
    id: string,
  ) {
    const body = page[which];
    const send = pageSendOptions(page, which);
    const encoding = chooseEncoding(request, body.order);
    const notModified = isNotModified(request, body, send.status);
    const headers = headerList(pageHeaders(request), body, send, encoding, notModified);
    headers[headers.length - 1] = id;
    const route = { route: page.route, notFound: page.status === 404 && which === 'html' };
    write(
      request,
      res,
      { status: notModified ? 304 : send.status, headers, body: notModified ? undefined : body.bodies[encoding] },
      route,
      startedAt,
      id,
    );
    if (countPage) countView(countPage, request, page, request.url, which);
  }

  function write(
    request: IncomingMessage & Request,
    res: ServerResponse,
    answer: { status: number; headers: string[]; body: Buffer | undefined },
    { route, notFound }: { route: string; notFound: boolean },
    startedAt: number,
    id: string,
  ) {
    metrics?.track(request, res, () => route);
    // While leaving the rotation every answer closes its connection (server/http/readiness.ts).
    res.writeHead(answer.status, readiness.leaving ? [...answer.headers, 'Connection', 'close'] : answer.headers);
    res.end(request.method === 'HEAD' ? undefined : answer.body);
    if (notFound) logger.warn({ reqId: id, path: request.path }, PAGE_NOT_FOUND_MESSAGE);
    logCompleted(logger, request, id, res.statusCode, startedAt);
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return app(req, res);
    const startedAt = Date.now();
    let found: ReturnType<typeof lookup>;
    let request: (IncomingMessage & Request) | undefined;
    let id: string | undefined;
    let ahead: Promise<AheadAnswer> | undefined;
    try {
      found = lookup(req);
      // A search the cache does not hold: admitted and made here, so neither a refusal nor a search pays for Express's chain.
      if (!found) {
        const view = (request = expressView(req));
        ahead = pages().answerAhead(view, req, () => logger.child({ reqId: (id = requestIdOf(view)) }));
      }
    } catch {
      // Whatever failed (the content of the moment, say) fails again in
      // Express, which answers it as it answers every error.
      return app(req, res);
    }
    if (found) return answer(found.held, found.request, res, startedAt);
    if (!ahead || !request || id === undefined) return app(req, res);
    const view = request;
    const requestId = id;
    ahead.then(
      (made) => {
        if (made.kind === 'express') return app(req, res);
        if (made.kind === 'page') return answerMade(made.page, made.which, view, res, startedAt, requestId);
        answer(heldRefusal(made.refusal, pageHeaders(view)), view, res, startedAt, made.refusal.retryAfterSeconds, requestId);
      },
      // A render or the budget's store failed (the database, say): Express, which takes no second token for the
      // request, tries again and answers as it answers every error.
      () => app(req, res),
    );
  };
}

/**
 * What the HTTP server runs: the fast lane in front of the app, in production
 * (in development nothing is held, so it would only add a step); with
 * FAST_LANE=off, the app alone.
 */
export function siteListener(
  app: Express & { fastLane: Omit<FastLaneOptions, 'app'> },
  config: { isProduction: boolean; fastLane: boolean },
): RequestListener {
  return config.isProduction && config.fastLane ? createFastLane({ app, ...app.fastLane }) : app;
}
