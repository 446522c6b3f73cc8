/**
 * NEWSLETTER_PROVIDER=klaviyo-form (the default with a list id): the legacy
 * form endpoint, against a fake that answers each way the provider can.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { FORM_ENDPOINT_PATH, refusedUrl, startFormEndpoint } from '../../scripts/local/fake-provider';
import { makeSubscribeApp } from '../support/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';
import { ledgerEntries, ledgerLines } from '../support/ledger';

const EMAIL = 'reader@example.com';
const UNABLE = 'Unable to connect to subscription service. Please try again or contact support.';
const PENDING = { ok: true, message: newsletterMessages.pending };

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
    await request(app)
      .post('/api/subscribe')
      .send({ email: `  ${EMAIL}  `, website: '', returnTo: '/' });
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
      error:
        'The subscription service could not accept this address: The email address bounced previously and cannot be added. Please check it and try again.',
    });
    expect(JSON.stringify(res.body)).not.toContain('Thank you');
    expect(logs.some((line) => line.msg === 'newsletter sign-up refused by the receiving side' && line.level === 40)).toBe(true);
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

  it('the provider’s rate limit (429) → 202: the address is kept pending and the visitor told it is received', async () => {
    fake.setMode('rate-limited');
    const { app, config } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.body).toEqual(PENDING);
    expect(await ledgerEntries(config.newsletter.file)).toEqual([
      expect.objectContaining({ email: EMAIL, status: 'pending', attempts: 1, lastError: 'provider asked us to slow down (429)' }),
    ]);
  });

  it.each([
    ['server-error', '5xx'],
    ['not-json', 'a 200 that is not JSON'],
    ['unconfirmed', 'JSON without "success": true'],
    ['not-found', 'a 404 page (wrong endpoint)'],
  ] as const)('%s (%s) → 202 pending, one ledger entry, and an error log line with the request id', async (mode, _what) => {
    fake.setMode(mode);
    const { app, logs, config } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').set('X-Request-Id', `req-${mode}`).send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(PENDING);
    const line = logs.find((entry) => entry.msg === 'newsletter sign-up not delivered yet; kept pending, will retry');
    expect(line).toMatchObject({ level: 50, reqId: `req-${mode}`, provider: 'klaviyo-form', outcome: 'unavailable' });
    expect(JSON.stringify(logs)).not.toContain(EMAIL);
    expect(await ledgerEntries(config.newsletter.file)).toEqual([
      expect.objectContaining({ email: EMAIL, status: 'pending', attempts: 1 }),
    ]);
  });

  it('a provider that never answers → 202 pending after the time limit', async () => {
    fake.setMode('hang');
    const { app, logs, config } = makeSubscribeApp(env, { timeoutMs: 300 });
    const started = Date.now();
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(202);
    expect(res.body).toEqual(PENDING);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(5_000);
    expect(logs.find((entry) => entry.msg === 'newsletter sign-up not delivered yet; kept pending, will retry')).toMatchObject({
      level: 50,
      outcome: 'timeout',
    });
    expect(fake.requests).toHaveLength(1);
    expect(await ledgerEntries(config.newsletter.file)).toEqual([
      expect.objectContaining({ email: EMAIL, status: 'pending', attempts: 1 }),
    ]);
  });

  it('a provider that is not listening (connection refused) → 202 pending', async () => {
    const { app, logs } = makeSubscribeApp({ ...env, NEWSLETTER_ENDPOINT: await refusedUrl() });
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(PENDING);
    const line = logs.find((entry) => entry.msg === 'newsletter sign-up not delivered yet; kept pending, will retry');
    expect(line?.detail).toMatch(/ECONNREFUSED/);
    expect(typeof line?.reqId).toBe('string');
  });

  it('a rejection is recorded as such; the same address sent again is tried again, not answered from the ledger', async () => {
    fake.setMode('rejected');
    const { app, config } = makeSubscribeApp(env);
    expect((await request(app).post('/api/subscribe').send({ email: EMAIL })).status).toBe(422);
    // Recorded, claimed for the send (so no other replica sends it too), then settled, which ends the claim.
    const lines = await ledgerLines(config.newsletter.file);
    expect(lines).toEqual([
      expect.objectContaining({ status: 'pending' }),
      expect.objectContaining({ status: 'pending', claimedBy: expect.any(String), leaseUntil: expect.any(String) }),
      expect.objectContaining({ email: EMAIL, status: 'rejected' }),
    ]);
    expect(lines[0]!.claimedBy).toBeUndefined();
    expect(lines[2]!.claimedBy).toBeUndefined();
    fake.setMode('success');
    expect((await request(app).post('/api/subscribe').send({ email: EMAIL.toUpperCase() })).body).toEqual({
      ok: true,
      message: newsletterMessages.success,
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('an address already in the ledger is answered as already subscribed without asking the provider again, whatever its case', async () => {
    const { app, config } = makeSubscribeApp(env);
    expect((await request(app).post('/api/subscribe').send({ email: 'Same@Example.com' })).status).toBe(200);
    const again = await request(app).post('/api/subscribe').send({ email: 'same@example.COM' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, alreadySubscribed: true, message: newsletterMessages.alreadySubscribed });
    expect(fake.requests).toHaveLength(1);
    const lines = await ledgerLines(config.newsletter.file);
    expect(lines.map((line) => [line.email, line.status, line.claimedBy ? 'claimed' : ''])).toEqual([
      ['Same@Example.com', 'pending', ''],
      ['Same@Example.com', 'pending', 'claimed'],
      ['Same@Example.com', 'subscribed', ''],
    ]);
  });

  it('a pending address sent again stays one entry and is told again that it is received', async () => {
    fake.setMode('server-error');
    const { app, config } = makeSubscribeApp(env);
    expect((await request(app).post('/api/subscribe').send({ email: EMAIL })).status).toBe(202);
    const again = await request(app).post('/api/subscribe').send({ email: EMAIL.toUpperCase() });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(PENDING);
    expect(fake.requests).toHaveLength(1);
    expect(await ledgerEntries(config.newsletter.file)).toEqual([
      expect.objectContaining({ email: EMAIL, status: 'pending', attempts: 1 }),
    ]);
  });
});

describe('without JavaScript, each outcome goes back to the page', () => {
  it.each([
    ['success', 'subscribed'],
    ['already-subscribed', 'already-subscribed'],
    ['rejected', 'rejected'],
    ['rate-limited', 'pending'],
    ['server-error', 'pending'],
    ['hang', 'pending'],
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
    ['pending', 'status', newsletterMessages.pending],
    ['rejected', 'alert', newsletterMessages.rejected],
    ['unavailable', 'alert', UNABLE],
    ['rate-limited', 'alert', newsletterMessages.rateLimited],
    ['invalid', 'alert', 'Please enter a valid email address, like name@example.com.'],
    ['missing', 'alert', 'Please enter your email address'],
  ])('the page at ?newsletter=%s renders the notice with role=%s, the same HTML every time', async (code, role, message) => {
    const { app } = makeSubscribeApp(env);
    const [first, second] = await Promise.all([request(app).get(`/?newsletter=${code}`), request(app).get(`/?newsletter=${code}`)]);
    expect(first.status).toBe(200);
    const escaped = message.replace(/'/g, '&#x27;');
    expect(first.text).toMatch(
      new RegExp(
        `<p class="newsletter-notice newsletter-notice--\\w+" role="${role}" id="newsletter-notice">${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</p>`,
      ),
    );
    expect(first.text).toBe(second.text);
  });

  it('shows no notice for an unknown code, and the form carries the page as returnTo', async () => {
    const { app } = makeSubscribeApp(env);
    // 'busy' was the provider-rate-limit code before the outbox retried such sign-ups.
    expect((await request(app).get('/press?newsletter=busy')).text).not.toContain('class="newsletter-notice');
    const res = await request(app).get('/press?newsletter=%3Cscript%3E');
    expect(res.text).not.toContain('class="newsletter-notice');
    expect(res.text).not.toContain('<script>');
    const form = /<form class="newsletter-form"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(form).toContain('action="/api/subscribe"');
    expect(form).toContain('method="post"');
    expect(res.text).toContain('<input type="hidden" name="returnTo" value="/press"/>');
  });
});
