/**
 * The content follower over real git repositories made here: a "host"
 * repository the test commits to, fetched by the follower's bare mirror.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createContentFollower, fileGoodCommitRecord, ContentUnavailable } from '../../server/content-sync/content-follower';
import type { ContentVersion } from '../../server/content-sync/content-follower';
import { openGitMirror } from '../../server/content-sync/git-mirror';
import { loadContent } from '../../server/content/load-content';
import type { ContentSource } from '../../server/content/load-content';
import { rootDir } from '../support/app';
import { GIT_ENV } from '../support/content-repo';

let dir: string;
let host: string;
const git = (...args: string[]) => execFileSync('git', ['-C', host, ...args], { env: GIT_ENV, encoding: 'utf8' }).trim();
function commit(message: string): string {
  git('add', '--all');
  git('commit', '--quiet', '--allow-empty', '-m', message);
  return git('rev-parse', 'HEAD');
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'harbor-follow-'));
  host = path.join(dir, 'host');
  mkdirSync(host);
  execFileSync('git', ['init', '--quiet', '-b', 'main', host]);
  cpSync(path.join(rootDir, 'content'), path.join(host, 'content'), { recursive: true });
  // Something outside what is served, which the versions must not hold.
  writeFileSync(path.join(host, 'package.json'), '{}\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The check the site runs on a version: its content, with its own uploads before the image's public files. */
const check = (folder: string) =>
  loadContent(folder, path.join(folder, 'content'), [path.join(folder, 'public'), path.join(rootDir, 'public')]);

function follower(repository = host) {
  const workDir = path.join(dir, 'work');
  const mirror = openGitMirror({ repository, branch: 'main', workDir });
  let fetches = 0;
  const counted = { ...mirror, fetchHead: () => ((fetches += 1), mirror.fetchHead()) };
  const served: ContentVersion<ContentSource>[] = [];
  const follow = createContentFollower({
    repository,
    branch: 'main',
    mirror: counted,
    check,
    serve: async (version) => void served.push(version),
    record: fileGoodCommitRecord(workDir),
    logger: pino({ level: 'silent' }),
  });
  return { follow, served, fetches: () => fetches, workDir };
}

describe('the content follower', () => {
  it("serves the branch's head, and only its content and uploads", async () => {
    mkdirSync(path.join(host, 'public', 'media', 'uploads'), { recursive: true });
    cpSync(path.join(rootDir, 'public', 'favicon.svg'), path.join(host, 'public', 'media', 'uploads', 'kept.svg'));
    const head = commit('first');
    const { follow, served } = follower();
    await follow.start();
    expect(follow.status().served?.commit).toBe(head);
    const [version] = served;
    expect(version!.commit).toBe(head);
    expect(version!.checked.episodes.length).toBeGreaterThan(40);
    expect(existsSync(path.join(version!.folder, 'public', 'media', 'uploads', 'kept.svg'))).toBe(true);
    expect(existsSync(path.join(version!.folder, 'package.json'))).toBe(false);
  });

  it('serves a new head after a refresh, and keeps serving the last good one when a head fails the check', async () => {
    const first = commit('first');
    const { follow, served } = follower();
    await follow.start();

    const [id] = execFileSync('ls', [path.join(host, 'content', 'episodes')], { encoding: 'utf8' }).split('\n');
    const file = path.join(host, 'content', 'episodes', id!);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "A Title Changed by a Push"'));
    const second = commit('retitle');
    await follow.refresh();
    expect(served.map((v) => v.commit)).toEqual([first, second]);
    expect(served[1]!.checked.episodes.some((episode) => episode.meta.title === 'A Title Changed by a Push')).toBe(true);

    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title:'));
    const broken = commit('break');
    await follow.refresh();
    expect(served).toHaveLength(2);
    const status = follow.status();
    expect(status.served?.commit).toBe(second);
    expect(status.head).toBe(broken);
    expect(status.problem).toMatchObject({ kind: 'check', commit: broken });
    expect(status.problem!.reasons.join('\n')).toContain(id);

    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title:$/m, 'title: "Fixed Again"'));
    const fixed = commit('fix');
    await follow.refresh();
    expect(follow.status().served?.commit).toBe(fixed);
    expect(follow.status().problem).toBeUndefined();
  });

  it('makes one more fetch, not one per call, for a burst of refreshes', async () => {
    commit('first');
    const { follow, fetches } = follower();
    await follow.start();
    const before = fetches();
    await Promise.all(Array.from({ length: 10 }, () => follow.refresh()));
    expect(fetches() - before).toBeLessThanOrEqual(2);
  });

  it('refuses to start, in one line, when the repository cannot be read', async () => {
    const { follow } = follower(path.join(dir, 'no-such-repository'));
    const error = await follow.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentUnavailable);
    expect((error as Error).message).toMatch(/^CONTENT_REPO .*no-such-repository.* cannot be read: git fetch failed: /);
    expect((error as Error).message).not.toContain('\n');
  });

  it('after a restart with a broken head, serves the last good commit it recorded; with none, refuses', async () => {
    const good = commit('first');
    const first = follower();
    await first.follow.start();
    rmSync(path.join(host, 'content', 'site.yaml'));
    const broken = commit('break');
    const restarted = follower();
    await restarted.follow.start();
    expect(restarted.follow.status().served?.commit).toBe(good);
    // Serving the recorded commit does not mend the head: /readyz still says why the head is not served.
    expect(restarted.follow.status().problem).toMatchObject({ kind: 'check', commit: broken });

    rmSync(path.join(first.workDir), { recursive: true, force: true });
    const fresh = follower();
    await expect(fresh.follow.start()).rejects.toThrow(/fails the content check and no good commit is held: .*site\.yaml/);
  });
});
