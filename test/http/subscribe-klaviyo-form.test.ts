/**
 * NEWSLETTER_PROVIDER=klaviyo-form (the default with a list id): the legacy
 * form endpoint, against a fake that answers each way the provider can.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { FORM_ENDPOINT_PATH, makeSubscribeApp, refusedUrl, startFormEndpoint } from '../support/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../support/fake-provider';

const EMAIL = 'reader@example.com';
const UNABLE = 'Unable to connect to subscription service. Please try again or contact support.';

let fake: FakeProvider<FormEndpointMode>;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFormEndpoint();
  // No NEWSLETTER_PROVIDER: a list id alone selects klaviyo-form.
  env = { NEWSLETTER_LIST_ID: 'Xy12Ab', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}` };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setMode('success');
  fake.setDelay(0);
});

describe('the request it sends', () => {
  it('POSTs g, email and $fields=email as a form body to NEWSLETTER_ENDPOINT, once', async () => {
    const { app, config } = makeSubscribeApp(env);
    expect(config.newsletter.provider).toBe('klaviyo-form');
    await request(app).post('/api/subscribe').send({ email: `  ${EMAIL}  `, website: '', returnTo: '/' });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe(FORM_ENDPOINT_PATH);
    expect(sent!.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(sent!.headers.accept).toBe('application/json');
    expect(sent!.body).toEqual({ g: 'Xy12Ab', email: EMAIL, $fields: 'email' });
    expect(sent!.rawBody).toBe('g=Xy12Ab&email=reader%40example.com&%24fields=email');
  });
});

describe('reading the answer', () => {
  it('success (2xx with "success": true) → 200 with the spec’s text', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: newsletterMessages.success });
  });

  it('already on the list (400) → 200, told as such rather than as a failure', async () => {
    fake.setMode('already-subscribed');
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      alreadySubscribed: true,
      message: "You're already subscribed — thank you! Look out for our next growth tips.",
    });
  });

  it('refused ("success": false with errors) → 422 with the provider’s reason, made readable, never the success text', async () => {
    fake.setMode('rejected');
    const { app, logs } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      ok: false,
      error: 'The subscription service could not accept this address: The email address bounced previously and cannot be added. Please check it and try again.',
    });
    expect(JSON.stringify(res.body)).not.toContain('Thank you');
    expect(logs.some((line) => line.msg === 'newsletter provider refused the sign-up' && line.level === 40)).toBe(true);
  });

  it('refused with a 400 → 422 as well', async () => {
    fake.setMode('rejected-400');
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(
      'The subscription service could not accept this address: Invalid email address. Please check it and try again.',
    );
  });

  it('the provider’s rate limit (429) → 503 with its Retry-After and a readable message', async () => {
    fake.setMode('rate-limited');
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.body).toEqual({ ok: false, error: newsletterMessages.busy });
  });

  it.each([
    ['server-error', '5xx'],
    ['not-json', 'a 200 that is not JSON'],
    ['unconfirmed', 'JSON without "success": true'],
    ['not-found', 'a 404 page (wrong endpoint)'],
  ] as const)('%s (%s) → 502 with the spec’s failure text and an error log line with the request id', async (mode, _what) => {
    fake.setMode(mode);
    const { app, logs } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').set('X-Request-Id', `req-${mode}`).send({ email: EMAIL });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: UNABLE });
    const line = logs.find((entry) => entry.msg === 'newsletter provider failed');
    expect(line).toMatchObject({ level: 50, reqId: `req-${mode}`, provider: 'klaviyo-form', outcome: 'unavailable' });
    expect(JSON.stringify(logs)).not.toContain(EMAIL);
  });

  it('a provider that never answers → 504 after the time limit, with the failure text', async () => {
    fake.setMode('hang');
    const { app, logs } = makeSubscribeApp(env, { timeoutMs: 300 });
    const started = Date.now();
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    expect(res.body).toEqual({ ok: false, error: UNABLE });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(5_000);
    expect(logs.find((entry) => entry.msg === 'newsletter provider failed')).toMatchObject({ level: 50, outcome: 'timeout' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a provider that is not listening (connection refused) → 502', async () => {
    const { app, logs } = makeSubscribeApp({ ...env, NEWSLETTER_ENDPOINT: await refusedUrl() });
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ ok: false, error: UNABLE });
    const line = logs.find((entry) => entry.msg === 'newsletter provider failed');
    expect(line?.detail).toMatch(/ECONNREFUSED/);
    expect(typeof line?.reqId).toBe('string');
  });
});

describe('without JavaScript, each outcome goes back to the page', () => {
  it.each([
    ['success', 'subscribed'],
    ['already-subscribed', 'already-subscribed'],
    ['rejected', 'rejected'],
    ['rate-limited', 'busy'],
    ['server-error', 'unavailable'],
    ['hang', 'unavailable'],
  ] as const)('provider %s → 303 to ?newsletter=%s#contact', async (mode, code) => {
    fake.setMode(mode);
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').type('form').send({ email: EMAIL, returnTo: '/press' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/press?newsletter=${code}#contact`);
    expect(res.headers['retry-after']).toBeUndefined();
  });

  it.each([
    ['subscribed', 'status', newsletterMessages.success],
    ['already-subscribed', 'status', newsletterMessages.alreadySubscribed],
    ['rejected', 'alert', newsletterMessages.rejected],
    ['busy', 'alert', newsletterMessages.busy],
    ['unavailable', 'alert', UNABLE],
    ['rate-limited', 'alert', newsletterMessages.rateLimited],
    ['invalid', 'alert', 'Please enter a valid email address, like name@example.com.'],
    ['missing', 'alert', 'Please enter your email address'],
  ])('the page at ?newsletter=%s renders the notice with role=%s, the same HTML every time', async (code, role, message) => {
    const { app } = makeSubscribeApp(env);
    const [first, second] = await Promise.all([
      request(app).get(`/?newsletter=${code}`),
      request(app).get(`/?newsletter=${code}`),
    ]);
    expect(first.status).toBe(200);
    const escaped = message.replace(/'/g, '&#x27;');
    expect(first.text).toMatch(new RegExp(`<p class="newsletter-notice newsletter-notice--\\w+" role="${role}" id="newsletter-notice">${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`));
    expect(first.text).toBe(second.text);
  });

  it('shows no notice for an unknown code, and the form carries the page as returnTo', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).get('/press?newsletter=%3Cscript%3E');
    expect(res.text).not.toContain('newsletter-notice');
    expect(res.text).not.toContain('<script>');
    const form = /<form class="newsletter-form"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(form).toContain('action="/api/subscribe"');
    expect(form).toContain('method="post"');
    expect(res.text).toContain('<input type="hidden" name="returnTo" value="/press"/>');
  });
});
