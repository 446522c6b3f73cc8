/**
 * The file store on a real temporary folder: owner-only, one salt a day for
 * every process (two stores on one folder stand for two processes), batches
 * from two processes merged, the day rolled up with no visitor key left,
 * salts gone after 48 h and aggregates past retention; and its configuration.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Counter } from '../../server/analytics/counter';
import { entrySource } from '../../server/analytics/entry-source';
import { openFileStore } from '../../server/analytics/file-store';
import { visitorKey } from '../../server/analytics/visitor-key';
import { ConfigError, parseConfig } from '../../server/config';

const SITE = 'https://www.example.com';
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4758.102 Safari/537.36';
const NOON = Date.parse('2026-12-01T12:00:00Z');
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const mode = async (file: string) => (await stat(file)).mode & 0o777;

describe('openFileStore', () => {
  it('makes one salt a day for every process, owner-only, and deletes it after 48 hours', async () => {
    const one = openFileStore(dir, { retentionMonths: 25 });
    const two = openFileStore(dir, { retentionMonths: 25 });
    const [a, b] = await Promise.all([one.salt('2026-12-01'), two.salt('2026-12-01')]);
    expect(a.equals(b)).toBe(true);
    expect(a).toHaveLength(16);
    expect((await two.salt('2026-12-02')).equals(a)).toBe(false);
    expect(await mode(path.join(dir, 'salt'))).toBe(0o700);
    expect(await mode(path.join(dir, 'salt', '2026-12-01.key'))).toBe(0o600);
    await one.maintain(Date.parse('2026-12-03T00:00:00Z'));
    expect(await readdir(path.join(dir, 'salt'))).toEqual(['2026-12-02.key']);
  });

  it('merges the batches of two processes, then rolls the day up with no visitor key left', async () => {
    const stores = [openFileStore(dir, { retentionMonths: 25 }), openFileStore(dir, { retentionMonths: 25 })];
    const salt = await stores[0]!.salt('2026-12-01');
    const counters = [new Counter(), new Counter()];
    const key = (address: string) => visitorKey(salt, address, UA, SITE);
    // The same person answered by both processes is one visitor; two people are two.
    counters[0]!.view({ time: NOON, path: '/press', notFound: false, key: key('203.0.113.1') }, () =>
      entrySource('https://www.google.com/', '/press', SITE),
    );
    counters[1]!.view({ time: NOON + 1, path: '/press', notFound: false, key: key('203.0.113.1') }, () =>
      entrySource(undefined, '/press', SITE),
    );
    counters[1]!.view({ time: NOON + 2, path: '/', notFound: false, key: key('203.0.113.2') }, () => entrySource(undefined, '/', SITE));
    counters[1]!.bot(NOON, 'user-agent');
    await stores[0]!.append(counters[0]!.drain());
    await stores[1]!.append(counters[1]!.drain());
    const files = await readdir(path.join(dir, 'batches', '2026-12-01'));
    expect(files).toHaveLength(2);
    expect(await mode(path.join(dir, 'batches', '2026-12-01', files[0]!))).toBe(0o600);

    const [live] = await stores[1]!.days('2026-12-01', '2026-12-01');
    expect(live).toMatchObject({ day: '2026-12-01', visitors: 2, pageviews: 3, bots: { 'user-agent': 1 } });
    expect(live!.pages).toEqual([
      { path: '/press', notFound: false, pageviews: 2, visitors: 1 },
      { path: '/', notFound: false, pageviews: 1, visitors: 1 },
    ]);

    // Not yet: the day is over only after its grace for late batches.
    await stores[0]!.maintain(Date.parse('2026-12-02T00:05:00Z'));
    expect(await readdir(path.join(dir, 'batches'))).toEqual(['2026-12-01']);
    await stores[0]!.maintain(Date.parse('2026-12-02T00:10:00Z'));
    expect(await readdir(path.join(dir, 'batches'))).toEqual([]);
    const kept = await readFile(path.join(dir, 'days', '2026-12-01.json'), 'utf8');
    expect(await mode(path.join(dir, 'days', '2026-12-01.json'))).toBe(0o600);
    expect(kept).not.toContain(key('203.0.113.1'));
    expect(await stores[1]!.days('2026-12-01', '2026-12-31')).toEqual([live]);
  });

  it('skips a batch line cut short by a crash', async () => {
    const store = openFileStore(dir, { retentionMonths: 25 });
    const counter = new Counter();
    counter.bot(NOON, 'head');
    await store.append(counter.drain());
    const folder = path.join(dir, 'batches', '2026-12-01');
    const [file] = await readdir(folder);
    await rm(path.join(folder, file!));
    const { appendFile } = await import('node:fs/promises');
    await appendFile(
      path.join(folder, file!),
      '{"day":"2026-12-01","views":[],"visitors":{"keys":[]},"pageVisitors":[],"entries":[],"leads":[],"bots":{"head":1},"notFoundReferrers":[]}\n{"day":"2026-12-01","vie',
    );
    expect((await store.days('2026-12-01', '2026-12-01'))[0]!.bots).toEqual({ head: 1 });
  });

  it('deletes daily figures older than the retention', async () => {
    const store = openFileStore(dir, { retentionMonths: 2 });
    for (const time of [Date.parse('2026-09-30T12:00:00Z'), Date.parse('2026-10-01T12:00:00Z')]) {
      const counter = new Counter();
      counter.bot(time, 'head');
      await store.append(counter.drain());
    }
    await store.maintain(Date.parse('2026-12-01T12:00:00Z'));
    expect(await readdir(path.join(dir, 'days'))).toEqual(['2026-10-01.json']);
  });
});

describe('analytics configuration', () => {
  it('is on, in data/analytics, for 25 months, with nothing set', () => {
    expect(parseConfig({}, '/srv/app').analytics).toEqual({
      enabled: true,
      dir: '/srv/app/data/analytics',
      retentionMonths: 25,
      readers: [],
    });
    expect(parseConfig({ ANALYTICS: 'OFF', ANALYTICS_DIR: '/var/lib/a', ANALYTICS_RETENTION_MONTHS: '13' }, '/srv/app').analytics).toEqual({
      enabled: false,
      dir: '/var/lib/a',
      retentionMonths: 13,
      readers: [],
    });
  });

  it.each([
    [{ ANALYTICS: 'maybe' }, 'ANALYTICS must be on or off (got "maybe")'],
    [{ ANALYTICS_RETENTION_MONTHS: '26' }, 'ANALYTICS_RETENTION_MONTHS must be a whole number of months from 1 to 25'],
    [{ ANALYTICS_RETENTION_MONTHS: '0' }, 'ANALYTICS_RETENTION_MONTHS must be a whole number of months from 1 to 25'],
  ])('refuses %o in one line', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});
