/**
 * The site behind a real nginx (deploy/nginx.conf), two instances as their
 * own processes, TLS at nginx: client addresses, the rate limit, HTTPS
 * detection, request ids and idle upstream connections come out right.
 * Requests leave from different loopback source addresses (127.0.0.2,
 * 127.0.0.3), which nginx sees as different clients.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../server/config';
import { SERVER_TIMEOUTS } from '../../server/http/http-server';
import { DEPLOY_NGINX_CONF } from '../support/nginx';
import { requestThroughProxy, startProxiedSite } from '../support/proxied-site';
import type { ProxiedSite } from '../support/proxied-site';
import { connectionsBetween } from '../support/tcp-table';

const RATE_LIMIT = 2;
let site: ProxiedSite;

beforeAll(async () => {
  site = await startProxiedSite({ NEWSLETTER_RATE_LIMIT: String(RATE_LIMIT) });
});
afterAll(async () => {
  await site?.close();
});

type LogLine = { msg?: string; reqId?: string; req?: { id?: string; ip?: string; url?: string } };

/** Log lines of both instances about one request id. */
function linesFor(requestId: string): LogLine[] {
  return site.instances
    .flatMap((instance) => instance.logs() as LogLine[])
    .filter((line) => line.req?.id === requestId || line.reqId === requestId);
}

async function completedLine(requestId: string): Promise<LogLine> {
  await expect.poll(() => linesFor(requestId).find((line) => line.msg === 'request completed'), { timeout: 5_000 }).toBeDefined();
  return linesFor(requestId).find((line) => line.msg === 'request completed')!;
}

function plainGet(url: string, options: { localAddress?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(url, { ...options, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('client addresses', () => {
  it('logs each client’s own address, however many instances answer', async () => {
    for (const [from, id] of [
      ['127.0.0.2', 'client-two-1'],
      ['127.0.0.3', 'client-three-1'],
      ['127.0.0.2', 'client-two-2'],
      ['127.0.0.3', 'client-three-2'],
    ] as const) {
      const res = await requestThroughProxy(site, '/press', { from, headers: { 'X-Request-Id': id } });
      expect(res.status).toBe(200);
      expect((await completedLine(id)).req?.ip).toBe(from);
    }
  });

  it('ignores an X-Forwarded-For the client made up', async () => {
    const res = await requestThroughProxy(site, '/contact', {
      from: '127.0.0.2',
      headers: { 'X-Request-Id': 'forged-xff', 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    expect((await completedLine('forged-xff')).req?.ip).toBe('127.0.0.2');
  });

  it('gives each client its own sign-up budget', async () => {
    const signUp = (from: string, n: number) =>
      requestThroughProxy(site, '/api/subscribe', {
        from,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `reader-${from.replaceAll('.', '-')}-${n}@example.com` }),
      });
    // Each instance keeps its own count: two instances let at most 2 × RATE_LIMIT through.
    const fromTwo = [];
    for (let n = 0; n < 3 * RATE_LIMIT; n++) fromTwo.push((await signUp('127.0.0.2', n)).status);
    expect(fromTwo.filter((status) => status === 429).length).toBeGreaterThanOrEqual(RATE_LIMIT);
    expect(fromTwo.filter((status) => status === 200).length).toBeGreaterThanOrEqual(RATE_LIMIT);

    // Had the limit counted nginx's address, 127.0.0.3 would find both budgets spent.
    const fromThree = await signUp('127.0.0.3', 0);
    expect(fromThree.status).toBe(200);
    expect(JSON.parse(fromThree.body)).toMatchObject({ ok: true });

    // The refusals were logged for the client that was refused. Log lines reach
    // stdout in batches, up to 100 ms after the answer (server/logger.ts).
    const refusedLines = () =>
      site.instances
        .flatMap((instance) => instance.logs() as LogLine[])
        .filter((line) => line.msg === 'newsletter sign-up refused: client rate limit reached');
    await expect.poll(() => refusedLines().length, { timeout: 5_000 }).toBeGreaterThanOrEqual(RATE_LIMIT);
    const refused = refusedLines();
    for (const { reqId } of refused) {
      expect(reqId).toBeDefined();
      expect((await completedLine(reqId!)).req?.ip).toBe('127.0.0.2');
    }
  });
});

describe('the contact form through the proxy', () => {
  it('takes the longest message the form allows, posted without JavaScript, and answers 303 to the page', async () => {
    // 5,000 characters of three-byte UTF-8, percent-encoded: 45 kB, which nginx must let through to the app.
    const message = '€'.repeat(5_000);
    const body = new URLSearchParams({ name: 'Dana Whitfield', email: 'dana@example.com', message }).toString();
    expect(body.length).toBeGreaterThan(40_000);
    const answer = await requestThroughProxy(site, '/contact', {
      from: '127.0.0.2',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/contact?message=received#message-form');
  });
});

describe('HTTPS at the proxy', () => {
  it('turns on HSTS and upgrade-insecure-requests for pages served over HTTPS, with SITE_URL on http', async () => {
    expect(parseConfig({}).siteUrl.startsWith('http:')).toBe(true); // the instances run with the default SITE_URL
    const res = await requestThroughProxy(site, '/');
    expect(res.status).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('sends plain HTTP to HTTPS at the proxy', async () => {
    const res = await plainGet(`${site.nginx.httpOrigin}/press?x=1`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://127.0.0.1/press?x=1');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('believes X-Forwarded-Proto only from the proxy', async () => {
    const [instance] = site.instances;
    // Straight to the app from the proxy's address, no header: plain HTTP.
    const direct = await plainGet(`${instance.origin}/`);
    expect(direct.headers['strict-transport-security']).toBeUndefined();
    expect(direct.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    // From another address the header is a claim, not a fact.
    const forged = await plainGet(`${instance.origin}/`, { localAddress: '127.0.0.2', headers: { 'X-Forwarded-Proto': 'https' } });
    expect(forged.status).toBe(200);
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('keeps the client’s X-Request-Id from nginx’s log to the app’s log and the answer', async () => {
    const res = await requestThroughProxy(site, '/podcast', { headers: { 'X-Request-Id': 'edge-7f3a' } });
    expect(res.headers['x-request-id']).toBe('edge-7f3a');
    expect((await completedLine('edge-7f3a')).req?.url).toBe('/podcast');
    await expect.poll(() => site.nginx.accessLog(), { timeout: 5_000 }).toContain('"GET /podcast HTTP/1.1" 200');
    expect(site.nginx.accessLog()).toMatch(/"GET \/podcast HTTP\/1\.1" 200 .*rid=edge-7f3a /);
  });

  it('gives a request without one nginx’s id, logged under it on both sides', async () => {
    const res = await requestThroughProxy(site, '/terms');
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect((await completedLine(id)).req?.url).toBe('/terms');
    await expect.poll(() => site.nginx.accessLog(), { timeout: 5_000 }).toContain(`rid=${id} `);
  });
});

describe('idle upstream connections', () => {
  const nginxIdleSeconds = Number(/keepalive_timeout\s+(\d+)s;/.exec(readFileSync(DEPLOY_NGINX_CONF, 'utf8'))?.[1]);

  it('are nginx’s to close: its idle timeout is shorter than the app’s keep-alive and its drain', () => {
    expect(nginxIdleSeconds).toBeGreaterThan(0);
    expect(nginxIdleSeconds * 1000).toBeLessThan(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(nginxIdleSeconds).toBeLessThan(parseConfig({}).drainSeconds);
  });

  it('are closed by nginx after its idle timeout, never reset by the app', async () => {
    const appPorts = site.instances.map((instance) => instance.port);
    const errorsBefore = site.nginx.errorLog();
    const before = connectionsBetween(appPorts);
    // Twenty requests at once leave several kept-alive connections to each instance.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => requestThroughProxy(site, i % 2 ? '/press' : '/')));
    expect(results.every((res) => res.status === 200)).toBe(true);
    const idleSince = Date.now();
    const kept = connectionsBetween(appPorts).filter(
      (socket) =>
        socket.state === 'ESTABLISHED' &&
        appPorts.includes(socket.remotePort) &&
        !before.some((earlier) => earlier.localPort === socket.localPort && earlier.remotePort === socket.remotePort),
    );
    expect(kept.length).toBeGreaterThan(0);

    // Every one of them ends by nginx's hand: its side waits in TIME_WAIT (the side that closed first).
    const stillOpen = () =>
      connectionsBetween(appPorts).filter(
        (s) => s.state === 'ESTABLISHED' && kept.some((k) => k.localPort === s.localPort || k.localPort === s.remotePort),
      );
    await expect.poll(() => stillOpen().length, { timeout: nginxIdleSeconds * 1000 + 10_000, interval: 100 }).toBe(0);
    const closedAfterMs = Date.now() - idleSince;
    expect(closedAfterMs).toBeGreaterThanOrEqual(nginxIdleSeconds * 1000 - 500);
    // A close takes both sides' turns: on busy cores the app's FIN may follow nginx's a moment later, and
    // until it does nginx's side is in FIN_WAIT; what counts is that it ends in TIME_WAIT, the closer's state.
    const nginxSides = () =>
      kept.map(
        (socket) => connectionsBetween(appPorts).find((s) => s.localPort === socket.localPort && s.remotePort === socket.remotePort)?.state,
      );
    await expect.poll(nginxSides, { timeout: 5_000, interval: 100 }).toEqual(kept.map(() => 'TIME_WAIT'));
    const after = connectionsBetween(appPorts);
    for (const socket of kept) {
      const appSide = after.find((s) => s.localPort === socket.remotePort && s.remotePort === socket.localPort);
      expect(['TIME_WAIT', 'FIN_WAIT1', 'FIN_WAIT2']).not.toContain(appSide?.state);
    }

    const next = await requestThroughProxy(site, '/press');
    expect(next.status).toBe(200);
    const newErrors = site.nginx.errorLog().slice(errorsBefore.length);
    expect(newErrors).not.toMatch(/reset by peer|prematurely closed|no live upstreams/);
  }, 30_000);
});
