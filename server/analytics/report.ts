/**
 * The report for programs: one JSON object for a range of days, from the
 * store's daily figures. Visitors are summed over days: a person seen on two
 * days is two visitors, as days cannot be linked (the salt changes).
 * Channels, sources and campaigns count visitor-days by their entry; a lead
 * by a visitor not seen that day is attributed to direct.
 *
 * Every figure is summed in one pass over the days (./report-tally.ts), so
 * 25 months of a busy site stay well under the report page's budget
 * (docs/decisions/041-analytics-report.md).
 */
import { paths } from '../../shared/paths';
import type { Entry, LeadAction } from './counts';
import { LEAD_ACTIONS } from './counts';
import type { DayAggregate } from './day-aggregate';
import type { Day } from './day';
import type { Channel } from './entry-source';
import type { AnalyticsStore } from './file-store';
import type { BotReason } from './not-counted';
import { leadRates } from './report-rates';
import type { LeadRates } from './report-rates';
import { campaignKey, Tally } from './report-tally';

export type { LeadRates } from './report-rates';

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
  /** Each day of the range (see seriesDays), zeros included: what the chart draws. */
  series: { day: Day; visitors: number; pageviews: number }[];
  /** Visitor-days by their first page. */
  entryPages: { path: string; visitors: number }[];
  /** Each episode page (/podcast/<slug>) viewed: its views and visitors, and what was done on it. */
  episodes: { path: string; views: number; visitors: number; plays: number; listens: number; moments: number }[];
  /** Searches on /podcast?q= by their words (as counted: trimmed, lower case), and whether they found anything. */
  searches: { query: string; found: boolean; count: number }[];
  /** The searches that found nothing: what visitors looked for and the site does not have. */
  searchesFoundNothing: { query: string; count: number }[];
  /** Each lead action's rate by channel, campaign, landing page and episode (./report-rates.ts says how). */
  rates: LeadRates[];
}

const DIRECT: Entry = { channel: 'direct', source: null, campaign: null, path: '' };
const DAY_MS = 86_400_000;
/** More days than any store keeps (ANALYTICS_RETENTION_MONTHS is at most 25): a longer range is drawn over the days counted. */
export const MAX_SERIES_DAYS = 800;

/** An episode's page: /podcast/<slug>, not the podcast's feeds. */
export function isEpisodePath(path: string): boolean {
  return /^\/podcast\/[^/]+$/.test(path) && path !== paths.episodeFeed && path !== paths.podcastFeed;
}

const dayAfter = (day: Day): Day => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: Day, to: Day) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The chart's days: every day from `from` to `to`, zeros where nothing was counted; a range longer than
 * any store keeps (2000-01-01 to 2099-12-31) is drawn from its first day counted to its last instead.
 */
export function seriesDays(from: Day, to: Day, days: DayAggregate[]): AnalyticsReport['series'] {
  const counted = new Map(days.map((day) => [day.day, day]));
  let [first, last] = [from, to];
  if (daysBetween(from, to) > MAX_SERIES_DAYS) {
    if (days.length === 0) return [];
    [first, last] = [days[0]!.day, days[days.length - 1]!.day];
  }
  const series: AnalyticsReport['series'] = [];
  for (let day = first; day <= last && series.length <= MAX_SERIES_DAYS; day = dayAfter(day)) {
    const found = counted.get(day);
    series.push({ day, visitors: found?.visitors ?? 0, pageviews: found?.pageviews ?? 0 });
  }
  return series;
}

export function reportOf(from: Day, to: Day, days: DayAggregate[]): AnalyticsReport {
  // Each tally sums by its key in one pass; the sort puts the most first (./report-tally.ts).
  const pages = new Tally<{ path: string }>();
  const notFound = new Tally<{ path: string }>();
  const channels = new Tally<{ channel: Channel }>();
  const sources = new Tally<{ source: string; channel: Channel }>();
  const campaigns = new Tally<{ source: string | null; medium: string | null; campaign: string | null }>();
  const entryPages = new Tally<{ path: string }>();
  const searches = new Tally<{ query: string; found: boolean }>();
  const byAction = new Map<LeadAction, { count: number; bySource: Tally<Entry>; byPage: Tally<{ path: string }> }>();
  const moments = new Map<string, number>();
  const byReason: Partial<Record<BotReason, number>> = {};
  const referrers = new Map<string, Set<string>>();
  const leads: { action: LeadAction; path: string; entry: Entry; count: number }[] = [];
  let [visitors, pageviews] = [0, 0];

  for (const day of days) {
    visitors += day.visitors;
    pageviews += day.pageviews;
    for (const page of day.pages) {
      if (page.notFound) notFound.add(page.path, page, page.pageviews);
      else pages.add(page.path, page, page.pageviews, page.visitors);
    }
    for (const { entry, count } of day.entries) {
      channels.add(entry.channel, entry, count);
      if (entry.source !== null)
        sources.add(`${entry.source}\u0000${entry.channel}`, { source: entry.source, channel: entry.channel }, count);
      if (entry.campaign !== null) campaigns.add(campaignKey(entry.campaign), entry.campaign, count);
      entryPages.add(entry.path, entry, count);
    }
    for (const lead of day.leads) {
      const entry = lead.entry ?? DIRECT;
      leads.push({ ...lead, entry });
      let action = byAction.get(lead.action);
      if (!action) byAction.set(lead.action, (action = { count: 0, bySource: new Tally(), byPage: new Tally() }));
      action.count += lead.count;
      action.bySource.add(JSON.stringify([entry.channel, entry.source, entry.campaign?.campaign ?? null]), entry, lead.count);
      action.byPage.add(lead.path, lead, lead.count);
    }
    for (const search of day.searches ?? []) searches.add(`${search.found ? 1 : 0}${search.query}`, search, search.count);
    for (const moment of day.moments ?? []) moments.set(moment.path, (moments.get(moment.path) ?? 0) + moment.count);
    for (const [reason, count] of Object.entries(day.bots) as [BotReason, number][]) byReason[reason] = (byReason[reason] ?? 0) + count;
    for (const item of day.notFoundReferrers) {
      let set = referrers.get(item.path);
      if (!set) referrers.set(item.path, (set = new Set()));
      for (const referrer of item.referrers) set.add(referrer);
    }
  }

  const pageRows = pages.rows((page, [views, pageVisitors]) => ({ path: page.path, visitors: pageVisitors!, pageviews: views! }));
  const leadsOnPage = new Map<string, Partial<Record<LeadAction, number>>>();
  for (const [action, { byPage }] of byAction) {
    for (const row of byPage.rows((page, [count]) => ({ path: page.path, count: count! }))) {
      const onPage = leadsOnPage.get(row.path) ?? {};
      onPage[action] = row.count;
      leadsOnPage.set(row.path, onPage);
    }
  }
  const searchRows = searches.rows((search, [count]) => ({ query: search.query, found: search.found, count: count! }));
  const channelRows = channels.rows((entry, [count]) => ({ channel: entry.channel, visitors: count! }));
  const campaignRows = campaigns.rows((campaign, [count]) => ({
    source: campaign.source,
    medium: campaign.medium,
    campaign: campaign.campaign,
    visitors: count!,
  }));
  const entryPageRows = entryPages.rows((entry, [count]) => ({ path: entry.path, visitors: count! }));
  const episodes = pageRows
    .filter((page) => isEpisodePath(page.path))
    .map((page) => ({
      path: page.path,
      views: page.pageviews,
      visitors: page.visitors,
      plays: leadsOnPage.get(page.path)?.play ?? 0,
      listens: leadsOnPage.get(page.path)?.listen ?? 0,
      moments: moments.get(page.path) ?? 0,
    }));
  return {
    from,
    to,
    visitors,
    pageviews,
    pages: pageRows,
    channels: channelRows,
    sources: sources.rows((source, [count]) => ({ source: source.source, channel: source.channel, visitors: count! })),
    campaigns: campaignRows,
    leads: LEAD_ACTIONS.filter((action) => byAction.has(action)).map((action) => {
      const { count, bySource, byPage } = byAction.get(action)!;
      return {
        action,
        count,
        bySource: bySource.rows((entry, [sum]) => ({
          channel: entry.channel,
          source: entry.source,
          campaign: entry.campaign?.campaign ?? null,
          count: sum!,
        })),
        byPage: byPage.rows((page, [sum]) => ({ path: page.path, count: sum! })),
      };
    }),
    notFound: notFound.rows((page, [count]) => ({
      path: page.path,
      count: count!,
      referrers: [...(referrers.get(page.path) ?? [])].sort(),
    })),
    bots: { total: Object.values(byReason).reduce((sum, count) => sum + count, 0), byReason },
    series: seriesDays(from, to, days),
    entryPages: entryPageRows,
    episodes,
    searches: searchRows,
    searchesFoundNothing: searchRows.filter((search) => !search.found).map(({ query, count }) => ({ query, count })),
    rates: leadRates(
      LEAD_ACTIONS.filter((action) => byAction.has(action)),
      leads,
      { channels: channelRows, campaigns: campaignRows, entryPages: entryPageRows, episodes },
    ),
  };
}

export async function report(store: AnalyticsStore, from: Day, to: Day): Promise<AnalyticsReport> {
  return reportOf(from, to, await store.days(from, to));
}
