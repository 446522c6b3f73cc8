/**
 * The approval record anchored in the content repository (decision 036), as someone who can write
 * ARCHIVE_DIR but not the repository would attack it. Two press entries are published for real: the
 * editor's backend on a content repository the site makes itself, behind the real sign-in (a real
 * OpenID provider), each line written to ARCHIVE_DIR/approvals.jsonl. Then the attacker rewrites the
 * record with the chain's own hashing (every `previous` and approvals.head recomputed), and
 * `approvals verify` (its own process) is run without and with CONTENT_REPO.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../support/app';
import { signInEditor } from '../support/editor-sign-in';
import { startEditorSite } from '../support/editor-site';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const SITE_URL = 'http://localhost:3000';
const SLUGS = ['2025-02-12-tax-trust-weekly', '2025-03-18-advisor-quarterly'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let dir: string;
let repo: string;
let archive: string;
let provider: TestProvider;
let site: Awaited<ReturnType<typeof startEditorSite>>;

async function approvals(args: string[], env: Record<string, string> = {}) {
  const { CONTENT_REPO: _repo, CONTENT_BRANCH: _branch, ...inherited } = process.env;
  try {
    const { stdout } = await promisify(execFile)('npx', ['tsx', path.join(rootDir, 'server/cli/approvals.ts'), ...args], {
      cwd: rootDir,
      env: { ...inherited, ...env },
    });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const git = (...args: string[]) => execFileSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8' }).trim();

async function call(cookie: string, action: string, params: Record<string, unknown>) {
  const res = await fetch(`${site.origin}/admin/api/v1`, {
    method: 'POST',
    headers: { origin: SITE_URL, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
  });
  expect(res.status, `${action}: ${await res.clone().text()}`).toBe(200);
}

/** Ann writes, Rita approves and publishes: the editorial workflow through the editor's API, signed in. */
async function publishPress(author: string, reviewer: string, slug: string) {
  const file = `content/press/${slug}.yaml`;
  const raw = readFileSync(path.join(rootDir, file), 'utf8').replace(/^title: .*$/m, `title: Revised ${slug}`);
  await call(author, 'persistEntry', {
    dataFiles: [{ slug, path: file, raw }],
    assets: [],
    options: { collectionName: 'press', commitMessage: `Update Press “${slug}”`, useWorkflow: true, status: 'draft' },
  });
  await call(author, 'updateUnpublishedEntryStatus', { collection: 'press', slug, newStatus: 'pending_review' });
  await call(reviewer, 'updateUnpublishedEntryStatus', { collection: 'press', slug, newStatus: 'pending_publish' });
  await call(reviewer, 'publishUnpublishedEntry', { collection: 'press', slug });
}

/** What the attacker does: rewrites lines with `change`, then every `previous` and the head, as record-chain.ts hashes them. */
function rewriteRecord(folder: string, change: (lines: Record<string, unknown>[]) => Record<string, unknown>[]) {
  const file = path.join(folder, 'approvals.jsonl');
  const lines = change(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Record<string, unknown>),
  );
  let previous = '0'.repeat(64);
  const texts = lines.map((line, index) => {
    const text = JSON.stringify({ ...line, seq: index + 1, previous });
    previous = sha256(text);
    return text;
  });
  writeFileSync(file, texts.map((text) => `${text}\n`).join(''));
  writeFileSync(path.join(folder, 'approvals.head'), `${JSON.stringify({ seq: texts.length, sha256: previous })}\n`);
}

/** A copy of the archive folder, for one attack. */
function copyOfArchive(name: string): string {
  const copy = path.join(dir, name);
  cpSync(archive, copy, { recursive: true });
  return copy;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'approval-anchor-'));
  repo = path.join(dir, 'content.git');
  archive = path.join(dir, 'archive');
  provider = await startOidcProvider({
    redirectUris: [`${SITE_URL}/admin/auth/callback`],
    people: { ann: { email: 'ann@example.com', name: 'Ann Author' }, rita: { email: 'rita@example.com', name: 'Rita Reviewer' } },
  });
  site = await startEditorSite({
    env: {
      CMS_BACKEND: 'site',
      CONTENT_REPO: repo,
      CONTENT_WORK_DIR: path.join(dir, 'work'),
      ARCHIVE_DIR: archive,
      ...provider.env,
      CMS_EDITORS: 'ann@example.com',
      CMS_REVIEWERS: 'rita@example.com',
      SITE_URL,
    },
    api: 'site-backend',
  });
  const ann = (await signInEditor({ site: site.origin, siteUrl: SITE_URL, login: 'ann' })).cookie;
  const rita = (await signInEditor({ site: site.origin, siteUrl: SITE_URL, login: 'rita' })).cookie;
  for (const slug of SLUGS) await publishPress(ann, rita, slug);
}, 120_000);

afterAll(async () => {
  await site?.close();
  await provider?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the approval record anchored in the content repository', { timeout: 60_000 }, () => {
  it("each Publish merge commit carries its line's hash as a trailer", () => {
    const lines = readFileSync(path.join(archive, 'approvals.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    for (const text of lines) {
      const { seq: _seq, previous: _previous, publishedCommit, ...content } = JSON.parse(text) as Record<string, unknown>;
      // As decision 036 says it is made: the line's JSON without those three, keys sorted at every level.
      const canonical = JSON.stringify(content, (_key, value: unknown) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
          : value,
      );
      expect(git('log', '-1', '--format=%P', String(publishedCommit)).split(' ')).toHaveLength(2);
      const trailers = git('log', '-1', '--format=%(trailers:key=Approval-Record,valueonly)', String(publishedCommit));
      expect(trailers).toBe(`sha256:${sha256(canonical)}`);
    }
    expect(git('log', '-1', '--format=%s', 'main')).toBe(`Publish press/${SLUGS[1]}`);
  });

  it('an untouched record verifies against the repository; without CONTENT_REPO verify says the check was not done', async () => {
    const checked = await approvals(['verify', archive], { CONTENT_REPO: repo });
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout).toContain('chain intact');
    expect(checked.stdout).toContain(`checked against ${repo} (main): 2 publications agree with the hash their Publish commit carries`);
    const flag = await approvals(['verify', archive, '--repo', repo, '--branch', 'main']);
    expect(flag.code, flag.stdout + flag.stderr).toBe(0);
    const unchecked = await approvals(['verify', archive]);
    expect(unchecked.code).toBe(0);
    expect(unchecked.stdout).toContain('not checked against the content repository: CONTENT_REPO is not set');
  });

  it('an approver changed, with every previous and the head recomputed, is named with what differs', async () => {
    const forged = copyOfArchive('forged-approver');
    rewriteRecord(forged, (lines) =>
      lines.map((line, index) => (index === 1 ? { ...line, approver: { name: 'Cole Compliance', email: 'cole@example.com' } } : line)),
    );
    // The chain alone cannot tell: that is the attack.
    expect((await approvals(['verify', forged])).stdout).toMatch(/^OK .*chain intact/);

    const verify = await approvals(['verify', forged], { CONTENT_REPO: repo });
    expect(verify.code).toBe(1);
    const published = git('rev-parse', 'main');
    const [first, ...rest] = verify.stdout.trim().split('\n');
    expect(first).toMatch(
      new RegExp(
        `^BROKEN .*approvals\\.jsonl: line 2: it disagrees with its Publish commit ${published}: the commit says "Approved by Rita Reviewer <rita@example\\.com> at [^"]+" where the line says "Approved by Cole Compliance <cole@example\\.com> at [^"]+"; the line hashes to sha256:[0-9a-f]{64}, but the commit's Approval-Record is sha256:[0-9a-f]{64}$`,
      ),
    );
    expect(rest).toEqual([]);
  });

  it('a publication removed from the record, the chain renumbered, leaves its commit named', async () => {
    const forged = copyOfArchive('forged-removed');
    rewriteRecord(forged, (lines) => lines.slice(1));
    expect((await approvals(['verify', forged])).code).toBe(0);
    const verify = await approvals(['verify', forged], { CONTENT_REPO: repo });
    expect(verify.code).toBe(1);
    const removed = git('rev-parse', 'main~1');
    expect(verify.stdout).toMatch(
      new RegExp(
        `^BROKEN .*: the repository: commit ${removed} on ${repo.replace(/[.]/g, '\\.')} \\(main\\) carries Approval-Record: sha256:[0-9a-f]{64}, but no publication line names it`,
      ),
    );
  });

  it('a line moved to another Publish commit is named', async () => {
    const forged = copyOfArchive('forged-commit');
    const other = git('rev-parse', 'main~1');
    rewriteRecord(forged, (lines) => lines.map((line, index) => (index === 1 ? { ...line, publishedCommit: other } : line)));
    const verify = await approvals(['verify', forged], { CONTENT_REPO: repo });
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(
      new RegExp(`^BROKEN .*: line 2: it disagrees with its Publish commit ${other}: the commit says "Publish press/`),
    );
    expect(verify.stdout).toMatch(/also the repository: commit [0-9a-f]{40} .* no publication line names it/);
  });

  it('a repository that cannot be read is said, exit 1', async () => {
    const verify = await approvals(['verify', archive], { CONTENT_REPO: path.join(dir, 'no-such.git') });
    expect(verify.code).toBe(1);
    expect(verify.stderr).toMatch(/^Could not check the record against the content repository: .*no-such\.git is not a git repository/);
  });
});
