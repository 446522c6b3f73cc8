/**
 * The published branch served to the other replicas over git's dumb HTTP protocol
 * (server/content-sync/published-repository.ts): real git fetching from the real route over loopback.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { appendFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGitMirror } from '../../server/content-sync/git-mirror';
import { PUBLISHED_REPOSITORY_PATH, publishedRepository } from '../../server/content-sync/published-repository';
import { createContentRepo, GIT_ENV } from '../support/content-repo';
import type { ContentRepo } from '../support/content-repo';

const TOKEN = 'a-token-of-thirty-two-characters';
/** Asynchronously: the server answering git is in this process, and a synchronous git would wait on it forever. */
const lsRemote = async (...args: string[]) =>
  (await promisify(execFile)('git', ['ls-remote', ...args], { encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }))
    .stdout;

describe('the published repository the replicas follow', () => {
  let repo: ContentRepo;
  let server: Server;
  let base: string;
  let published: ReturnType<typeof publishedRepository>;

  beforeAll(async () => {
    repo = createContentRepo('published-repository-');
    // A draft on a branch of its own, as the editor makes: it must never leave this machine.
    const git = (...args: string[]) => execFileSync('git', ['--git-dir', repo.origin, ...args], { env: GIT_ENV, encoding: 'utf8' }).trim();
    const blob = execFileSync('git', ['--git-dir', repo.origin, 'hash-object', '-w', '--stdin'], {
      input: 'a secret draft\n',
      encoding: 'utf8',
    }).trim();
    const tree = execFileSync('git', ['--git-dir', repo.origin, 'mktree'], {
      input: `100644 blob ${blob}\tdraft.md\n`,
      encoding: 'utf8',
    }).trim();
    git('update-ref', 'refs/heads/cms/episodes/a-draft', git('commit-tree', tree, '-m', 'draft'));
    published = publishedRepository({
      repository: repo.origin,
      branch: 'main',
      workDir: path.join(repo.dir, 'work'),
      token: TOKEN,
      logger: pino({ level: 'silent' }),
    });
    await published.update();
    const app = express();
    app.use(published.router);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server?.close();
    repo?.remove();
  });

  const url = (token: string) => `${base.replace('://', `://replica:${encodeURIComponent(token)}@`)}${PUBLISHED_REPOSITORY_PATH}`;

  it('is fetched with the token as a replica fetches CONTENT_REPO, holding the published branch and no draft', async () => {
    const mirror = openGitMirror({ repository: url(TOKEN), branch: 'main', workDir: path.join(repo.dir, 'replica') });
    const head = await mirror.fetchHead();
    expect(head).toBe(execFileSync('git', ['--git-dir', repo.origin, 'rev-parse', 'main'], { encoding: 'utf8' }).trim());
    const refs = await lsRemote(url(TOKEN));
    expect(refs).toContain('refs/heads/main');
    expect(refs).not.toContain('cms/');
  });

  it('follows the branch when it moves', async () => {
    appendFileSync(path.join(repo.contentDir, 'redirects.yaml'), '\n');
    const moved = repo.push('Another commit');
    // push() committed in the clone; the editor would have moved main in the repository itself.
    await published.update();
    const refs = await lsRemote(url(TOKEN), 'refs/heads/main');
    expect(refs.split('\t')[0]).toBe(moved);
  });

  it('refuses a wrong token and any write', async () => {
    expect((await fetch(`${base}${PUBLISHED_REPOSITORY_PATH}/info/refs`)).status).toBe(401);
    const wrong = await fetch(`${base}${PUBLISHED_REPOSITORY_PATH}/info/refs`, {
      headers: { authorization: `Basic ${Buffer.from('replica:not-the-token').toString('base64')}` },
    });
    expect(wrong.status).toBe(401);
    const write = await fetch(`${base}${PUBLISHED_REPOSITORY_PATH}/info/refs`, { method: 'POST' });
    expect(write.status).toBe(405);
    await expect(
      openGitMirror({ repository: url('wrong'), branch: 'main', workDir: path.join(repo.dir, 'replica-2') }).fetchHead(),
    ).rejects.toThrow(/git fetch failed/);
  });
});
