/**
 * What the site makes per request is admitted (server/pages/render-admission.ts):
 * a client past its budget gets a 429 with Retry-After and a page in words,
 * made for nobody; other clients are served meanwhile; the budget refills;
 * RENDER_RATE_LIMIT=0 turns it off; two replicas on one PostgreSQL share one
 * budget; and with renders held, a request past the queue's bound gets a 503
 * at once while cached pages are answered.
 */
import http from 'node:http';
import { use } from 'react';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { createMetrics } from '../../server/http/metrics';
import type { Metrics } from '../../server/http/metrics';
import { makeApp, startServer } from '../support/app';
import { content } from '../support/content';

const refusals = content.site.refusals;
/** Clients told apart by X-Forwarded-For, which TRUST_PROXY=loopback believes from the test's own address. */
const PROXIED = { TRUST_PROXY: 'loopback' };
let searches = 0;
/** A search nobody has made before: the cache cannot answer it. */
const newSearch = () => `/podcast?q=estate+${(searches += 1)}x`;
const renderedCount = async (metrics: Metrics) => (await metrics.pagesRenderedPerRequest.get()).values[0]?.value ?? 0;

describe('the per-client budget', () => {
  it('answers a client past it with 429, Retry-After and a page in words, renders nothing for it, and serves another client meanwhile', async () => {
    const metrics = await createMetrics();
    // A burst of two and next to no refill, so what the test sees does not hang on how fast the machine renders.
    const renders = { perSecond: 0.001, burst: 2, queue: 32, share: 1 };
    const { app } = makeApp({ env: PROXIED, config: { isProduction: true, renders }, metrics });
    const as = (client: string, url: string) => request(app).get(url).set('X-Forwarded-For', client);
    const first = newSearch();
    expect((await as('203.0.113.7', first)).status).toBe(200);
    expect((await as('203.0.113.7', newSearch())).status).toBe(200);
    const refused = await as('203.0.113.7', newSearch());
    const rendered = await renderedCount(metrics);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.text).toContain(`<h1>${refusals.tooManyTitle}</h1>`);
    expect(refused.text).toContain(refusals.tooManyMessage);
    expect(refused.text).toContain('<a href="/podcast">');
    const data = await as('203.0.113.7', `/_data${newSearch()}`);
    expect(data.status).toBe(429);
    expect(data.body.message).toContain(refusals.tooManyTitle);
    expect((await metrics.pagesRefused.get()).values).toEqual([expect.objectContaining({ labels: { reason: 'client-budget' }, value: 2 })]);
    expect(await renderedCount(metrics)).toBe(rendered);

    // What the cache holds costs nothing and is still served to that client; another client is served.
    expect((await as('203.0.113.7', first)).status).toBe(200);
    expect((await as('203.0.113.7', '/press')).status).toBe(200);
    expect((await as('198.51.100.4', newSearch())).status).toBe(200);
  });

  it('refills: a client refused now is served once a token has come back', async () => {
    const { app } = makeApp({ env: { ...PROXIED, RENDER_RATE_LIMIT: '1' }, config: { isProduction: true } });
    const as = (url: string) => request(app).get(url).set('X-Forwarded-For', '203.0.113.8');
    let answer = await as(newSearch());
    for (let tries = 0; answer.status === 200 && tries < 20; tries += 1) answer = await as(newSearch());
    expect(answer.status).toBe(429);
    // One a second (test/unit/render-admission.test.ts counts tokens exactly, on a clock of its own).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await as(newSearch())).status).toBe(200);
  });

  it('is off with RENDER_RATE_LIMIT=0', async () => {
    const { app } = makeApp({ env: { ...PROXIED, RENDER_RATE_LIMIT: '0' }, config: { isProduction: true } });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => request(app).get(newSearch()).set('X-Forwarded-For', '203.0.113.9')),
    );
    expect(new Set(statuses.map((res) => res.status))).toEqual(new Set([200]));
  });

  describe('with DATABASE_URL', () => {
    let postgres: TestPostgres;
    beforeAll(async () => {
      postgres = await startPostgres();
    }, 60_000);
    afterAll(() => postgres?.destroy());

    it('is one budget for a client across two replicas', async () => {
      const env = { ...PROXIED, RENDER_RATE_LIMIT: '1', DATABASE_URL: await postgres.createDatabase('render_budget') };
      const replicas = [makeApp({ env, config: { isProduction: true } }).app, makeApp({ env, config: { isProduction: true } }).app];
      try {
        // A burst of two, whichever replica answers.
        expect((await request(replicas[0]!).get(newSearch()).set('X-Forwarded-For', '203.0.113.20')).status).toBe(200);
        expect((await request(replicas[1]!).get(newSearch()).set('X-Forwarded-For', '203.0.113.20')).status).toBe(200);
        for (const replica of replicas) {
          const refused = await request(replica).get(newSearch()).set('X-Forwarded-For', '203.0.113.20');
          expect(refused.status).toBe(429);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
        expect((await request(replicas[1]!).get(newSearch()).set('X-Forwarded-For', '203.0.113.21')).status).toBe(200);
      } finally {
        await Promise.all(replicas.map((replica) => replica.storage.close()));
      }
    });
  });
});

/** GET `target` exactly as written (fetch and supertest would resolve its dot segments first) from `client`. */
function getAsWritten(origin: string, target: string, client: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    http
      .get({ hostname, port, path: target, headers: { 'X-Forwarded-For': client } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('searches however their address is spelled', () => {
  // A burst of two and next to no refill: the third new search from one client is refused.
  const renders = { perSecond: 0.001, burst: 2, queue: 32, share: 1 };
  let servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  beforeAll(async () => {
    // In front of Express (the fast lane) and through Express alone (FAST_LANE=off).
    servers = await Promise.all(
      ([{}, { FAST_LANE: 'off' }] as Record<string, string>[]).map((env) =>
        startServer({ env: { ...PROXIED, ...env }, config: { isProduction: true, renders } }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });
  let clients = 0;

  // Every spelling the router reads as /podcast: percent-encoded letters, dot segments, case, trailing slashes, and their page data.
  it.each([
    '/podcast',
    '/%70odcast',
    '/%50ODCAST',
    '/./podcast',
    '/%2e/podcast',
    '/x/../podcast',
    '/PODCAST',
    '/podcast//',
    '/p%6Fdcast/',
    '/_data/podcast',
    '/_data/%70odcast',
    '/_data/./podcast',
    '/_DATA/podcast',
    '/_data/PODCAST/',
  ])('%s?q=… is admitted like /podcast?q=…: a client past its budget gets 429', async (path) => {
    for (const server of servers) {
      const client = `203.0.113.${(clients += 1)}`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await getAsWritten(server.origin, `${path}?q=estate+${(searches += 1)}x`, client));
      expect(statuses, `${path} (${server.config.fastLane ? 'fast lane' : 'Express'})`).toEqual([200, 200, 429]);
    }
  });

  it('counts the addresses of one IPv6 /64 as one client, and another /64 apart', async () => {
    const [server] = servers;
    const search = () => `/podcast?q=estate+${(searches += 1)}x`;
    expect(await getAsWritten(server!.origin, search(), '2001:db8:a:b::1')).toBe(200);
    expect(await getAsWritten(server!.origin, search(), '2001:db8:a:b:1:2:3:4')).toBe(200);
    // The same /64: the budget is spent.
    expect(await getAsWritten(server!.origin, search(), '2001:db8:a:b:ffff:ffff:ffff:fffe')).toBe(429);
    // The next /64 of the same /56 is another client.
    expect(await getAsWritten(server!.origin, search(), '2001:db8:a:c::1')).toBe(200);
  });
});

describe('the render queue', () => {
  it('with every render held and the line full, answers the next request 503 with Retry-After at once, and cached pages meanwhile', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    function Held() {
      use(held);
      return <p>Made at last.</p>;
    }
    const metrics = await createMetrics();
    const { app } = makeApp({
      env: { RENDER_QUEUE: '2' },
      config: { isProduction: true },
      metrics,
      extraRoutes: [{ path: 'held/:n', id: 'held', element: <Held /> }],
    });
    expect((await request(app).get('/press')).status).toBe(200);
    // Four render at once (RENDERS_AT_ONCE), two wait: six in all, none answered yet.
    const pending = Array.from({ length: 6 }, (_, n) =>
      request(app)
        .get(`/held/${n}`)
        .then((res) => res),
    );
    await expect
      .poll(async () => (await metrics.renderQueue.get()).values.find((value) => value.labels.state === 'waiting')?.value)
      .toBe(2);

    const startedAt = Date.now();
    const refused = await request(app).get('/held/7');
    expect(refused.status).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.text).toContain(`<h1>${content.site.refusals.busyTitle}</h1>`);
    expect((await request(app).get('/press')).status).toBe(200);
    expect((await metrics.pagesRefused.get()).values).toEqual([expect.objectContaining({ labels: { reason: 'queue-full' }, value: 1 })]);

    release();
    const answers = await Promise.all(pending);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers[0]!.text).toContain('Made at last.');
  });
});
