/**
 * The counts in memory: page views, visitors, entries, leads and bots,
 * drained in batches for the store (nothing is written per request).
 *
 * - A visitor-day's entry is its first page in this process: its source,
 *   channel and campaign (computed only then, so a later page costs no
 *   parsing) and its path. Leads are attributed to it.
 * - Which visitor-days were seen is remembered exactly up to EXACT_LIMIT;
 *   beyond, the day's visitors go on in the sketch and a page counts as an
 *   entry only when it came from another site or a campaign (a direct visitor
 *   past the limit is not entered twice, a tagged return is).
 * - A 404's path is chosen by whoever asks: past MAX_NOT_FOUND_PATHS distinct
 *   ones a day, the rest are counted together, so no one can grow the store
 *   by asking for made-up addresses.
 */
import { randomUUID } from 'node:crypto';
import { utcDay } from './day';
import type { Day } from './day';
import { DistinctCount, EXACT_LIMIT } from './distinct-count';
import type { DayBatch, Entry, LeadAction, PageView } from './counts';
import type { EntrySource } from './entry-source';
import type { BotReason } from './not-counted';

export const MAX_NOT_FOUND_PATHS = 1000;
export const OTHER_NOT_FOUND = '(other)';
/** Searches are typed by visitors too: past this many distinct ones a day, the rest are counted together. */
export const MAX_SEARCHES = 1000;
export const OTHER_SEARCH = '(other)';
const MAX_QUERY_LENGTH = 100;
const MAX_REFERRERS_PER_PATH = 20;
const MAX_PATH_LENGTH = 512;
// A page's visitors within one batch: exact for any real page, bounded for a flood.
const PAGE_EXACT_LIMIT = 10_000;
const PAGE_PRECISION = 14;

interface Pending {
  views: Map<string, { path: string; notFound: boolean; count: number }>;
  visitors: DistinctCount;
  pageVisitors: Map<string, DistinctCount>;
  entries: Map<string, { entry: Entry; count: number }>;
  leads: Map<string, { action: LeadAction; path: string; entry: Entry | null; count: number }>;
  bots: Partial<Record<BotReason, number>>;
  notFoundReferrers: Map<string, Set<string>>;
  searches: Map<string, { query: string; found: boolean; count: number }>;
  moments: Map<string, number>;
}

interface Today {
  day: Day;
  visitors: DistinctCount;
  entryOf: Map<string, Entry>;
  notFoundPaths: Set<string>;
  queries: Set<string>;
  leadPaths: Set<string>;
}

const newToday = (day: Day): Today => ({
  day,
  visitors: new DistinctCount(),
  entryOf: new Map(),
  notFoundPaths: new Set(),
  queries: new Set(),
  leadPaths: new Set(),
});

function emptyPending(): Pending {
  return {
    views: new Map(),
    visitors: new DistinctCount(),
    pageVisitors: new Map(),
    entries: new Map(),
    leads: new Map(),
    bots: {},
    notFoundReferrers: new Map(),
    searches: new Map(),
    moments: new Map(),
  };
}

export class Counter {
  private today: Today | undefined;
  private pending = new Map<Day, Pending>();

  /** Counts a page a person was answered; `entryOf` is asked only for a visitor-day's first page. */
  view(view: PageView, entryOf: () => EntrySource): void {
    const day = utcDay(view.time);
    const today = this.todayFor(day);
    const pending = this.pendingFor(day);
    const path = this.countedPath(today, view);
    const viewKey = `${view.notFound ? '1' : '0'}${path}`;
    const views = pending.views.get(viewKey) ?? { path, notFound: view.notFound, count: 0 };
    views.count++;
    pending.views.set(viewKey, views);
    pending.visitors.add(view.key);
    let pageVisitors = pending.pageVisitors.get(path);
    if (!pageVisitors) pending.pageVisitors.set(path, (pageVisitors = new DistinctCount(PAGE_EXACT_LIMIT, PAGE_PRECISION)));
    pageVisitors.add(view.key);
    if (view.notFound && view.referrer) this.noteReferrer(pending, path, view.referrer);
    if (view.search) this.noteSearch(today, pending, view.search);
    if (view.moment && !view.notFound) pending.moments.set(path, (pending.moments.get(path) ?? 0) + 1);
    this.enter(today, pending, view.key, path, entryOf);
  }

  /** Counts a lead action by the page it happened on and the visitor-day's entry (null: not seen today here). */
  lead(time: number, action: LeadAction, path: string, key: string): void {
    const day = utcDay(time);
    const today = this.todayFor(day);
    const entry = today.entryOf.get(key) ?? null;
    let counted = path.slice(0, MAX_PATH_LENGTH);
    // The page a lead names comes from the request (its Referer): bounded like the 404s' paths.
    if (!today.leadPaths.has(counted)) {
      if (today.leadPaths.size >= MAX_NOT_FOUND_PATHS) counted = OTHER_NOT_FOUND;
      else today.leadPaths.add(counted);
    }
    const leadKey = JSON.stringify([action, counted, entry]);
    const pending = this.pendingFor(day);
    const lead = pending.leads.get(leadKey) ?? { action, path: counted, entry, count: 0 };
    lead.count++;
    pending.leads.set(leadKey, lead);
  }

  bot(time: number, reason: BotReason): void {
    const pending = this.pendingFor(utcDay(time));
    pending.bots[reason] = (pending.bots[reason] ?? 0) + 1;
  }

  /** The day's distinct visitors seen by this process so far. */
  visitorsToday(): number {
    return this.today?.visitors.count() ?? 0;
  }

  /** What to write since the last drain, one batch per day, and nothing pending after. */
  drain(): DayBatch[] {
    const batches = [...this.pending].map(([day, pending]) => toBatch(day, pending));
    this.pending = new Map();
    return batches;
  }

  private todayFor(day: Day): Today {
    // A request from the previous day finishing after midnight still counts on its own day, without resetting today.
    if (!this.today || day > this.today.day) this.today = newToday(day);
    return this.today.day === day ? this.today : newToday(day);
  }

  private pendingFor(day: Day): Pending {
    let pending = this.pending.get(day);
    if (!pending) this.pending.set(day, (pending = emptyPending()));
    return pending;
  }

  private countedPath(today: Today, view: PageView): string {
    const path = view.path.slice(0, MAX_PATH_LENGTH);
    if (!view.notFound || today.notFoundPaths.has(path)) return path;
    if (today.notFoundPaths.size >= MAX_NOT_FOUND_PATHS) return OTHER_NOT_FOUND;
    today.notFoundPaths.add(path);
    return path;
  }

  private noteReferrer(pending: Pending, path: string, referrer: string) {
    let referrers = pending.notFoundReferrers.get(path);
    if (!referrers) pending.notFoundReferrers.set(path, (referrers = new Set()));
    if (referrers.size < MAX_REFERRERS_PER_PATH) referrers.add(referrer.slice(0, MAX_PATH_LENGTH));
  }

  private noteSearch(today: Today, pending: Pending, search: { query: string; found: boolean }) {
    let query = search.query.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH);
    if (!today.queries.has(query)) {
      if (today.queries.size >= MAX_SEARCHES) query = OTHER_SEARCH;
      else today.queries.add(query);
    }
    const searchKey = `${search.found ? '1' : '0'}${query}`;
    const searches = pending.searches.get(searchKey) ?? { query, found: search.found, count: 0 };
    searches.count++;
    pending.searches.set(searchKey, searches);
  }

  private enter(today: Today, pending: Pending, key: string, path: string, entryOf: () => EntrySource) {
    const seen = today.entryOf.has(key) || today.visitors.has(key);
    today.visitors.add(key);
    if (seen === true) return;
    const source = entryOf();
    // Past the exact limit a returning direct visitor cannot be told from a new one: only a visible arrival enters.
    if (seen === undefined && source.channel === 'direct') return;
    const entry: Entry = { channel: source.channel, source: source.source, campaign: source.campaign, path };
    if (today.entryOf.size < EXACT_LIMIT) today.entryOf.set(key, entry);
    const entryKey = JSON.stringify(entry);
    const entries = pending.entries.get(entryKey) ?? { entry, count: 0 };
    entries.count++;
    pending.entries.set(entryKey, entries);
  }
}

function toBatch(day: Day, pending: Pending): DayBatch {
  return {
    id: randomUUID(),
    day,
    views: [...pending.views.values()],
    visitors: pending.visitors.state(),
    pageVisitors: [...pending.pageVisitors].map(([path, visitors]) => ({ path, visitors: visitors.state() })),
    entries: [...pending.entries.values()],
    leads: [...pending.leads.values()],
    bots: pending.bots,
    notFoundReferrers: [...pending.notFoundReferrers].map(([path, referrers]) => ({ path, referrers: [...referrers] })),
    searches: [...pending.searches.values()],
    moments: [...pending.moments].map(([path, count]) => ({ path, count })),
  };
}
