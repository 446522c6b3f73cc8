/**
 * The counting runtime (server/analytics/site-analytics.ts) on a real file
 * store in a temporary folder: a store that cannot be written loses nothing
 * and counts nothing twice once it can; views made before any salt can be
 * read wait and are counted when it can; and what a visitor's request names
 * (the Referer of a lead, the words of a search) cannot grow a day's figures
 * past their bounds, however many made-up values a flood sends.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_NOT_FOUND_PATHS, MAX_SEARCHES } from '../../server/analytics/counter';
import { openFileStore } from '../../server/analytics/file-store';
import { report } from '../../server/analytics/report';
import { createSiteAnalytics, withLeads } from '../../server/analytics/site-analytics';

const SITE = 'https://www.example.com';
const UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4758.102 Safari/537.36';
const NOON = Date.parse('2026-12-01T12:00:00Z');
const DAY = '2026-12-01';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'site-analytics-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const request = (ip: string, headers: Record<string, string> = {}) => ({
  method: 'GET',
  ip,
  path: '/api/subscribe',
  headers: { 'user-agent': UA, host: 'www.example.com', ...headers },
});

function runtime() {
  const store = openFileStore(dir, { retentionMonths: 25 });
  return { store, analytics: createSiteAnalytics({ store, siteUrl: SITE, logger: pino({ level: 'silent' }), now: () => NOON }) };
}

describe('the counting runtime', () => {
  it('keeps counts a store cannot take and writes each once when it can', async () => {
    const { store, analytics } = runtime();
    // The batches folder made impossible: each write fails, as a database down would.
    await writeFile(path.join(dir, 'batches'), 'not a folder');
    analytics.page(request('203.0.113.1'), { path: '/', notFound: false }, '/');
    await expect(analytics.flush()).rejects.toThrow();
    analytics.page(request('203.0.113.2'), { path: '/press', notFound: false }, '/press');
    await expect(analytics.flush()).rejects.toThrow();
    analytics.page(request('203.0.113.3'), { path: '/press', notFound: false }, '/press');
    await expect(analytics.flush()).rejects.toThrow();
    await rm(path.join(dir, 'batches'));
    await analytics.flush();
    await analytics.flush();
    expect(await report(store, DAY, DAY)).toMatchObject({
      visitors: 3,
      pageviews: 3,
      pages: [
        { path: '/press', visitors: 2, pageviews: 2 },
        { path: '/', visitors: 1, pageviews: 1 },
      ],
    });
  });

  it('counts views made while no salt could be read once one can, as one visitor each', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'salt'), 'not a folder');
    const { store, analytics } = runtime();
    analytics.page(request('198.51.100.1'), { path: '/', notFound: false }, '/');
    analytics.page(request('198.51.100.1'), { path: '/press', notFound: false }, '/press');
    await analytics.flush();
    expect(await store.days(DAY, DAY)).toEqual([]);
    await rm(path.join(dir, 'salt'));
    await analytics.stop();
    expect(await report(store, DAY, DAY)).toMatchObject({ visitors: 1, pageviews: 2 });
  });

  it('bounds the pages a flood of forged Referers can credit leads to', async () => {
    const { store, analytics } = runtime();
    const lead = withLeads(analytics, 'contact', ['received'], () => {});
    for (let index = 0; index < MAX_NOT_FOUND_PATHS + 500; index++) {
      lead('received', request('192.0.2.1', { referer: `${SITE}/made-up-${index}?email=someone@example.com` }));
    }
    lead('invalid', request('192.0.2.1', { referer: `${SITE}/contact` }));
    await analytics.flush();
    const [contact] = (await report(store, DAY, DAY)).leads;
    expect(contact!.count).toBe(MAX_NOT_FOUND_PATHS + 500);
    expect(contact!.byPage).toHaveLength(MAX_NOT_FOUND_PATHS + 1);
    expect(contact!.byPage[0]).toEqual({ path: '(other)', count: 500 });
    expect(JSON.stringify(contact)).not.toContain('email=');
  });

  it('bounds the searches a flood of made-up words can add to a day', async () => {
    const { store, analytics } = runtime();
    for (let index = 0; index < MAX_SEARCHES + 300; index++) {
      analytics.page(
        request('192.0.2.2'),
        { path: '/podcast', notFound: false, search: { query: `words ${index}`, found: false } },
        '/podcast',
      );
    }
    await analytics.flush();
    const [day] = await store.days(DAY, DAY);
    expect(day!.searches).toHaveLength(MAX_SEARCHES + 1);
    expect(day!.searches).toContainEqual({ query: '(other)', found: false, count: 300 });
  });
});
