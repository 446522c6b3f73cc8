/**
 * Prometheus metrics (prom-client), served on a port of their own
 * (METRICS_PORT, see server/index.ts) so the public port never shows them.
 *
 * - http_requests_total, http_request_duration_seconds: by method, route
 *   PATTERN and status code. Labels are never raw paths, so what visitors
 *   type cannot grow the series without bound.
 * - page_cache_lookups_total{result=hit|miss}: server/pages/page-cache.ts.
 * - newsletter_signups_total{outcome}: every sign-up attempt's outcome code.
 * - newsletter_outbox_entries{state=pending|failed}: what has still to reach
 *   the provider, read from the ledger when scraped.
 * - contact_messages_total{outcome}: every contact form post's outcome
 *   (received, invalid, rate-limited, unavailable, honeypot).
 * - contact_outbox_entries{state=pending|failed}: messages not yet accepted
 *   by the SMTP server.
 * - content_fetches_total{outcome}, content_served_info{commit},
 *   content_seconds_since_fetch: the followed content branch (CONTENT_REPO,
 *   server/content-sync/): what each fetch found, the commit served, and how
 *   long since a fetch last succeeded.
 * - prom-client's default process and Node.js metrics (CPU, memory, event
 *   loop lag, GC, handles).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Counter, Gauge, Registry } from 'prom-client';
import { PAGE_DATA_PREFIX } from '../../shared/paths';

export const METRICS_PATH = '/metrics';

export type OutboxBacklog = { pending: number; failed: number };

export interface Metrics {
  registry: Registry;
  /** Times and counts every request; mount it first. */
  httpMiddleware: RequestHandler;
  /**
   * Times and counts one request under `route()`, read when its answer is
   * done: what httpMiddleware does, for the fast lane (server/http/fast-lane.ts).
   */
  track(req: IncomingMessage, res: ServerResponse, route: () => string): void;
  pageCacheLookups: Counter<'result'>;
  /** Pages made for one request (a search nobody made yet, a page never kept). */
  pagesRenderedPerRequest: Counter;
  /** Requests refused before anything was made for them, by reason: client-budget (429) or queue-full (503). */
  pagesRefused: Counter<'reason'>;
  /** The render queue now: running and waiting. */
  renderQueue: Gauge<'state'>;
  /** Sets renderQueue (server/pages/render-admission.ts's onQueue). */
  setRenderQueue(running: number, waiting: number): void;
  newsletterSignups: Counter<'outcome'>;
  /** Where newsletter_outbox_entries reads the backlog from when scraped. */
  setOutboxBacklogSource(source: () => Promise<OutboxBacklog>): void;
  contactMessages: Counter<'outcome'>;
  /** Where contact_outbox_entries reads the backlog from when scraped. */
  setContactBacklogSource(source: () => Promise<OutboxBacklog>): void;
  /** Each fetch of the followed branch by what it found: served, unchanged, fetch-failed, check-failed. */
  contentFetches: Counter<'outcome'>;
  /** Where content_served_info and content_seconds_since_fetch read the follower's state when scraped. */
  setContentSource(source: () => FollowedContent): void;
}

/** What the metrics show of the followed branch. */
export interface FollowedContent {
  servedCommit?: string;
  /** ISO time of the last fetch that succeeded. */
  lastFetchAt?: string;
}

/** An answer whose connection closed before it was complete (nginx's code for it). */
const CLOSED_EARLY = '499';

/**
 * A bounded name for what answered: the page's route pattern (set by the page
 * cache), else the Express route's path, else the kind of answer.
 */
export function routeLabel(req: Request, res: Response): string {
  const page: unknown = res.locals.routePattern;
  if (typeof page === 'string') {
    const isData = req.originalUrl === PAGE_DATA_PREFIX || req.originalUrl.startsWith(`${PAGE_DATA_PREFIX}/`);
    return isData && page.startsWith('/') ? `${PAGE_DATA_PREFIX}${page}` : page;
  }
  const routePath: unknown = req.route?.path;
  if (typeof routePath === 'string') return routePath;
  if (Array.isArray(routePath) && typeof routePath[0] === 'string') return routePath[0];
  if (res.statusCode === 404) return 'not-found';
  if (res.statusCode < 400 && (req.method === 'GET' || req.method === 'HEAD')) return 'static';
  return 'other';
}

/**
 * prom-client is loaded here, only when metrics are asked for: loading it
 * costs about 12 MB of memory that an instance without METRICS_PORT keeps.
 */
export async function createMetrics(): Promise<Metrics> {
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being sent, by method, route pattern and status code.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCacheLookups = new Counter({
    name: 'page_cache_lookups_total',
    help: 'Page cache lookups: hit (served from memory) or miss (rendered).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const pagesRenderedPerRequest = new Counter({
    name: 'pages_rendered_per_request_total',
    help: 'Pages made for one request: a search not in memory, its page data, a page never kept.',
    registers: [registry],
  });
  const pagesRefused = new Counter({
    name: 'pages_refused_total',
    help: 'Requests for a page the site would have had to make, refused: client-budget (429, RENDER_RATE_LIMIT) or queue-full (503, RENDER_QUEUE).',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const renderQueue = new Gauge({
    name: 'render_queue_requests',
    help: 'Pages being made per request now (running) and waiting for a turn (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const setRenderQueue = (running: number, waiting: number) => {
    renderQueue.set({ state: 'running' }, running);
    renderQueue.set({ state: 'waiting' }, waiting);
  };
  const newsletterSignups = new Counter({
    name: 'newsletter_signups_total',
    help: 'Newsletter sign-up attempts by outcome code (subscribed, pending, invalid, rate-limited, ...).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  /**
   * A gauge of one queue's backlog, read from its store when scraped (the
   * file's from memory; the database's with one query, which a scrape
   * without it reports as nothing rather than failing); returns where to set
   * the source.
   */
  const backlogGauge = (name: string, help: string) => {
    let source: (() => Promise<OutboxBacklog>) | undefined;
    new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const backlog = await source?.().catch(() => undefined);
        if (!backlog) return;
        this.set({ state: 'pending' }, backlog.pending);
        this.set({ state: 'failed' }, backlog.failed);
      },
    });
    return (next: () => Promise<OutboxBacklog>) => {
      source = next;
    };
  };
  const setOutboxBacklogSource = backlogGauge(
    'newsletter_outbox_entries',
    'Sign-ups not yet confirmed by the email provider: pending (being retried) or failed (gave up; see `subscribers retry`).',
  );
  const contactMessages = new Counter({
    name: 'contact_messages_total',
    help: 'Contact form posts by outcome (received, invalid, rate-limited, unavailable, honeypot).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const setContactBacklogSource = backlogGauge(
    'contact_outbox_entries',
    'Contact messages not yet accepted by the SMTP server: pending (being retried) or failed (refused or gave up; see `messages list`).',
  );

  const contentFetches = new Counter({
    name: 'content_fetches_total',
    help: 'Fetches of the followed content branch by outcome: served (a new head went live), unchanged, fetch-failed, check-failed (the head is not served).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let contentSource: (() => FollowedContent) | undefined;
  new Gauge({
    name: 'content_served_info',
    help: 'The commit of the content branch served now (value 1).',
    labelNames: ['commit'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const commit = contentSource?.().servedCommit;
      if (commit) this.set({ commit }, 1);
    },
  });
  new Gauge({
    name: 'content_seconds_since_fetch',
    help: 'Seconds since a fetch of the content branch last succeeded; absent before the first.',
    registers: [registry],
    collect() {
      this.reset();
      const at = contentSource?.().lastFetchAt;
      if (at) this.set((Date.now() - Date.parse(at)) / 1000);
    },
  });

  const track = (req: IncomingMessage, res: ServerResponse, route: () => string) => {
    const stopTimer = duration.startTimer();
    res.once('close', () => {
      const labels = {
        method: req.method!,
        route: route(),
        status_code: res.writableFinished ? String(res.statusCode) : CLOSED_EARLY,
      };
      requests.inc(labels);
      stopTimer(labels);
    });
  };

  const httpMiddleware: RequestHandler = (req, res, next) => {
    track(req, res, () => routeLabel(req, res));
    next();
  };

  return {
    registry,
    httpMiddleware,
    track,
    pageCacheLookups,
    pagesRenderedPerRequest,
    pagesRefused,
    renderQueue,
    setRenderQueue,
    newsletterSignups,
    setOutboxBacklogSource,
    contactMessages,
    setContactBacklogSource,
    contentFetches,
    setContentSource: (source: () => FollowedContent) => {
      contentSource = source;
    },
  };
}

/** The metrics listener: GET /metrics and nothing else. */
export function metricsListener(registry: Registry): RequestListener {
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    res.setHeader('Cache-Control', 'no-store');
    if (path !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not Found: metrics are at ${METRICS_PATH}.\n`);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed: use GET.\n');
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType }).end(body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Metrics could not be collected: ${String(error)}\n`);
    }
  };
}
