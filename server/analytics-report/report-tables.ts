/**
 * The report's tables, one definition each for the page and its CSV download: a heading, the columns,
 * and the rows as cells. Rates are fractions here; the page shows them as percentages, the CSV as they are.
 */
import { LEAD_ACTIONS } from '../analytics/counts';
import type { LeadAction } from '../analytics/counts';
import { reportOf } from '../analytics/report';
import type { AnalyticsReport, LeadRates } from '../analytics/report';
import type { Rate } from '../analytics/report-rates';
import type { BotReason } from '../analytics/not-counted';
import { actionNames, botReasonNames, channelNames, words } from './report-words';

export type Cell = string | number | null;
export interface Column {
  label: string;
  kind: 'text' | 'count' | 'rate';
}
export interface ReportTable {
  id: string;
  heading: string;
  columns: Column[];
  rows: Cell[][];
}

const text = (label: string): Column => ({ label, kind: 'text' });
const count = (label: string): Column => ({ label, kind: 'count' });

/** Each action's count and rate, for one dimension of `rates`, one row per group (zeros where an action has none). */
function rateTable<R extends Rate>(
  report: AnalyticsReport,
  id: string,
  heading: string,
  group: Column[],
  dimension: (rates: LeadRates) => R[],
  cellsOf: (row: R) => Cell[],
): ReportTable {
  const rows = new Map<string, { cells: Cell[]; visitors: number; byAction: Partial<Record<LeadAction, Rate>> }>();
  for (const rates of report.rates) {
    for (const row of dimension(rates)) {
      const cells = cellsOf(row);
      const key = JSON.stringify(cells);
      const found = rows.get(key) ?? { cells, visitors: row.visitors, byAction: {} };
      found.byAction[rates.action] = row;
      rows.set(key, found);
    }
  }
  const total = (row: { byAction: Partial<Record<LeadAction, Rate>> }) =>
    Object.values(row.byAction).reduce((sum, rate) => sum + rate.count, 0);
  return {
    id,
    heading,
    columns: [
      ...group,
      count('Visitor-days'),
      ...LEAD_ACTIONS.flatMap((action) => [count(actionNames[action]), { label: `${actionNames[action]}, rate`, kind: 'rate' as const }]),
    ],
    rows: [...rows.values()]
      .sort((a, b) => total(b) - total(a) || b.visitors - a.visitors)
      .map((row) => [
        ...row.cells,
        row.visitors,
        ...LEAD_ACTIONS.flatMap((action) => {
          const rate = row.byAction[action];
          return [rate?.count ?? 0, rate ? rate.rate : row.visitors ? 0 : null];
        }),
      ]),
  };
}

export function reportTables(report: AnalyticsReport): ReportTable[] {
  return [
    {
      id: 'days',
      heading: words.chartTable,
      columns: [text('Day'), count('Visitors'), count('Page views')],
      rows: report.series.map((day) => [day.day, day.visitors, day.pageviews]),
    },
    {
      id: 'pages',
      heading: 'Top pages',
      columns: [text('Page'), count('Visitors'), count('Page views')],
      rows: report.pages.map((page) => [page.path, page.visitors, page.pageviews]),
    },
    {
      id: 'entry-pages',
      heading: 'Entry pages',
      columns: [text('Entry page'), count('Visitor-days')],
      rows: report.entryPages.map((page) => [page.path, page.visitors]),
    },
    {
      id: 'channels',
      heading: 'Channels',
      columns: [text('Channel'), count('Visitor-days')],
      rows: report.channels.map((row) => [channelNames[row.channel], row.visitors]),
    },
    {
      id: 'sources',
      heading: 'Sources',
      columns: [text('Source'), text('Channel'), count('Visitor-days')],
      rows: report.sources.map((row) => [row.source, channelNames[row.channel], row.visitors]),
    },
    {
      id: 'campaigns',
      heading: 'Campaigns',
      columns: [text('Source'), text('Medium'), text('Campaign'), count('Visitor-days')],
      rows: report.campaigns.map((row) => [row.source, row.medium, row.campaign, row.visitors]),
    },
    {
      id: 'episodes',
      heading: 'Episodes',
      columns: [
        text('Episode'),
        count('Views'),
        count('Visitors'),
        count('Plays'),
        count('Listens elsewhere'),
        count('Transcript moments opened'),
      ],
      rows: report.episodes.map((row) => [row.path, row.views, row.visitors, row.plays, row.listens, row.moments]),
    },
    {
      id: 'searches',
      heading: 'Podcast searches',
      columns: [text('Search'), text('Found anything'), count('Searches')],
      rows: report.searches.map((row) => [row.query, row.found ? words.yes : words.no, row.count]),
    },
    {
      id: 'searches-found-nothing',
      heading: 'Searches that found nothing',
      columns: [text('Search'), count('Searches')],
      rows: report.searchesFoundNothing.map((row) => [row.query, row.count]),
    },
    {
      id: 'leads',
      heading: 'Leads',
      columns: [text('Action'), count('Count'), { label: 'Per visitor-day', kind: 'rate' }],
      rows: report.leads.map((lead) => [actionNames[lead.action], lead.count, report.visitors ? lead.count / report.visitors : null]),
    },
    {
      id: 'lead-pages',
      heading: 'Leads by the page they were made on',
      columns: [text('Action'), text('Page'), count('Count')],
      rows: report.leads.flatMap((lead) => lead.byPage.map((page) => [actionNames[lead.action], page.path, page.count])),
    },
    rateTable(
      report,
      'rates-by-channel',
      'Lead rates by channel',
      [text('Channel')],
      (rates) => rates.byChannel,
      (row) => [channelNames[row.channel]],
    ),
    rateTable(
      report,
      'rates-by-campaign',
      'Lead rates by campaign',
      [text('Source'), text('Medium'), text('Campaign')],
      (rates) => rates.byCampaign,
      (row) => [row.source, row.medium, row.campaign],
    ),
    rateTable(
      report,
      'rates-by-landing-page',
      'Lead rates by landing page',
      [text('Landing page')],
      (rates) => rates.byLanding,
      (row) => [row.path],
    ),
    rateTable(
      report,
      'rates-by-episode',
      'Lead rates by episode',
      [text('Episode')],
      (rates) => rates.byEpisode,
      (row) => [row.path],
    ),
    {
      id: 'not-found',
      heading: 'Pages not found (404)',
      columns: [text('Address asked for'), count('Requests'), text('Linked from')],
      rows: report.notFound.map((row) => [row.path, row.count, row.referrers.join(' ')]),
    },
    {
      id: 'bots',
      heading: 'Bots, by reason',
      columns: [text('Reason'), count('Requests')],
      rows: (Object.entries(report.bots.byReason) as [BotReason, number][])
        .sort(([, a], [, b]) => b - a)
        .map(([reason, total]) => [botReasonNames[reason], total]),
    },
  ];
}

/** Every table's id, as the CSV download takes them (the tables of a report of no day). */
export const TABLE_IDS = reportTables(reportOf('2000-01-01', '2000-01-01', [])).map((table) => table.id);
