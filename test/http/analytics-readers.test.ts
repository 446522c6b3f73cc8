/**
 * The report's readers (ANALYTICS_READERS, decision 042) sign in with the firm's provider (oidc-provider on
 * 127.0.0.1) whatever the editor's backend: here none at all, as in production without CMS_BACKEND. The app
 * is createApp as server/index.ts mounts it, over loopback.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { signInEditor } from '../support/editor-sign-in';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';
import { capturingLogger, testConfig } from '../support/app';

const SITE_URL = 'http://localhost:3000';
let provider: TestProvider;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`${SITE_URL}/admin/auth/callback`],
    people: {
      rita: { email: 'Rita@Example.com', name: 'Rita Reader' },
      zed: { email: 'zed@example.com', name: 'Zed Outsider' },
    },
  });
  const config = testConfig({
    ...provider.env,
    SITE_URL,
    ANALYTICS_READERS: 'rita@example.com',
    ANALYTICS_DIR: mkdtempSync(path.join(tmpdir(), 'analytics-readers-')),
    CMS_SIGN_IN_RATE_LIMIT: '0',
    NODE_ENV: 'production',
  });
  const app = createApp(config, { logger: capturingLogger().logger });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await app.outbox.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
});

afterAll(async () => {
  await close?.();
  await provider?.stop();
});

const get = (suffix: string, cookie?: string) => fetch(`${origin}${suffix}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

describe('the analytics report without an editor backend', () => {
  it('asks a person with no session to sign in, and a program for a session', async () => {
    const page = await get('/admin/analytics');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sign in to the site&#39;s analytics');
    // The report is where a sign-in lands when no editor is there, so the link needs no return address.
    expect(html).toContain('href="/admin/auth/login"');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const json = await get('/admin/analytics.json?from=2026-12-01&to=2026-12-01');
    expect(json.status).toBe(401);
    expect(((await json.json()) as { error: string }).error).toMatch(/sign in again/);
  });

  it('lets a listed reader in, back to the report, whatever the case of her address', async () => {
    const { cookie, response } = await signInEditor({ site: origin, siteUrl: SITE_URL, login: 'rita', returnTo: '/admin/analytics' });
    expect(response.headers.get('location')).toBe('/admin/analytics');
    const page = await get('/admin/analytics?range=7d', cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<svg');
    const json = await get('/admin/analytics.json?from=2026-12-01&to=2026-12-01', cookie);
    expect(json.status).toBe(200);
    // Another site's page reading the figures with her cookie (a cross-origin fetch names its Origin) is refused.
    const crossSite = await fetch(`${origin}/admin/analytics.json?from=2026-12-01&to=2026-12-01`, {
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: string }).error).toMatch(/did not come from the site's own pages/);
    expect(await json.json()).toMatchObject({ from: '2026-12-01', to: '2026-12-01', visitors: expect.any(Number) });
  });

  it('refuses a person the provider vouches for who is not on the list, page and JSON alike', async () => {
    const { cookie } = await signInEditor({ site: origin, siteUrl: SITE_URL, login: 'zed', returnTo: '/admin/analytics' });
    const page = await get('/admin/analytics', cookie);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('not on the list of the people who may read the site&#39;s analytics');
    const json = await get('/admin/analytics.json?from=2026-12-01&to=2026-12-01', cookie);
    expect(json.status).toBe(403);
    // A forged cookie is no session.
    expect((await get('/admin/analytics.json?from=2026-12-01&to=2026-12-01', 'editor_session=forged')).status).toBe(401);
  });

  it('has no editor: the sign-in does not open /admin/ when there is none', async () => {
    const { cookie, response } = await signInEditor({ site: origin, siteUrl: SITE_URL, login: 'rita' });
    expect(response.headers.get('location')).toBe('/admin/analytics');
    expect((await get('/admin/', cookie)).status).toBe(404);
  });
});
