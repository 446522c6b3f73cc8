/**
 * The editor's backend bounds what one request makes the server do with git (server/admin/backend/
 * git-repository.ts, entry-reads.ts), measured from outside, on the built server as its own process, as an
 * editor who wants the server down would ask it: signed in through a real OpenID provider, Decap's requests
 * at POST /admin/api/v1.
 *
 * - Sixteen 2,000-path entriesByFiles at once: the server's git child processes, counted in /proc while they are
 *   answered, never more than GIT_PROCESSES.
 * - getMedia on an uploads folder of 170 MB (pushed to the published branch with git): every upload listed,
 *   at most READ_BYTES of them with their content, and the server's peak memory (VmHWM, reset just before)
 *   grows by a few times that, not by the folder; getMediaFile of one larger than READ_BYTES is a 413.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_BYTES } from '../../server/admin/backend/entry-reads';
import { GIT_PROCESSES } from '../../server/admin/backend/git-repository';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { signInEditor } from '../support/editor-sign-in';
import { editorApi } from '../support/editor-site';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const SITE_URL = 'http://editor.git-bounds.test';
const UPLOADS = 80;
const UPLOAD_BYTES = 1_900_000;

let dir: string;
let provider: TestProvider;
let server: ServerProcess;
let editor: { origin: string; siteUrl: string; cookie: string };

const repository = () => path.join(dir, 'content.git');
const git = (args: string[], env: Record<string, string> = {}, input?: string) =>
  execFileSync('git', ['--git-dir', repository(), ...args], { encoding: 'utf8', env: { ...process.env, ...env }, input }).trim();

/** The server's child processes that are git, now: every /proc/<pid>/stat whose parent is the server. */
function gitChildren(parent: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // Gone meanwhile.
    }
    // "pid (comm) state ppid …": comm may hold spaces, so read from its closing parenthesis.
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === parent && comm === 'git') count += 1;
  }
  return count;
}

/** The most git children seen while `work` runs, sampled as fast as this process can. */
async function mostGitChildrenDuring<T>(parent: number, work: Promise<T>): Promise<{ most: number; samples: number; result: T }> {
  let done = false;
  let most = 0;
  let samples = 0;
  const watching = (async () => {
    while (!done) {
      most = Math.max(most, gitChildren(parent));
      samples += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const result = await work.finally(() => (done = true));
  await watching;
  return { most, samples, result };
}

const memory = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'editor-git-bounds-'));
  provider = await startOidcProvider({ redirectUris: [`${SITE_URL}/admin/auth/callback`] });
  server = await startServerProcess({
    env: {
      ...provider.env,
      SITE_URL,
      CMS_BACKEND: 'site',
      CMS_EDITORS: 'ann@example.com',
      CMS_REVIEWERS: 'rita@example.com',
      CONTENT_REPO: repository(),
      CONTENT_WORK_DIR: path.join(dir, 'work'),
      // Nothing else starts git meanwhile: the published branch is followed once an hour.
      CONTENT_POLL_SECONDS: '3600',
      NEWSLETTER_FILE: path.join(dir, 'subscribers.jsonl'),
      CONTACT_FILE: path.join(dir, 'messages.jsonl'),
      DRAIN_SECONDS: '0',
    },
    timeoutMs: 120_000,
  });
  editor = {
    origin: server.origin,
    siteUrl: SITE_URL,
    cookie: (await signInEditor({ site: server.origin, siteUrl: SITE_URL, login: 'ann' })).cookie,
  };
}, 180_000);

afterAll(async () => {
  if (server?.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGKILL');
  await provider?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('git bounded per server', () => {
  it(
    `answers sixteen 2,000-path entriesByFiles at once with at most ${GIT_PROCESSES} git processes alive`,
    { timeout: 120_000 },
    async () => {
      const real = git(['ls-tree', '-r', '--name-only', 'main', 'content/']).split('\n');
      const files = Array.from({ length: 2000 }, (_, i) => ({ path: i < real.length ? real[i]! : `content/none/file-${i}.yaml` }));
      const ask = () => editorApi<Array<{ data: string | null; file: { path: string } }>>(editor, 'entriesByFiles', { files });
      const { most, samples, result } = await mostGitChildrenDuring(server.child.pid!, Promise.allSettled(Array.from({ length: 16 }, ask)));
      console.info(`git children of the server: at most ${most} alive in ${samples} samples`);
      expect(samples).toBeGreaterThan(10);
      expect(most).toBeLessThanOrEqual(GIT_PROCESSES);
      for (const settled of result) {
        expect(settled.status).toBe('fulfilled');
        const answer = (settled as PromiseFulfilledResult<Awaited<ReturnType<typeof ask>>>).value;
        expect(answer.status).toBe(200);
        expect(answer.body).toHaveLength(2000);
        expect(answer.body[0]!.data?.trim()).toBe(git(['show', `main:${real[0]}`]));
        expect(answer.body[1999]).toEqual({ data: null, file: { path: 'content/none/file-1999.yaml', id: null } });
      }
    },
  );

  it(
    'lists a 170 MB uploads folder with at most READ_BYTES of content, its peak memory bounded by that',
    { timeout: 120_000 },
    async () => {
      // The uploads, pushed to the published branch with git as anyone with push rights could: pictures the editor never checked.
      const index = path.join(dir, 'uploads-index');
      git(['read-tree', 'main'], { GIT_INDEX_FILE: index });
      const lines: string[] = [];
      for (let i = 0; i < UPLOADS; i += 1) {
        const file = path.join(dir, 'upload.bin');
        writeFileSync(file, randomBytes(UPLOAD_BYTES));
        lines.push(`100644 ${git(['hash-object', '-w', file])}\tpublic/media/uploads/upload-${String(i).padStart(3, '0')}.png`);
      }
      // And one larger than an answer may read at all.
      writeFileSync(path.join(dir, 'upload.bin'), randomBytes(READ_BYTES + 1));
      lines.push(`100644 ${git(['hash-object', '-w', path.join(dir, 'upload.bin')])}\tpublic/media/uploads/huge.png`);
      git(['update-index', '--index-info'], { GIT_INDEX_FILE: index }, `${lines.join('\n')}\n`);
      const before = git(['rev-parse', 'main']);
      const person = {
        GIT_AUTHOR_NAME: 'Pusher',
        GIT_AUTHOR_EMAIL: 'pusher@example.com',
        GIT_COMMITTER_NAME: 'Pusher',
        GIT_COMMITTER_EMAIL: 'pusher@example.com',
      };
      const tree = git(['write-tree'], { GIT_INDEX_FILE: index });
      git(['update-ref', 'refs/heads/main', git(['commit-tree', tree, '-p', before, '-m', 'Uploads'], person), before]);

      const pid = server.child.pid!;
      // Peak memory from here on (Linux: 5 resets VmHWM to what the process holds now).
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const baseline = memory(pid, 'VmHWM');
      const media = await editorApi<Array<{ id: string; content: string; path: string; name: string }>>(editor, 'getMedia', {
        mediaFolder: 'public/media/uploads',
      });
      const peak = memory(pid, 'VmHWM') - baseline;
      expect(media.status).toBe(200);
      const uploads = media.body.filter((file) => file.name.startsWith('upload-'));
      expect(uploads).toHaveLength(UPLOADS);
      const withContent = uploads.filter((file) => file.content !== '');
      const bytes = withContent.reduce((sum, file) => sum + Buffer.from(file.content, 'base64').length, 0);
      console.info(
        `getMedia: ${withContent.length} of ${UPLOADS} uploads with their content (${(bytes / 1e6).toFixed(1)} MB); the server's peak memory grew ${(peak / 1e6).toFixed(0)} MB`,
      );
      expect(withContent.length).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(READ_BYTES);
      for (const file of withContent) expect(file.id).toBe(createHash('sha256').update(Buffer.from(file.content, 'base64')).digest('hex'));
      expect(peak).toBeLessThan(10 * READ_BYTES);

      expect(media.body.find((file) => file.name === 'huge.png')?.content).toBe('');
      const huge = await editorApi(editor, 'getMediaFile', { path: 'public/media/uploads/huge.png' });
      expect(huge.status).toBe(413);
      expect(huge.body.error).toBe(
        'public/media/uploads/huge.png is 16.0 MB: the editor reads at most 16 MB at once. Ask for fewer files, or ask the site’s maintainers to make them smaller.',
      );
    },
  );
});
