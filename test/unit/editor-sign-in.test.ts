/**
 * The pure parts of the editors' sign-in (server/admin/sign-in/): who may do what, the sessions' and
 * sign-ins' lifetimes on a test clock, the cookies' names, and the same-origin check.
 */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { adminSurface } from '../../server/admin/admin-surface';
import { roleOf } from '../../server/admin/sign-in/editor-access';
import { fromSiteOrigin } from '../../server/admin/sign-in/same-origin';
import { cookieName, readCookie } from '../../server/admin/sign-in/sign-in-cookies';
import { SignInTransactions, TRANSACTION_LIFETIME_MS } from '../../server/admin/sign-in/sign-in-transactions';
import { ABSOLUTE_LIFETIME_MS, IDLE_LIFETIME_MS, SessionStore } from '../../server/admin/sign-in/session-store';
import { capturingLogger, testConfig } from '../support/app';

describe('roleOf: who may do what', () => {
  const people = { editors: ['ann@example.com', 'both@example.com'], reviewers: ['carol@example.com', 'both@example.com'] };

  it('reviewers first, then editors, matched whatever the case; anyone else is not allowed', () => {
    expect(roleOf('carol@example.com', people)).toBe('reviewer');
    expect(roleOf('Carol@EXAMPLE.com', people)).toBe('reviewer');
    expect(roleOf('ann@example.com', people)).toBe('editor');
    expect(roleOf(' ANN@example.com ', people)).toBe('editor');
    expect(roleOf('both@example.com', people)).toBe('reviewer');
    expect(roleOf('zed@example.com', people)).toBeUndefined();
    expect(roleOf('', people)).toBeUndefined();
    expect(roleOf('ann@example.co', people)).toBeUndefined();
  });

  it('reads the lists it is given, so a changed list changes the answer at the next request', () => {
    expect(roleOf('ann@example.com', { editors: [], reviewers: ['carol@example.com'] })).toBeUndefined();
  });
});

describe('SessionStore', () => {
  it('ends a session after the idle lifetime, each request restarting that clock', () => {
    let clock = 0;
    const sessions = new SessionStore(() => clock);
    const id = sessions.create({ email: 'ann@example.com', name: 'Ann' });
    expect(id).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
    clock += IDLE_LIFETIME_MS - 1;
    expect(sessions.use(id)?.email).toBe('ann@example.com');
    clock += IDLE_LIFETIME_MS - 1;
    expect(sessions.use(id)).toBeDefined();
    clock += IDLE_LIFETIME_MS;
    expect(sessions.use(id)).toBeUndefined();
    clock = 0;
    expect(sessions.use(id)).toBeUndefined(); // forgotten, not merely hidden
  });

  it('ends a session at the absolute lifetime, however busy', () => {
    let clock = 0;
    const sessions = new SessionStore(() => clock);
    const id = sessions.create({ email: 'ann@example.com', name: 'Ann' });
    for (clock = 0; clock < ABSOLUTE_LIFETIME_MS; clock += IDLE_LIFETIME_MS / 3) expect(sessions.use(id)).toBeDefined();
    clock = ABSOLUTE_LIFETIME_MS;
    expect(sessions.use(id)).toBeUndefined();
  });

  it('sweeps ended sessions nobody asks for again, and signs out on end()', () => {
    let clock = 0;
    const sessions = new SessionStore(() => clock);
    for (let person = 0; person < 5; person += 1) sessions.create({ email: `p${person}@example.com`, name: 'P' });
    const kept = sessions.create({ email: 'ann@example.com', name: 'Ann' });
    expect(sessions.size).toBe(6);
    clock += IDLE_LIFETIME_MS - 1;
    sessions.use(kept);
    clock += 2 * 60_000; // the others' idle time is up; the store looks at most once a minute
    sessions.use(undefined);
    expect(sessions.size).toBe(1);
    sessions.end(kept);
    expect(sessions.use(kept)).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('makes a new id at every sign-in', () => {
    const sessions = new SessionStore();
    const ids = new Set(Array.from({ length: 50 }, () => sessions.create({ email: 'ann@example.com', name: 'Ann' })));
    expect(ids.size).toBe(50);
  });
});

describe('SignInTransactions', () => {
  const transaction = { codeVerifier: 'v', state: 's', nonce: 'n', returnTo: '/admin/' };

  it('opens what it sealed, until the lifetime is up', () => {
    let clock = 0;
    const transactions = new SignInTransactions(() => clock);
    const sealed = transactions.seal(transaction);
    expect(transactions.open(sealed)).toEqual({ ...transaction, startedAt: 0 });
    clock += TRANSACTION_LIFETIME_MS - 1;
    expect(transactions.open(sealed)).toMatchObject(transaction);
    clock += 1;
    expect(transactions.open(sealed)).toBeUndefined();
    expect(transactions.open(undefined)).toBeUndefined();
    expect(transactions.open('made-up')).toBeUndefined();
  });

  it('seals so that the cookie shows nothing, and a value changed by one bit or sealed by another process opens nothing', () => {
    const transactions = new SignInTransactions(() => 0);
    const sealed = transactions.seal(transaction);
    const raw = Buffer.from(sealed, 'base64url');
    expect(raw.toString('latin1')).not.toMatch(/codeVerifier|admin/);
    for (let at = 0; at < raw.length; at += 7) {
      const changed = Buffer.from(raw);
      changed[at]! ^= 1;
      expect(transactions.open(changed.toString('base64url')), `byte ${at}`).toBeUndefined();
    }
    expect(new SignInTransactions(() => 0).open(sealed)).toBeUndefined();
  });

  it('keeps nothing per sign-in: the first of many thousand still opens', () => {
    const transactions = new SignInTransactions(() => 0);
    const first = transactions.seal(transaction);
    for (let index = 0; index < 5_000; index += 1) transactions.seal(transaction);
    expect(transactions.open(first)).toMatchObject(transaction);
  });
});

describe('the cookies and the origin check', () => {
  it('names the cookie __Host- over HTTPS only', () => {
    expect(cookieName('editor_session', true)).toBe('__Host-editor_session');
    expect(cookieName('editor_session', false)).toBe('editor_session');
  });

  const request = (method: string, headers: Record<string, string>) =>
    ({ method, headers, get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;

  it('reads one cookie out of the header', () => {
    const req = request('GET', { cookie: 'a=1; editor_session=abc-123; __Host-editor_session=xyz' });
    expect(readCookie(req, 'editor_session')).toBe('abc-123');
    expect(readCookie(req, '__Host-editor_session')).toBe('xyz');
    expect(readCookie(req, 'editor')).toBeUndefined();
    expect(readCookie(request('GET', {}), 'editor_session')).toBeUndefined();
  });

  it('lets through the site’s origin; refuses another, and a write that names none', () => {
    const site = 'https://www.example.com';
    expect(fromSiteOrigin(request('POST', { origin: site }), site)).toBe(true);
    expect(fromSiteOrigin(request('GET', {}), site)).toBe(true);
    expect(fromSiteOrigin(request('POST', {}), site)).toBe(false);
    expect(fromSiteOrigin(request('DELETE', {}), site)).toBe(false);
    expect(fromSiteOrigin(request('GET', { origin: 'https://evil.example' }), site)).toBe(false);
    expect(fromSiteOrigin(request('PUT', { origin: 'https://www.example.com.evil.example' }), site)).toBe(false);
    expect(fromSiteOrigin(request('POST', { origin: 'null' }), site)).toBe(false);
  });
});

describe('the admin surface with CMS_BACKEND=site', () => {
  it('is not served at all without its sign-in: never an editor open to anyone; with a logger it makes its own', () => {
    const config = testConfig({
      CMS_BACKEND: 'site',
      CONTENT_REPO: '/srv/content.git',
      OIDC_ISSUER: 'https://idp.example.com',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
      CMS_EDITORS: 'ann@example.com',
      CMS_REVIEWERS: 'carol@example.com',
    });
    expect(adminSurface(config)).toBeUndefined();
    expect(adminSurface(config, { logger: capturingLogger('silent').logger })).toBeDefined();
  });
});
