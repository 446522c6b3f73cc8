/**
 * The editors' sign-in (CMS_BACKEND=site, server/admin/sign-in/) against a real OpenID Connect provider
 * (oidc-provider on 127.0.0.1, test/support/oidc-provider.ts), over HTTP as a browser would: the sign-in,
 * the editor page and the API behind the gate, sign-out, the sessions' lifetimes on a test clock, and every
 * way a callback or a request can fail to check out.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSOLUTE_LIFETIME_MS, IDLE_LIFETIME_MS } from '../../server/admin/sign-in/session-store';
import { beginSignIn, finishSignIn, signInEditor, throughProvider } from '../support/editor-sign-in';
import { startEditorSite } from '../support/editor-site';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const SITE_URL = 'http://localhost:3000';
const HTTPS_SITE_URL = 'https://www.harbor-ledger.example';
const callbackOf = (siteUrl: string) => `${siteUrl}/admin/auth/callback`;

const people = (provider: TestProvider, extra: Record<string, string> = {}) => ({
  CMS_BACKEND: 'site',
  CONTENT_REPO: path.join(tmpdir(), 'editor-sign-in-test-content.git'),
  ...provider.env,
  CMS_EDITORS: 'ann@example.com, uma@example.com, erin@example.com',
  CMS_REVIEWERS: 'carol@example.com',
  SITE_URL,
  // These sign in faster than any person, all from 127.0.0.1; the limit is tested as attacked in editor-attacks-identity.test.ts.
  CMS_SIGN_IN_RATE_LIMIT: '0',
  ...extra,
});

let provider: TestProvider;
let clock = Date.parse('2026-03-02T09:00:00Z');
const now = () => clock;
let site: Awaited<ReturnType<typeof startEditorSite>>;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [callbackOf(SITE_URL), callbackOf(HTTPS_SITE_URL)],
    people: {
      ann: { email: 'ann@example.com', name: 'Ann Editor' },
      carol: { email: 'Carol@Example.com', name: 'Carol Reviewer' },
      zed: { email: 'zed@example.com', name: 'Zed Outsider' },
      uma: { email: 'uma@example.com', name: 'Uma Unverified', emailVerified: false },
      erin: { email: 'erin@example.com', name: 'Erin Entra', emailVerified: 'entra' },
    },
  });
  site = await startEditorSite({ env: people(provider), now });
});

afterAll(async () => {
  await site?.close();
  await provider?.stop();
});

const signIn = (login: string) => signInEditor({ site: site.origin, siteUrl: SITE_URL, login });
const api = (cookie: string | undefined, init: RequestInit = {}, suffix = '/entries') =>
  fetch(`${site.origin}/admin/api/v1${suffix}`, { ...init, headers: { ...(cookie ? { cookie } : {}), ...init.headers } });
const page = (cookie?: string) => fetch(`${site.origin}/admin/`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

describe('signing in', () => {
  it('signs an editor in: back to the editor, whose page, config and API then open', async () => {
    const { cookie, response } = await signIn('ann');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin/');

    const editorPage = await page(cookie);
    expect(editorPage.status).toBe(200);
    expect(await editorPage.text()).toMatch(/<script type="module" src="\/admin\/assets\/admin-[A-Z0-9]+\.js"><\/script>/);

    const answer = await api(cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      method: 'GET',
      path: '/entries',
      editor: { email: 'ann@example.com', name: 'Ann Editor', role: 'editor' },
    });

    const config = await fetch(`${site.origin}/admin/config.json`, { headers: { cookie } });
    expect(config.status).toBe(200);
    const json = (await config.json()) as Record<string, unknown>;
    expect(json.backend).toEqual({ name: 'site', proxy_url: `${SITE_URL}/admin/api/v1`, branch: 'main' });
    expect(json).not.toHaveProperty('local_backend');
    expect(config.headers.get('content-security-policy')).toMatch(/connect-src 'self' blob:;/);
  });

  it('knows a reviewer by address whatever its case, and logs who signed in without a token or the session id', async () => {
    const { cookie, callbackUrl } = await signIn('carol');
    expect(await (await api(cookie)).json()).toMatchObject({ editor: { email: 'carol@example.com', role: 'reviewer' } });
    const line = site.logs.find((record) => record.msg === 'editor signed in' && record.editor === 'carol@example.com');
    expect(line).toMatchObject({ role: 'reviewer' });
    const logged = JSON.stringify(site.logs);
    expect(logged).not.toContain(cookie.split('=')[1]);
    expect(logged).not.toContain(callbackUrl.searchParams.get('code'));
  });

  it('returns to the page of the editor the sign-in started from, and nowhere else', async () => {
    const back = await signInEditor({ site: site.origin, siteUrl: SITE_URL, login: 'ann', returnTo: '/admin/#/collections/episodes' });
    expect(back.response.headers.get('location')).toBe('/admin/#/collections/episodes');
    const away = await signInEditor({ site: site.origin, siteUrl: SITE_URL, login: 'ann', returnTo: 'https://evil.example/admin/' });
    expect(away.response.headers.get('location')).toBe('/admin/');
  });

  it('without a session: a sign-in page instead of the editor, 401 from the API and the config', async () => {
    const signInPage = await page();
    expect(signInPage.status).toBe(200);
    expect(signInPage.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(signInPage.headers.get('cache-control')).toBe('no-store');
    const html = await signInPage.text();
    expect(html).toContain('<a class="button" href="/admin/auth/login">Sign in</a>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toMatch(/<script|<style|\sstyle=/);

    const answer = await api(undefined);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: 'Your session has ended: sign in again.' });
    expect((await api('editor_session=made-up')).status).toBe(401);
    expect((await fetch(`${site.origin}/admin/config.json`)).status).toBe(401);
  });
});

describe('signing out', () => {
  it('ends the session: the cookie no longer opens anything', async () => {
    const { cookie } = await signIn('ann');
    const out = await fetch(`${site.origin}/admin/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: SITE_URL },
      redirect: 'manual',
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/admin/');
    expect(out.headers.get('set-cookie')).toMatch(/^editor_session=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect((await api(cookie)).status).toBe(401);
    expect(await (await page(cookie)).text()).toContain('Sign in');
  });

  it('only from the site: another origin, or none, is refused and the session goes on', async () => {
    const { cookie } = await signIn('ann');
    for (const headers of [{ cookie, origin: 'https://evil.example' }, { cookie }] as Array<Record<string, string>>) {
      const out = await fetch(`${site.origin}/admin/auth/logout`, { method: 'POST', headers, redirect: 'manual' });
      expect(out.status).toBe(403);
      expect(await out.text()).toContain('did not come from the content editor');
    }
    expect((await api(cookie)).status).toBe(200);
  });
});

describe('the lifetimes of a session (on the test clock)', () => {
  it(`ends after ${IDLE_LIFETIME_MS / 60_000} minutes without a request, however recent the sign-in`, async () => {
    const { cookie } = await signIn('ann');
    clock += IDLE_LIFETIME_MS - 60_000;
    expect((await api(cookie)).status).toBe(200);
    clock += IDLE_LIFETIME_MS - 60_000;
    expect((await api(cookie)).status).toBe(200);
    clock += IDLE_LIFETIME_MS;
    const ended = await api(cookie);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({ error: 'Your session has ended: sign in again.' });
  });

  it(`ends ${ABSOLUTE_LIFETIME_MS / 3_600_000} hours after the sign-in, however busy`, async () => {
    const { cookie } = await signIn('ann');
    const signedInAt = clock;
    while (clock + IDLE_LIFETIME_MS / 2 < signedInAt + ABSOLUTE_LIFETIME_MS) {
      clock += IDLE_LIFETIME_MS / 2;
      expect((await api(cookie)).status).toBe(200);
    }
    clock = signedInAt + ABSOLUTE_LIFETIME_MS;
    expect((await api(cookie)).status).toBe(401);
    expect(site.signIn.sessions.size).toBeGreaterThanOrEqual(0);
  });
});

describe('callbacks that do not check out: 400, in words, never a session', () => {
  const expectExpiredPage = async (response: Response) => {
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('This sign-in link has expired or was already used. Sign in again.');
    expect(html).toContain('href="/admin/auth/login"');
    expect(response.headers.getSetCookie().some((line) => /^editor_session=[^;]/.test(line))).toBe(false);
  };

  it('a forged callback: unknown state, no sign-in in progress', async () => {
    await expectExpiredPage(await fetch(`${site.origin}/admin/auth/callback?code=forged&state=forged`));
  });

  it('a forged state in the browser that started a sign-in', async () => {
    const { jar } = await beginSignIn(site.origin);
    await expectExpiredPage(await finishSignIn(jar, new URL(`${site.origin}/admin/auth/callback?code=forged&state=forged`)));
  });

  it('a replayed callback: the same URL, with the same cookie, a second time', async () => {
    const { jar, authorizationUrl } = await beginSignIn(site.origin);
    const callbackUrl = await throughProvider(jar, authorizationUrl, { login: 'ann', site: site.origin, siteUrl: SITE_URL });
    const cookieBefore = jar.header(site.origin);
    expect((await finishSignIn(jar, callbackUrl)).status).toBe(303);
    await expectExpiredPage(await fetch(callbackUrl, { headers: { cookie: cookieBefore }, redirect: 'manual' }));
    await expectExpiredPage(await fetch(callbackUrl, { redirect: 'manual' }));
  });

  it('an ID token with another nonce, and a code issued for another PKCE challenge', async () => {
    for (const [parameter, value, reason] of [
      ['nonce', 'a-nonce-this-site-never-made', /nonce/],
      ['code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', /invalid_grant|PKCE|code_verifier/i],
    ] as const) {
      const { jar, authorizationUrl } = await beginSignIn(site.origin);
      authorizationUrl.searchParams.set(parameter, value);
      const callbackUrl = await throughProvider(jar, authorizationUrl, { login: 'ann', site: site.origin, siteUrl: SITE_URL });
      await expectExpiredPage(await finishSignIn(jar, callbackUrl));
      const refusal = site.logs.findLast((record) => record.msg === 'editor sign-in refused: the callback does not check out');
      expect(String(refusal?.reason), parameter).toMatch(reason);
    }
  });
});

describe('Microsoft Entra ID', () => {
  it('takes xms_edov: true for a verified address where email_verified is absent, as Entra sends for work accounts', async () => {
    const { cookie } = await signIn('erin');
    expect((await page(cookie)).status).toBe(200);
  });
});

describe('people the editor refuses', () => {
  it('signed in but on neither list: a 403 page naming the account with a sign-out button, and 403 from the API', async () => {
    const { cookie } = await signIn('zed');
    const refused = await page(cookie);
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain('You are signed in as <strong>zed@example.com</strong>');
    expect(html).toContain('<form method="post" action="/admin/auth/logout"><button class="button" type="submit">Sign out</button></form>');
    const answer = await api(cookie);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: string }).error).toMatch(/^You are signed in as zed@example.com, which is not on the list/);
  });

  it('an email the provider has not verified: refused, no session', async () => {
    const { jar, authorizationUrl } = await beginSignIn(site.origin);
    const callbackUrl = await throughProvider(jar, authorizationUrl, { login: 'uma', site: site.origin, siteUrl: SITE_URL });
    const refused = await finishSignIn(jar, callbackUrl);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your identity provider did not confirm the address <strong>uma@example.com</strong>');
    expect(jar.get(site.origin, 'editor_session')).toBeUndefined();
  });
});

describe('requests from elsewhere', () => {
  it('the API answers only the site’s own origin; a write without Origin is refused', async () => {
    const { cookie } = await signIn('ann');
    const post = (headers: Record<string, string>) =>
      api(cookie, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
    expect((await post({ origin: SITE_URL })).status).toBe(200);
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, {}] as Array<Record<string, string>>) {
      const refused = await post(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(await refused.json()).toEqual({ error: "This request did not come from the site's own editor, so it was refused." });
    }
    expect((await api(cookie, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('the cookies', () => {
  const attributesOf = (line: string) =>
    line
      .split(';')
      .slice(1)
      .map((part) => part.trim().split('=')[0]!.toLowerCase());

  it('over plain http: editor_session, HttpOnly, SameSite=Lax, Path=/, no Domain, not Secure', async () => {
    const { response } = await signIn('ann');
    const line = response.headers.getSetCookie().find((header) => header.startsWith('editor_session='))!;
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(attributesOf(line)).not.toContain('domain');
    expect(attributesOf(line)).not.toContain('secure');
  });

  it('with an https SITE_URL: __Host-editor_session, Secure, Path=/, no Domain', async () => {
    const https = await startEditorSite({ env: people(provider, { SITE_URL: HTTPS_SITE_URL }), now });
    try {
      const { response, cookie } = await signInEditor({ site: https.origin, siteUrl: HTTPS_SITE_URL, login: 'ann' });
      const line = response.headers.getSetCookie().find((header) => header.startsWith('__Host-editor_session='))!;
      expect(line).toMatch(/; Path=\/;/);
      expect(line).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
      expect(attributesOf(line)).not.toContain('domain');
      expect((await fetch(`${https.origin}/admin/api/v1/x`, { headers: { cookie } })).status).toBe(200);
      // The plain name is not read over HTTPS: a cookie planted without the prefix opens nothing.
      expect((await fetch(`${https.origin}/admin/api/v1/x`, { headers: { cookie: cookie.replace('__Host-', '') } })).status).toBe(401);
    } finally {
      await https.close();
    }
  });

  it('behind a trusted proxy that says https: the __Host- names from the first cookie on', async () => {
    const proxied = await startEditorSite({ env: people(provider, { TRUST_PROXY: 'loopback' }), now });
    try {
      const login = await fetch(`${proxied.origin}/admin/auth/login`, { headers: { 'x-forwarded-proto': 'https' }, redirect: 'manual' });
      expect(login.status).toBe(303);
      expect(login.headers.getSetCookie()[0]).toMatch(
        /^__Host-editor_sign_in=[\w-]+; Max-Age=600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
      );
    } finally {
      await proxied.close();
    }
  });
});

describe('a provider that is down', () => {
  it('is not needed to start; the sign-in says so in words, and works once the provider is back', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const issuer = `http://127.0.0.1:${port}`;
    const lateSite = await startEditorSite({ env: { ...people(provider), OIDC_ISSUER: issuer }, now });
    let late: TestProvider | undefined;
    try {
      expect((await fetch(`${lateSite.origin}/`)).status).toBe(200);
      const down = await fetch(`${lateSite.origin}/admin/auth/login`, { redirect: 'manual' });
      expect(down.status).toBe(503);
      expect(await down.text()).toContain('The sign-in service cannot be reached right now.');
      late = await startOidcProvider({ redirectUris: [callbackOf(SITE_URL)], port });
      const { cookie } = await signInEditor({ site: lateSite.origin, siteUrl: SITE_URL, login: 'ann' });
      expect((await fetch(`${lateSite.origin}/admin/api/v1/x`, { headers: { cookie } })).status).toBe(200);
    } finally {
      await lateSite.close();
      await late?.stop();
    }
  });
});
