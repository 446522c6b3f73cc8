/**
 * Every word of the report at /admin/analytics, in one place. The admin pages are for the firm's staff,
 * not site content an editor changes, so they live here rather than in content/ (decision 041).
 */
import type { LeadAction } from '../analytics/counts';
import type { Channel } from '../analytics/entry-source';
import type { BotReason } from '../analytics/not-counted';

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export const words = {
  title: 'Site analytics',
  rangeOf: (from: string, to: string) => `${from} to ${to} (UTC days)`,
  ranges: { '7d': 'Last 7 days', '30d': 'Last 30 days', '12m': 'Last 12 months' },
  rangesLabel: 'Ranges',
  customRange: 'Any range',
  from: 'From',
  to: 'To',
  show: 'Show',
  dateHint: 'Dates as YYYY-MM-DD, both included.',
  summary: 'Summary',
  totals: { visitors: 'Visitors', pageviews: 'Page views', leads: 'Leads', bots: 'Bot requests' },
  method:
    'Counted on the server, without cookies or scripts. A visitor is counted once a day: a person seen on two days is two visitors, so a range adds up its days. Channels, sources, campaigns and entry pages count visitor-days by their first page.',
  chart: 'Visitors and page views over time',
  chartOf: (what: string, from: string, to: string, max: string) => `${what} per day, ${from} to ${to}, at most ${max} a day`,
  chartEmpty: 'Nothing was counted in this range.',
  chartTable: 'The figures of each day',
  showing: (shown: number, total: number) => `Showing the first ${shown} of ${total} rows; the CSV has them all.`,
  noRows: 'Nothing counted in this range.',
  download: 'Download',
  asCsv: 'as CSV',
  rateNote:
    'A rate is the leads of an action over the visitor-days of the group: by channel, campaign and landing page, the visitor-days that entered that way, wherever they then acted; by episode, the visitor-days that viewed the episode, acting on its page.',
  notAvailable: 'n/a',
  yes: 'yes',
  no: 'no',
  badRequest: 'This range cannot be shown',
  badRequestHint: 'Correct the address, or choose a range:',
  back: 'Back to the last 30 days',
} as const;

export const actionNames: Record<LeadAction, string> = {
  newsletter: 'Newsletter sign-ups',
  contact: 'Contact messages',
  schedule: 'Consultations scheduled',
  listen: 'Listens elsewhere',
  play: 'Plays on the site',
};

export const channelNames: Record<Channel, string> = {
  search: 'Search',
  social: 'Social',
  email: 'Email',
  ai: 'AI assistants',
  referral: 'Referral',
  direct: 'Direct',
  campaign: 'Campaign',
};

export const botReasonNames: Record<BotReason, string> = {
  'user-agent': 'Crawler User-Agent',
  'no-user-agent': 'No User-Agent',
  prefetch: 'Prefetch',
  head: 'HEAD request',
};

/** The refusals of a bad address, in words a person can act on (400 as a page, JSON or text). */
export const refusals = {
  notADay: (name: string, value: string) => `${name} must be a date as YYYY-MM-DD, such as 2026-12-01 (got "${value}").`,
  onlyOne: 'Give both a from and a to date, or choose one of the ranges.',
  reversed: (from: string, to: string) => `The from date (${from}) is after the to date (${to}): swap them.`,
  unknownRange: (range: string) => `There is no range "${range}": choose 7d, 30d or 12m, or give from and to dates.`,
  unknownTable: (table: string, tables: readonly string[]) => `There is no table "${table}": choose one of ${tables.join(', ')}.`,
} as const;
