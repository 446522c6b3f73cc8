/**
 * The report for people and programs (issue 59, decision 041), every route behind the gate the caller
 * hands in (the editors' sign-in, for the people on ANALYTICS_READERS):
 *
 *   GET /admin/analytics        the page: no script, one stylesheet, a chart drawn on the server
 *   GET /admin/analytics.css    its stylesheet
 *   GET /admin/analytics.csv    one of its tables (?table=pages&from=&to=), every row
 *   GET /admin/analytics.json   the report as `npm run analytics -- report --json` prints it (gateJson)
 *
 * A range is `range=7d|30d|12m` or `from` and `to` (./report-range.ts); a bad one, or an unknown table,
 * is a 400 saying what to change. Nothing here is cached by anyone (no-store) or indexed.
 */
import express from 'express';
import type { RequestHandler, Response, Router } from 'express';
import { csvLine } from '../../shared/csv-field';
import type { AnalyticsStore } from '../analytics/file-store';
import { LEAD_ACTIONS } from '../analytics/counts';
import { CHANNELS } from '../analytics/entry-source';
import { BOT_REASONS } from '../analytics/not-counted';
import { reportOf } from '../analytics/report';
import type { Range } from './report-range';
import { rangeOf } from './report-range';
import { refusalPage, REPORT_CSV_PATH, REPORT_JSON_PATH, REPORT_PATH, reportPage } from './report-page';
import { REPORT_STYLESHEET, REPORT_STYLESHEET_PATH } from './report-stylesheet';
import { reportTables, TABLE_IDS } from './report-tables';
import { refusals } from './report-words';
import { settledDays } from './settled-days';

export interface AnalyticsReportOptions {
  store: Pick<AnalyticsStore, 'days'>;
  /** Lets through the people who may read the report; answers everyone else (a sign-in page, a 403). */
  gate: RequestHandler;
  /** The same for a program: a JSON refusal. */
  gateJson: RequestHandler;
  now?: () => number;
}

function unshared(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
}

export function analyticsReportRoutes({ store, gate, gateJson, now = Date.now }: AnalyticsReportOptions): Router {
  const days = settledDays(store, now);
  const router = express.Router({ caseSensitive: true, strict: true });
  const reportFor = async (range: Range) => reportOf(range.from, range.to, await days.days(range.from, range.to));

  router.get(REPORT_STYLESHEET_PATH, gate, (_req, res) => {
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.type('css').send(REPORT_STYLESHEET);
  });

  router.get(REPORT_PATH, gate, async (req, res) => {
    unshared(res);
    const range = rangeOf(req.query, now());
    if ('error' in range) {
      res.status(400).type('html').send(refusalPage(range.error));
      return;
    }
    res.type('html').send(reportPage(await reportFor(range), range));
  });

  router.get(REPORT_JSON_PATH, gateJson, async (req, res) => {
    unshared(res);
    const range = rangeOf(req.query, now());
    if ('error' in range) {
      res.status(400).json({ error: range.error });
      return;
    }
    res.json(await reportFor(range));
  });

  router.get(REPORT_CSV_PATH, gate, async (req, res) => {
    unshared(res);
    const range = rangeOf(req.query, now());
    const table = typeof req.query.table === 'string' ? req.query.table : String(req.query.table ?? '');
    const error = 'error' in range ? range.error : TABLE_IDS.includes(table) ? undefined : refusals.unknownTable(table, TABLE_IDS);
    if (error || 'error' in range) {
      res.status(400).type('text/plain').send(`${error}\n`);
      return;
    }
    const chosen = reportTables(await reportFor(range)).find((each) => each.id === table)!;
    res.setHeader('Content-Disposition', `attachment; filename="analytics-${table}-${range.from}-${range.to}.csv"`);
    res.type('csv');
    res.send([csvLine(chosen.columns.map((column) => column.label)), ...chosen.rows.map(csvLine)].join(''));
  });

  return router;
}

/** The names the report counts by, for its entry in the OpenAPI document (server/http/openapi/analytics-operation.ts). */
export const ANALYTICS_API_FACTS = { actions: LEAD_ACTIONS, channels: CHANNELS, botReasons: BOT_REASONS };

/** What the report needs of the staff's sign-in (server/admin/sign-in/editor-sign-in.ts). */
interface ReadersSignIn {
  router: Router;
  requireReader: RequestHandler;
  requireReaderPage: RequestHandler;
}

/**
 * The report for ANALYTICS_READERS (decision 042), or undefined when no one may read it. Its routes
 * carry the sign-in's own when the editor does not mount them (any backend but the site's).
 */
export function analyticsReport(
  config: { cms: { backend?: { name: string } }; analytics: { readers: string[] } },
  { store, signIn }: { store?: Pick<AnalyticsStore, 'days'>; signIn?: ReadersSignIn },
): { routes: Router; apiFacts: typeof ANALYTICS_API_FACTS } | undefined {
  if (!store || !signIn || config.analytics.readers.length === 0) return undefined;
  const routes = express.Router();
  if (config.cms.backend?.name !== 'site') routes.use(signIn.router);
  routes.use(analyticsReportRoutes({ store, gate: signIn.requireReaderPage, gateJson: signIn.requireReader }));
  return { routes, apiFacts: ANALYTICS_API_FACTS };
}
