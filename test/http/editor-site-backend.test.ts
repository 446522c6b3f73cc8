/**
 * The editor's API as the admin surface mounts it with CMS_BACKEND=site (server/admin/site-backend.ts): the
 * real backend on a content repository the site makes itself, behind the real sign-in (a real OpenID
 * provider), at POST /admin/api/v1. The backend's own tests (editor-backend.test.ts) mount it at that path
 * directly and the sign-in's (editor-sign-in.test.ts) put a stand-in behind the gate; this is where the two
 * meet, as the running server has them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEditor } from '../support/editor-sign-in';
import { startEditorSite } from '../support/editor-site';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const SITE_URL = 'http://localhost:3000';

let dir: string;
let provider: TestProvider;
let site: Awaited<ReturnType<typeof startEditorSite>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'editor-site-backend-'));
  provider = await startOidcProvider({
    redirectUris: [`${SITE_URL}/admin/auth/callback`],
    people: { rita: { email: 'rita@example.com', name: 'Rita Reviewer' } },
  });
  site = await startEditorSite({
    env: {
      CMS_BACKEND: 'site',
      CONTENT_REPO: path.join(dir, 'content.git'),
      CONTENT_WORK_DIR: path.join(dir, 'work'),
      ...provider.env,
      CMS_EDITORS: 'ann@example.com',
      CMS_REVIEWERS: 'rita@example.com',
      SITE_URL,
    },
    api: 'site-backend',
  });
});

afterAll(async () => {
  await site?.close();
  await provider?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const call = (cookie: string | undefined, body: unknown, method = 'POST') =>
  fetch(`${site.origin}/admin/api/v1`, {
    method,
    headers: { origin: SITE_URL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });

describe('POST /admin/api/v1 with CMS_BACKEND=site', () => {
  it('answers a signed-in editor from the content repository the site made', async () => {
    const { cookie } = await signInEditor({ site: site.origin, siteUrl: SITE_URL, login: 'rita' });
    const info = await call(cookie, { action: 'info', params: {} });
    expect(info.status).toBe(200);
    expect(await info.json()).toEqual({ repo: 'content.git', publish_modes: ['editorial_workflow'], type: 'local_git' });

    const entries = await call(cookie, {
      action: 'entriesByFolder',
      params: { branch: 'main', folder: 'content/press', extension: 'yaml', depth: 1 },
    });
    expect(entries.status).toBe(200);
    const files = ((await entries.json()) as Array<{ file: { path: string } }>).map((entry) => entry.file.path);
    expect(files).toContain('content/press/2025-02-12-tax-trust-weekly.yaml');

    const read = await call(cookie, {}, 'GET');
    expect(read.status).toBe(405);
    expect(await read.json()).toEqual({ error: 'The editor’s backend answers POST only.' });
  });

  it('answers 401 in words without a session', async () => {
    const res = await call(undefined, { action: 'info', params: {} });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toMatch(/sign in again/);
  });
});
