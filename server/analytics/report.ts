/**
 * The report for programs: one JSON object for a range of days, from the
 * store's daily figures. Visitors are summed over days: a person seen on two
 * days is two visitors, as days cannot be linked (the salt changes).
 * Channels, sources and campaigns count visitor-days by their entry; a lead
 * by a visitor not seen that day is attributed to direct.
 */
import type { Entry, LeadAction } from './counts';
import { LEAD_ACTIONS } from './counts';
import type { DayAggregate } from './day-aggregate';
import type { Day } from './day';
import type { Channel } from './entry-source';
import type { AnalyticsStore } from './file-store';
import type { BotReason } from './not-counted';

export interface AnalyticsReport {
  from: Day;
  to: Day;
  visitors: number;
  pageviews: number;
  pages: { path: string; visitors: number; pageviews: number }[];
  channels: { channel: Channel; visitors: number }[];
  sources: { source: string; channel: Channel; visitors: number }[];
  campaigns: { source: string | null; medium: string | null; campaign: string | null; visitors: number }[];
  leads: {
    action: LeadAction;
    count: number;
    bySource: { channel: Channel; source: string | null; campaign: string | null; count: number }[];
    byPage: { path: string; count: number }[];
  }[];
  notFound: { path: string; count: number; referrers: string[] }[];
  bots: { total: number; byReason: Partial<Record<BotReason, number>> };
}

/** Sums `value` by `keyOf`, most first, then by key so the same figures always print in the same order. */
function tally<T, R>(items: T[], keyOf: (item: T) => unknown, value: (item: T) => number, row: (item: T, total: number) => R): R[] {
  const sums = new Map<string, { item: T; total: number }>();
  for (const item of items) {
    const key = JSON.stringify(keyOf(item));
    const found = sums.get(key);
    if (found) found.total += value(item);
    else sums.set(key, { item, total: value(item) });
  }
  return [...sums]
    .sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : a > b ? 1 : 0))
    .map(([, { item, total }]) => row(item, total));
}

const DIRECT: Entry = { channel: 'direct', source: null, campaign: null, path: '' };

export function reportOf(from: Day, to: Day, days: DayAggregate[]): AnalyticsReport {
  const pages = days.flatMap((day) => day.pages);
  const entries = days.flatMap((day) => day.entries);
  const leads = days.flatMap((day) => day.leads).map((lead) => ({ ...lead, entry: lead.entry ?? DIRECT }));
  const byReason: Partial<Record<BotReason, number>> = {};
  for (const day of days)
    for (const [reason, count] of Object.entries(day.bots) as [BotReason, number][]) byReason[reason] = (byReason[reason] ?? 0) + count;
  const referrers = new Map<string, Set<string>>();
  for (const item of days.flatMap((day) => day.notFoundReferrers)) {
    const set = referrers.get(item.path) ?? new Set<string>();
    for (const referrer of item.referrers) set.add(referrer);
    referrers.set(item.path, set);
  }
  return {
    from,
    to,
    visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    pageviews: days.reduce((sum, day) => sum + day.pageviews, 0),
    pages: tally(
      pages.filter((page) => !page.notFound),
      (page) => page.path,
      (page) => page.pageviews,
      (page, pageviews) => ({
        path: page.path,
        visitors: pages.filter((other) => !other.notFound && other.path === page.path).reduce((sum, other) => sum + other.visitors, 0),
        pageviews,
      }),
    ),
    channels: tally(
      entries,
      (item) => item.entry.channel,
      (item) => item.count,
      (item, visitors) => ({ channel: item.entry.channel, visitors }),
    ),
    sources: tally(
      entries.filter((item) => item.entry.source !== null),
      (item) => [item.entry.source, item.entry.channel],
      (item) => item.count,
      (item, visitors) => ({ source: item.entry.source!, channel: item.entry.channel, visitors }),
    ),
    campaigns: tally(
      entries.filter((item) => item.entry.campaign !== null),
      (item) => [item.entry.campaign!.source, item.entry.campaign!.medium, item.entry.campaign!.campaign],
      (item) => item.count,
      (item, visitors) => ({
        source: item.entry.campaign!.source,
        medium: item.entry.campaign!.medium,
        campaign: item.entry.campaign!.campaign,
        visitors,
      }),
    ),
    leads: LEAD_ACTIONS.map((action) => leads.filter((lead) => lead.action === action))
      .filter((actionLeads) => actionLeads.length > 0)
      .map((actionLeads) => ({
        action: actionLeads[0]!.action,
        count: actionLeads.reduce((sum, lead) => sum + lead.count, 0),
        bySource: tally(
          actionLeads,
          (lead) => [lead.entry.channel, lead.entry.source, lead.entry.campaign?.campaign ?? null],
          (lead) => lead.count,
          (lead, count) => ({
            channel: lead.entry.channel,
            source: lead.entry.source,
            campaign: lead.entry.campaign?.campaign ?? null,
            count,
          }),
        ),
        byPage: tally(
          actionLeads,
          (lead) => lead.path,
          (lead) => lead.count,
          (lead, count) => ({ path: lead.path, count }),
        ),
      })),
    notFound: tally(
      pages.filter((page) => page.notFound),
      (page) => page.path,
      (page) => page.pageviews,
      (page, count) => ({ path: page.path, count, referrers: [...(referrers.get(page.path) ?? [])].sort() }),
    ),
    bots: { total: Object.values(byReason).reduce((sum, count) => sum + count, 0), byReason },
  };
}

export async function report(store: AnalyticsStore, from: Day, to: Day): Promise<AnalyticsReport> {
  return reportOf(from, to, await store.days(from, to));
}
