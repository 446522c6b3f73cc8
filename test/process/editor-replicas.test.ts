/**
 * Replicas with the site as the editor's backend (issue 46 item 6, docs/scaling-out.md), as an operator
 * runs them: a real PostgreSQL, a real OpenID provider, the built server started as the editing replica
 * (CMS_BACKEND=site, CONTENT_REPO a bare repository it makes itself on first start, CONTENT_REPLICA_TOKEN)
 * and as a following replica whose CONTENT_REPO is the editing replica's published branch over HTTP
 * (http://replica:<token>@…/api/content/published.git), both on one DATABASE_URL.
 *
 * Every replica polls once an hour (CONTENT_POLL_SECONDS=3600), so only the database's NOTIFY can explain
 * a publication reaching the follower in seconds.
 *
 * - Two people sign in through the provider; the author saves a press article's new title, the
 *   reviewer approves and publishes it, over /admin/api/v1 with their session cookies.
 * - Both replicas serve it within seconds; the follower's /readyz names the published commit.
 * - The follower's URL offers the published branch alone: no draft's branch, no draft's commit.
 * - A replica started afterwards with the follower's environment serves the latest version at once.
 * - With the editing replica down, the followers keep serving what they have; a follower started then
 *   refuses to start, in one line that names CONTENT_REPO without its token.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { rootDir } from '../support/app';
import { readyz, serves } from '../support/content-repo';
import { signInEditor } from '../support/editor-sign-in';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';
import { until } from '../support/until';
import { showReplicaLogsOnFailure } from '../support/replica-logs';

const TOKEN = 'a-replica-token-for-the-editor-replicas';
/** The editing replica's SITE_URL: what the provider sends a browser back to, and the Origin its API wants. */
const SITE_URL = 'http://editor.replicas.test';
const AUTHOR = 'alice@example.com';
const REVIEWER = 'rita@example.com';
const POLL_SECONDS = 3600;
/** The article edited, as the site built it (content/press/): the editor's slug is its file name. */
const SLUG = '2025-05-01-the-fiduciary-times';
const ARTICLE = `content/press/${SLUG}.yaml`;
const NEW_TITLE = 'Four Eyes on Every Page: How a Small Firm Approves What It Publishes';
const DRAFT_TITLE = 'A Draft Title Nobody Has Approved';
/**
 * The longest from a publication to a replica serving it: fetched, checked, every page rendered and
 * compressed (the whole content here, as the site seeds it: 12 to 21 s were seen for a swap at high
 * load on two shared cores, test/process/content-sync-replicas.test.ts). Far below the poll interval.
 */
const SWAP_MS = 60_000;

const run = promisify(execFile);
let pgs: TestPostgres;
let provider: TestProvider;
let databaseUrl: string;
let dir: string;
const servers = new Map<string, ServerProcess>();

const contentRepo = () => path.join(dir, 'content.git');
const gitA = (...args: string[]) => execFileSync('git', ['--git-dir', contentRepo(), ...args], { encoding: 'utf8' }).trim();
const git = async (...args: string[]) =>
  (await run('git', args, { encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' } })).stdout.trim();

function start(name: string, env: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      CONTENT_POLL_SECONDS: String(POLL_SECONDS),
      CONTENT_WORK_DIR: path.join(dir, `work-${name}`),
      DRAIN_SECONDS: '0',
      ...env,
    },
    // Every page of the whole content rendered before it listens, on two shared cores.
    timeoutMs: 120_000,
  }).then((server) => {
    servers.set(name, server);
    return server;
  });
}

/** The following replicas' environment: the editing replica's published branch, the token as the password. */
const followerEnv = (a: ServerProcess) => ({ CONTENT_REPO: publishedUrl(a) });
const publishedUrl = (a: ServerProcess) => `http://replica:${TOKEN}@127.0.0.1:${a.port}/api/content/published.git`;

/** One action of the editor's API, as Decap's proxy backend sends it, with a signed-in person's cookie. */
async function api(server: ServerProcess, cookie: string, action: string, params: Record<string, unknown>) {
  const response = await fetch(`${server.origin}/admin/api/v1`, {
    method: 'POST',
    headers: { cookie, origin: SITE_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${action} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const save = (server: ServerProcess, cookie: string, title: string) =>
  api(server, cookie, 'persistEntry', {
    dataFiles: [
      {
        slug: SLUG,
        path: ARTICLE,
        // Quoted, as Decap's YAML writer quotes a title with a colon in it.
        raw: readFileSync(path.join(rootDir, ARTICLE), 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`),
      },
    ],
    assets: [],
    options: { collectionName: 'press', commitMessage: `Update Press “${SLUG}”`, useWorkflow: true, status: 'draft' },
  });

const pressPage = async (server: ServerProcess) => {
  const response = await fetch(`${server.origin}/press`);
  return response.ok ? response.text() : '';
};
const showsTitle = async (server: ServerProcess) => (await pressPage(server)).includes(NEW_TITLE);

/** A failed test shows what each replica logged about content, sign-in and the editor. */
showReplicaLogsOnFailure(servers, /content|database|listening|editor|"level":[45]0/i);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'harbor-editor-replicas-'));
  pgs = await startPostgres();
  databaseUrl = await pgs.createDatabase('editor_replicas');
  provider = await startOidcProvider({ redirectUris: [`${SITE_URL}/admin/auth/callback`] });
});
afterAll(async () => {
  const running = [...servers.values()].filter((server) => server.child.exitCode === null && server.child.signalCode === null);
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  await provider?.stop();
  await pgs?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('replicas with the site as the editor’s backend', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let published: string;

  it('the editing replica makes its content repository; a follower starts from its published branch', { timeout: 240_000 }, async () => {
    a = await start('a', {
      SITE_URL,
      CMS_BACKEND: 'site',
      ...provider.env,
      CMS_EDITORS: AUTHOR,
      CMS_REVIEWERS: REVIEWER,
      CONTENT_REPO: contentRepo(),
      CONTENT_REPLICA_TOKEN: TOKEN,
    });
    const seeded = gitA('rev-parse', 'refs/heads/main');
    expect(a.stdout()).toContain('content: made the content repository from the content the site was built with');
    expect(await serves(a.origin, seeded)).toBe(true);

    b = await start('b', followerEnv(a));
    expect(await serves(b.origin, seeded)).toBe(true);
    expect(await pressPage(b)).toContain('The Fiduciary Times');
  });

  it('a publication at the editing replica is served by the follower within seconds, told by NOTIFY', { timeout: 180_000 }, async () => {
    const author = await signInEditor({ site: a.origin, siteUrl: SITE_URL, login: 'alice' });
    const reviewer = await signInEditor({ site: a.origin, siteUrl: SITE_URL, login: 'rita' });

    await save(a, author.cookie, NEW_TITLE);
    await api(a, reviewer.cookie, 'updateUnpublishedEntryStatus', { collection: 'press', slug: SLUG, newStatus: 'pending_publish' });
    const publishedAt = performance.now();
    await api(a, reviewer.cookie, 'publishUnpublishedEntry', { collection: 'press', slug: SLUG });
    published = gitA('rev-parse', 'refs/heads/main');

    const times: Record<string, number> = {};
    await Promise.all(
      (
        [
          ['a', a],
          ['b', b],
        ] as const
      ).map(async ([name, server]) => {
        await until(() => showsTitle(server), SWAP_MS, `replica ${name} serving the new title`, 250);
        times[name] = (performance.now() - publishedAt) / 1000;
      }),
    );
    console.info(`published ${published.slice(0, 12)}: served by A in ${times.a!.toFixed(1)} s, by B in ${times.b!.toFixed(1)} s`);
    expect(times.b).toBeLessThan(SWAP_MS / 1000);
    expect(times.b).toBeLessThan(POLL_SECONDS / 10);
    // B was told: it heard the editing replica's notice, it did not poll.
    expect((await readyz(b.origin)).content).toMatch(new RegExp(`^serving ${published.slice(0, 12)} of main`));
    expect(await serves(a.origin, published)).toBe(true);
  });

  it('the follower’s URL offers the published branch alone: no draft leaves the editing replica', { timeout: 60_000 }, async () => {
    const author = await signInEditor({ site: a.origin, siteUrl: SITE_URL, login: 'alice' });
    await save(a, author.cookie, DRAFT_TITLE);
    const draft = gitA('rev-parse', `refs/heads/cms/press/${SLUG}`);

    const refs = await git('ls-remote', publishedUrl(a));
    const names = refs.split('\n').map((line) => line.split('\t')[1]);
    expect(names.filter((name) => name !== 'HEAD')).toEqual(['refs/heads/main']);
    expect(refs).toContain(`${published}\trefs/heads/main`);
    expect(refs).not.toContain('cms/');
    // Nor is the draft's commit there to be fetched by its id.
    const probe = path.join(dir, 'probe.git');
    await git('init', '--quiet', '--bare', probe);
    await expect(git('--git-dir', probe, 'fetch', '--quiet', publishedUrl(a), draft)).rejects.toThrow();
    await expect(git('--git-dir', probe, 'fetch', '--quiet', publishedUrl(a), `refs/heads/cms/press/${SLUG}`)).rejects.toThrow();
    // And the draft is served by neither replica.
    expect(await pressPage(b)).not.toContain(DRAFT_TITLE);
    expect(await pressPage(a)).not.toContain(DRAFT_TITLE);
  });

  it('the copy through the site’s whole stack: read-only, behind the token, never cached', async () => {
    const infoRefs = `${a.origin}/api/content/published.git/info/refs`;
    const authorization = `Basic ${Buffer.from(`replica:${TOKEN}`).toString('base64')}`;
    const got = await fetch(infoRefs, { headers: { authorization, 'accept-encoding': 'gzip' } });
    expect(got.status).toBe(200);
    expect(got.headers.get('cache-control')).toBe('no-store');
    expect(await got.text()).toBe(`${published}\trefs/heads/main\n`);
    const head = await fetch(infoRefs, { method: 'HEAD', headers: { authorization } });
    expect(head.status).toBe(200);
    const anonymous = await fetch(infoRefs);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="published content"');
    // Asked again without the token after a good answer: still 401, not a page kept from before.
    expect((await fetch(infoRefs)).status).toBe(401);
    const write = await fetch(infoRefs, { method: 'POST', headers: { authorization } });
    expect(write.status).toBe(405);
    expect(write.headers.get('allow')).toBe('GET, HEAD');
  });

  it('a replica started afterwards with the follower’s environment serves the latest version at once', { timeout: 180_000 }, async () => {
    const c = await start('c', followerEnv(a));
    expect(await serves(c.origin, published)).toBe(true);
    expect(await showsTitle(c)).toBe(true);
  });

  it(
    'with the editing replica down the followers keep serving; one started then refuses, without the token in what it says',
    { timeout: 120_000 },
    async () => {
      expect(await a.stop('SIGTERM')).toBe(0);
      expect(await showsTitle(b)).toBe(true);
      expect(await serves(b.origin, published)).toBe(true);
      const refusal = await start('d', followerEnv(a)).then(
        () => 'started',
        (error: Error) => error.message,
      );
      expect(refusal).toMatch(/the server exited \(1\) before it listened/);
      expect(refusal).toMatch(
        new RegExp(
          `Not started: CONTENT_REPO http://replica:\\*\\*\\*@127\\.0\\.0\\.1:${a.port}/api/content/published\\.git \\(branch main\\) cannot be read`,
        ),
      );
      expect(refusal).not.toContain(TOKEN);
    },
  );
});
