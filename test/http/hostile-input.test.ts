/**
 * Hostile and malformed input against the listening server (production
 * mode, real sockets): every case gets a clear 4xx or a redirect, never a
 * 5xx or a stack trace, and /healthz still answers 200 after each.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createHttpServer, listen } from '../../server/http/http-server';
import { siteListener } from '../../server/http/fast-lane';
import { MALFORMED_PATH_MESSAGE, UNROUTABLE_TARGET_MESSAGE } from '../../server/http/malformed-path';
import type { ServerTimeouts } from '../../server/http/http-server';
import { capturingLogger, testConfig } from '../support/app';
import { FAST_NEWSLETTER, SLOW_RETRIES } from '../support/fake-provider';
import { rawExchange, trickle } from '../support/raw-socket';
import type { RawAnswer } from '../support/raw-socket';

/** Short limits, so the slow-client cases take a second, not half a minute. */
const TIMEOUTS: Partial<ServerTimeouts> = { headersTimeout: 600, requestTimeout: 1_200, connectionsCheckingInterval: 100 };
const PACKAGE_JSON_MARK = '"name": "harbor-ledger-site"';
const STACK_TRACE = /\bat [\w.<>]+ \(|\.(tsx?|js):\d+:\d+|node_modules/;

let port: number;
let logs: ReturnType<typeof capturingLogger>['records'];
let close: () => Promise<void>;

beforeAll(async () => {
  const captured = capturingLogger();
  logs = captured.records;
  const config = testConfig({ NODE_ENV: 'production' }, { isProduction: true });
  const app = createApp(config, { logger: captured.logger, newsletter: FAST_NEWSLETTER, outbox: SLOW_RETRIES });
  const server = createHttpServer(siteListener(app, config), TIMEOUTS);
  await listen(server, 0, '127.0.0.1');
  port = (server.address() as AddressInfo).port;
  close = async () => {
    await app.outbox.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
});
afterAll(async () => {
  await close?.();
});

function request(method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body ?? '')]);
}

/** A clear client error (or redirect) with no internals, and the server still healthy. */
async function expectRefusedCleanly(answer: RawAnswer, allowed: number[]) {
  expect(allowed, `got ${answer.status}:\n${answer.head}\n\n${answer.body.slice(0, 300)}`).toContain(answer.status);
  expect(answer.body).not.toMatch(STACK_TRACE);
  expect(answer.body).not.toContain(PACKAGE_JSON_MARK);
  const health = await rawExchange(port, request('GET', '/healthz'));
  expect(health.status).toBe(200);
}

describe('oversized requests', () => {
  it('answers a 16 kB URL with 431 or 414', async () => {
    await expectRefusedCleanly(await rawExchange(port, request('GET', `/podcast?q=${'a'.repeat(16 * 1024)}`)), [414, 431]);
  });

  it('answers oversized headers with 431', async () => {
    await expectRefusedCleanly(await rawExchange(port, request('GET', '/', { 'X-Filler': 'b'.repeat(20 * 1024) })), [431]);
    const many = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`X-Header-${i}`, 'c'.repeat(60)]));
    await expectRefusedCleanly(await rawExchange(port, request('GET', '/', many)), [431]);
  });
});

describe('malformed paths', () => {
  it.each([
    '/%E0%A4%A',
    '/podcast/%E0%A4%A',
    '/%',
    '/podcast/%ZZ',
    '/_data/%E0%A4%A',
    '/assets/%E0%A4%A.js',
    '/%C0%AE%C0%AE/package.json',
    '/api/subscribe%',
  ])('answers %s with a 400 that says what is wrong', async (target) => {
    const answer = await rawExchange(port, request('GET', target));
    await expectRefusedCleanly(answer, [400]);
    expect(answer.body).toBe(MALFORMED_PATH_MESSAGE);
  });

  it.each(['/%00', '/podcast/%00', '/assets/%00.js', '/press%00.html', '/favicon.svg%00'])(
    'answers the encoded NUL in %s with a 4xx',
    async (target) => {
      await expectRefusedCleanly(await rawExchange(port, request('GET', target)), [400, 404]);
    },
  );

  it('drops a raw NUL byte in the request line with 400', async () => {
    await expectRefusedCleanly(
      await rawExchange(port, Buffer.from('GET /\u0000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 'latin1')),
      [400],
    );
  });
});

describe('request-targets that are not a path', () => {
  // The absolute form a client sends a proxy, the asterisk form, a search in absolute form: this server is no proxy.
  it.each(['http://evil.example/', 'http://evil.example', 'https://127.0.0.1/press', 'http://evil.example/podcast?q=tax', '*'])(
    'answers GET %s with a 400 that says what is wrong, and logs no error',
    async (target) => {
      const before = logs.length;
      const answer = await rawExchange(port, request('GET', target));
      await expectRefusedCleanly(answer, [400]);
      expect(answer.body).toBe(UNROUTABLE_TARGET_MESSAGE);
      const lines = logs.slice(before);
      expect(lines.filter((line) => line.level >= 50 || 'err' in line).map((line) => line.msg)).toEqual([]);
      expect(JSON.stringify(lines)).not.toMatch(STACK_TRACE);
    },
  );
});

describe('path traversal against the static files', () => {
  it.each([
    '/assets/../package.json',
    '/assets/../../package.json',
    '/../package.json',
    '/%2e%2e/package.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/media/..%2f..%2fpackage.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/..%5c..%5cpackage.json',
    '/..%5c..%5cpackage.json',
    '/assets/%252e%252e/%252e%252e/package.json',
    '/assets/....//....//package.json',
    '/./package.json',
    '//package.json',
  ])('never serves a file outside the public folders for %s', async (target) => {
    await expectRefusedCleanly(await rawExchange(port, request('GET', target)), [400, 403, 404, 301, 308]);
  });
});

describe('methods', () => {
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('answers %s on a page with 405 and Allow: GET, HEAD', async (method) => {
    for (const target of ['/', '/press', '/podcast?page=2', '/no-such-page']) {
      const answer = await rawExchange(port, request(method, target, { 'Content-Type': 'text/plain' }, 'x'));
      await expectRefusedCleanly(answer, [405]);
      expect(answer.head).toMatch(/^Allow: GET, HEAD$/im);
    }
  });
});

describe('query strings on /podcast', () => {
  const canonicalOf = (html: string) => /<link rel="canonical" href="[^"]*?(\/podcast[^"]*)"/.exec(html)?.[1];

  // The spec's rule (shared/rules/pagination.ts): a malformed page is page 1, a
  // whole number past the end is the last page; the canonical URL says which.
  it.each(['?page[]=1', '?page[]=1&page[]=2', '?page=1e9', '?page=-1', '?page=0', '?page=2.5', '?page=%00', '?page=NaN', '?page=%E0%A4%A'])(
    'answers %s with page 1',
    async (query) => {
      const answer = await rawExchange(port, request('GET', `/podcast${query}`));
      await expectRefusedCleanly(answer, [200]);
      expect(canonicalOf(answer.body)).toBe('/podcast');
    },
  );

  it('answers a page number past the end, however long, with the last page', async () => {
    const last = await rawExchange(port, request('GET', '/podcast?page=999999999999999999999'));
    await expectRefusedCleanly(last, [200]);
    expect(canonicalOf(last.body)).toMatch(/^\/podcast\?page=\d+$/);
  });
});

describe('the sign-up API', () => {
  const post = (body: string | Buffer, contentType = 'application/json') =>
    rawExchange(port, request('POST', '/api/subscribe', { 'Content-Type': contentType }, body));

  it.each([
    ['a number', '{"email": 42}'],
    ['an array', '{"email": ["reader@example.com"]}'],
    ['an object', '{"email": {"$gt": ""}}'],
    ['null', '{"email": null}'],
    ['a top-level array', '[{"email": "reader@example.com"}]'],
    ['a top-level string', '"reader@example.com"'],
    ['__proto__', '{"__proto__": {"email": "proto@example.com", "isAdmin": true}}'],
    ['constructor.prototype', '{"constructor": {"prototype": {"email": "ctor@example.com"}}}'],
    ['truncated JSON', '{"email": "reader@exa'],
    ['deep nesting', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`],
  ])('refuses JSON with %s with a 400 and a message', async (_what, body) => {
    const answer = await post(body);
    await expectRefusedCleanly(answer, [400, 413]);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: expect.any(String) });
    // Nothing leaked onto every object in the process.
    expect(({} as Record<string, unknown>).email).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses invalid UTF-8 in the body with a 4xx', async () => {
    for (const body of [
      Buffer.concat([Buffer.from('{"email": "'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('@example.com"}')]),
      Buffer.from([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d]),
      Buffer.from([0xed, 0xa0, 0x80]),
    ]) {
      const answer = await post(body);
      await expectRefusedCleanly(answer, [400]);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: expect.any(String) });
    }
    const form = await post(
      Buffer.concat([Buffer.from('email='), Buffer.from([0xff, 0xfe]), Buffer.from('%FF%E0%A4%A')]),
      'application/x-www-form-urlencoded',
    );
    await expectRefusedCleanly(form, [303, 400]);
  });

  it('refuses a body in another charset or encoding with 415', async () => {
    await expectRefusedCleanly(await post('{"email":"reader@example.com"}', 'application/json; charset=latin1'), [415]);
    const gzipped = await rawExchange(
      port,
      request('POST', '/api/subscribe', { 'Content-Type': 'application/json', 'Content-Encoding': 'x-unknown' }, '{}'),
    );
    await expectRefusedCleanly(gzipped, [415]);
  });

  it('refuses a body over 10 kB with 413', async () => {
    await expectRefusedCleanly(await post(JSON.stringify({ email: `${'a'.repeat(20_000)}@example.com` })), [413]);
  });
});

describe('slow clients', () => {
  it('cuts off a client that trickles its headers, with 408', async () => {
    const pieces = ['GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', ...Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: x\r\n`)];
    const answer = await trickle(port, pieces, { intervalMs: 100, timeoutMs: 10_000 });
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(5_000); // long before the 100 headers were sent
    expect((await rawExchange(port, request('GET', '/healthz'))).status).toBe(200);
  });

  it('cuts off a client that trickles its body, with 408', async () => {
    const head = 'POST /api/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const answer = await trickle(port, [head, ...Array.from({ length: 200 }, () => ' ')], { intervalMs: 100, timeoutMs: 15_000 });
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(10_000);
    expect((await rawExchange(port, request('GET', '/healthz'))).status).toBe(200);
  });
});

describe('afterwards', () => {
  it('logged no server error for any of it', () => {
    const serverErrors = logs.filter((line) => line.level >= 50);
    expect(serverErrors.map((line) => line.msg)).toEqual([]);
  });
});
