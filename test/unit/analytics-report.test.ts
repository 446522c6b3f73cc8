/**
 * The report for programs, from a real store on a temporary folder, through
 * the command as its own process (npm run analytics -- report ... --json):
 * visits from three people (search, a newsletter campaign, direct), a contact
 * lead, a 404 linked from another site and five crawlers, counted by the same
 * rules the server will use.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFileSync, rm } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Counter } from '../../server/analytics/counter';
import { entrySource } from '../../server/analytics/entry-source';
import { openFileStore } from '../../server/analytics/file-store';
import { exclusionOf } from '../../server/analytics/not-counted';
import { visitorKey } from '../../server/analytics/visitor-key';

const SITE = 'https://www.example.com';
const NOON = Date.parse('2026-12-01T12:00:00Z');
const TSX = path.resolve('node_modules/.bin/tsx');
const agents = JSON.parse(readFileSync(new URL('../fixtures/isbot-user-agents.json', import.meta.url), 'utf8')) as {
  browsers: string[];
  crawlers: string[];
};
let dir: string;

async function analytics(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(TSX, ['server/cli/analytics.ts', ...args], { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  dir = await promisify(mkdtemp)(path.join(tmpdir(), 'analytics-report-'));
  const store = openFileStore(dir, { retentionMonths: 25 });
  const salt = await store.salt('2026-12-01');
  const counter = new Counter();
  let time = NOON;
  const visit = (address: string, userAgent: string, url: string, referer?: string, notFound = false) => {
    const headers = { 'user-agent': userAgent, ...(referer ? { referer } : {}) };
    const excluded = exclusionOf('GET', headers);
    if (excluded?.kind === 'bot') return counter.bot(time++, excluded.reason);
    const key = visitorKey(salt, address, userAgent, SITE);
    const from = referer ? new URL(referer).hostname.replace(/^www\./, '') : undefined;
    counter.view({ time: time++, path: url.split('?')[0]!, notFound, key, referrer: notFound ? from : undefined }, () =>
      entrySource(referer, url, SITE),
    );
    return key;
  };
  const [chrome, brave, firefox] = [agents.browsers[0]!, agents.browsers[4]!, agents.browsers[8]!];
  const searcher = visit('203.0.113.1', chrome, '/contact', 'https://www.google.com/');
  counter.lead(time++, 'contact', '/contact', searcher!);
  visit('2001:db8:1:2::5', brave, '/?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips');
  visit('2001:db8:1:2::6', brave, '/press', 'https://www.example.com/');
  visit('198.51.100.9', firefox, '/');
  visit('198.51.100.9', firefox, '/no-such-page', 'https://blog.example.org/links', true);
  for (const crawler of agents.crawlers.slice(0, 5)) visit('192.0.2.1', crawler, '/');
  await store.append(counter.drain());
});

afterAll(async () => {
  await promisify(rm)(dir, { recursive: true, force: true });
});

describe('npm run analytics -- report', () => {
  it('prints the range as one JSON object', { timeout: 60_000 }, async () => {
    const result = await analytics({ ANALYTICS_DIR: dir }, 'report', '--from', '2026-12-01', '--to', '2026-12-01', '--json');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      visitors: 3,
      pageviews: 5,
      pages: [
        { path: '/', visitors: 2, pageviews: 2 },
        { path: '/contact', visitors: 1, pageviews: 1 },
        { path: '/press', visitors: 1, pageviews: 1 },
      ],
      channels: [
        { channel: 'direct', visitors: 1 },
        { channel: 'email', visitors: 1 },
        { channel: 'search', visitors: 1 },
      ],
      sources: [
        { source: 'google.com', channel: 'search', visitors: 1 },
        { source: 'newsletter', channel: 'email', visitors: 1 },
      ],
      campaigns: [{ source: 'newsletter', medium: 'email', campaign: 'dec-tips', visitors: 1 }],
      leads: [
        {
          action: 'contact',
          count: 1,
          bySource: [{ channel: 'search', source: 'google.com', campaign: null, count: 1 }],
          byPage: [{ path: '/contact', count: 1 }],
        },
      ],
      notFound: [{ path: '/no-such-page', count: 1, referrers: ['blog.example.org'] }],
      bots: { total: 5, byReason: { 'user-agent': 5 } },
      series: [{ day: '2026-12-01', visitors: 3, pageviews: 5 }],
      // The two Brave addresses share a /64: one visitor, entering on / by the campaign, then /press.
      entryPages: [
        { path: '/', visitors: 2 },
        { path: '/contact', visitors: 1 },
      ],
      episodes: [],
      searches: [],
      searchesFoundNothing: [],
      rates: [
        {
          action: 'contact',
          byChannel: [
            { channel: 'search', visitors: 1, count: 1, rate: 1 },
            { channel: 'direct', visitors: 1, count: 0, rate: 0 },
            { channel: 'email', visitors: 1, count: 0, rate: 0 },
          ],
          byCampaign: [{ source: 'newsletter', medium: 'email', campaign: 'dec-tips', visitors: 1, count: 0, rate: 0 }],
          byLanding: [
            { path: '/contact', visitors: 1, count: 1, rate: 1 },
            { path: '/', visitors: 2, count: 0, rate: 0 },
          ],
          byEpisode: [],
        },
      ],
    });
  });

  it('a range with nothing counted is zeros, not an error', { timeout: 60_000 }, async () => {
    const result = await analytics({ ANALYTICS_DIR: dir }, 'report', '--from', '2026-11-01', '--to', '2026-11-30', '--json');
    expect(JSON.parse(result.stdout)).toMatchObject({ visitors: 0, pageviews: 0, pages: [], bots: { total: 0, byReason: {} } });
  });

  it('refuses a bad date, a reversed range and a missing store in one line', { timeout: 60_000 }, async () => {
    const bad = await analytics({ ANALYTICS_DIR: dir }, 'report', '--from', '2026-02-30', '--to', '2026-03-01', '--json');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--from must be a date as YYYY-MM-DD (got "2026-02-30")');
    const reversed = await analytics({ ANALYTICS_DIR: dir }, 'report', '--from', '2026-12-02', '--to', '2026-12-01', '--json');
    expect(reversed.stderr).toContain('--from (2026-12-02) is after --to (2026-12-01)');
    const dayOf = (env: Record<string, string>) => analytics(env, 'report', '--from', '2026-12-01', '--to', '2026-12-01', '--json');
    const missing = await dayOf({ ANALYTICS_DIR: path.join(dir, 'none') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No analytics store in');
    const config = await dayOf({ ANALYTICS_DIR: dir, ANALYTICS: 'maybe' });
    expect(config.stderr.trim()).toBe('Invalid configuration: ANALYTICS must be on or off (got "maybe")');
  });
});
