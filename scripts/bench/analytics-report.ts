/**
 * The report's cost (issue 59): 25 months of a site with a million page views a month, generated as the
 * days a store keeps (DayAggregate: ~300 paths, ~50,000 visitors a month, entries by channel, source,
 * campaign and landing page, leads, searches, 404s, moments), then every view of /admin/analytics
 * (7 days, 30 days, 12 months, any) and its JSON timed over HTTP on a real port, p50 and p95 of each.
 * The target: p95 at most 300 ms.
 *
 *   npx tsx scripts/bench/analytics-report.ts [--requests 30]
 *
 * On files, the days are written as days/<day>.json, as the file store writes them; on PostgreSQL (the
 * DATABASE_URL given, or one started here from the machine's binaries) as rows of analytics_days, as its
 * store rolls them up. Both are then read through their store, as the server reads them.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import express from 'express';
import pg from 'pg';
import pino from 'pino';
import { LEAD_ACTIONS } from '../../server/analytics/counts';
import type { Entry } from '../../server/analytics/counts';
import type { DayAggregate } from '../../server/analytics/day-aggregate';
import { utcDay } from '../../server/analytics/day';
import { openFileStore } from '../../server/analytics/file-store';
import { openPostgresStore } from '../../server/analytics/postgres-store';
import { startPostgres } from '../local/postgres';
import type { AnalyticsStore } from '../../server/analytics/file-store';
import { analyticsReportRoutes } from '../../server/analytics-report/report-routes';
import { median, percentile } from './median';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '30' } } });
const REQUESTS = Number(values.requests);
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-12-10T12:00:00Z');
const DAYS = 25 * 30 + 10;
const VIEWS_A_DAY = Math.round(1_000_000 / 30);
const VISITORS_A_DAY = Math.round(50_000 / 30) * 1.2;

/** A small seeded generator, so every run benches the same site. */
let seed = 59;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
/** Zipf-like weights: the first paths get most views, as a real site's do. */
const weights = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1));

const PATHS = [
  '/',
  '/podcast',
  '/press',
  '/contact',
  ...Array.from({ length: 200 }, (_, i) => `/podcast/episode-${i + 1}-on-estate-and-trust-planning`),
  ...Array.from({ length: 60 }, (_, i) => `/people/person-${i + 1}`),
  ...Array.from({ length: 36 }, (_, i) => `/insights/article-${i + 1}`),
];
const SOURCES: Array<Pick<Entry, 'channel' | 'source'>> = [
  { channel: 'direct', source: null },
  { channel: 'search', source: 'google.com' },
  { channel: 'search', source: 'bing.com' },
  { channel: 'search', source: 'duckduckgo.com' },
  { channel: 'social', source: 'linkedin.com' },
  { channel: 'social', source: 'facebook.com' },
  { channel: 'ai', source: 'chatgpt.com' },
  { channel: 'ai', source: 'perplexity.ai' },
  ...Array.from({ length: 40 }, (_, i) => ({ channel: 'referral' as const, source: `blog-${i}.example.org` })),
];
const CAMPAIGNS = Array.from({ length: 12 }, (_, i) => ({
  source: 'newsletter',
  medium: 'email',
  campaign: `month-${i}`,
  content: null,
  term: null,
}));

function split(total: number, n: number): number[] {
  const w = weights(n).map((x) => x * (0.5 + random()));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => Math.round((x / sum) * total));
}

function dayOf(day: string): DayAggregate {
  const views = split(VIEWS_A_DAY, PATHS.length);
  const pages = PATHS.map((p, i) => ({
    path: p,
    notFound: false,
    pageviews: views[i]!,
    visitors: Math.max(1, Math.round(views[i]! / 12)),
  }));
  const notFound = Array.from({ length: 30 }, (_, i) => ({
    path: `/old/page-${i}-${day}`,
    notFound: true,
    pageviews: 1 + (i % 4),
    visitors: 0,
  }));
  const entries: DayAggregate['entries'] = [];
  const landings = PATHS.slice(0, 150);
  const perLanding = split(VISITORS_A_DAY, landings.length);
  landings.forEach((landing, i) => {
    const shares = split(perLanding[i]!, 8);
    shares.forEach((count, s) => {
      if (count === 0) return;
      const source = SOURCES[Math.floor(random() * SOURCES.length)]!;
      const campaign = s === 7 ? CAMPAIGNS[Math.floor(random() * CAMPAIGNS.length)]! : null;
      const entry: Entry = campaign
        ? { channel: 'email', source: 'newsletter', campaign, path: landing }
        : { ...source, campaign: null, path: landing };
      entries.push({ entry, count });
    });
  });
  const leads = Array.from({ length: 60 }, () => {
    const { entry } = entries[Math.floor(random() * entries.length)]!;
    return {
      action: LEAD_ACTIONS[Math.floor(random() * LEAD_ACTIONS.length)]!,
      path: PATHS[Math.floor(random() * 60)]!,
      entry,
      count: 1 + Math.floor(random() * 3),
    };
  });
  return {
    day,
    visitors: Math.round(VISITORS_A_DAY),
    pageviews: [...pages, ...notFound].reduce((sum, page) => sum + page.pageviews, 0),
    pages: [...pages, ...notFound],
    entries,
    leads,
    bots: { 'user-agent': 4_000 + Math.floor(random() * 2_000), 'no-user-agent': 300, prefetch: 200, head: 100 },
    notFoundReferrers: notFound.slice(0, 10).map((page) => ({ path: page.path, referrers: ['blog-1.example.org', '/press'] })),
    searches: Array.from({ length: 120 }, (_, i) => ({ query: `search words ${i % 80}`, found: i % 5 !== 0, count: 1 + (i % 7) })),
    moments: PATHS.slice(4, 64).map((p, i) => ({ path: p, count: 1 + (i % 9) })),
  };
}

async function filesStore(): Promise<{ store: AnalyticsStore; close: () => Promise<void>; bytes: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'analytics-bench-'));
  const dayDir = path.join(dir, 'days');
  await mkdir(dayDir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  let bytes = 0;
  for (let i = DAYS; i >= 1; i--) {
    const day = utcDay(NOW - i * DAY_MS);
    const text = JSON.stringify(dayOf(day));
    bytes += text.length;
    await writeFile(path.join(dayDir, `${day}.json`), text, { mode: 0o600 });
  }
  return { store: openFileStore(dir, { retentionMonths: 25 }), close: () => rm(dir, { recursive: true, force: true }), bytes };
}

async function bench(name: string, store: AnalyticsStore) {
  const app = express().use(
    analyticsReportRoutes({ store, gate: (_q, _s, next) => next(), gateJson: (_q, _s, next) => next(), now: () => NOW }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const views = [
    ['page 7 days', '/admin/analytics?range=7d'],
    ['page 30 days', '/admin/analytics?range=30d'],
    ['page 12 months', '/admin/analytics?range=12m'],
    ['page any (25 months)', `/admin/analytics?from=${utcDay(NOW - DAYS * DAY_MS)}&to=${utcDay(NOW)}`],
    ['JSON 12 months', '/admin/analytics.json?range=12m'],
    ['JSON any (25 months)', `/admin/analytics.json?from=2000-01-01&to=2099-12-31`],
    ['CSV pages, any', `/admin/analytics.csv?table=pages&from=2000-01-01&to=2099-12-31`],
  ] as const;
  console.log(`\n${name}: ${REQUESTS} requests per view, one at a time`);
  const first = performance.now();
  await (await fetch(origin + views[3][1])).text();
  console.log(`  first view of 25 months (days read from the store and kept): ${(performance.now() - first).toFixed(0)} ms`);
  for (const [label, target] of views) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const res = await fetch(origin + target);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${target}: ${res.status} ${body.slice(0, 200)}`);
      times.push(performance.now() - start);
      size = body.length;
    }
    const p95 = percentile(times, 0.95);
    console.log(
      `  ${label.padEnd(22)} p50 ${median(times).toFixed(0).padStart(4)} ms  p95 ${p95.toFixed(0).padStart(4)} ms  ${(size / 1024).toFixed(0)} kB  ${p95 <= 300 ? 'ok' : 'OVER 300 ms'}`,
    );
  }
  await new Promise((resolve) => server.close(resolve));
}

const files = await filesStore();
console.log(
  `${DAYS} days generated: ${(files.bytes / 1024 / 1024).toFixed(0)} MB of day files, ${(files.bytes / DAYS / 1024).toFixed(0)} kB a day`,
);
try {
  await bench('files (ANALYTICS_DIR)', files.store);
} finally {
  await files.close();
}
{
  const local = process.env.DATABASE_URL ? undefined : await startPostgres({ durable: true });
  const url = process.env.DATABASE_URL ?? (await local!.createDatabase('analytics_bench'));
  const store = openPostgresStore(url, { logger: pino({ level: 'silent' }), rootDir: process.cwd(), retentionMonths: 25 });
  // The first read runs the migrations; the days then go in as the store's roll-up writes them.
  await store.days('2000-01-01', '2000-01-01');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DELETE FROM analytics_days');
  for (let i = DAYS; i >= 1; i--) {
    const day = utcDay(NOW - i * DAY_MS);
    await client.query('INSERT INTO analytics_days (day, figures) VALUES ($1, $2)', [day, JSON.stringify(dayOf(day))]);
  }
  await client.end();
  try {
    await bench('PostgreSQL (DATABASE_URL)', store);
  } finally {
    await store.close();
    await local?.destroy();
  }
}
console.log(`\nRSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
