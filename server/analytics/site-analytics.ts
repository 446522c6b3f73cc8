/**
 * The counting runtime (decision 038): what the request path hands
 * a page view or a lead to, and what turns them into batches in the store.
 *
 * On the request path: the not-counted rules, then the visitor key (one HMAC
 * per address and User-Agent a day: repeats are a map lookup), then the
 * counter in memory. Nothing is awaited and nothing is written there.
 * Off it: every FLUSH_MS the counter is drained into the store; a write that
 * fails (the database down) is kept and tried again before anything newer,
 * so nothing is lost and nothing counted twice (each batch has an id).
 * `stop()` (SIGTERM, after the last request) writes what is left; what the
 * store will not take then is spooled to a file under ANALYTICS_DIR and
 * written at the next start (./spool.ts, decision 039).
 *
 * The day's salt comes from the store (shared by every instance) and is held
 * in memory; tomorrow's is fetched ahead, so midnight costs no request
 * anything. Until a salt is known (the first requests after a start, or a
 * database down since before midnight) views wait in a bounded queue, in
 * memory only, and are keyed once it arrives.
 */
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { Counter } from './counter';
import type { LeadAction } from './counts';
import { utcDay } from './day';
import type { Day } from './day';
import { entrySource, referrerHost } from './entry-source';
import { openAnalyticsStore } from './analytics-store';
import type { AnalyticsStore, AnalyticsStoreConfig } from './analytics-store';
import { writeMonthlyFigures } from './monthly-figures';
import { exclusionOf, header } from './not-counted';
import { readSpools, removeSpool, spoolBatches } from './spool';
import { visitorKey } from './visitor-key';

/** How often the counts in memory are written to the store. */
export const FLUSH_MS = 5_000;
/** How often finished days are rolled up, old salts and figures deleted (and tomorrow's salt made). */
export const MAINTAIN_MS = 60 * 60_000;
/** Views kept while no salt is known; past it they are dropped and the loss logged. */
const MAX_WAITING = 50_000;
/** Keys kept per day; past it the table starts again (a key costs one HMAC to make again). */
const MAX_KEYS = 200_000;
const DAY_MS = 86_400_000;

/** What a counted request is read for: Express's request, or the fast lane's view of one (its `ip` is TRUST_PROXY's). */
export type CountedRequest = Pick<IncomingMessage, 'method' | 'headers'> & { ip?: string | undefined; url?: string };

/** The page a request was answered with, as counted. */
export interface CountedPage {
  /** The page's canonical path, or for a 404 the path asked for. */
  path: string;
  notFound: boolean;
  /** A search on /podcast?q=: its words, and whether it found anything. */
  search?: { query: string; found: boolean };
}

export interface SiteAnalytics {
  readonly store: AnalyticsStore;
  /**
   * A page a person was answered (HTML or its /_data, a 304 included). `landing`
   * is the address of the page shown, with its query: the visitor-day's campaign
   * is read from it, and a transcript moment (?t=) is counted.
   */
  page(req: CountedRequest, page: CountedPage, landing: string): void;
  /** One of the firm's lead actions, on the page `path`. */
  lead(req: CountedRequest, action: LeadAction, path: string): void;
  /** The path of the request's Referer when it is a page of this site: the page a form was on. */
  sitePath(req: CountedRequest): string | undefined;
  /** Fetches the salt, takes what an earlier stop spooled, and starts the timers. */
  start(): void;
  /**
   * Stops the timers and writes what is left (after the last request: server/index.ts), spooled to a file
   * when the store will not take it; then closes the store.
   */
  stop(): Promise<void>;
  /** Writes what is counted so far now (tests, the monthly archive). */
  flush(): Promise<void>;
}

export interface SiteAnalyticsOptions {
  store: AnalyticsStore;
  siteUrl: string;
  logger: Logger;
  /** Run after each hourly maintenance: the monthly archive. */
  afterMaintain?: () => Promise<void>;
  /** Where counts the store would not take on stop() wait for the next start (ANALYTICS_DIR); none: not kept. */
  spoolDir?: string;
  now?: () => number;
}

/**
 * The path of a Referer that is this site's page (by SITE_URL's origin, or by
 * the Host the request was sent to: someone trying the server directly), else
 * undefined. Only the path is ever kept, never its query.
 */
function sitePathOf(req: CountedRequest, siteOrigin: string): string | undefined {
  const referer = header(req.headers, 'referer');
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.origin === siteOrigin || url.host === header(req.headers, 'host') ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** The ?t= of an episode's moment link (shared/paths.ts episodeMoment). */
const isMoment = (landing: string) => /[?&]t=\d/.test(landing);

export function createSiteAnalytics(options: SiteAnalyticsOptions): SiteAnalytics {
  const { store, logger } = options;
  const now = options.now ?? Date.now;
  const siteOrigin = new URL(options.siteUrl).origin;
  const counter = new Counter();
  const salts = new Map<Day, Buffer>();
  const fetching = new Map<Day, Promise<void>>();
  let keys = { day: '' as Day | '', byClient: new Map<string, string>() };
  let waiting: { time: number; count: (key: string) => void; address: string; userAgent: string }[] = [];
  let dropped = 0;
  let unwritten: ReturnType<Counter['drain']> = [];
  let writing: Promise<void> | undefined;
  let storeDown = false;
  // Spool files may be waiting from an earlier stop: looked for at the first write, until all are taken.
  let spooled = options.spoolDir !== undefined;
  const timers: NodeJS.Timeout[] = [];

  function fetchSalt(day: Day): Promise<void> {
    let pending = fetching.get(day);
    if (!pending) {
      pending = store
        .salt(day)
        .then((salt) => {
          salts.set(day, salt);
          replayWaiting();
        })
        .catch((error: unknown) => logger.error({ err: error, day }, 'analytics: the day’s salt could not be read; views wait in memory'))
        .finally(() => fetching.delete(day));
      fetching.set(day, pending);
    }
    return pending;
  }

  function keyOf(time: number, address: string, userAgent: string): string | undefined {
    const day = utcDay(time);
    const salt = salts.get(day);
    if (!salt) return undefined;
    if (keys.day !== day || keys.byClient.size >= MAX_KEYS) keys = { day, byClient: new Map() };
    const client = `${address}\0${userAgent}`;
    let key = keys.byClient.get(client);
    if (key === undefined) keys.byClient.set(client, (key = visitorKey(salt, address, userAgent, siteOrigin)));
    return key;
  }

  function replayWaiting() {
    const still: typeof waiting = [];
    for (const item of waiting) {
      const key = keyOf(item.time, item.address, item.userAgent);
      if (key === undefined) still.push(item);
      else item.count(key);
    }
    waiting = still;
  }

  /** Counts with the visitor's key now, or once the day's salt is known. */
  function withKey(req: CountedRequest, time: number, count: (key: string) => void) {
    const address = req.ip ?? '';
    const userAgent = header(req.headers, 'user-agent');
    const key = keyOf(time, address, userAgent);
    if (key !== undefined) return count(key);
    if (waiting.length >= MAX_WAITING) {
      dropped++;
      return;
    }
    waiting.push({ time, count, address, userAgent });
    void fetchSalt(utcDay(time));
  }

  /** Whether the request is a person's who has not declined; a bot is counted apart. */
  function counted(req: CountedRequest, time: number): boolean {
    const exclusion = exclusionOf(req.method ?? 'GET', req.headers);
    if (!exclusion) return true;
    if (exclusion.kind === 'bot') counter.bot(time, exclusion.reason);
    return false;
  }

  /** What an earlier stop spooled, into the store; each file removed once the store has its batches. */
  async function takeSpools() {
    if (!options.spoolDir) return;
    for (const { file, batches } of await readSpools(options.spoolDir)) {
      if (!batches) {
        logger.error({ file }, 'analytics: a spool file does not read as batches; left as it is');
        continue;
      }
      await store.append(batches);
      await removeSpool(file);
      logger.info({ file, batches: batches.length }, 'analytics: counts spooled at the last stop written to the store');
    }
    spooled = false;
  }

  async function write(): Promise<void> {
    // Views waiting for a salt being read now are counted first, so a write takes all that was asked before it.
    await Promise.all(fetching.values());
    if (spooled) await takeSpools().catch((error: unknown) => failed(error));
    if (unwritten.length === 0) unwritten = counter.drain();
    if (unwritten.length === 0) return;
    try {
      await store.append(unwritten);
      unwritten = [];
      if (storeDown) logger.info('analytics: the store takes counts again; nothing was lost');
      storeDown = false;
    } catch (error) {
      // Kept, with their ids, and written before anything newer: the counter goes on counting meanwhile.
      failed(error);
    }
  }

  function failed(error: unknown): never {
    if (!storeDown) logger.error({ err: error }, 'analytics: counts could not be written; kept in memory and tried again');
    storeDown = true;
    throw error;
  }

  function flush(): Promise<void> {
    if (dropped > 0) {
      logger.warn({ dropped }, 'analytics: views dropped while no salt could be read');
      dropped = 0;
    }
    // One write at a time, in order.
    const next = (writing ?? Promise.resolve()).catch(() => {}).then(write);
    writing = next;
    return next;
  }

  async function maintain() {
    const today = utcDay(now());
    await Promise.all([fetchSalt(today), fetchSalt(utcDay(now() + DAY_MS))]);
    try {
      await store.maintain(now());
      for (const day of salts.keys()) if (day < utcDay(now() - DAY_MS)) salts.delete(day);
      await options.afterMaintain?.();
    } catch (error) {
      logger.error({ err: error }, 'analytics: the store could not be maintained; tried again within the hour');
    }
  }

  return {
    store,

    page(req, page, landing) {
      const time = now();
      if (!counted(req, time)) return;
      const referer = header(req.headers, 'referer');
      // Where a 404 was linked from: this site's page, or another site's host; nothing else is kept.
      const linkedFrom = page.notFound ? (sitePathOf(req, siteOrigin) ?? referrerHost(referer, siteOrigin) ?? undefined) : undefined;
      withKey(req, time, (key) =>
        counter.view(
          {
            time,
            path: page.path,
            notFound: page.notFound,
            key,
            referrer: linkedFrom,
            search: page.search,
            moment: isMoment(landing),
          },
          () => entrySource(referer, landing, siteOrigin),
        ),
      );
    },

    lead(req, action, path) {
      const time = now();
      if (!counted(req, time)) return;
      withKey(req, time, (key) => counter.lead(time, action, path, key));
    },

    sitePath: (req) => sitePathOf(req, siteOrigin),

    start() {
      void maintain();
      const flushTimer = setInterval(() => void flush().catch(() => {}), FLUSH_MS);
      const maintainTimer = setInterval(() => void maintain(), MAINTAIN_MS);
      for (const timer of [flushTimer, maintainTimer]) {
        timer.unref();
        timers.push(timer);
      }
    },

    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      // Views still waiting for a salt: one more try, so a store back since their last try loses none.
      for (const day of new Set(waiting.map((item) => utcDay(item.time)))) await fetchSalt(day);
      try {
        // Twice: a write kept from a failure goes first, alone; what was counted since follows it.
        await flush();
        await flush();
      } catch (error) {
        const left = [...unwritten, ...counter.drain()];
        if (!options.spoolDir || left.length === 0) throw error;
        // The store down as the process leaves: on disk until the next start, with their ids.
        const file = await spoolBatches(options.spoolDir, left);
        logger.warn({ file, batches: left.length }, 'analytics: the store is down; the last counts are spooled for the next start');
        unwritten = [];
      } finally {
        if (waiting.length > 0) logger.warn({ lost: waiting.length }, 'analytics: views never keyed (no salt could be read) are lost');
        await store.close().catch(() => undefined);
      }
    },

    flush,
  };
}

/**
 * The counting runtime the configuration asks for: none with ANALYTICS=off; PostgreSQL with DATABASE_URL,
 * else files (./analytics-store.ts); each month's figures into ARCHIVE_DIR when it is set (./monthly-figures.ts).
 */
export function siteAnalyticsFor(
  config: AnalyticsStoreConfig & { siteUrl: string; archiveDir?: string | undefined },
  logger: Logger,
): SiteAnalytics | undefined {
  if (!config.analytics.enabled) return undefined;
  const store = openAnalyticsStore(config, logger);
  const { archiveDir } = config;
  return createSiteAnalytics({
    store,
    siteUrl: config.siteUrl,
    logger,
    spoolDir: config.analytics.dir,
    afterMaintain: archiveDir ? () => writeMonthlyFigures(store, archiveDir, { logger }).then(() => undefined) : undefined,
  });
}

/**
 * A form's outcome callback (`also`: its metrics) that also counts `action`
 * for the `accepted` outcomes, on the page the form was on: the Referer's, or
 * else the path posted to (the form without JavaScript posts to its own page).
 */
export function withLeads<Outcome extends string>(
  analytics: SiteAnalytics | undefined,
  action: LeadAction,
  accepted: readonly string[],
  also: (outcome: Outcome) => void,
): (outcome: Outcome, req: CountedRequest & { path: string }) => void {
  return (outcome, req) => {
    also(outcome);
    if (analytics && accepted.includes(outcome)) analytics.lead(req, action, analytics.sitePath(req) ?? req.path);
  };
}
