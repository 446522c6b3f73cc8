/**
 * POST /api/subscribe, whatever the provider: content types, validation,
 * size limit, methods, cross-site refusal, honeypot, rate limit, the
 * no-JavaScript redirect back to the page, and what the logs may hold.
 * The provider here is the form-endpoint fake, so "nothing sent upstream"
 * is checked on a real socket.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import { makeSubscribeApp } from '../support/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';

const EMAIL = 'visitor@example.com';
const SITE_URL = 'https://www.harborledger.example';

let fake: FakeProvider<FormEndpointMode>;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFormEndpoint();
  env = { NEWSLETTER_LIST_ID: 'LIST123', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`, SITE_URL };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.setMode('success');
});

describe('what it accepts', () => {
  it('takes JSON and answers the spec’s success text, uncached', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send({ email: EMAIL });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ ok: true, message: "Thank you for subscribing! You'll receive growth tips in your inbox." });
    expect(fake.requests).toHaveLength(1);
  });

  it('takes a JSON body with a charset and ignores unknown fields', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app)
      .post('/api/subscribe')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ email: `  ${EMAIL} `, name: 'Sam', tags: ['a'], admin: true }));
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({ g: 'LIST123', email: EMAIL, $fields: 'email' });
  });

  it('takes a urlencoded form post', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').type('form').send({ email: EMAIL, returnTo: '/' });
    expect(res.status).toBe(303);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ['text/plain', `email=${EMAIL}`],
    ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${EMAIL}\r\n--x--\r\n`],
    ['application/xml', `<email>${EMAIL}</email>`],
    ['application/vnd.api+json', JSON.stringify({ email: EMAIL })],
  ])('refuses %s with 415 and a readable JSON error', async (type, body) => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').set('Content-Type', type).send(body);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ ok: false, error: newsletterMessages.unsupportedType });
    expect(res.headers['accept-post']).toBe('application/json, application/x-www-form-urlencoded');
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a POST without a body or content type with 415', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe');
    expect(res.status).toBe(415);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers other methods with 405 and Allow: POST, not with a page', async () => {
    const { app } = makeSubscribeApp(env);
    for (const method of ['get', 'put', 'delete', 'patch'] as const) {
      const res = await request(app)[method]('/api/subscribe');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.body.ok).toBe(false);
    }
  });
});

describe('validation: bad input is a 400 and nothing goes upstream', () => {
  it.each([
    ['a missing field', {}, 'Please enter your email address'],
    ['an empty field', { email: '' }, 'Please enter your email address'],
    ['spaces only', { email: '    ' }, 'Please enter your email address'],
    ['null', { email: null }, 'Please enter your email address'],
    ['no @', { email: 'visitor.example.com' }, 'Please enter a valid email address, like name@example.com.'],
    ['no domain dot', { email: 'visitor@example' }, 'Please enter a valid email address, like name@example.com.'],
    ['a number', { email: 42 }, 'Please enter a valid email address, like name@example.com.'],
    ['an array', { email: [EMAIL] }, 'Please enter a valid email address, like name@example.com.'],
    ['header injection', { email: `${EMAIL}\r\nBcc: x@example.com` }, 'Please enter a valid email address, like name@example.com.'],
    [
      '255 characters',
      { email: `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com` },
      'That email address is too long. Please use an address of at most 254 characters.',
    ],
  ])('%s', async (_name, body, error) => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ ok: false, error });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers a JSON array or unreadable JSON with 400', async () => {
    const { app } = makeSubscribeApp(env);
    const array = await request(app)
      .post('/api/subscribe')
      .send([{ email: EMAIL }]);
    expect(array.status).toBe(400);
    const broken = await request(app).post('/api/subscribe').set('Content-Type', 'application/json').send('{"email": ');
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ ok: false, error: newsletterMessages.unreadable });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers bodies over 10 kB with 413, as JSON and as a form', async () => {
    const { app } = makeSubscribeApp(env);
    const json = await request(app)
      .post('/api/subscribe')
      .send({ email: EMAIL, padding: 'x'.repeat(11_000) });
    expect(json.status).toBe(413);
    expect(json.body).toEqual({ ok: false, error: newsletterMessages.tooLarge });
    const form = await request(app)
      .post('/api/subscribe')
      .type('form')
      .send({ email: EMAIL, padding: 'x'.repeat(11_000) });
    expect(form.status).toBe(413);
    const fine = await request(app)
      .post('/api/subscribe')
      .send({ email: EMAIL, padding: 'x'.repeat(9_000) });
    expect(fine.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('cross-site posts are refused', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['a look-alike Origin', { Origin: 'https://www.harborledger.example.evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['an Origin with another scheme', { Origin: 'http://www.harborledger.example' }],
    ['same-origin claimed with a foreign Origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' }],
  ])('%s → 403, nothing sent', async (_name, headers) => {
    const { app } = makeSubscribeApp(env);
    for (const post of [
      request(app).post('/api/subscribe').set(headers).type('form').send({ email: EMAIL }),
      request(app).post('/api/subscribe').set(headers).send({ email: EMAIL }),
    ]) {
      const res = await post;
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ ok: false, error: newsletterMessages.crossSite });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['from SITE_URL', { 'Sec-Fetch-Site': 'same-origin', Origin: SITE_URL }],
    [
      'from the origin the request was made to',
      { Host: 'preview.harborledger.example:8080', Origin: 'http://preview.harborledger.example:8080' },
    ],
    ['with neither header (curl, old browsers)', {}],
    ['Sec-Fetch-Site: none', { 'Sec-Fetch-Site': 'none' }],
  ])('accepts a post %s', async (_name, headers) => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').set(headers).send({ email: EMAIL });
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
  });

  it('judges the request’s own origin by X-Forwarded-Proto/Host only when TRUST_PROXY says so', async () => {
    const headers = {
      Host: 'internal:3000',
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'beta.harborledger.example',
      Origin: 'https://beta.harborledger.example',
    };
    const trusted = makeSubscribeApp({ ...env, TRUST_PROXY: 'loopback' });
    expect((await request(trusted.app).post('/api/subscribe').set(headers).send({ email: EMAIL })).status).toBe(200);
    const untrusted = makeSubscribeApp(env);
    expect((await request(untrusted.app).post('/api/subscribe').set(headers).send({ email: EMAIL })).status).toBe(403);
  });
});

describe('the honeypot', () => {
  it('answers a filled honeypot as a success but sends and logs no address', async () => {
    const { app, logs } = makeSubscribeApp(env);
    const json = await request(app).post('/api/subscribe').send({ email: EMAIL, website: 'http://spam.example' });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ ok: true, message: newsletterMessages.success });
    const form = await request(app).post('/api/subscribe').type('form').send({ email: EMAIL, website: 'x', returnTo: '/' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/?newsletter=subscribed#contact');
    expect(fake.requests).toHaveLength(0);
    expect(logs.some((line) => line.msg.includes('honeypot'))).toBe(true);
    expect(JSON.stringify(logs)).not.toContain(EMAIL);
  });

  it('lets an empty honeypot through', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await request(app).post('/api/subscribe').type('form').send({ email: EMAIL, website: '', returnTo: '/' });
    expect(res.headers.location).toBe('/?newsletter=subscribed#contact');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('the per-client rate limit', () => {
  it('answers the request over the limit with 429, Retry-After and a readable message, and sends nothing', async () => {
    const { app } = makeSubscribeApp(env, { rateLimit: { limit: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) {
      const res = await request(app)
        .post('/api/subscribe')
        .send({ email: `visitor${i}@example.com` });
      expect(res.status).toBe(200);
      expect(res.headers.ratelimit).toMatch(/limit=3/);
    }
    const limited = await request(app).post('/api/subscribe').send({ email: 'visitor9@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ ok: false, error: 'Too many sign-up attempts. Please wait a minute and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(fake.requests).toHaveLength(3);
  });

  it('counts invalid attempts too, and sends a form post back to its page with the message', async () => {
    const { app } = makeSubscribeApp(env, { rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await request(app).post('/api/subscribe').send({ email: 'nope' })).status).toBe(400);
    const form = await request(app).post('/api/subscribe').type('form').send({ email: EMAIL, returnTo: '/press' });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe('/press?newsletter=rate-limited#contact');
    expect(form.headers['retry-after']).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('without TRUST_PROXY, X-Forwarded-For cannot buy a fresh budget', async () => {
    const { app } = makeSubscribeApp(env, { rateLimit: { limit: 1, windowMs: 60_000 } });
    expect((await request(app).post('/api/subscribe').set('X-Forwarded-For', '203.0.113.1').send({ email: EMAIL })).status).toBe(200);
    expect((await request(app).post('/api/subscribe').set('X-Forwarded-For', '203.0.113.2').send({ email: EMAIL })).status).toBe(429);
  });

  it('behind a trusted proxy, limits each client (X-Forwarded-For) separately', async () => {
    const { app } = makeSubscribeApp({ ...env, TRUST_PROXY: '1' }, { rateLimit: { limit: 1, windowMs: 60_000 } });
    const from = (ip: string, email: string) => request(app).post('/api/subscribe').set('X-Forwarded-For', ip).send({ email });
    expect((await from('203.0.113.1', 'first@example.com')).status).toBe(200);
    expect((await from('203.0.113.1', 'second@example.com')).status).toBe(429);
    expect((await from('198.51.100.7', 'third@example.com')).status).toBe(200);
    expect(fake.requests).toHaveLength(2);
  });

  it('defaults to 5 sign-ups per minute', async () => {
    const { app } = makeSubscribeApp(env, { rateLimit: undefined });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(app).post('/api/subscribe').send({ email: EMAIL })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('without JavaScript: 303 back to the page the form is on', () => {
  const post = (app: Parameters<typeof request>[0], fields: Record<string, string>, headers: Record<string, string> = {}) =>
    request(app).post('/api/subscribe').set(headers).type('form').send(fields);

  it('returns to the returnTo path, keeping its query, with the outcome and the section anchor', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { email: EMAIL, returnTo: '/podcast?page=2' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/podcast?page=2&newsletter=subscribed#contact');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('replaces a previous outcome instead of piling them up', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { email: EMAIL, returnTo: '/?newsletter=invalid' });
    expect(res.headers.location).toBe('/?newsletter=subscribed#contact');
  });

  it.each([
    ['missing', { email: '' }],
    ['invalid', { email: 'not-an-address' }],
    ['too-long', { email: `${'a'.repeat(250)}@example.com` }],
  ])('carries the validation outcome %s, never the address', async (code, fields) => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { ...fields, returnTo: '/' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`/?newsletter=${code}#contact`);
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ['//evil.example/phish'],
    ['https://evil.example/'],
    ['http:evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['/%5Cevil.example'.replace('%5C', '\\')],
    ['javascript:alert(1)'],
    ['evil.example'],
    [' /press'],
    ['/press\r\nSet-Cookie: a=b'],
    ['/api/subscribe'],
  ])('refuses the open redirect returnTo=%j and falls back to the home page', async (returnTo) => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { email: EMAIL, returnTo });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?newsletter=subscribed#contact');
  });

  // Paths that only become another site once resolved: /.//evil.example is //evil.example, which a browser reads as a host.
  it.each([
    '/.//evil.example//attacker.example/phish',
    '/x/..//evil.example/phish',
    '/%2e//evil.example/phish',
    '/%2E%2E//evil.example/phish',
    '/press/../..//evil.example',
    '/.//evil.example',
  ])('never sends the visitor off the site for returnTo=%j once it is resolved', async (returnTo) => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { email: EMAIL, returnTo });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.location!, SITE_URL).origin).toBe(SITE_URL);
    expect(res.headers.location).toBe('/?newsletter=subscribed#contact');
  });

  it('sends back the resolved path, not the one as written', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { email: EMAIL, returnTo: '/press/./../podcast?page=2' });
    expect(res.headers.location).toBe('/podcast?page=2&newsletter=subscribed#contact');
  });

  it('falls back to a same-site Referer’s path, but never to a foreign one', async () => {
    const { app } = makeSubscribeApp(env);
    const own = await post(app, { email: 'one@example.com' }, { Referer: `${SITE_URL}/press?x=1` });
    expect(own.headers.location).toBe('/press?x=1&newsletter=subscribed#contact');
    const foreign = await post(app, { email: 'two@example.com' }, { Referer: 'https://evil.example/press' });
    expect(foreign.headers.location).toBe('/?newsletter=subscribed#contact');
    const none = await post(app, { email: 'three@example.com' });
    expect(none.headers.location).toBe('/?newsletter=subscribed#contact');
  });

  it('the page it lands on renders the outcome in the newsletter section', async () => {
    const { app } = makeSubscribeApp(env);
    const res = await post(app, { email: EMAIL, returnTo: '/' });
    const page = await request(app).get(res.headers.location!.replace(/#.*$/, ''));
    expect(page.status).toBe(200);
    expect(page.text).toContain(
      `<p class="newsletter-notice newsletter-notice--success" role="status" id="newsletter-notice">Thank you for subscribing! You&#x27;ll receive growth tips in your inbox.</p>`,
    );
  });
});

describe('for metrics', () => {
  it('calls onOutcome once per sign-up with its outcome code', async () => {
    const outcomes: string[] = [];
    const { app } = makeSubscribeApp(env, { onOutcome: (outcome) => outcomes.push(outcome) });
    await request(app).post('/api/subscribe').send({ email: EMAIL });
    await request(app).post('/api/subscribe').send({ email: EMAIL.toUpperCase() });
    await request(app).post('/api/subscribe').send({ email: 'nope' });
    await request(app).post('/api/subscribe').send({ email: 'bot@example.com', website: 'x' });
    fake.setMode('server-error');
    await request(app).post('/api/subscribe').type('form').send({ email: 'later@example.com', returnTo: '/' });
    expect(outcomes).toEqual(['subscribed', 'already-subscribed', 'invalid', 'honeypot', 'pending']);
  });
});

describe('logs', () => {
  it('never hold the address at info level or above; debug gets the domain only', async () => {
    const { app, logs } = makeSubscribeApp(env);
    await request(app).post('/api/subscribe').send({ email: 'Private.Person@Example.com' });
    await request(app).post('/api/subscribe').type('form').send({ email: 'private.person@example.com', returnTo: '/' });
    fake.setMode('rejected');
    await request(app).post('/api/subscribe').send({ email: 'private.person@example.com' });
    await request(app).post('/api/subscribe').send({ email: 'private.person@example' });
    const text = JSON.stringify(logs).toLowerCase();
    expect(text).not.toContain('private.person');
    expect(logs.some((line) => line.msg === 'newsletter sign-up delivered' && line.provider === 'klaviyo-form')).toBe(true);
    expect(logs.some((line) => line.level === 20 && line.emailDomain === 'example.com')).toBe(true);
  });
});
