/**
 * NEWSLETTER_PROVIDER=klaviyo-api: the provider's current client
 * subscriptions API, against a fake that answers as that API does
 * (202 with an empty body, JSON:API errors on 4xx, 429, 5xx, a hang).
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KLAVIYO_API_REVISION } from '../../server/forms/newsletter/providers/klaviyo-api';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { refusedUrl, startClientApi } from '../../scripts/local/fake-provider';
import { makeSubscribeApp } from '../support/fake-provider';
import type { ClientApiMode, FakeProvider } from '../../scripts/local/fake-provider';
import { ledgerEntries } from '../support/ledger';

const EMAIL = 'listener@example.com';
const PENDING = { ok: true, message: newsletterMessages.pending };

let fake: FakeProvider<ClientApiMode>;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startClientApi();
  env = {
    NEWSLETTER_PROVIDER: 'klaviyo-api',
    NEWSLETTER_LIST_ID: 'Ab12Cd',
    NEWSLETTER_COMPANY_ID: 'PUBK3Y',
    NEWSLETTER_API_URL: fake.origin,
    // Set to prove the API provider does not use it.
    NEWSLETTER_ENDPOINT: 'http://127.0.0.1:9/never-called',
  };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setMode('success');
});

describe('the request it sends', () => {
  it('POSTs a JSON:API subscription to /client/subscriptions/?company_id=… with a revision header, once', async () => {
    const { app, config } = makeSubscribeApp(env);
    expect(config.newsletter.provider).toBe('klaviyo-api');
    const res = await request(app)
      .post('/api/subscribe')
      .send({ email: ` ${EMAIL}` });
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/client/subscriptions/');
    expect(sent!.query).toEqual({ company_id: 'PUBK3Y' });
    expect(sent!.headers.revision).toBe(KLAVIYO_API_REVISION);
    expect(sent!.headers.revision).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sent!.headers['content-type']).toBe('application/vnd.api+json');
    expect(sent!.body).toEqual({
      data: {
        type: 'subscription',
        attributes: { profile: { data: { type: 'profile', attributes: { email: EMAIL } } } },
        relationships: { list: { data: { type: 'list', id: 'Ab12Cd' } } },
      },
    });
  });
});

describe('reading the answer', () => {
  it('202 Accepted with an empty body → 200 with the spec’s text', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.body).toEqual({ ok: true, message: newsletterMessages.success });
  });

  it('a JSON:API error about the email → 422 with its detail, never the success text', async () => {
    fake.setMode('rejected');
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      ok: false,
      error: 'The subscription service could not accept this address: Invalid email address. Please check it and try again.',
    });
  });

  it.each(['bad-list', 'bad-company'] as const)(
    'a 4xx about our own settings (%s) is not the visitor’s fault → 202 pending (kept until fixed) and an error log line for the operator',
    async (mode) => {
      fake.setMode(mode);
      const { app, logs } = makeSubscribeApp(env);
      const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
      expect(res.status).toBe(202);
      expect(res.body).toEqual(PENDING);
      const line = logs.find((entry) => entry.msg === 'newsletter sign-up not delivered yet; kept pending, will retry');
      expect(line).toMatchObject({ level: 50, provider: 'klaviyo-api', outcome: 'unavailable' });
      expect(String(line?.detail)).toMatch(/400 \(invalid\).*check the newsletter settings/);
    },
  );

  it('429 → 202 pending; the next attempt waits at least the provider’s Retry-After', async () => {
    fake.setMode('rate-limited');
    const { app, config } = makeSubscribeApp(env, {}, {}, { firstRetryMs: 10, maxRetryMs: 10 });
    const before = Date.now();
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.body).toEqual(PENDING);
    const [entry] = await ledgerEntries(config.newsletter.file);
    expect(entry).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(entry!.next!) - before).toBeGreaterThanOrEqual(12_000);
  });

  it('500 → 202 pending and an error log line with the request id', async () => {
    fake.setMode('server-error');
    const { app, logs } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').set('X-Request-Id', 'api-500').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(PENDING);
    expect(logs.find((entry) => entry.msg === 'newsletter sign-up not delivered yet; kept pending, will retry')).toMatchObject({
      reqId: 'api-500',
    });
  });

  it('a hang → 202 pending after the time limit', async () => {
    fake.setMode('hang');
    const { app } = makeSubscribeApp(env, { timeoutMs: 300 });
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(PENDING);
  });

  it('connection refused → 202 pending', async () => {
    const { app } = makeSubscribeApp({ ...env, NEWSLETTER_API_URL: (await refusedUrl('')).replace(/\/$/, '') });
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(PENDING);
  });

  it('sends a form post back to the page with each outcome', async () => {
    const { app } = makeSubscribeApp(env);
    for (const [mode, code, email] of [
      ['success', 'subscribed', 'one@example.com'],
      ['rejected', 'rejected', 'two@example.com'],
      ['rate-limited', 'pending', 'three@example.com'],
      ['bad-list', 'pending', 'four@example.com'],
    ] as const) {
      fake.setMode(mode);
      const res = await request(app).post('/api/subscribe').type('form').send({ email, returnTo: '/contact' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/contact?newsletter=${code}#contact`);
    }
  });
});
