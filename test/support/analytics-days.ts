/**
 * Days of analytics made the way the server makes them: visits handed to the real Counter (with the
 * entry's source read by entrySource from a Referer and a landing address), drained into batches, and
 * merged by aggregateDay, or appended to a real store and rolled up there.
 */
import { Counter } from '../../server/analytics/counter';
import type { DayBatch, LeadAction } from '../../server/analytics/counts';
import { aggregateDay } from '../../server/analytics/day-aggregate';
import type { DayAggregate } from '../../server/analytics/day-aggregate';
import type { Day } from '../../server/analytics/day';
import { entrySource } from '../../server/analytics/entry-source';
import type { AnalyticsStore } from '../../server/analytics/file-store';
import type { BotReason } from '../../server/analytics/not-counted';

export const SITE = 'https://www.example.com';

export interface Visit {
  /** The visitor key (any string: the counter takes what visitor-key.ts would give). */
  key: string;
  /** The address asked for, with its query (utm_ parameters, ?q=). */
  url: string;
  referer?: string;
  notFound?: boolean;
  search?: { query: string; found: boolean };
  moment?: boolean;
  /** Leads the visitor made on this page, in order. */
  leads?: LeadAction[];
}

/** The batches a process would write for these visits and bots on `day`. */
export function countedBatches(day: Day, visits: Visit[], bots: Partial<Record<BotReason, number>> = {}): DayBatch[] {
  const counter = new Counter();
  let time = Date.parse(`${day}T12:00:00Z`);
  for (const visit of visits) {
    const path = visit.url.split('?')[0]!;
    const referrer = visit.notFound && visit.referer ? new URL(visit.referer).hostname.replace(/^www\./, '') : undefined;
    counter.view(
      {
        time: time++,
        path,
        notFound: visit.notFound ?? false,
        key: visit.key,
        ...(referrer ? { referrer } : {}),
        ...(visit.search ? { search: visit.search } : {}),
        ...(visit.moment ? { moment: true } : {}),
      },
      () => entrySource(visit.referer, visit.url, SITE),
    );
    for (const action of visit.leads ?? []) counter.lead(time++, action, path, visit.key);
  }
  for (const [reason, count] of Object.entries(bots) as [BotReason, number][]) for (let i = 0; i < count; i++) counter.bot(time++, reason);
  return counter.drain();
}

/** A day's figures, as the store keeps them once it is rolled up. */
export function countedDay(day: Day, visits: Visit[], bots: Partial<Record<BotReason, number>> = {}): DayAggregate {
  return aggregateDay(day, countedBatches(day, visits, bots));
}

/** Appends the days' batches to a real store and rolls them up, as the server's maintenance does after midnight. */
export async function storeDays(
  store: AnalyticsStore,
  days: Array<{ day: Day; visits: Visit[]; bots?: Partial<Record<BotReason, number>> }>,
) {
  for (const { day, visits, bots } of days) await store.append(countedBatches(day, visits, bots));
  const last = days
    .map(({ day }) => day)
    .sort()
    .at(-1)!;
  await store.maintain(Date.parse(`${last}T00:00:00Z`) + 2 * 86_400_000);
}
