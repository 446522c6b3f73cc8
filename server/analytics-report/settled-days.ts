/**
 * The report's days, with the settled ones kept in memory (decision 041): a day over for more than
 * SETTLED_AFTER_MS has been rolled up and no longer changes, so 25 months of them are read and parsed
 * once, not on every view. Today and yesterday's last hour are always asked of the store.
 *
 * Which days are known is kept as intervals (a range of 2000-01-01 to 2099-12-31 is one interval, not
 * 36,000 days). The cache is bounded (MAX_DAYS aggregates, more than 25 months of retention keeps) and
 * forgets everything after TTL_MS, so a batch written late for a settled day (a write retried after an
 * outage) shows within that time, and a day deleted by retention leaves memory too.
 */
import type { DayAggregate } from '../analytics/day-aggregate';
import { utcDay } from '../analytics/day';
import type { Day } from '../analytics/day';
import type { AnalyticsStore } from '../analytics/file-store';

const DAY_MS = 86_400_000;
export const SETTLED_AFTER_MS = 60 * 60_000;
export const TTL_MS = 6 * 60 * 60_000;
export const MAX_DAYS = 1_000;

const shift = (day: Day, days: number): Day => utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

export interface SettledDays {
  days(from: Day, to: Day): Promise<DayAggregate[]>;
}

export function settledDays(store: Pick<AnalyticsStore, 'days'>, now: () => number = Date.now): SettledDays {
  let kept = new Map<Day, DayAggregate>();
  /** Sorted, disjoint [from, to] intervals of settled days whose aggregates (or their absence) are kept. */
  let known: [Day, Day][] = [];
  let since = now();

  function missing(from: Day, to: Day): [Day, Day][] {
    const gaps: [Day, Day][] = [];
    let next = from;
    for (const [start, end] of known) {
      if (end < next) continue;
      if (start > to) break;
      if (start > next) gaps.push([next, shift(start, -1)]);
      if (end >= to) return gaps;
      next = shift(end, 1);
    }
    gaps.push([next, to]);
    return gaps;
  }

  function remember(from: Day, to: Day) {
    const all = [...known, [from, to] as [Day, Day]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    known = [];
    for (const interval of all) {
      const last = known[known.length - 1];
      if (last && interval[0] <= shift(last[1], 1)) {
        if (interval[1] > last[1]) last[1] = interval[1];
      } else known.push([...interval]);
    }
  }

  return {
    async days(from, to) {
      const time = now();
      if (time - since > TTL_MS) [kept, known, since] = [new Map(), [], time];
      // The last settled day: it ended SETTLED_AFTER_MS ago or more.
      const lastSettled = utcDay(time - SETTLED_AFTER_MS - DAY_MS);
      const settledTo = to < lastSettled ? to : lastSettled;
      const settled = new Map<Day, DayAggregate>();
      if (from <= settledTo) {
        for (const [day, aggregate] of kept) if (day >= from && day <= settledTo) settled.set(day, aggregate);
        for (const [start, end] of missing(from, settledTo)) {
          const found = await store.days(start, end);
          for (const day of found) settled.set(day.day, day);
          // Past the bound nothing more is kept: this view reads the rest from the store, as the next one will.
          if (kept.size + found.length > MAX_DAYS) continue;
          for (const day of found) kept.set(day.day, day);
          remember(start, end);
        }
      }
      const liveFrom = settledTo >= from ? shift(settledTo, 1) : from;
      const live = liveFrom <= to ? await store.days(liveFrom, to) : [];
      return [...settled.values(), ...live].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    },
  };
}
