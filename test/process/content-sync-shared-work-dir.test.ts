/**
 * Several instances on one volume (docs/scaling-out.md: "several sharing one volume"), as an operator
 * runs them: two built servers started together on one CONTENT_WORK_DIR, each round on a new head
 * that neither has written out yet, restarted three times. Then the volume as a crash (or a hand)
 * leaves it: a version's folder marked complete but missing a file, holding a changed one and a link.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { sampleEpisode, writeEpisode } from '../support/content-dir';
import { createContentRepo, readyz, serves } from '../support/content-repo';
import type { ContentRepo } from '../support/content-repo';

const EPISODE = 'fee-schedules-clients-understand-avery-holt';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
  'hex',
);

let repo: ContentRepo;
let workDir: string;
let head: string;
const running: ServerProcess[] = [];

function start(): Promise<ServerProcess> {
  return startServerProcess({
    env: { CONTENT_REPO: repo.origin, CONTENT_POLL_SECONDS: '0', CONTENT_WORK_DIR: workDir, DRAIN_SECONDS: '0' },
    timeoutMs: 180_000,
  }).then((server) => (running.push(server), server));
}

async function stopAll() {
  await Promise.all(running.splice(0).map((server) => server.stop()));
}

/** The episode's page on `server` shows `title`, and its picture is served. */
async function showsRound(server: ServerProcess, title: string) {
  const page = await fetch(`${server.origin}/podcast/${EPISODE}`);
  const picture = await fetch(`${server.origin}/media/uploads/holt.png`);
  return { page: page.status, title: (await page.text()).includes(title), picture: picture.status };
}

beforeAll(() => {
  repo = createContentRepo('harbor-shared-work-', { fewEpisodes: true });
  workDir = path.join(repo.dir, 'work');
  mkdirSync(path.join(path.dirname(repo.contentDir), 'public', 'media', 'uploads'), { recursive: true });
  writeFileSync(path.join(path.dirname(repo.contentDir), 'public', 'media', 'uploads', 'holt.png'), PNG);
});
afterAll(async () => {
  await stopAll();
  repo?.remove();
});

describe('two instances on one work folder', () => {
  it('started together on a head neither has written out, both serve it, for three rounds of restarts', async () => {
    for (const round of [1, 2, 3]) {
      const title = `Shared Volume, Round ${round}`;
      writeEpisode(repo.contentDir, EPISODE, { ...sampleEpisode, title, image: '/media/uploads/holt.png' }, `Round ${round}.`);
      head = repo.push(`Round ${round}`);
      const started = await Promise.allSettled([start(), start()]);
      const refused = started.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason));
      expect(refused, `round ${round}`).toEqual([]);
      for (const server of running) {
        expect(await serves(server.origin, head), `round ${round}: ${(await readyz(server.origin)).content}`).toBe(true);
        expect(await showsRound(server, title)).toEqual({ page: 200, title: true, picture: 200 });
      }
      await stopAll();
    }
  }, 900_000);

  it('writes again a version folder marked complete that lacks a file, holds a changed one or a link, rather than trusting it', async () => {
    const folder = path.join(workDir, 'versions', head);
    expect(existsSync(folder)).toBe(true);
    const home = execFileSync('git', ['--git-dir', repo.origin, 'show', `${head}:content/home.yaml`]);
    const site = execFileSync('git', ['--git-dir', repo.origin, 'show', `${head}:content/site.yaml`]);
    rmSync(path.join(folder, 'content', 'home.yaml'));
    writeFileSync(path.join(folder, 'content', 'site.yaml'), `${site.toString('utf8')}\n# changed on the volume\n`);
    symlinkSync('/', path.join(folder, 'public', 'media', 'uploads', 'root'));
    // The marker the servers before this change wrote last, and trusted.
    writeFileSync(path.join(folder, '.complete'), `${head}\n`);

    const server = await start();
    expect(await serves(server.origin, head)).toBe(true);
    expect(readFileSync(path.join(folder, 'content', 'home.yaml'))).toEqual(home);
    expect(readFileSync(path.join(folder, 'content', 'site.yaml'))).toEqual(site);
    expect(() => lstatSync(path.join(folder, 'public', 'media', 'uploads', 'root'))).toThrow(/ENOENT/);
    expect((await fetch(`${server.origin}/media/uploads/root/etc/passwd`)).status).toBe(404);
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
  }, 300_000);
});
