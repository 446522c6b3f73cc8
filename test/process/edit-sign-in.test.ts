/**
 * `npm run edit -- --sign-in` (scripts/ops/edit/sign-in-mode.ts, decision 043) as a person meets it, in a
 * throw-away clone of this repository: the site as its own editor backend on .cache/content-repo.git and a
 * development OpenID provider on loopback. The author and the reviewer sign in through that provider over
 * HTTP, as a browser would (every redirect followed by hand, a cookie jar per origin), and drive the
 * editor's API as Decap does: the author saves and sends for review, may not approve, the reviewer approves
 * and publishes; the publish lands on the working copy's branch and in its content/, on top of a commit the
 * person made meanwhile, and the site serves it. The provider answers on no other address than loopback,
 * and nothing of it runs with NODE_ENV=production.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_SCRIPT, freePort, git, startEditSession, TSX } from '../support/edit-session';
import type { EditSession } from '../support/edit-session';
import { signInEditor } from '../support/editor-sign-in';
import { until } from '../support/until';

/** The press article edited (content/press/): the editor's slug is its file name. */
const SLUG = '2025-05-01-the-fiduciary-times';
const ARTICLE = `content/press/${SLUG}.yaml`;
const NEW_TITLE = 'Signed In on My Own Machine: Four Eyes Tried Before the Provider Exists';

/** Whether anything accepts a TCP connection at host:port. */
function listens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('npm run edit -- --sign-in', () => {
  let session: EditSession;
  let providerPort: number;
  let site: string;
  let siteUrl: string;
  /** The working copy's branch, as the clone of this checkout has it. */
  let branch: string;

  /** One action of the editor's API, as Decap's proxy backend posts it, with a person's session cookie. */
  async function api(cookie: string, action: string, params: Record<string, unknown>) {
    const response = await fetch(`${site}/admin/api/v1`, {
      method: 'POST',
      headers: { cookie, origin: siteUrl, 'content-type': 'application/json' },
      // The branch the site publishes, as the editor's config names it: the working copy's.
      body: JSON.stringify({ action, params: { branch, ...params } }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    providerPort = await freePort();
    session = await startEditSession({ args: ['--sign-in'], env: { OIDC_DEV_PORT: String(providerPort) } });
    site = `http://127.0.0.1:${session.sitePort}`;
    siteUrl = `http://localhost:${session.sitePort}`;
    branch = git(session.site, 'symbolic-ref', '--short', 'HEAD').trim();
  }, 200_000);

  afterAll(() => session?.close(), 30_000);

  it('says what to open and whom to sign in as', () => {
    const output = session.output();
    expect(output).toContain(`open ${siteUrl}/admin/ and sign in as Alex Author (author@localhost.test)`);
    expect(output).toContain('sign in as Riley Reviewer (reviewer@localhost.test)');
    expect(output).toContain(`A development sign-in (OpenID provider) listens on http://127.0.0.1:${providerPort}`);
    expect(output).toContain('made .cache/content-repo.git/');
    // No decap-server: the site is the backend, and nothing else writes to the repository.
    expect(output).not.toContain('Decap CMS Proxy Server');
  });

  it('the provider answers on loopback, and on no other address of this machine', async () => {
    const discovery = await fetch(`http://127.0.0.1:${providerPort}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`http://127.0.0.1:${providerPort}`);
    const outside = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && !address.internal);
    expect(outside.length, 'this machine needs a non-loopback address for this test').toBeGreaterThan(0);
    for (const address of outside) expect(await listens(address!.address, providerPort), address!.address).toBe(false);
  });

  it('the author saves, the reviewer approves and publishes; content/ here and the site show it', async () => {
    // The person's own work: a commit while the editor runs, and a file not committed.
    writeFileSync(path.join(session.site, 'committed-by-the-person.txt'), 'theirs\n');
    git(session.site, 'add', 'committed-by-the-person.txt');
    git(session.site, 'commit', '--quiet', '-m', 'The person commits while the editor runs');
    const personsCommit = git(session.site, 'rev-parse', 'HEAD').trim();
    const wip = 'content/press/not-committed.txt';
    writeFileSync(path.join(session.site, wip), 'still being written\n');
    const contentRepo = path.join(session.site, '.cache/content-repo.git');
    // The person's commit reaches the site's branch within a second or two.
    await until(
      () => git(contentRepo, 'rev-parse', `refs/heads/${branch}`).trim() === personsCommit,
      10_000,
      'the person’s commit in the content repository',
    );

    const author = await signInEditor({ site, siteUrl, login: 'author' });
    const reviewer = await signInEditor({ site, siteUrl, login: 'reviewer' });
    const original = readFileSync(path.join(session.site, ARTICLE), 'utf8');
    const saved = await api(author.cookie, 'persistEntry', {
      dataFiles: [{ slug: SLUG, path: ARTICLE, raw: original.replace(/^title: .*$/m, `title: ${JSON.stringify(NEW_TITLE)}`) }],
      assets: [],
      options: { collectionName: 'press', commitMessage: `Update Press “${SLUG}”`, useWorkflow: true, status: 'draft' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const status = (cookie: string, newStatus: string) =>
      api(cookie, 'updateUnpublishedEntryStatus', { collection: 'press', slug: SLUG, newStatus });
    expect((await status(author.cookie, 'pending_review')).status).toBe(200);
    // Four eyes: the author may not approve their own entry.
    const selfApproved = await status(author.cookie, 'pending_publish');
    expect(selfApproved.status).toBeGreaterThanOrEqual(400);
    expect(selfApproved.status).toBeLessThan(500);
    expect((await status(reviewer.cookie, 'pending_publish')).status).toBe(200);
    // A draft is not in the working copy.
    expect(readFileSync(path.join(session.site, ARTICLE), 'utf8')).toBe(original);

    const published = await api(reviewer.cookie, 'publishUnpublishedEntry', { collection: 'press', slug: SLUG });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    // On the working copy's branch (git writes the files, then moves the branch), on top of the person's commit, by the author.
    const publishedCommit = git(contentRepo, 'rev-parse', `refs/heads/${branch}`).trim();
    await until(() => git(session.site, 'rev-parse', 'HEAD').trim() === publishedCommit, 10_000, 'the publish on the branch here');
    expect(readFileSync(path.join(session.site, ARTICLE), 'utf8')).toContain(NEW_TITLE);
    expect(spawnSync('git', ['merge-base', '--is-ancestor', personsCommit, 'HEAD'], { cwd: session.site }).status).toBe(0);
    expect(git(session.site, 'log', '--format=%ae', `${personsCommit}..HEAD`)).toContain('author@localhost.test');
    // The branch moves as git writes it; the script says so once git has returned.
    const said = `npm run edit -- --sign-in: published by the CMS, now on ${branch} here: ${ARTICLE}`;
    await until(() => session.output().includes(said), 10_000, 'the script saying what was published');
    // The file not committed is where it was, in no commit.
    expect(readFileSync(path.join(session.site, wip), 'utf8')).toBe('still being written\n');
    expect(git(session.site, 'log', '--all', '--format=%H', '--', wip)).toBe('');
    expect(existsSync(path.join(session.site, '.cache/cms-repo'))).toBe(false);

    await until(
      async () => (await fetch(`${site}/press`).then((answer) => answer.text())).includes(NEW_TITLE),
      60_000,
      'the site serving the published title',
      500,
    );
  }, 120_000);

  it('a publish that would overwrite a local edit stops npm run edit, names the file and changes nothing here', async () => {
    const author = await signInEditor({ site, siteUrl, login: 'author' });
    const reviewer = await signInEditor({ site, siteUrl, login: 'reviewer' });
    appendFileSync(path.join(session.site, ARTICLE), '# A local edit, not committed.\n');
    const before = readFileSync(path.join(session.site, ARTICLE), 'utf8');
    const head = git(session.site, 'rev-parse', 'HEAD');
    const raw = before.replace(/^title: .*$/m, 'title: "A Second Version, Published Over a Local Edit"');
    const saved = await api(author.cookie, 'persistEntry', {
      dataFiles: [{ slug: SLUG, path: ARTICLE, raw }],
      assets: [],
      options: { collectionName: 'press', commitMessage: `Update Press “${SLUG}”`, useWorkflow: true, status: 'draft' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(
      (await api(reviewer.cookie, 'updateUnpublishedEntryStatus', { collection: 'press', slug: SLUG, newStatus: 'pending_publish' }))
        .status,
    ).toBe(200);
    expect((await api(reviewer.cookie, 'publishUnpublishedEntry', { collection: 'press', slug: SLUG })).status).toBe(200);

    expect(await session.exited).toBe(1);
    expect(session.output()).toContain(`The CMS published changes to files you have changed here and not committed:\n  ${ARTICLE}`);
    expect(session.output()).toContain(
      `bring the CMS's in with \`git pull --no-rebase .cache/content-repo.git ${branch}\`, then run npm run edit -- --sign-in again.`,
    );
    expect(readFileSync(path.join(session.site, ARTICLE), 'utf8')).toBe(before);
    expect(git(session.site, 'rev-parse', 'HEAD')).toBe(head);
  }, 60_000);
});

describe('npm run edit -- --sign-in, refused', () => {
  it('refuses with NODE_ENV=production, saying why', () => {
    const result = spawnSync(TSX, [EDIT_SCRIPT, '--sign-in'], {
      cwd: tmpdir(),
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run edit refuses to run with NODE_ENV=production');
    expect(result.stderr).toContain('--sign-in signs anyone in as an editor');
  });

  it('names a flag it does not know, with its usage', () => {
    const result = spawnSync(TSX, [EDIT_SCRIPT, '--signin'], { cwd: tmpdir(), encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run edit does not know --signin.\nUsage: npm run edit [-- --sign-in]');
  });
});
