/**
 * A day's figures, as kept for ANALYTICS_RETENTION_MONTHS: the batches of
 * every process merged (counts added, distinct visitors unioned), and no
 * visitor key left in them.
 */
import type { DayBatch, Entry, LeadAction } from './counts';
import type { Day } from './day';
import { DistinctCount } from './distinct-count';
import type { BotReason } from './not-counted';

export interface DayAggregate {
  day: Day;
  visitors: number;
  pageviews: number;
  pages: { path: string; notFound: boolean; pageviews: number; visitors: number }[];
  entries: { entry: Entry; count: number }[];
  leads: { action: LeadAction; path: string; entry: Entry | null; count: number }[];
  bots: Partial<Record<BotReason, number>>;
  notFoundReferrers: { path: string; referrers: string[] }[];
  /** Searches on /podcast?q= by their words (bounded a day), and whether they found anything. Absent in days counted before. */
  searches?: { query: string; found: boolean; count: number }[];
  /** Transcript moments opened (an episode's ?t= address), by the episode's path. Absent in days counted before. */
  moments?: { path: string; count: number }[];
}

const MAX_REFERRERS = 20;
const PAGE_EXACT_LIMIT = 10_000;
const PAGE_PRECISION = 14;

function add<T extends { count: number }>(into: Map<string, T>, key: string, item: T) {
  const found = into.get(key);
  if (found) found.count += item.count;
  else into.set(key, { ...item });
}

/** Merges a day's batches, on top of what an earlier roll-up of the same day already counted. */
export function aggregateDay(day: Day, batches: DayBatch[], earlier?: DayAggregate): DayAggregate {
  const visitors = new DistinctCount();
  const pageVisitors = new Map<string, DistinctCount>();
  const views = new Map<string, { path: string; notFound: boolean; count: number }>();
  const entries = new Map<string, { entry: Entry; count: number }>();
  const leads = new Map<string, { action: LeadAction; path: string; entry: Entry | null; count: number }>();
  const bots: Partial<Record<BotReason, number>> = { ...earlier?.bots };
  const referrers = new Map<string, Set<string>>();
  const searches = new Map<string, { query: string; found: boolean; count: number }>();
  const moments = new Map<string, { path: string; count: number }>();
  for (const item of earlier?.searches ?? []) add(searches, JSON.stringify([item.query, item.found]), item);
  for (const item of earlier?.moments ?? []) add(moments, item.path, item);
  for (const page of earlier?.pages ?? []) add(views, `${page.notFound ? 1 : 0}${page.path}`, { ...page, count: page.pageviews });
  for (const item of earlier?.entries ?? []) add(entries, JSON.stringify(item.entry), item);
  for (const item of earlier?.leads ?? []) add(leads, JSON.stringify([item.action, item.path, item.entry]), item);
  for (const item of earlier?.notFoundReferrers ?? []) referrers.set(item.path, new Set(item.referrers));
  for (const batch of batches) {
    visitors.merge(batch.visitors);
    for (const { path, visitors: state } of batch.pageVisitors) {
      let count = pageVisitors.get(path);
      if (!count) pageVisitors.set(path, (count = new DistinctCount(PAGE_EXACT_LIMIT, PAGE_PRECISION)));
      count.merge(state);
    }
    for (const view of batch.views) add(views, `${view.notFound ? 1 : 0}${view.path}`, view);
    for (const item of batch.entries) add(entries, JSON.stringify(item.entry), item);
    for (const item of batch.leads) add(leads, JSON.stringify([item.action, item.path, item.entry]), item);
    for (const [reason, count] of Object.entries(batch.bots) as [BotReason, number][]) bots[reason] = (bots[reason] ?? 0) + count;
    for (const item of batch.searches ?? []) add(searches, JSON.stringify([item.query, item.found]), item);
    for (const item of batch.moments ?? []) add(moments, item.path, item);
    for (const item of batch.notFoundReferrers) {
      const set = referrers.get(item.path) ?? new Set<string>();
      for (const referrer of item.referrers) if (set.size < MAX_REFERRERS) set.add(referrer);
      referrers.set(item.path, set);
    }
  }
  const earlierPage = new Map((earlier?.pages ?? []).map((page) => [`${page.notFound ? 1 : 0}${page.path}`, page.visitors]));
  const pages = [...views].map(([key, view]) => ({
    path: view.path,
    notFound: view.notFound,
    pageviews: view.count,
    // 404s are reported by their count and referrers only.
    visitors: (earlierPage.get(key) ?? 0) + (view.notFound ? 0 : (pageVisitors.get(view.path)?.count() ?? 0)),
  }));
  return {
    day,
    // A batch after an earlier roll-up can only be added: its keys cannot be checked against ones deleted.
    visitors: (earlier?.visitors ?? 0) + visitors.count(),
    pageviews: pages.reduce((sum, page) => sum + page.pageviews, 0),
    pages,
    entries: [...entries.values()],
    leads: [...leads.values()],
    bots,
    notFoundReferrers: [...referrers].map(([path, set]) => ({ path, referrers: [...set] })),
    searches: [...searches.values()],
    moments: [...moments.values()],
  };
}
