/**
 * What a store of counts does, whichever it is (./analytics-store.ts chooses):
 * files under ANALYTICS_DIR or PostgreSQL. Apart from both so neither imports the other.
 */
import type { DayBatch } from './counts';
import type { DayAggregate } from './day-aggregate';
import { utcDay } from './day';
import type { Day } from './day';

export interface AnalyticsStore {
  /** Where it is, for log lines and the operator: a folder, or host:port/database (never a password). */
  readonly where: string;
  /** The day's salt, the same for every process sharing the store. */
  salt(day: Day): Promise<Buffer>;
  /** Adds the batches; a batch whose id the store already has is counted once. */
  append(batches: DayBatch[]): Promise<void>;
  /** Rolls up the days that are over, deletes expired salts and aggregates past retention. */
  maintain(now?: number): Promise<void>;
  /** The figures of each day from `from` to `to` that has any, today's merged from its batches as they stand. */
  days(from: Day, to: Day): Promise<DayAggregate[]>;
  /** Lets go of what it holds open (the database's connections). */
  close(): Promise<void>;
}

/**
 * The batches to merge, each id once: a write that timed out after it landed
 * is tried again with the same batch, so the store may hold it twice.
 */
export function uniqueBatches(batches: DayBatch[]): DayBatch[] {
  const seen = new Set<string>();
  return batches.filter((batch) => {
    if (batch.id === undefined) return true;
    if (seen.has(batch.id)) return false;
    seen.add(batch.id);
    return true;
  });
}

const DAY_MS = 86_400_000;
/** Late batches from requests that began before midnight: a day is rolled up this long after it ends. */
export const ROLL_UP_GRACE_MS = 10 * 60_000;
/** A salt is deleted this long after its day began: the day's keys can then be made by no one. */
const SALT_LIFE_MS = 2 * DAY_MS;

const startOf = (day: Day) => Date.parse(`${day}T00:00:00Z`);

/** Whether `day` is over (with the grace) at `now`: its batches can be rolled up. */
export const rollUpDue = (day: Day, now: number) => startOf(day) + DAY_MS + ROLL_UP_GRACE_MS <= now;

/** Whether the salt of `day` is past its life at `now`. */
export const saltExpired = (day: Day, now: number) => startOf(day) + SALT_LIFE_MS <= now;

/** The first day still kept at `now` under ANALYTICS_RETENTION_MONTHS: older figures are deleted. */
export function oldestKept(now: number, retentionMonths: number): Day {
  const oldest = new Date(now);
  oldest.setUTCMonth(oldest.getUTCMonth() - retentionMonths);
  return utcDay(oldest.getTime());
}
