/**
 * Visits counted in PostgreSQL (DATABASE_URL, decision 039) by built servers
 * on a real database, as a reverse proxy would bring them (distinct clients
 * by X-Forwarded-For, TRUST_PROXY=loopback), read back through the report
 * command operators use, from the same environment:
 *
 * - two instances on one database: the same person answered by both is one
 *   visitor, each view is counted once;
 * - the database stopped while visits arrive, then started again: the counts
 *   kept in memory meanwhile are written, none lost, none twice;
 * - the database down at SIGTERM: the last counts are spooled to a file in
 *   ANALYTICS_DIR (owner-only) and written at the next start, once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { utcDay } from '../../server/analytics/day';
import type { AnalyticsReport } from '../../server/analytics/report';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { rootDir } from '../support/app';
import { until } from '../support/until';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

let pgs: TestPostgres;
let dir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  [pgs, dir] = await Promise.all([startPostgres(), mkdtemp(path.join(tmpdir(), 'analytics-postgres-'))]);
});
afterAll(async () => {
  await pgs.destroy();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const server of servers.splice(0)) if (server.child.exitCode === null) await server.stop('SIGKILL');
  // A test that stopped the database leaves it started for the next.
  await pgs.start().catch(() => undefined);
});

async function start(databaseUrl: string, name: string) {
  const server = await startServerProcess({
    env: { TRUST_PROXY: 'loopback', DRAIN_SECONDS: '0', DATABASE_URL: databaseUrl, ANALYTICS_DIR: path.join(dir, name) },
  });
  servers.push(server);
  return server;
}

async function visit(server: ServerProcess, url: string, address: string, userAgent = CHROME) {
  const res = await fetch(`${server.origin}${url}`, {
    redirect: 'manual',
    headers: { 'X-Forwarded-For': address, 'User-Agent': userAgent },
  });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
}

function report(databaseUrl: string): AnalyticsReport {
  const day = utcDay(Date.now());
  const result = spawnSync(process.execPath, ['dist/cli/analytics.js', 'report', '--from', day, '--to', day, '--json'], {
    cwd: rootDir,
    // No ANALYTICS_DIR: with DATABASE_URL the command reads the database, as the server wrote it.
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, ANALYTICS_DIR: path.join(dir, 'never-written') },
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as AnalyticsReport;
}

const pageOf = (figures: AnalyticsReport, page: string) => figures.pages.find((item) => item.path === page);

/** Batches of counts the database holds: a server has its salt and has written once it has one. */
async function batchesIn(databaseUrl: string): Promise<number> {
  // Until the server has brought the schema up to date there is no table.
  const rows = await pgs.query<{ count: string }>(databaseUrl, 'SELECT count(*) FROM analytics_batches').catch(() => [{ count: '0' }]);
  return Number(rows[0]!.count);
}

describe('visits counted in PostgreSQL', () => {
  it(
    'by two instances on one database: a person answered by both is one visitor, each view counted once',
    { timeout: 90_000 },
    async () => {
      const url = await pgs.createDatabase('two_instances');
      const [one, two] = await Promise.all([start(url, 'two-1'), start(url, 'two-2')]);
      // A: the home page from one, /press from the other. B: /press from both, twice from one. C: one page, from two.
      await visit(one, '/', '203.0.113.10');
      await visit(two, '/press', '203.0.113.10');
      await visit(one, '/press', '198.51.100.20', FIREFOX);
      await visit(one, '/press', '198.51.100.20', FIREFOX);
      await visit(two, '/press', '198.51.100.20', FIREFOX);
      await visit(two, '/terms', '192.0.2.30');
      expect(await Promise.all([one.stop('SIGTERM'), two.stop('SIGTERM')])).toEqual([0, 0]);

      const figures = report(url);
      expect(figures).toMatchObject({ visitors: 3, pageviews: 6 });
      expect(pageOf(figures, '/')).toEqual({ path: '/', visitors: 1, pageviews: 1 });
      expect(pageOf(figures, '/press')).toEqual({ path: '/press', visitors: 2, pageviews: 4 });
      expect(pageOf(figures, '/terms')).toEqual({ path: '/terms', visitors: 1, pageviews: 1 });
      // Nothing was left on either instance's disk: it all went to the database.
      for (const name of ['two-1', 'two-2']) expect(await readdir(path.join(dir, name)).catch(() => [])).toEqual([]);
    },
  );

  it('loses no view while the database is down: kept in memory and written once it is back', { timeout: 90_000 }, async () => {
    const url = await pgs.createDatabase('database_down');
    const server = await start(url, 'down');
    await visit(server, '/', '203.0.113.40');
    await until(async () => (await batchesIn(url)) > 0, 20_000, 'the first counts written');
    await pgs.stop();
    await visit(server, '/press', '203.0.113.40');
    await visit(server, '/terms', '203.0.113.41');
    await until(() => server.stdout().includes('counts could not be written'), 20_000, 'a write refused by the database');
    await visit(server, '/contact', '203.0.113.42');
    await pgs.start();
    await until(() => server.stdout().includes('the store takes counts again'), 30_000, 'the counts written once the database is back');
    expect(await server.stop('SIGTERM')).toBe(0);

    const figures = report(url);
    expect(figures).toMatchObject({ visitors: 3, pageviews: 4 });
    for (const page of ['/', '/press', '/terms', '/contact']) expect(pageOf(figures, page)?.pageviews).toBe(1);
  });

  it(
    'spools the last counts on SIGTERM while the database is down, and writes them once at the next start',
    { timeout: 90_000 },
    async () => {
      const url = await pgs.createDatabase('spooled');
      const spoolDir = path.join(dir, 'spool');
      let server = await start(url, 'spool');
      await visit(server, '/', '203.0.113.50');
      await until(async () => (await batchesIn(url)) > 0, 20_000, 'the first counts written');
      await pgs.stop();
      await visit(server, '/press', '203.0.113.50');
      await visit(server, '/press', '203.0.113.51', FIREFOX);
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(server.stdout()).toContain('the last counts are spooled for the next start');
      const spooled = (await readdir(spoolDir)).filter((name) => name.startsWith('unwritten-'));
      expect(spooled).toHaveLength(1);
      expect((await stat(path.join(spoolDir, spooled[0]!))).mode & 0o777).toBe(0o600);
      expect((await stat(spoolDir)).mode & 0o777).toBe(0o700);

      await pgs.start();
      server = await start(url, 'spool');
      expect(await server.stop('SIGTERM')).toBe(0);
      expect((await readdir(spoolDir)).filter((name) => name.startsWith('unwritten-'))).toEqual([]);
      const figures = report(url);
      expect(figures).toMatchObject({ visitors: 2, pageviews: 3 });
      expect(pageOf(figures, '/press')).toEqual({ path: '/press', visitors: 2, pageviews: 2 });

      // Started once more, it finds nothing to take: the spooled views are not counted again.
      server = await start(url, 'spool');
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(report(url)).toMatchObject({ visitors: 2, pageviews: 3 });
    },
  );
});
