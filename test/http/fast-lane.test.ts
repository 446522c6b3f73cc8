/**
 * The fast lane (server/http/fast-lane.ts) answers pages the cache holds and
 * hashed assets in front of Express. These tests run the production app twice
 * over loopback, lane on and lane off (config.fastLane, FAST_LANE=off), and
 * require the same answers from both: status, every header but Date and
 * X-Request-Id, and the bytes. Which side answered is seen by counting the
 * requests Express itself handled.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { readImmutableAssets } from '../../server/http/immutable-assets';
import { content } from '../support/content';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';
import { rootDir, startServer } from '../support/app';
import type { LogRecord } from '../support/app';
import { rawRequest } from '../support/raw-http';
import type { RawResponse } from '../support/raw-http';

type Started = Awaited<ReturnType<typeof startServer>>;

/**
 * Counts the requests Express handled: whatever the lane did not answer.
 * Every request Express answers enters through app.handle (what calling the
 * app does), so a count there, and nothing else changed, tells them apart.
 */
function countExpress(server: Started) {
  const app = server.app as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = app.handle.bind(app);
  const counter = { handled: 0 };
  app.handle = (...args: unknown[]) => {
    counter.handled += 1;
    return handle(...args);
  };
  return counter;
}

/** Both servers trust the loopback proxy, so X-Forwarded-Proto (HSTS, upgrade-insecure-requests) and X-Forwarded-For count. */
const env = { TRUST_PROXY: 'loopback' };
let lane: Started;
let express: Started;
let laneExpress: { handled: number };

beforeAll(async () => {
  [lane, express] = await Promise.all([
    startServer({ env, config: { isProduction: true } }),
    startServer({ env, config: { isProduction: true, fastLane: false } }),
  ]);
  laneExpress = countExpress(lane);
});
afterAll(async () => {
  await Promise.all([lane.close(), express.close()]);
});

const PER_REQUEST = new Set(['date', 'x-request-id']);
/** What must be equal: status, headers but Date and X-Request-Id, bytes. */
const comparable = (res: RawResponse) => ({
  status: res.status,
  headers: Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.has(name))),
  body: res.body.toString('base64'),
});

async function both(url: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const [fromLane, fromExpress] = await Promise.all([rawRequest(lane.origin + url, options), rawRequest(express.origin + url, options)]);
  return { fromLane, fromExpress };
}

async function expectSameAnswers(url: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  const { fromLane, fromExpress } = await both(url, options);
  expect(comparable(fromLane), `${options.method ?? 'GET'} ${url} ${JSON.stringify(options.headers ?? {})}`).toEqual(
    comparable(fromExpress),
  );
  expect(fromLane.headers['x-request-id']).toMatch(/^[\w.:-]+$/);
  return fromLane;
}

const ENCODINGS = ['br', 'gzip', 'identity', 'gzip, deflate, br, zstd', 'br;q=0, gzip', 'deflate'];

/** Every way of asking for a URL the equivalence covers. */
async function expectSameAnswersEveryWay(url: string) {
  for (const acceptEncoding of ENCODINGS) {
    const get = await expectSameAnswers(url, { headers: { 'Accept-Encoding': acceptEncoding } });
    await expectSameAnswers(url, { method: 'HEAD', headers: { 'Accept-Encoding': acceptEncoding } });
    if (get.headers.etag) {
      await expectSameAnswers(url, { headers: { 'Accept-Encoding': acceptEncoding, 'If-None-Match': get.headers.etag } });
      await expectSameAnswers(url, {
        method: 'HEAD',
        headers: { 'Accept-Encoding': acceptEncoding, 'If-None-Match': `W/${get.headers.etag}, "other"` },
      });
    }
  }
  // Through a trusted proxy, over HTTPS: the HTTPS security headers, and the client's address in the log.
  await expectSameAnswers(url, { headers: { 'Accept-Encoding': 'br', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' } });
}

async function sitemapUrls(): Promise<string[]> {
  const sitemap = (await rawRequest(`${express.origin}/sitemap.xml`, { headers: { 'Accept-Encoding': 'identity' } })).body.toString();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!);
    return url.pathname + url.search;
  });
  expect(urls.length).toBeGreaterThan(20);
  return urls;
}

describe('the fast lane against Express alone', () => {
  // About 70 URLs, each asked some 25 ways of both servers, one after another (the render counter is
  // read between them): on two cores shared with the other test files that can take more than 30 s.
  it('gives the same answers for every sitemap URL, rendered first by Express and then from the lane', { timeout: 120_000 }, async () => {
    const urls = await sitemapUrls();
    for (const url of urls) {
      const before = laneExpress.handled;
      await expectSameAnswers(url, { headers: { 'Accept-Encoding': 'br' } });
      // The first request renders (Express); from the next on the lane answers.
      expect(laneExpress.handled, url).toBe(before + 1);
      await expectSameAnswersEveryWay(url);
      expect(laneExpress.handled, url).toBe(before + 1);
    }
  });

  it('gives the same 404 page, from the lane once it is held', async () => {
    await expectSameAnswers('/no-such-page-fast-lane', { headers: { 'Accept-Encoding': 'br' } });
    const before = laneExpress.handled;
    await expectSameAnswersEveryWay('/no-such-page-fast-lane');
    expect(laneExpress.handled).toBe(before);
    const notFound = await rawRequest(`${lane.origin}/no-such-page-fast-lane`);
    expect(notFound.status).toBe(404);
  });

  it('gives the same hashed assets, every one held from the lane', async () => {
    const held = [...readImmutableAssets(path.join(rootDir, 'dist/client/assets')).keys()];
    expect(held.length).toBeGreaterThan(3);
    const before = laneExpress.handled;
    for (const name of held) await expectSameAnswersEveryWay(`/assets${name}`);
    expect(laneExpress.handled).toBe(before);
    // With a query string, as Express's handler reads only the path.
    await expectSameAnswers(`/assets${held[0]}?v=2`, { headers: { 'Accept-Encoding': 'br' } });
    expect(laneExpress.handled).toBe(before);
  });

  it('leaves to Express: a legacy redirect, other methods, a malformed path, an unheld asset, page data, a new query', async () => {
    await expectSameAnswers('/press');
    const cases: [string, { method?: string; headers?: Record<string, string> }][] = [
      [content.redirects[0]!.from, {}],
      ['/press', { method: 'POST' }],
      ['/press', { method: 'OPTIONS' }],
      ['/%E0%A4%A', {}],
      ['/assets/no-such-file.js', {}],
      ['/assets/%ZZ.js', {}],
      ['/_data/press', { headers: { 'Accept-Encoding': 'br' } }],
      ['/press?utm_source=fast-lane-test', { headers: { 'Accept-Encoding': 'br' } }],
    ];
    for (const [url, options] of cases) {
      const before = laneExpress.handled;
      await expectSameAnswers(url, options);
      expect(laneExpress.handled, `${options.method ?? 'GET'} ${url}`).toBe(before + 1);
    }
    expect((await rawRequest(lane.origin + content.redirects[0]!.from)).status).toBe(301);
    // A query the page handler has resolved once is then an address of the held page.
    const before = laneExpress.handled;
    await expectSameAnswers('/press?utm_source=fast-lane-test', { headers: { 'Accept-Encoding': 'br' } });
    expect(laneExpress.handled).toBe(before);
  });

  it('makes a search the cache does not hold, and its page data, with the answers Express gives, every way', async () => {
    const before = laneExpress.handled;
    const searches = [
      '/podcast?q=retirement+lane',
      '/podcast?q=estate+planning&format=audio',
      '/podcast?q=tax&page=2',
      '/podcast?q=%3Cb%3E+%22x%22',
    ];
    for (const [index, url] of searches.entries()) {
      // The first way makes the search; the others are new addresses of it, which the lane finds in memory.
      for (const [way, acceptEncoding] of ENCODINGS.entries()) {
        const made = await expectSameAnswers(`${url}&n=${index}-${way}`, { headers: { 'Accept-Encoding': acceptEncoding } });
        expect(made.status).toBe(200);
      }
      await expectSameAnswers(`/_data${url}&n=${index}-data`, { headers: { 'Accept-Encoding': 'gzip' } });
      await expectSameAnswers(`${url}&n=${index}-head`, { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
      const first = await rawRequest(`${lane.origin}${url}&n=${index}-etag`, { headers: { 'Accept-Encoding': 'gzip' } });
      await expectSameAnswers(`${url}&n=${index}-etag2`, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag! } });
    }
    // A search that cannot be made: its 400 page, made for the request.
    const invalid = await expectSameAnswers('/podcast?q=tax&format=nonsense', { headers: { 'Accept-Encoding': 'br' } });
    expect(invalid.status).toBe(400);
    expect(laneExpress.handled).toBe(before);
  });

  it('keeps a valid incoming X-Request-Id and makes a new unique one otherwise', async () => {
    await rawRequest(`${lane.origin}/press`);
    const before = laneExpress.handled;
    const kept = await rawRequest(`${lane.origin}/press`, { headers: { 'X-Request-Id': 'proxy-id.42' } });
    expect(kept.headers['x-request-id']).toBe('proxy-id.42');
    const ids = await Promise.all(
      ['', 'not valid!', 'x'.repeat(129)].map(async (incoming) => {
        const res = await rawRequest(`${lane.origin}/press`, { headers: incoming ? { 'X-Request-Id': incoming } : {} });
        return res.headers['x-request-id'];
      }),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect(laneExpress.handled).toBe(before);
  });

  it('writes the same request log lines: one per request, with the same fields', async () => {
    const strip = ({ time: _time, pid: _pid, hostname: _hostname, reqId: _reqId, responseTime, req, ...rest }: LogRecord) => ({
      ...rest,
      hasReqId: typeof _reqId === 'string',
      responseTime: typeof responseTime,
      req: { ...(req as Record<string, unknown>), id: typeof (req as { id?: unknown } | undefined)?.id },
    });
    const linesFor = (server: Started, id: string) => server.logs.filter((line) => line.reqId === id).map(strip);
    for (const [url, headers] of [
      ['/press', { 'Accept-Encoding': 'br' }],
      ['/no-such-page-logged', {}],
      ['/press', { 'X-Forwarded-For': '198.51.100.9' }],
    ] as const) {
      await both(url, { headers }); // held from here on
      const id = `log-${Math.random().toString(36).slice(2)}`;
      const before = laneExpress.handled;
      await both(url, { headers: { ...headers, 'X-Request-Id': id } });
      expect(laneExpress.handled).toBe(before);
      await expect.poll(() => linesFor(lane, id).length).toBe(url === '/press' ? 1 : 2);
      expect(linesFor(lane, id)).toEqual(linesFor(express, id));
    }
    const [completed] = lane.logs.filter((line) => line.msg === 'request completed').slice(-1);
    expect(completed).toMatchObject({ level: 30, req: { method: 'GET', url: '/press', ip: '198.51.100.9' }, res: { statusCode: 200 } });
  });
});

describe("a search past its client's budget, refused by the lane", () => {
  it('gets the answer Express would give, without reaching Express', async () => {
    // A burst of two and next to no refill; clients told apart by X-Forwarded-For.
    const renders = { perSecond: 0.001, burst: 2, queue: 32, share: 1 };
    const [budgetLane, budgetExpress] = await Promise.all([
      startServer({ env, config: { isProduction: true, renders } }),
      startServer({ env, config: { isProduction: true, fastLane: false, renders } }),
    ]);
    try {
      const handled = countExpress(budgetLane);
      const as = (server: Started, url: string, extra: Record<string, string> = {}) =>
        rawRequest(server.origin + url, { headers: { 'X-Forwarded-For': '203.0.113.40', 'Accept-Encoding': 'br', ...extra } });
      // Two searches admitted and made.
      for (const url of ['/podcast?q=estate+budget1', '/podcast?q=estate+budget2']) {
        expect((await as(budgetLane, url)).status).toBe(200);
        expect((await as(budgetExpress, url)).status).toBe(200);
      }
      // A search in memory costs nothing and is still served.
      expect((await as(budgetLane, '/podcast?q=estate+budget1')).status).toBe(200);
      const before = handled.handled;
      for (const [url, extra] of [
        ['/podcast?q=estate+budget3', {}],
        ['/podcast?q=estate+budget4', { 'Accept-Encoding': 'gzip' }],
        ['/_data/podcast?q=estate+budget5', {}],
      ] as const) {
        const [fromLane, fromExpress] = await Promise.all([as(budgetLane, url, extra), as(budgetExpress, url, extra)]);
        expect(fromLane.status, url).toBe(429);
        expect(comparable(fromLane), url).toEqual(comparable(fromExpress));
      }
      expect(handled.handled).toBe(before);
      const refusedLines = (server: Started) =>
        server.logs
          .filter((line) => line.msg === 'request completed' && (line.res as { statusCode: number }).statusCode === 429)
          .map((line) => ({ level: line.level, url: (line.req as { url: string }).url, ip: (line.req as { ip: string }).ip }));
      expect(refusedLines(budgetLane)).toHaveLength(3);
      expect(refusedLines(budgetLane)).toEqual(refusedLines(budgetExpress));
      // Another client is served meanwhile.
      expect((await as(budgetLane, '/podcast?q=estate+budget6', { 'X-Forwarded-For': '198.51.100.41' })).status).toBe(200);
    } finally {
      await Promise.all([budgetLane.close(), budgetExpress.close()]);
    }
  });
});

describe('the fast lane while the instance leaves the rotation', () => {
  it('answers with Connection: close', async () => {
    const server = await startServer({ config: { isProduction: true } });
    try {
      const express = countExpress(server);
      await rawRequest(`${server.origin}/press`);
      const before = express.handled;
      expect((await rawRequest(`${server.origin}/press`)).headers.connection).toBe('keep-alive');
      server.app.readiness.leave();
      const leaving = await rawRequest(`${server.origin}/press`, { headers: { 'Accept-Encoding': 'br' } });
      expect(leaving.status).toBe(200);
      expect(leaving.headers.connection).toBe('close');
      const asset = await rawRequest(
        `${server.origin}/assets${[...readImmutableAssets(path.join(rootDir, 'dist/client/assets')).keys()][0]}`,
      );
      expect(asset.headers.connection).toBe('close');
      expect(express.handled).toBe(before);
    } finally {
      await server.close();
    }
  });
});

describe('a scheduled episode through the fast lane', () => {
  it('is not served before its publishAt, and is from the minute it passes, with no restart', async () => {
    const dir = copyOfContent();
    let now = Date.parse('2026-12-01T13:59:00Z');
    writeEpisode(
      dir,
      'scheduled-fast-lane',
      { ...sampleEpisode, date: '2026-12-01', publishAt: '2026-12-01T09:00:00-05:00' },
      'Scheduled.',
    );
    const store = createContentStore({ rootDir, contentDir: dir, preview: false, watch: false, now: () => now });
    const server = await startServer({ config: { isProduction: true }, content: store });
    try {
      const express = countExpress(server);
      const get = async (url: string) => {
        const res = await rawRequest(server.origin + url, { headers: { 'Accept-Encoding': 'identity' } });
        return { status: res.status, listed: res.body.toString().includes('/podcast/scheduled-fast-lane') };
      };
      // Rendered once each, then held: the lane answers without the episode.
      expect(await get('/podcast')).toEqual({ status: 200, listed: false });
      expect(await get('/podcast/scheduled-fast-lane')).toEqual({ status: 404, listed: false });
      const held = express.handled;
      expect(await get('/podcast')).toEqual({ status: 200, listed: false });
      expect(await get('/podcast/scheduled-fast-lane')).toEqual({ status: 404, listed: false });
      expect(express.handled).toBe(held);

      now += 60_000;
      // The content's new version brings a new, empty cache: Express renders, then the lane holds the new pages.
      expect(await get('/podcast')).toEqual({ status: 200, listed: true });
      expect(await get('/podcast/scheduled-fast-lane')).toEqual({ status: 200, listed: true });
      expect(express.handled).toBe(held + 2);
      expect(await get('/podcast')).toEqual({ status: 200, listed: true });
      expect(await get('/podcast/scheduled-fast-lane')).toEqual({ status: 200, listed: true });
      expect(express.handled).toBe(held + 2);
    } finally {
      await server.close();
    }
  });
});
