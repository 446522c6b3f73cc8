/**
 * The counts a process keeps in memory between two writes to the store
 * (./count-batch.ts is what a write carries). Nothing here touches a file or
 * a request: the edge hands in what it read, the store takes `drain()`.
 */
import type { Day } from './day';
import type { DistinctState } from './distinct-count';
import type { Channel, EntrySource } from './entry-source';
import type { BotReason } from './not-counted';

/**
 * The version of the counting method (decision 038: who is a visitor, what is not counted, how an entry
 * is attributed). Recorded with each month's figures in the archive (decision 040): change it when a
 * rule changes what the figures mean, so two months are never compared unawares.
 */
export const ANALYTICS_METHOD_VERSION = '1';

export const LEAD_ACTIONS = ['newsletter', 'contact', 'schedule', 'listen', 'play'] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];

/** One page a person was answered: the path as routed (no query), whether it was the 404 page. */
export interface PageView {
  time: number;
  path: string;
  notFound: boolean;
  /** The visitor key (./visitor-key.ts). */
  key: string;
  /** Where a 404 was linked from: another site's host, or this site's path. */
  referrer?: string;
  /** A search on /podcast?q=: its words as the page read them, and whether it found anything. */
  search?: { query: string; found: boolean };
  /** An episode opened at a transcript moment (its ?t= address). */
  moment?: boolean;
}

/** An entry, flattened: what a visitor-day is attributed to. */
export interface Entry {
  channel: Channel;
  source: string | null;
  campaign: EntrySource['campaign'];
  /** The visitor-day's first page. */
  path: string;
}

/** What one write to the store carries for one day: counts to add, distinct states to merge. */
export interface DayBatch {
  /**
   * Made once when the batch is drained (randomUUID): a write retried after a timeout that did land is
   * the same batch, counted once by either store. Absent in batches written before ids were given.
   */
  id?: string;
  day: Day;
  views: { path: string; notFound: boolean; count: number }[];
  visitors: DistinctState;
  pageVisitors: { path: string; visitors: DistinctState }[];
  /** Visitor-days entered, by their entry; each visitor-day once per process. */
  entries: { entry: Entry; count: number }[];
  leads: { action: LeadAction; path: string; entry: Entry | null; count: number }[];
  bots: Partial<Record<BotReason, number>>;
  notFoundReferrers: { path: string; referrers: string[] }[];
  searches?: { query: string; found: boolean; count: number }[];
  moments?: { path: string; count: number }[];
}
