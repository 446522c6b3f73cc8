/**
 * The site following its content repository, as an operator runs it: a real
 * bare repository made here, real pushes from a clone, webhooks signed as the
 * hosts sign them, and the built server started for real with CONTENT_REPO.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { rootDir } from '../support/app';
import { GIT_ENV } from '../support/content-repo';
import { sampleEpisode, writeEpisode } from '../support/content-dir';

const SECRET = 'a-webhook-secret-for-the-tests';

let dir: string;
let origin: string;
let clone: string;
let server: ServerProcess;
const git = (...args: string[]) => execFileSync('git', ['-C', clone, ...args], { env: GIT_ENV, encoding: 'utf8' }).trim();
/** Commits everything in the clone and pushes it to the bare repository; answers the commit. */
function push(message: string): string {
  git('add', '--all');
  git('commit', '--quiet', '-m', message);
  git('push', '--quiet', 'origin', 'main');
  return git('rev-parse', 'HEAD');
}
const pushBody = (commit: string) => JSON.stringify({ ref: 'refs/heads/main', after: commit });
const githubSignature = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function webhook(body: string, headers: Record<string, string>) {
  return fetch(`${server.origin}/api/content/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const readyz = async () => (await (await fetch(`${server.origin}/readyz`)).json()) as { status: string; content?: string };
const servedCommit = async (commit: string) => ((await readyz()).content?.includes(`serving ${commit.slice(0, 12)}`) ? true : undefined);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'harbor-sync-'));
  origin = path.join(dir, 'site.git');
  clone = path.join(dir, 'clone');
  execFileSync('git', ['init', '--quiet', '--bare', '-b', 'main', origin]);
  execFileSync('git', ['init', '--quiet', '-b', 'main', clone]);
  git('remote', 'add', 'origin', origin);
  cpSync(path.join(rootDir, 'content'), path.join(clone, 'content'), { recursive: true });
  push('The content as the image has it');
  server = await startServerProcess({
    env: {
      CONTENT_REPO: origin,
      CONTENT_POLL_SECONDS: '0',
      CONTENT_WEBHOOK_SECRET: SECRET,
      CONTENT_WORK_DIR: path.join(dir, 'work'),
      METRICS_PORT: '0',
      DRAIN_SECONDS: '0',
    },
    timeoutMs: 60_000,
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('following the content repository', () => {
  it('a signed push shows a new episode on its page, on /podcast, in the sitemap and the feeds, and its uploaded picture', async () => {
    mkdirSync(path.join(clone, 'public', 'media', 'uploads'), { recursive: true });
    cpSync(path.join(rootDir, 'public', 'media', 'episodes', 'cover-3.svg'), path.join(clone, 'public', 'media', 'uploads', 'holt.svg'));
    // SVG uploads are refused by the check; a PNG is what an editor uploads.
    writeFileSync(
      path.join(clone, 'public', 'media', 'uploads', 'holt.png'),
      Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
        'hex',
      ),
    );
    rmSync(path.join(clone, 'public', 'media', 'uploads', 'holt.svg'));
    writeEpisode(
      path.join(clone, 'content'),
      'fee-schedules-clients-understand-avery-holt',
      { ...sampleEpisode, image: '/media/uploads/holt.png' },
      'Avery Holt on fee schedules.',
    );
    const commit = push('A new episode');
    const body = pushBody(commit);

    const accepted = await webhook(body, { 'x-hub-signature-256': githubSignature(body) });
    expect(accepted.status).toBe(202);
    await until(() => servedCommit(commit), 'the pushed commit to be served');

    const episode = await fetch(`${server.origin}/podcast/fee-schedules-clients-understand-avery-holt`);
    expect(episode.status).toBe(200);
    expect(await episode.text()).toContain(sampleEpisode.title);
    expect(await (await fetch(`${server.origin}/podcast`)).text()).toContain(sampleEpisode.title);
    expect(await (await fetch(`${server.origin}/sitemap.xml`)).text()).toContain('/podcast/fee-schedules-clients-understand-avery-holt');
    expect(await (await fetch(`${server.origin}/podcast/feed.json`)).text()).toContain(sampleEpisode.title);
    const picture = await fetch(`${server.origin}/media/uploads/holt.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
  });

  it('a wrong or missing signature is 401 and changes nothing; a burst of good ones serves the latest head', async () => {
    const file = path.join(clone, 'content', 'episodes', 'fee-schedules-clients-understand-avery-holt.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(sampleEpisode.title, 'Fee Schedules, Retitled by a Push'));
    const commit = push('Retitle');
    const body = pushBody(commit);
    const wrong = await webhook(body, { 'x-hub-signature-256': githubSignature(body, 'not-the-secret-at-all') });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toContain('does not match');
    const missing = await webhook(body, {});
    expect(missing.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await (await fetch(`${server.origin}/podcast/fee-schedules-clients-understand-avery-holt`)).text()).toContain(
      sampleEpisode.title,
    );

    // Gitea's and GitLab's ways, five at once.
    const gitea = createHmac('sha256', SECRET).update(body).digest('hex');
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => webhook(body, { 'x-gitea-signature': gitea })),
      webhook(body, { 'x-gitlab-token': SECRET }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202, 202]);
    await until(() => servedCommit(commit), 'the retitled commit');
    expect(await (await fetch(`${server.origin}/podcast/fee-schedules-clients-understand-avery-holt`)).text()).toContain(
      'Fee Schedules, Retitled by a Push',
    );
  });

  it('a head with a broken file is never served: the previous version stays, /readyz says why, then a good head is served', async () => {
    const before = (await readyz()).content!;
    writeEpisode(path.join(clone, 'content'), 'a-broken-episode', { ...sampleEpisode, listenUrl: 'htp://example.com/x' }, 'Words.');
    const broken = push('A broken episode');
    const body = pushBody(broken);
    expect((await webhook(body, { 'x-hub-signature-256': githubSignature(body) })).status).toBe(202);
    const ready = await until(async () => {
      const answer = await readyz();
      return answer.content?.includes('fails the content check') ? answer : undefined;
    }, 'the broken head to be reported');
    expect(ready.status).toBe('ready');
    expect(ready.content).toContain(broken.slice(0, 12));
    expect(ready.content).toContain('content/episodes/a-broken-episode.md: listenUrl must be an https URL');
    expect(ready.content!.startsWith(before.split(',')[0]!)).toBe(true);
    expect((await fetch(`${server.origin}/podcast/a-broken-episode`)).status).toBe(404);
    const metrics = await (await fetch(`${server.metricsOrigin}/metrics`)).text();
    expect(metrics).toMatch(/content_fetches_total\{outcome="check-failed"\} 1/);

    rmSync(path.join(clone, 'content', 'episodes', 'a-broken-episode.md'));
    writeEpisode(path.join(clone, 'content'), 'a-mended-episode', sampleEpisode, 'Words, mended.');
    const mended = push('Mend it');
    const mendedBody = pushBody(mended);
    expect((await webhook(mendedBody, { 'x-hub-signature-256': githubSignature(mendedBody) })).status).toBe(202);
    await until(() => servedCommit(mended), 'the mended head');
    expect((await fetch(`${server.origin}/podcast/a-mended-episode`)).status).toBe(200);
    expect(await (await fetch(`${server.metricsOrigin}/metrics`)).text()).toContain(`content_served_info{commit="${mended}"} 1`);
  });

  it('refuses bodies over 1 MB', async () => {
    const big = 'x'.repeat(1_100_000);
    const answer = await webhook(big, { 'x-hub-signature-256': githubSignature(big) });
    expect(answer.status).toBe(413);
  });

  it('does not start, in one line, when the repository cannot be read', () => {
    const run = spawnSync(process.execPath, [path.join(rootDir, 'dist/server/index.js')], {
      cwd: rootDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        CONTENT_REPO: path.join(dir, 'nothing-here.git'),
        CONTENT_WORK_DIR: path.join(dir, 'work-2'),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Not started: CONTENT_REPO .*nothing-here\.git \(branch main\) cannot be read: git fetch failed: .*\n$/);
  });
});
