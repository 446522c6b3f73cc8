/**
 * GET /admin/analytics.json: the report for programs (server/analytics-report/, decision 041), when
 * app.ts serves it. The names it counts by (lead actions, channels, bot reasons) are handed over from
 * server/analytics/ as facts, as the forms' limits are, so none is written here a second time.
 */
import type { Json } from './openapi-objects';
import { headerRef, json, noStore, ref } from './openapi-objects';

export const ANALYTICS_JSON_PATH = '/admin/analytics.json';

export interface AnalyticsFacts {
  actions: readonly string[];
  channels: readonly string[];
  botReasons: readonly string[];
}

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };
const count = { type: 'integer', minimum: 0 };
const nullable = { type: ['string', 'null'] };
const rows = (properties: Json) => ({
  type: 'array',
  items: { type: 'object', additionalProperties: false, required: Object.keys(properties), properties },
});

export function analyticsSchemas(facts: AnalyticsFacts): Json {
  const channel = { type: 'string', enum: [...facts.channels] };
  const action = { type: 'string', enum: [...facts.actions] };
  const rate = {
    visitors: count,
    count,
    rate: { type: ['number', 'null'], minimum: 0, description: 'count / visitors; null without visitors.' },
  };
  const campaign = { source: nullable, medium: nullable, campaign: nullable };
  const properties = {
    from: DAY,
    to: DAY,
    visitors: count,
    pageviews: count,
    pages: rows({ path: { type: 'string' }, visitors: count, pageviews: count }),
    channels: rows({ channel, visitors: count }),
    sources: rows({ source: { type: 'string' }, channel, visitors: count }),
    campaigns: rows({ ...campaign, visitors: count }),
    leads: rows({
      action,
      count,
      bySource: rows({ channel, source: nullable, campaign: nullable, count }),
      byPage: rows({ path: { type: 'string' }, count }),
    }),
    notFound: rows({ path: { type: 'string' }, count, referrers: { type: 'array', items: { type: 'string' } } }),
    bots: {
      type: 'object',
      additionalProperties: false,
      required: ['total', 'byReason'],
      properties: {
        total: count,
        byReason: {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(facts.botReasons.map((reason) => [reason, count])),
        },
      },
    },
    series: rows({ day: DAY, visitors: count, pageviews: count }),
    entryPages: rows({ path: { type: 'string' }, visitors: count }),
    episodes: rows({ path: { type: 'string' }, views: count, visitors: count, plays: count, listens: count, moments: count }),
    searches: rows({ query: { type: 'string' }, found: { type: 'boolean' }, count }),
    searchesFoundNothing: rows({ query: { type: 'string' }, count }),
    rates: rows({
      action,
      byChannel: rows({ channel, ...rate }),
      byCampaign: rows({ ...campaign, ...rate }),
      byLanding: rows({ path: { type: 'string' }, ...rate }),
      byEpisode: rows({ path: { type: 'string' }, ...rate }),
    }),
  };
  return {
    AnalyticsReport: {
      type: 'object',
      additionalProperties: false,
      required: Object.keys(properties),
      description:
        'The figures of the days from `from` to `to` (UTC, both included), as `npm run analytics -- report --json` prints them. ' +
        'Visitors are counted per day and summed: a person seen on two days is two. Channels, sources, campaigns and entry pages ' +
        'count visitor-days by their first page; a rate is leads over the visitor-days of its group.',
      properties,
    },
    AnalyticsRefusal: {
      type: 'object',
      additionalProperties: false,
      required: ['error'],
      properties: { error: { type: 'string', description: 'What is wrong with the range, and what to give instead.' } },
    },
  };
}

export function analyticsPath() {
  const query = (name: string, description: string, schema: Json) => ({ name, in: 'query', required: false, description, schema });
  return {
    [ANALYTICS_JSON_PATH]: {
      get: {
        operationId: 'analyticsReport',
        tags: ['analytics'],
        summary: 'The analytics report of a range of days',
        description:
          "For the people the firm lists (the editors' sign-in, ANALYTICS_READERS): without a session the answer is the sign-in's " +
          'refusal. Give `from` and `to`, or `range`; with neither, the last 30 days.',
        parameters: [
          query('from', 'The first day (UTC), as YYYY-MM-DD; with `to`.', DAY),
          query('to', 'The last day (UTC), as YYYY-MM-DD; with `from`.', DAY),
          query('range', 'A range ending today (UTC), instead of from and to.', { type: 'string', enum: ['7d', '30d', '12m'] }),
        ],
        responses: {
          '200': {
            description: 'The report.',
            headers: { ...noStore, 'X-Robots-Tag': headerRef('NoIndex') },
            content: json(ref('AnalyticsReport')),
          },
          '400': {
            description: 'A date that is not one, a from after its to, one of the two without the other, or an unknown range.',
            headers: { ...noStore, 'X-Robots-Tag': headerRef('NoIndex') },
            content: json(ref('AnalyticsRefusal')),
          },
        },
      },
    },
  };
}

export const noIndexHeader = {
  NoIndex: { description: 'Never indexed.', required: true, schema: { type: 'string', pattern: '^noindex' } },
};
