/**
 * NEWSLETTER_PROVIDER=klaviyo-api: the provider's current client
 * subscriptions API, against a fake that answers as that API does
 * (202 with an empty body, JSON:API errors on 4xx, 429, 5xx, a hang).
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KLAVIYO_API_REVISION } from '../../server/newsletter/providers/klaviyo-api';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { makeSubscribeApp, refusedUrl, startClientApi } from '../support/fake-provider';
import type { ClientApiMode, FakeProvider } from '../support/fake-provider';

const EMAIL = 'listener@example.com';
const UNABLE = 'Unable to connect to subscription service. Please try again or contact support.';

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
    const res = await request(app).post('/api/subscribe').send({ email: ` ${EMAIL}` });
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
    'a 4xx about our own settings (%s) is not the visitor’s fault → 502 and an error log line for the operator',
    async (mode) => {
      fake.setMode(mode);
      const { app, logs } = makeSubscribeApp(env);
      const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ ok: false, error: UNABLE });
      const line = logs.find((entry) => entry.msg === 'newsletter provider failed');
      expect(line).toMatchObject({ level: 50, provider: 'klaviyo-api', outcome: 'unavailable' });
      expect(String(line?.detail)).toMatch(/400 \(invalid\).*check the newsletter settings/);
    },
  );

  it('429 → 503 with the provider’s Retry-After and a readable message', async () => {
    fake.setMode('rate-limited');
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('12');
    expect(res.body).toEqual({ ok: false, error: newsletterMessages.busy });
  });

  it('500 → 502 with the failure text and an error log line with the request id', async () => {
    fake.setMode('server-error');
    const { app, logs } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').set('X-Request-Id', 'api-500').send({ email: EMAIL });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: UNABLE });
    expect(logs.find((entry) => entry.msg === 'newsletter provider failed')).toMatchObject({ reqId: 'api-500' });
  });

  it('a hang → 504 after the time limit', async () => {
    fake.setMode('hang');
    const { app } = makeSubscribeApp(env, { timeoutMs: 300 });
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ ok: false, error: UNABLE });
  });

  it('connection refused → 502', async () => {
    const { app } = makeSubscribeApp({ ...env, NEWSLETTER_API_URL: (await refusedUrl('')).replace(/\/$/, '') });
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: UNABLE });
  });

  it('sends a form post back to the page with each outcome', async () => {
    const { app } = makeSubscribeApp(env);
    for (const [mode, code] of [
      ['success', 'subscribed'],
      ['rejected', 'rejected'],
      ['rate-limited', 'busy'],
      ['bad-list', 'unavailable'],
    ] as const) {
      fake.setMode(mode);
      const res = await request(app).post('/api/subscribe').type('form').send({ email: EMAIL, returnTo: '/contact' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/contact?newsletter=${code}#contact`);
    }
  });
});
