/**
 * Both analytics stores (decision 039) held to the same promises, the
 * PostgreSQL one on a real server (scripts/local/postgres.ts): two stores on
 * one folder or one database stand for two instances. One salt a day made by
 * whichever asks first; the same person answered by both is one visitor; a
 * batch written twice (a write that timed out after it landed, tried again)
 * counts once, before its day is rolled up and in the roll-up; two instances
 * rolling up at once count each batch once; no visitor key is left after the
 * roll-up; salts go after 48 h, figures past retention.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from '../../server/analytics/analytics-store';
import type { AnalyticsStore } from '../../server/analytics/analytics-store';
import { Counter } from '../../server/analytics/counter';
import { entrySource } from '../../server/analytics/entry-source';
import { visitorKey } from '../../server/analytics/visitor-key';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { rootDir } from '../support/app';

const SITE = 'https://www.example.com';
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4758.102 Safari/537.36';
const NOON = Date.parse('2026-12-01T12:00:00Z');
const DAY = '2026-12-01';
const logger = pino({ level: 'silent' });

let pgs: TestPostgres;
let dir: string;
let databases = 0;
const opened: AnalyticsStore[] = [];

beforeAll(async () => {
  [pgs, dir] = await Promise.all([startPostgres(), mkdtemp(path.join(tmpdir(), 'analytics-shared-store-'))]);
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await pgs.destroy();
  await rm(dir, { recursive: true, force: true });
});

/** Two stores on one new folder or database: two instances sharing it. */
async function twoInstances(kind: 'files' | 'postgres', retentionMonths = 25): Promise<[AnalyticsStore, AnalyticsStore, string]> {
  const name = `shared_${++databases}`;
  const databaseUrl = kind === 'postgres' ? await pgs.createDatabase(name) : undefined;
  const config = { analytics: { enabled: true, dir: path.join(dir, name), retentionMonths }, databaseUrl, rootDir };
  const stores = [openAnalyticsStore(config, logger), openAnalyticsStore(config, logger)] as const;
  opened.push(...stores);
  return [...stores, databaseUrl ?? ''];
}

function pageView(counter: Counter, salt: Buffer, address: string, page: string, referrer?: string) {
  counter.view({ time: NOON, path: page, notFound: false, key: visitorKey(salt, address, UA, SITE) }, () =>
    entrySource(referrer, page, SITE),
  );
}

for (const kind of ['files', 'postgres'] as const) {
  describe(`the analytics store on ${kind}`, () => {
    it('makes one salt a day for both instances, whichever asks first, and deletes it 48 hours after its day began', async () => {
      const [one, two] = await twoInstances(kind);
      const [a, b] = await Promise.all([one.salt(DAY), two.salt(DAY)]);
      expect(a).toHaveLength(16);
      expect(a.equals(b)).toBe(true);
      const next = await two.salt('2026-12-02');
      expect(next.equals(a)).toBe(false);
      await one.maintain(Date.parse('2026-12-03T00:00:00Z'));
      // Deleted: asked again, it is a new one (no one can make the old day's keys again).
      expect((await one.salt(DAY)).equals(a)).toBe(false);
      expect((await one.salt('2026-12-02')).equals(next)).toBe(true);
    });

    it('counts a person answered by both instances once, and a batch written twice once, live and rolled up, with no key left', async () => {
      const [one, two, databaseUrl] = await twoInstances(kind);
      const salt = await one.salt(DAY);
      const counters = [new Counter(), new Counter()] as const;
      pageView(counters[0], salt, '203.0.113.1', '/press', 'https://www.google.com/');
      pageView(counters[1], salt, '203.0.113.1', '/press');
      pageView(counters[1], salt, '203.0.113.2', '/');
      const first = counters[0].drain();
      const second = counters[1].drain();
      expect(first[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
      await one.append(first);
      // The retry: the same batches again, as after a write that timed out although it landed.
      await one.append(first);
      await Promise.all([two.append(second), two.append(second)]);
      const [live] = await two.days(DAY, DAY);
      expect(live).toMatchObject({ day: DAY, visitors: 2, pageviews: 3 });
      expect(live!.pages).toEqual(
        expect.arrayContaining([
          { path: '/press', notFound: false, pageviews: 2, visitors: 1 },
          { path: '/', notFound: false, pageviews: 1, visitors: 1 },
        ]),
      );

      // Both instances roll up at once, after the day's grace: each batch counted once.
      const after = Date.parse('2026-12-02T00:10:00Z');
      await Promise.all([one.maintain(after), two.maintain(after)]);
      const [rolled] = await one.days(DAY, DAY);
      expect(rolled).toMatchObject({ visitors: 2, pageviews: 3 });
      expect(rolled!.pages).toEqual(expect.arrayContaining(live!.pages));
      expect(JSON.stringify(rolled)).not.toContain(visitorKey(salt, '203.0.113.1', UA, SITE));
      if (kind === 'postgres') {
        // The day's keys are gone from the database; the batches' ids stay a while.
        const rows = await pgs.query<{ batch: unknown }>(databaseUrl, 'SELECT batch FROM analytics_batches');
        expect(rows).toHaveLength(2);
        expect(rows.every((row) => row.batch === null)).toBe(true);
        // A retry arriving after the roll-up is still known by its id.
        await two.append(second);
        await one.maintain(after + 60_000);
        expect(await one.days(DAY, DAY)).toEqual([rolled]);
      }
    });

    it('deletes daily figures older than the retention', async () => {
      const [one] = await twoInstances(kind, 2);
      for (const time of [Date.parse('2026-09-30T12:00:00Z'), Date.parse('2026-10-01T12:00:00Z')]) {
        const counter = new Counter();
        counter.bot(time, 'head');
        await one.append(counter.drain());
      }
      await one.maintain(Date.parse('2026-12-01T12:00:00Z'));
      expect((await one.days('2026-01-01', '2026-12-31')).map((day) => day.day)).toEqual(['2026-10-01']);
    });
  });
}
