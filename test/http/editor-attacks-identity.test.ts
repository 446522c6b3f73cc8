/**
 * Who the editor takes someone for, attacked as it would be (CMS_BACKEND=site): the whole app as the server
 * runs it (server/app.ts: the request log, the admin surface, its sign-in and the backend on a real bare
 * content repository), a real OpenID provider whose people have the names and addresses an attacker would
 * choose, and real git.
 *
 * - A reviewer whose display name carries git log's old field separators, to be read back as another
 *   person and approve her own entry.
 * - Addresses git would record otherwise (a leading quote).
 * - A flood of sign-in starts, from many addresses and from one, while someone else signs in.
 * - The authorization code of the callback, looked for in the log.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGitRepository } from '../../server/admin/backend/git-repository';
import { rootDir, startServer } from '../support/app';
import { beginSignIn, finishSignIn, signInEditor, throughProvider } from '../support/editor-sign-in';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const SITE_URL = 'http://localhost:3000';
/** What git log's old format split on: unit separator between fields, record separator between commits. */
const FORGED_NAME = 'Mallory\x1fbob@example.com\x1f2026-01-01T00:00:00Z';
const MALLORY = { email: 'mallory@example.com', name: FORGED_NAME };
/** CMS_SIGN_IN_RATE_LIMIT's default, left unset below. */
const SIGN_IN_RATE_LIMIT = 30;

let dir: string;
let provider: TestProvider;
let site: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'editor-attacks-identity-'));
  provider = await startOidcProvider({
    redirectUris: [`${SITE_URL}/admin/auth/callback`],
    people: {
      mallory: MALLORY,
      bob: { email: 'bob@example.com', name: 'Bob Editor' },
      rita: { email: 'rita@example.com', name: 'Rita Reviewer' },
      quinn: { email: "'quinn@example.com", name: 'Quinn Quote' },
    },
  });
  site = await startServer({
    env: {
      CMS_BACKEND: 'site',
      CONTENT_REPO: path.join(dir, 'content.git'),
      CONTENT_WORK_DIR: path.join(dir, 'work'),
      CONTENT_POLL_SECONDS: '0',
      ...provider.env,
      CMS_EDITORS: 'bob@example.com',
      CMS_REVIEWERS: 'mallory@example.com, rita@example.com',
      SITE_URL,
      // The flood below says where it comes from in X-Forwarded-For, as a proxy in front would.
      TRUST_PROXY: 'loopback',
    },
  });
}, 60_000);

afterAll(async () => {
  await site?.close();
  await provider?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const signIn = (login: string) => signInEditor({ site: site.origin, siteUrl: SITE_URL, login });
const call = (cookie: string, action: string, params: Record<string, unknown>) =>
  fetch(`${site.origin}/admin/api/v1`, {
    method: 'POST',
    headers: { origin: SITE_URL, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
  });
const contentGit = (...args: string[]) =>
  execFileSync('git', ['--git-dir', path.join(dir, 'content.git'), ...args], { encoding: 'utf8' }).trim();

describe('a forged author: a display name made to be read as someone else', () => {
  const SLUG = 'written-by-mallory';
  const TEMPLATE = readFileSync(path.join(rootDir, 'content/episodes/welcome-to-advisory-edge.md'), 'utf8');

  it('cannot make a reviewer pass for bob: she is still the author of her entry, and may neither approve nor publish it', async () => {
    const { cookie } = await signIn('mallory');
    const saved = await call(cookie, 'persistEntry', {
      dataFiles: [
        {
          slug: SLUG,
          path: `content/episodes/${SLUG}.md`,
          raw: TEMPLATE.replace(/^title: .*$/m, 'title: Written by Mallory').replace(/^number: .*\n/m, ''),
        },
      ],
      assets: [],
      options: { collectionName: 'episodes', commitMessage: `Create Episodes “${SLUG}”`, useWorkflow: true, status: 'pending_review' },
    });
    expect(saved.status).toBe(200);
    const approve = await call(cookie, 'updateUnpublishedEntryStatus', {
      collection: 'episodes',
      slug: SLUG,
      newStatus: 'pending_publish',
    });
    expect(approve.status).toBe(403);
    expect(await approve.json()).toEqual({ error: 'You wrote part of this entry, so someone else must approve it.' });
    const publish = await call(cookie, 'publishUnpublishedEntry', { collection: 'episodes', slug: SLUG });
    expect(publish.status).toBe(403);
    expect(await publish.json()).toEqual({ error: 'You wrote part of this entry, so someone else must publish it.' });
    expect(contentGit('log', '--format=%ae', '-1', 'refs/heads/main')).not.toBe('mallory@example.com');
    // The commit names her, under the name the sign-in kept: no separator, nothing of the forgery left to split on.
    expect(contentGit('log', '-1', '--format=%an|%ae', `refs/heads/cms/episodes/${SLUG}`)).toBe(
      'Mallory bob@example.com 2026-01-01T00:00:00Z|mallory@example.com',
    );

    const cleaned = site.logs.find((record) => record.msg === 'editor sign-in: the name from the provider was cleaned');
    expect(cleaned).toMatchObject({ editor: 'mallory@example.com', name: 'Mallory bob@example.com 2026-01-01T00:00:00Z' });
  });

  it('reads a commit whose name holds the separators (written past the sign-in) as its true author', async () => {
    const gitDir = path.join(dir, 'forged.git');
    execFileSync('git', ['init', '--quiet', '--bare', gitDir]);
    const repository = openGitRepository(gitDir);
    const tree = execFileSync('git', ['--git-dir', gitDir, 'mktree'], { input: '', encoding: 'utf8' }).trim();
    const at = new Date('2026-03-02T09:00:00Z');
    const base = await repository.commitTree(tree, [], 'Base\n', { name: 'Bob Editor', email: 'bob@example.com' }, at);
    // A whole second record in the name: the old reading took it for a commit of bob's.
    const forged = {
      name: `${FORGED_NAME}\x1e${'0'.repeat(40)}\x1fBob\x1fbob@example.com\x1f2026-01-01T00:00:00Z`,
      email: 'mallory@example.com',
    };
    const head = await repository.commitTree(tree, [base], 'Forged\n', forged, at);
    const ordinary = await repository.commitTree(tree, [head], 'After\n', { name: 'Rita Reviewer', email: 'rita@example.com' }, at);

    expect(await repository.commitsBetween(base, ordinary)).toEqual([
      { commit: head, author: forged, at: at.toISOString() },
      { commit: ordinary, author: { name: 'Rita Reviewer', email: 'rita@example.com' }, at: at.toISOString() },
    ]);
    expect(await repository.commitsBetween(ordinary, ordinary)).toEqual([]);
  });
});

describe('an address git would record otherwise', () => {
  it('is refused at sign-in in words, with no session', async () => {
    const { jar, authorizationUrl } = await beginSignIn(site.origin);
    const callbackUrl = await throughProvider(jar, authorizationUrl, { login: 'quinn', site: site.origin, siteUrl: SITE_URL });
    const refused = await finishSignIn(jar, callbackUrl);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      'Your identity provider gives the address <strong>&#39;quinn@example.com</strong>, which the editor cannot record as the author of your changes exactly as it is.',
    );
    expect(jar.get(site.origin, 'editor_session')).toBeUndefined();
  });
});

describe('a flood of sign-in starts', () => {
  const login = (from: string) => fetch(`${site.origin}/admin/auth/login`, { headers: { 'x-forwarded-for': from }, redirect: 'manual' });

  it('from a thousand addresses and more does not end the sign-in someone else has in progress', async () => {
    const { jar, authorizationUrl } = await beginSignIn(site.origin);
    const statuses: number[] = [];
    // Just past the 1,000 pending sign-ins the server once held, each from its own /64.
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 101 }, (_, index) => login(`2001:db8:${batch.toString(16)}:${index.toString(16)}::1`)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 303)).toHaveLength(1_010);
    const callbackUrl = await throughProvider(jar, authorizationUrl, { login: 'rita', site: site.origin, siteUrl: SITE_URL });
    const finished = await finishSignIn(jar, callbackUrl);
    expect(finished.status, await finished.clone().text()).toBe(303);
    expect(jar.get(site.origin, 'editor_session')).toMatch(/^[\w-]{43}$/);
  }, 60_000);

  it(`from one address: ${SIGN_IN_RATE_LIMIT} a minute, then 429 in words; another person signs in meanwhile`, async () => {
    const { jar, authorizationUrl } = await beginSignIn(site.origin);
    const answers = await Promise.all(Array.from({ length: SIGN_IN_RATE_LIMIT + 20 }, () => login('203.0.113.9')));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(SIGN_IN_RATE_LIMIT);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(20);
    expect(limited[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited[0]!.headers.get('cache-control')).toBe('no-store');
    expect(await limited[0]!.text()).toMatch(
      /There have been too many sign-in attempts from your network\. Wait \d+ seconds, then sign in again\./,
    );

    // The same /64 is the same client; the next /64 is another.
    expect((await login('2001:db8:aaaa:1::1')).status).toBe(303);
    for (let index = 0; index < SIGN_IN_RATE_LIMIT; index += 1) await login(`2001:db8:aaaa:1::${(index + 2).toString(16)}`);
    expect((await login('2001:db8:aaaa:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await login('2001:db8:aaaa:2::1')).status).toBe(303);

    const callbackUrl = await throughProvider(jar, authorizationUrl, { login: 'rita', site: site.origin, siteUrl: SITE_URL });
    expect((await finishSignIn(jar, callbackUrl)).status).toBe(303);
  }, 60_000);
});

describe('the log', () => {
  it('never holds the callback’s authorization code, nor its state', async () => {
    const { callbackUrl } = await signIn('rita');
    const code = callbackUrl.searchParams.get('code')!;
    const state = callbackUrl.searchParams.get('state')!;
    expect(code.length).toBeGreaterThan(20);
    const line = site.logs.find(
      (record) =>
        record.msg === 'request completed' && String(record.req && (record.req as { url: string }).url).startsWith('/admin/auth/callback'),
    );
    const url = (line?.req as { url: string }).url;
    expect(url).toMatch(/[?&]code=\[redacted\](&|$)/);
    expect(url).toMatch(/[?&]state=\[redacted\](&|$)/);
    const logged = JSON.stringify(site.logs);
    expect(logged).not.toContain(code);
    expect(logged).not.toContain(state);
  });

  it('leaves out a credential whatever the route and however the name is spelled, and the rest of the query as it came', async () => {
    await fetch(`${site.origin}/podcast?q=tax%20trust&%63ODE=spelled-another-way&access_token=a-token-in-a-url`);
    const line = site.logs.findLast(
      (record) => record.msg === 'request completed' && String((record.req as { url?: string })?.url).startsWith('/podcast?'),
    );
    expect((line?.req as { url: string }).url).toBe('/podcast?q=tax%20trust&%63ODE=[redacted]&access_token=[redacted]');
    expect(JSON.stringify(site.logs)).not.toMatch(/spelled-another-way|a-token-in-a-url/);
  });
});
