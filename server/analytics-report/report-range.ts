/**
 * The range a request asks for: `range=7d|30d|12m` ending today (UTC), or `from` and `to` (YYYY-MM-DD,
 * both included), the last 30 days when it names neither. A bad one is a sentence to show with a 400.
 */
import { isDay, utcDay } from '../analytics/day';
import type { Day } from '../analytics/day';
import { refusals } from './report-words';

export const RANGES = ['7d', '30d', '12m'] as const;
export type RangeName = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangeName = '30d';

export interface Range {
  from: Day;
  to: Day;
  /** The named range it is, if any (the page marks its link as current). */
  name?: RangeName;
}

const DAY_MS = 86_400_000;

export function namedRange(name: RangeName, now: number): Range {
  const to = utcDay(now);
  if (name === '12m') {
    const start = new Date(`${to}T00:00:00Z`);
    start.setUTCFullYear(start.getUTCFullYear() - 1);
    return { from: utcDay(start.getTime() + DAY_MS), to, name };
  }
  return { from: utcDay(now - (name === '7d' ? 6 : 29) * DAY_MS), to, name };
}

/** A query value as one string (`?from=a&from=b` is not a date either). */
const text = (value: unknown): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

export function rangeOf(query: Record<string, unknown>, now: number): Range | { error: string } {
  const [range, from, to] = [text(query.range), text(query.from), text(query.to)];
  if (from === undefined && to === undefined) {
    if (range === undefined) return namedRange(DEFAULT_RANGE, now);
    return (RANGES as readonly string[]).includes(range) ? namedRange(range as RangeName, now) : { error: refusals.unknownRange(range) };
  }
  if (!from || !to) return { error: refusals.onlyOne };
  if (!isDay(from)) return { error: refusals.notADay('From', from) };
  if (!isDay(to)) return { error: refusals.notADay('To', to) };
  if (from > to) return { error: refusals.reversed(from, to) };
  const named = RANGES.find((name) => {
    const candidate = namedRange(name, now);
    return candidate.from === from && candidate.to === to;
  });
  return { from, to, ...(named ? { name: named } : {}) };
}

/** The query string of a range, as the page's links and downloads carry it. */
export const rangeQuery = (range: Range) => `from=${range.from}&to=${range.to}`;
