/**
 * GET /api/openapi.json (server/http/openapi/openapi-document.ts), held true by the
 * servers it describes, all real and listening on loopback:
 *
 * - the served document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator);
 * - every status of every documented operation is produced by a real request,
 *   and its body and documented headers are validated against the document
 *   (test/support/openapi-contract.ts, ajv); the last test fails if any
 *   documented answer, or request body type, was never produced;
 * - an operation or a status the document does not name fails that check;
 * - the request schemas accept what the rules of shared/rules/ accept and
 *   refuse what they refuse, and the server agrees with both;
 * - a client generated from the served document (openapi-typescript, then
 *   openapi-fetch) signs up and sends a message;
 * - the document is answered like the sitemap: built once, ETag and 304, an
 *   hour's Cache-Control, not compressed per request.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { CONTACT_BODY_LIMIT } from '../../server/forms/contact/contact-handler';
import type { ContactOptions } from '../../server/forms/contact/contact-messages';
import { openMessageLedger } from '../../server/forms/contact/message-ledger';
import type { SubscribeOptions } from '../../server/forms/newsletter/sign-ups';
import { BODY_LIMIT } from '../../server/forms/newsletter/subscribe-handler';
import { siteListener } from '../../server/http/fast-lane';
import { createHttpServer, listen } from '../../server/http/http-server';
import { createMetrics, metricsListener } from '../../server/http/metrics';
import { OPENAPI_CACHE_CONTROL, OPENAPI_PATH } from '../../server/http/openapi/openapi-document';
import { paths } from '../../shared/paths';
import { checkContactMessage } from '../../shared/rules/contact-message';
import { checkEmail } from '../../shared/rules/email';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';
import { capturingLogger, rootDir, testConfig } from '../support/app';
import { FAST_NEWSLETTER, SLOW_RETRIES } from '../support/fake-provider';
import { VALID_CONTACT_MESSAGE } from '../support/contact-message';
import { ledgerEntries } from '../support/ledger';
import { OpenApiContract } from '../support/openapi-contract';
import type { Answer } from '../support/openapi-contract';

const SITE_URL = 'https://www.example.com';
const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const SUBSCRIBE = paths.subscribeApi;
const CONTACT = paths.contactApi;

const VALID = VALID_CONTACT_MESSAGE;

interface Site {
  origin: string;
  metricsOrigin?: string;
  app: ReturnType<typeof createApp>;
}

const closers: Array<() => Promise<unknown>> = [];
let dir: string;
let fake: FakeProvider<FormEndpointMode>;
let site: Site;
let contract: OpenApiContract;
let served: Record<string, unknown>;

/** The real app on a loopback port, with its metrics listener when asked; limits high unless a test sets them. */
async function serve(
  options: { env?: Record<string, string>; newsletter?: SubscribeOptions; contact?: ContactOptions; metrics?: boolean } = {},
): Promise<Site> {
  const metrics = options.metrics ? await createMetrics() : undefined;
  const { logger } = capturingLogger('silent');
  const config = testConfig({ SITE_URL, ...options.env });
  const app = createApp(config, {
    logger,
    ...(metrics ? { metrics } : {}),
    newsletter: { ...FAST_NEWSLETTER, ...options.newsletter },
    outbox: SLOW_RETRIES,
    contact: { rateLimit: { limit: 1_000, windowMs: 3_600_000 }, ...options.contact },
  });
  const servers = [createHttpServer(siteListener(app, config))];
  if (metrics) servers.push(createHttpServer(metricsListener(metrics.registry)));
  for (const server of servers) await listen(server, 0, '127.0.0.1');
  closers.push(async () => {
    await app.outbox.stop();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  const [origin, metricsOrigin] = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { origin: origin!, app, ...(metricsOrigin ? { metricsOrigin } : {}) };
}

interface Call {
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  type?: string;
  headers?: Record<string, string>;
}

async function call(origin: string, method: string, target: string, init: Call = {}): Promise<Answer & { type?: string }> {
  let body: string | undefined;
  let type: string | undefined = init.type;
  if (init.json !== undefined) [body, type] = [JSON.stringify(init.json), JSON_TYPE];
  else if (init.form) [body, type] = [new URLSearchParams(init.form).toString(), FORM_TYPE];
  else body = init.body;
  const res = await fetch(origin + target, {
    method,
    redirect: 'manual',
    headers: { ...(type ? { 'Content-Type': type } : {}), ...init.headers },
    body,
  });
  return { status: res.status, headers: res.headers, text: await res.text(), ...(type ? { type } : {}) };
}

/** A real request, whose answer must have `status` and be what the document says of that status. */
async function expectAnswer(from: Site | string, method: string, target: string, status: number, init: Call = {}) {
  const origin = typeof from === 'string' ? from : from.origin;
  const answer = await call(origin, method, target, init);
  expect(answer.status, `${method} ${target}: ${answer.text.slice(0, 300)}`).toBe(status);
  contract.check(method, target, answer, { type: answer.type });
  return { ...answer, json: answer.headers.get('content-type')?.startsWith(JSON_TYPE) ? JSON.parse(answer.text) : undefined };
}

/** A body over a body-parser limit such as '10kb'. */
function overLimit(limit: string): string {
  const match = /^(\d+)kb$/.exec(limit);
  if (!match) throw new Error(`unexpected body limit ${limit}`);
  return 'x'.repeat(Number(match[1]) * 1024 + 1);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
  fake = await startFormEndpoint();
  site = await serve({ metrics: true });
  const res = await fetch(site.origin + OPENAPI_PATH);
  served = (await res.json()) as Record<string, unknown>;
  contract = new OpenApiContract(served);
});

afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(served);
    expect(result).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
  });

  it('names both form endpoints, the operational endpoints and itself; /metrics is on the metrics listener', () => {
    expect(Object.keys(served.paths as object).sort()).toEqual(
      [SUBSCRIBE, CONTACT, paths.health, paths.ready, '/metrics', OPENAPI_PATH].sort(),
    );
    const metricsItem = (served.paths as Record<string, { servers?: Array<{ url: string; description: string }> }>)['/metrics']!;
    expect(metricsItem.servers).toHaveLength(1);
    expect(metricsItem.servers![0]!.description).toContain('METRICS_PORT');
    expect(metricsItem.servers![0]!.url).not.toBe((served.servers as Array<{ url: string }>)[0]!.url);
    expect(served.servers).toEqual([{ url: SITE_URL, description: 'This site (SITE_URL).' }]);
  });

  it('is answered like the sitemap: an ETag and a 304, an hour of caching, the same bytes each time, not compressed', async () => {
    const first = await expectAnswer(site, 'GET', OPENAPI_PATH, 200, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(first.headers.get('cache-control')).toBe(OPENAPI_CACHE_CONTROL);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('content-encoding')).toBeNull();
    const etag = first.headers.get('etag')!;
    const second = await call(site.origin, 'GET', OPENAPI_PATH);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.text).toBe(first.text);
    // As a browser revalidates; without a Cache-Control of its own, fetch adds `no-cache`, which always gets the body.
    const revalidate = { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' };
    const notModified = await expectAnswer(site, 'GET', OPENAPI_PATH, 304, { headers: revalidate });
    expect(notModified.text).toBe('');
    const head = await fetch(site.origin + OPENAPI_PATH, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
  });
});

describe('POST /api/subscribe: every documented answer', () => {
  it('200: subscribed, already subscribed, and a filled honeypot answered as a success', async () => {
    const subscribed = await expectAnswer(site, 'POST', SUBSCRIBE, 200, { json: { email: 'first@example.com' } });
    expect(subscribed.json).toEqual({ ok: true, message: newsletterMessages.success });
    const again = await expectAnswer(site, 'POST', SUBSCRIBE, 200, { json: { email: 'FIRST@example.com' } });
    expect(again.json).toMatchObject({ ok: true, alreadySubscribed: true });
    const bot = await expectAnswer(site, 'POST', SUBSCRIBE, 200, { json: { email: 'bot@example.com', website: 'https://spam.example' } });
    expect(bot.json).toEqual({ ok: true, message: newsletterMessages.success });
  });

  it('303: a form post goes back to its page with the outcome, whatever it is', async () => {
    const done = await expectAnswer(site, 'POST', SUBSCRIBE, 303, { form: { email: 'form@example.com', returnTo: '/podcast' } });
    expect(done.headers.get('location')).toBe('/podcast?newsletter=subscribed#contact');
    const invalid = await expectAnswer(site, 'POST', SUBSCRIBE, 303, { form: { email: 'not-an-address', returnTo: '/press?x=1' } });
    expect(invalid.headers.get('location')).toBe('/press?x=1&newsletter=invalid#contact');
    const elsewhere = await expectAnswer(site, 'POST', SUBSCRIBE, 303, {
      form: { email: 'x@example.com', returnTo: 'https://evil.example' },
    });
    expect(elsewhere.headers.get('location')).toBe('/?newsletter=subscribed#contact');
  });

  it('400: a bad address, or JSON that cannot be read', async () => {
    for (const email of [undefined, '', 'visitor@example', `${'a'.repeat(250)}@example.com`]) {
      await expectAnswer(site, 'POST', SUBSCRIBE, 400, { json: email === undefined ? {} : { email } });
    }
    const unreadable = await expectAnswer(site, 'POST', SUBSCRIBE, 400, { body: '{"email": ', type: JSON_TYPE });
    expect(unreadable.json).toEqual({ ok: false, error: newsletterMessages.unreadable });
  });

  it('403, 413, 415: the guards', async () => {
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' };
    await expectAnswer(site, 'POST', SUBSCRIBE, 403, { json: { email: 'x@example.com' }, headers: crossSite });
    await expectAnswer(site, 'POST', SUBSCRIBE, 403, { form: { email: 'x@example.com' }, headers: crossSite });
    await expectAnswer(site, 'POST', SUBSCRIBE, 413, { json: { email: 'x@example.com', padding: overLimit(BODY_LIMIT) } });
    await expectAnswer(site, 'POST', SUBSCRIBE, 413, { form: { email: 'x@example.com', padding: overLimit(BODY_LIMIT) } });
    const unsupported = await expectAnswer(site, 'POST', SUBSCRIBE, 415, { body: 'email=x@example.com', type: 'text/plain' });
    expect(unsupported.headers.get('accept-post')).toBe(`${JSON_TYPE}, ${FORM_TYPE}`);
  });

  it('405: every other method', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await expectAnswer(site, method, SUBSCRIBE, 405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });

  it('202 and 422: a provider that fails (kept pending) and one that refuses the address', async () => {
    const withProvider = await serve({
      env: { NEWSLETTER_LIST_ID: 'LIST123', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}` },
    });
    fake.setMode('server-error');
    const pending = await expectAnswer(withProvider, 'POST', SUBSCRIBE, 202, { json: { email: 'pending@example.com' } });
    expect(pending.json).toEqual({ ok: true, message: newsletterMessages.pending });
    fake.setMode('rejected');
    const rejected = await expectAnswer(withProvider, 'POST', SUBSCRIBE, 422, { json: { email: 'bounced@example.com' } });
    expect(rejected.json.ok).toBe(false);
    const form = await expectAnswer(withProvider, 'POST', SUBSCRIBE, 303, { form: { email: 'bounced.too@example.com' } });
    expect(form.headers.get('location')).toBe('/?newsletter=rejected#contact');
  });

  it('429: over the per-client limit, with Retry-After (and as a form, 303 with the outcome)', async () => {
    const limited = await serve({ newsletter: { rateLimit: { limit: 1, windowMs: 60_000 } } });
    await expectAnswer(limited, 'POST', SUBSCRIBE, 200, { json: { email: 'one@example.com' } });
    const refused = await expectAnswer(limited, 'POST', SUBSCRIBE, 429, { json: { email: 'two@example.com' } });
    expect(refused.json).toEqual({ ok: false, error: newsletterMessages.rateLimited });
    const form = await expectAnswer(limited, 'POST', SUBSCRIBE, 303, { form: { email: 'three@example.com' } });
    expect(form.headers.get('location')).toBe('/?newsletter=rate-limited#contact');
    expect(form.headers.get('retry-after')).toBeNull();
  });

  it('503: the ledger cannot be written, with Retry-After (and as a form, 303 with the outcome)', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await writeFile(blocker, 'a file where the folder should be');
    const broken = await serve({ env: { NEWSLETTER_FILE: path.join(blocker, 'subscribers.jsonl') } });
    const refused = await expectAnswer(broken, 'POST', SUBSCRIBE, 503, { json: { email: 'late@example.com' } });
    expect(refused.json).toEqual({ ok: false, error: newsletterMessages.unavailable });
    const form = await expectAnswer(broken, 'POST', SUBSCRIBE, 303, { form: { email: 'late@example.com' } });
    expect(form.headers.get('location')).toBe('/?newsletter=unavailable#contact');
  });
});

describe('POST /api/contact: every documented answer', () => {
  it('200 and 303: received, as JSON and as a form; a filled honeypot is answered the same way', async () => {
    const received = await expectAnswer(site, 'POST', CONTACT, 200, { json: VALID });
    expect(received.json.ok).toBe(true);
    await expectAnswer(site, 'POST', CONTACT, 200, { json: { ...VALID, website: 'x' } });
    const form = await expectAnswer(site, 'POST', CONTACT, 303, { form: VALID });
    expect(form.headers.get('location')).toBe('/contact?message=received#message-form');
  });

  it('400: fields named (JSON), the page with each error (form), or JSON that cannot be read', async () => {
    const fields = await expectAnswer(site, 'POST', CONTACT, 400, { json: { ...VALID, name: '', phone: 'call me' } });
    expect(Object.keys(fields.json.fields)).toEqual(['name', 'phone']);
    const page = await expectAnswer(site, 'POST', CONTACT, 400, { form: { ...VALID, message: 'short' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain(`value="${VALID.name}"`);
    const unreadable = await expectAnswer(site, 'POST', CONTACT, 400, { body: '{"name": ', type: JSON_TYPE });
    expect(unreadable.json.fields).toBeUndefined();
  });

  it('403, 413, 415 and 405: the guards', async () => {
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' };
    await expectAnswer(site, 'POST', CONTACT, 403, { json: VALID, headers: crossSite });
    await expectAnswer(site, 'POST', CONTACT, 403, { form: VALID, headers: crossSite });
    await expectAnswer(site, 'POST', CONTACT, 413, { json: { ...VALID, message: overLimit(CONTACT_BODY_LIMIT) } });
    await expectAnswer(site, 'POST', CONTACT, 413, { form: { ...VALID, message: overLimit(CONTACT_BODY_LIMIT) } });
    await expectAnswer(site, 'POST', CONTACT, 415, { body: 'name=x', type: 'text/plain' });
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) await expectAnswer(site, method, CONTACT, 405);
  });

  it('429: over the per-client limit, with Retry-After, as JSON and as the page', async () => {
    const limited = await serve({ contact: { rateLimit: { limit: 1, windowMs: 3_600_000 } } });
    await expectAnswer(limited, 'POST', CONTACT, 200, { json: VALID });
    await expectAnswer(limited, 'POST', CONTACT, 429, { json: VALID });
    const page = await expectAnswer(limited, 'POST', CONTACT, 429, { form: VALID });
    expect(page.text).toContain(`value="${VALID.name}"`);
  });

  it('503: the ledger cannot be written, with Retry-After, as JSON and as the page', async () => {
    const blocker = path.join(dir, 'not-a-folder-either');
    await writeFile(blocker, 'a file where the folder should be');
    const broken = await serve({ env: { CONTACT_FILE: path.join(blocker, 'messages.jsonl') } });
    await expectAnswer(broken, 'POST', CONTACT, 503, { json: VALID });
    await expectAnswer(broken, 'POST', CONTACT, 503, { form: VALID });
  });
});

describe('the operational endpoints', () => {
  it('/healthz and /readyz: 200, then /readyz 503 once the instance leaves', async () => {
    const leaving = await serve();
    await expectAnswer(leaving, 'GET', paths.health, 200);
    await expectAnswer(leaving, 'GET', paths.ready, 200);
    leaving.app.readiness.leave();
    const notReady = await expectAnswer(leaving, 'GET', paths.ready, 503);
    expect(notReady.json.status).toBe('leaving');
    await expectAnswer(leaving, 'GET', paths.health, 200);
  });

  it('/metrics: 200 on the metrics listener its servers entry names; the public port has none', async () => {
    const metrics = await expectAnswer(site.metricsOrigin!, 'GET', '/metrics', 200);
    expect(metrics.text).toContain('http_requests_total');
    expect((await fetch(`${site.origin}/metrics`)).status).toBe(404);
  });
});

describe('a status or an operation the document does not name', () => {
  it('fails the check', async () => {
    const withoutPending = structuredClone(served) as { paths: Record<string, { post: { responses: Record<string, unknown> } }> };
    delete withoutPending.paths[SUBSCRIBE]!.post.responses['202'];
    const strict = new OpenApiContract(withoutPending);
    const withProvider = await serve({
      env: { NEWSLETTER_LIST_ID: 'LIST123', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}` },
    });
    fake.setMode('server-error');
    const pending = await call(withProvider.origin, 'POST', SUBSCRIBE, { json: { email: 'undocumented@example.com' } });
    expect(pending.status).toBe(202);
    expect(() => strict.check('POST', SUBSCRIBE, pending)).toThrow(/answered 202, a status the document does not name/);

    const postHealth = await call(site.origin, 'POST', paths.health);
    expect(postHealth.status).toBe(405);
    expect(() => contract.check('POST', paths.health, postHealth)).toThrow(/POST \/healthz is not in the document/);

    const wrongBody = { ...(await call(site.origin, 'GET', paths.health)), text: '{"status":"fine"}' };
    expect(() => contract.check('GET', paths.health, wrongBody)).toThrow(/its body/);
  });
});

describe('the request schemas are the rules', () => {
  const topicIds = () =>
    (
      served.components as { schemas: Record<string, { properties: { topic: { enum: string[] } } }> }
    ).schemas.ContactRequest!.properties.topic.enum.filter(Boolean);

  it('the email schema accepts exactly the addresses shared/rules/email.ts accepts, and so does the server', async () => {
    const addresses = [
      'visitor@example.com',
      'first.last+tag@sub.example.co.uk',
      "o'brien_{x}|~!#$%&*=?^`@example.org",
      `${'a'.repeat(64)}@example.com`,
      `${'a'.repeat(65)}@example.com`,
      `x@${'b'.repeat(63)}.com`,
      `x@${'b'.repeat(64)}.com`,
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com`,
      `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(58)}.example.com`,
      'x@example.xn--p1ai',
      'x@example.xn--p1ai-',
      'x@example.c',
      'x@example.123',
      'x@example',
      'x@-example.com',
      'x@example-.com',
      'x@ex--ample.com',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'a@b@example.com',
      'sp ace@example.com',
      '"quoted"@example.com',
      'x@example..com',
      'x@.example.com',
      'visitor.example.com',
      'dana@example.com\r\nBcc: x@example.com',
      'ünï@example.com',
      'x@exämple.com',
      '',
    ];
    for (const email of addresses) {
      const rule = checkEmail(email).ok;
      expect(contract.acceptsRequest('POST', SUBSCRIBE, JSON_TYPE, { email }).valid, email).toBe(rule);
      expect(contract.acceptsRequest('POST', SUBSCRIBE, FORM_TYPE, { email }).valid, email).toBe(rule);
      const answer = await call(site.origin, 'POST', SUBSCRIBE, { json: { email } });
      expect(answer.status, email).toBe(rule ? 200 : 400);
    }
  });

  it('the contact schema accepts exactly the messages shared/rules/contact-message.ts accepts, and so does the server', async () => {
    const cases: Array<Record<string, unknown>> = [
      VALID,
      { name: VALID.name, email: VALID.email, message: VALID.message },
      { email: VALID.email, message: VALID.message },
      { name: VALID.name, message: VALID.message },
      { name: VALID.name, email: VALID.email },
      { ...VALID, name: '' },
      { ...VALID, name: 'x'.repeat(100) },
      { ...VALID, name: 'x'.repeat(101) },
      { ...VALID, name: 'Dana\nSubject: hi' },
      { ...VALID, name: 'Dana\u2028Whitfield' },
      { ...VALID, name: 'Dana\u0085Whitfield' },
      { ...VALID, name: 'Dana\u0007' },
      { ...VALID, name: 'Dana\tWhitfield' },
      { ...VALID, name: 42 },
      { ...VALID, company: '' },
      { ...VALID, company: 'c'.repeat(150) },
      { ...VALID, company: 'c'.repeat(151) },
      { ...VALID, company: 'Acme\r\nX-Spam: yes' },
      { ...VALID, phone: '' },
      { ...VALID, phone: '555 0100 ext. 12' },
      { ...VALID, phone: '555 0100 EXT 12' },
      { ...VALID, phone: '555 0100 X12' },
      { ...VALID, phone: '555 0100 y12' },
      { ...VALID, phone: '12' },
      { ...VALID, phone: 'call me maybe' },
      { ...VALID, phone: '1'.repeat(40) },
      { ...VALID, phone: '1'.repeat(41) },
      { ...VALID, phone: '555 0100\nBcc: x' },
      { ...VALID, topic: '' },
      ...topicIds().map((topic) => ({ ...VALID, topic })),
      { ...VALID, topic: 'crypto' },
      { ...VALID, topic: 'IAR' },
      { ...VALID, email: 'dana@example' },
      { ...VALID, email: '' },
      { ...VALID, message: '123456789' },
      { ...VALID, message: '1234567890' },
      { ...VALID, message: 'm'.repeat(5000) },
      { ...VALID, message: 'm'.repeat(5001) },
      { ...VALID, message: 'Tabs\tand\nlines\nare fine' },
      { ...VALID, message: 'An escape \u001b[31m in it' },
      { ...VALID, message: 'A C1 control \u0085 is not a C0 one' },
      { ...VALID, message: ['a', 'b'] },
      { ...VALID, unknown: 'ignored' },
    ];
    for (const body of cases) {
      const label = JSON.stringify(body).slice(0, 120);
      const rule = checkContactMessage(body, topicIds()).ok;
      expect(contract.acceptsRequest('POST', CONTACT, JSON_TYPE, body).valid, label).toBe(rule);
      const answer = await call(site.origin, 'POST', CONTACT, { json: body });
      expect(answer.status, label).toBe(rule ? 200 : 400);
    }
  });
});

describe('a client generated from the served document', () => {
  it('types the API (openapi-typescript), and signs up and sends a message through it (openapi-fetch)', async () => {
    const ledger = path.join(dir, 'client-subscribers.jsonl');
    const messages = path.join(dir, 'client-messages.jsonl');
    const target = await serve({ env: { NEWSLETTER_FILE: ledger, CONTACT_FILE: messages } });
    const document = (await (await fetch(target.origin + OPENAPI_PATH)).json()) as Parameters<typeof openapiTS>[0];

    // Under the repository, so the generated client resolves openapi-fetch from node_modules; .cache/ is git-ignored.
    const work = path.join(rootDir, '.cache', `openapi-client-${process.pid}`);
    await mkdir(work, { recursive: true });
    closers.push(() => rm(work, { recursive: true, force: true }));
    await writeFile(path.join(work, 'api.ts'), astToString(await openapiTS(document)));
    const clientFile = path.join(work, 'client.ts');
    await writeFile(
      clientFile,
      `import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function signUpAndWrite(baseUrl: string, email: string) {
  const client = createClient<paths>({ baseUrl });
  const signUp = await client.POST('/api/subscribe', { body: { email } });
  const message = await client.POST('/api/contact', {
    body: { name: 'Dana Whitfield', email, company: 'Whitfield & Co. CPAs', topic: ${JSON.stringify(topicOf(document))}, message: 'We would like to talk about launching our own RIA next year.' },
  });
  const signUpSaid: string | undefined = signUp.data?.message;
  const messageSaid: string | undefined = message.data?.message;
  return { signUp: signUp.response.status, signUpSaid, message: message.response.status, messageSaid };
}

/** What the generated types refuse: checked by the compiler, never run. */
export function refusedByTheTypes(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  // @ts-expect-error: a sign-up needs an email
  void client.POST('/api/subscribe', { body: {} });
  // @ts-expect-error: a topic the contact page does not offer
  void client.POST('/api/contact', { body: { name: 'A', email: 'a@example.com', message: 'long enough text', topic: 'crypto' } });
  // @ts-expect-error: a message needs a message
  void client.POST('/api/contact', { body: { name: 'A', email: 'a@example.com' } });
  // @ts-expect-error: the document has no such path
  void client.POST('/api/unsubscribe', { body: {} });
}
`,
    );

    const program = ts.createProgram([clientFile], {
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnostics).toEqual([]);

    const client = (await import(pathToFileURL(clientFile).href)) as {
      signUpAndWrite(
        baseUrl: string,
        email: string,
      ): Promise<{ signUp: number; signUpSaid?: string; message: number; messageSaid?: string }>;
    };
    const result = await client.signUpAndWrite(target.origin, 'typed.client@example.com');
    expect(result).toMatchObject({ signUp: 200, signUpSaid: newsletterMessages.success, message: 200 });
    expect(result.messageSaid).toMatch(/received/);
    expect((await ledgerEntries(ledger)).map((entry) => [entry.email, entry.status])).toEqual([['typed.client@example.com', 'subscribed']]);
    const messageLedger = openMessageLedger({ file: messages, logger: capturingLogger('silent').logger });
    await messageLedger.refresh();
    expect((await messageLedger.list()).map((entry) => entry.email)).toEqual(['typed.client@example.com']);
    // A TypeScript program is compiled: seconds on a busy machine.
  }, 60_000);
});

/** The first topic the document's contact schema offers. */
function topicOf(document: unknown): string {
  const schemas = (document as { components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> } }).components
    .schemas;
  return schemas.ContactRequest!.properties.topic!.enum!.find(Boolean)!;
}

describe('coverage', () => {
  it('every answer and request body type the document names was produced by a real request above', () => {
    const missing = contract.documented().filter((answer) => !contract.exercised.has(answer));
    expect(missing).toEqual([]);
  });
});
