/**
 * Prometheus metrics (server/http/metrics.ts) on the listening app: the public
 * port and the metrics listener are real servers, requests go over loopback,
 * and the scrape is parsed as Prometheus text.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { createHttpServer, listen } from '../../server/http/http-server';
import { siteListener } from '../../server/http/fast-lane';
import { readImmutableAssets } from '../../server/http/immutable-assets';
import { createMetrics, metricsListener } from '../../server/http/metrics';
import { episodes } from '../support/content';
import { capturingLogger, rootDir, testConfig } from '../support/app';
import { refusedUrl } from '../../scripts/local/fake-provider';
import { FAST_NEWSLETTER, SLOW_RETRIES } from '../support/fake-provider';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(env: Record<string, string> = {}, config: Partial<AppConfig> = {}) {
  const metrics = await createMetrics();
  const { logger } = capturingLogger('silent');
  const appConfig = testConfig(env, config);
  const app = createApp(appConfig, { logger, metrics, newsletter: FAST_NEWSLETTER, outbox: SLOW_RETRIES });
  const site = createHttpServer(siteListener(app, appConfig));
  const scrapeServer = createHttpServer(metricsListener(metrics.registry));
  await listen(site, 0, '127.0.0.1');
  await listen(scrapeServer, 0, '127.0.0.1');
  closers.push(async () => {
    await app.outbox.stop();
    for (const server of [site, scrapeServer]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const metricsOrigin = `http://127.0.0.1:${(scrapeServer.address() as AddressInfo).port}`;
  return { origin, metricsOrigin };
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text format: `name{label="value",...} number` lines. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(metricsOrigin: string): Promise<Sample[]> {
  const res = await fetch(`${metricsOrigin}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(await res.text());
}

function value(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

describe('metrics', () => {
  it('count requests and time them by method, route pattern and status code', async () => {
    const { origin, metricsOrigin } = await serve();
    const before = await scrape(metricsOrigin);
    const episode = episodes[0]!.id;
    const answers = await Promise.all(
      [
        '/podcast',
        '/podcast',
        `/podcast/${episode}`,
        '/no-such-page-7d1',
        '/favicon.svg',
        '/assets/no-such-file.js',
        '/_data/press',
        '/healthz',
      ].map(async (path) => {
        const res = await fetch(`${origin}${path}`);
        await res.arrayBuffer(); // the answer is complete (and counted) before the scrape
        return res.status;
      }),
    );
    expect(answers).toEqual([200, 200, 200, 404, 200, 404, 200, 200]);
    const after = await scrape(metricsOrigin);
    const moved = (route: string, status: string) =>
      value(after, 'http_requests_total', { method: 'GET', route, status_code: status }) -
      value(before, 'http_requests_total', { method: 'GET', route, status_code: status });

    expect(moved('/podcast', '200')).toBe(2);
    expect(moved('/podcast/:episodeId', '200')).toBe(1);
    expect(moved('not-found', '404')).toBe(2); // the unknown page and the missing asset
    expect(moved('static', '200')).toBe(1);
    expect(moved('/_data/press', '200')).toBe(1);
    expect(moved('/healthz', '200')).toBe(1);
    expect(value(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/podcast', status_code: '200' })).toBe(2);
    expect(value(after, 'http_request_duration_seconds_bucket', { route: '/podcast', le: '+Inf' })).toBe(2);

    // Labels are patterns: no raw path a visitor typed becomes a series.
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route));
    for (const raw of [episode, 'no-such-page-7d1', 'no-such-file']) {
      expect([...routes].some((route) => route?.includes(raw))).toBe(false);
    }
  });

  it('count page-cache hits and misses', async () => {
    const { origin, metricsOrigin } = await serve({}, { isProduction: true });
    for (const path of ['/press', '/press?utm_source=newsletter', '/press']) await (await fetch(`${origin}${path}`)).arrayBuffer();
    const samples = await scrape(metricsOrigin);
    expect(value(samples, 'page_cache_lookups_total', { result: 'miss' })).toBe(1);
    expect(value(samples, 'page_cache_lookups_total', { result: 'hit' })).toBe(2);
  });

  it('count the fast lane’s answers under the same names and labels as Express’s (FAST_LANE=off)', async () => {
    const asset = [...readImmutableAssets(path.join(rootDir, 'dist/client/assets')).keys()][0]!;
    const paths = [
      '/press',
      '/press',
      `/podcast/${episodes[0]!.id}`,
      `/podcast/${episodes[0]!.id}`,
      '/no-such-page-7d2',
      '/no-such-page-7d2',
      `/assets${asset}`,
    ];
    const countsOf = async (fastLane: boolean) => {
      const { origin, metricsOrigin } = await serve({}, { isProduction: true, fastLane });
      for (const path of paths) await (await fetch(`${origin}${path}`)).arrayBuffer();
      const revalidated = await fetch(`${origin}/press`, {
        headers: { 'If-None-Match': (await fetch(`${origin}/press`)).headers.get('etag')! },
      });
      expect(revalidated.status).toBe(304);
      await fetch(`${origin}/press`, { method: 'HEAD' });
      const samples = await scrape(metricsOrigin);
      const counted = (name: string) =>
        samples
          .filter((s) => s.name === name && s.labels.route !== '/metrics')
          .map((s) => `${JSON.stringify(s.labels)} ${s.value}`)
          .sort();
      return {
        requests: counted('http_requests_total'),
        timed: counted('http_request_duration_seconds_count'),
        lookups: counted('page_cache_lookups_total'),
      };
    };
    const lane = await countsOf(true);
    expect(lane).toEqual(await countsOf(false));
    expect(lane.requests).toEqual(
      expect.arrayContaining([
        '{"method":"GET","route":"/press","status_code":"200"} 3',
        '{"method":"GET","route":"/press","status_code":"304"} 1',
        '{"method":"HEAD","route":"/press","status_code":"200"} 1',
        '{"method":"GET","route":"/podcast/:episodeId","status_code":"200"} 2',
        '{"method":"GET","route":"not-found","status_code":"404"} 2',
        '{"method":"GET","route":"static","status_code":"200"} 1',
      ]),
    );
    expect(lane.lookups).toEqual(['{"result":"hit"} 6', '{"result":"miss"} 3']);
  });

  it('count sign-ups by outcome and show the outbox backlog', async () => {
    // A provider that refuses connections: the sign-up is kept as pending for the outbox.
    const { origin, metricsOrigin } = await serve({ NEWSLETTER_LIST_ID: 'MetricsList', NEWSLETTER_ENDPOINT: await refusedUrl() });
    const post = (email: string) =>
      fetch(`${origin}/api/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const pending = await post('metrics-reader@example.com');
    const invalid = await post('not an address');
    await Promise.all([pending.arrayBuffer(), invalid.arrayBuffer()]);
    expect([pending.status, invalid.status]).toEqual([202, 400]);
    const samples = await scrape(metricsOrigin);
    expect(value(samples, 'newsletter_signups_total', { outcome: 'pending' })).toBe(1);
    expect(value(samples, 'newsletter_signups_total', { outcome: 'invalid' })).toBe(1);
    expect(value(samples, 'newsletter_outbox_entries', { state: 'pending' })).toBe(1);
    expect(value(samples, 'newsletter_outbox_entries', { state: 'failed' })).toBe(0);
    expect(value(samples, 'http_requests_total', { method: 'POST', route: '/api/subscribe', status_code: '202' })).toBe(1);
  });

  it('count contact messages by outcome, and the messages SMTP has not taken yet', async () => {
    // An SMTP port nobody listens on: the message is received, and waits in the ledger.
    const { origin, metricsOrigin } = await serve({
      CONTACT_SMTP_URL: `smtp://127.0.0.1:${new URL(await refusedUrl('/')).port}`,
      CONTACT_TO: 'advisors@example.com',
      CONTACT_FROM: 'website@example.com',
    });
    const post = (body: object) =>
      fetch(`${origin}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const received = await post({ name: 'Ann Lee', email: 'ann@example.com', message: 'A question about our practice.' });
    const invalid = await post({ name: 'Ann Lee', email: 'ann@', message: 'A question about our practice.' });
    await Promise.all([received.arrayBuffer(), invalid.arrayBuffer()]);
    expect([received.status, invalid.status]).toEqual([200, 400]);
    const samples = await scrape(metricsOrigin);
    expect(value(samples, 'contact_messages_total', { outcome: 'received' })).toBe(1);
    expect(value(samples, 'contact_messages_total', { outcome: 'invalid' })).toBe(1);
    expect(value(samples, 'contact_outbox_entries', { state: 'pending' })).toBe(1);
    expect(value(samples, 'http_requests_total', { method: 'POST', route: '/api/contact', status_code: '200' })).toBe(1);
  });

  it('include the default process metrics', async () => {
    const { metricsOrigin } = await serve();
    const names = new Set((await scrape(metricsOrigin)).map((s) => s.name));
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('are served only on the metrics listener, which answers nothing else', async () => {
    const { origin, metricsOrigin } = await serve();
    const publicAnswer = await fetch(`${origin}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(await publicAnswer.text()).not.toContain('http_requests_total');
    expect((await fetch(`${metricsOrigin}/`)).status).toBe(404);
    const post = await fetch(`${metricsOrigin}/metrics`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});
