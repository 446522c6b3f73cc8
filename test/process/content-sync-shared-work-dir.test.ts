/**
 * Several instances on one volume (docs/scaling-out.md: "several sharing one volume"), as an operator
 * runs them: two built servers started together on one CONTENT_WORK_DIR, each round on a new head
 * that neither has written out yet, then told of another push at the same moment, and restarted:
 * three rounds. Then the volume as a crash (or a hand)
 * leaves it: a version's folder marked complete but missing a file, holding a changed one and a link.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { sampleEpisode, writeEpisode } from '../support/content-dir';
import { createContentRepo, readyz, sendPushWebhook, serves } from '../support/content-repo';
import { until } from '../support/until';
import type { ContentRepo } from '../support/content-repo';

const EPISODE = 'fee-schedules-clients-understand-avery-holt';
const SECRET = 'a-webhook-secret-for-one-volume';
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
    env: {
      CONTENT_REPO: repo.origin,
      CONTENT_POLL_SECONDS: '0',
      CONTENT_WEBHOOK_SECRET: SECRET,
      CONTENT_WORK_DIR: workDir,
      DRAIN_SECONDS: '0',
    },
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
  it('started together on a head neither has written out, and told of a push at once, both serve it, for three rounds of restarts', async () => {
    const pushTitle = (title: string) => {
      writeEpisode(repo.contentDir, EPISODE, { ...sampleEpisode, title, image: '/media/uploads/holt.png' }, `${title}.`);
      return repo.push(title);
    };
    for (const round of [1, 2, 3]) {
      let title = `Shared Volume, Round ${round}`;
      head = pushTitle(title);
      const started = await Promise.allSettled([start(), start()]);
      const refused = started.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason));
      expect(refused, `round ${round}`).toEqual([]);
      for (const server of running) {
        expect(await serves(server.origin, head), `round ${round}: ${(await readyz(server.origin)).content}`).toBe(true);
        expect(await showsRound(server, title)).toEqual({ page: 200, title: true, picture: 200 });
      }

      // Both fetch and write the same new head at the same moment, as when a host's webhook reaches each.
      title = `Shared Volume, Round ${round}, Pushed`;
      head = pushTitle(title);
      const told = await Promise.all(running.map((server) => sendPushWebhook(server.origin, head, SECRET)));
      expect(told.map((answer) => answer.status)).toEqual([202, 202]);
      for (const server of running) {
        const settled = async () => {
          const content = (await readyz(server.origin)).content ?? '';
          return content.startsWith(`serving ${head.slice(0, 12)}`) || content.includes('failed') || content.includes('not served');
        };
        await until(settled, 120_000, `round ${round}: the pushed head, or a failure, on ${server.origin}`, 200);
        expect((await readyz(server.origin)).content, `round ${round}`).toMatch(
          new RegExp(`^serving ${head.slice(0, 12)} of main, the branch's head`),
        );
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
  it('keeps the version one instance serves when the other, told of pushes alone, prunes what it no longer serves', async () => {
    await stopAll();
    const [told, behind] = [await start(), await start()];
    const before = head;
    expect(await serves(behind.origin, before)).toBe(true);
    for (const title of ['Shared Volume, Told One', 'Shared Volume, Told One Again']) {
      writeEpisode(repo.contentDir, EPISODE, { ...sampleEpisode, title, image: '/media/uploads/holt.png' }, `${title}.`);
      head = repo.push(title);
      expect((await sendPushWebhook(told.origin, head, SECRET)).status).toBe(202);
      await until(() => serves(told.origin, head), 120_000, `${title} served by the instance told`, 200);
    }
    // The other has heard of neither push (no poll, no webhook): it serves what it served, pictures and all.
    expect(await serves(behind.origin, before)).toBe(true);
    expect((await fetch(`${behind.origin}/media/uploads/holt.png`)).status).toBe(200);
    expect(existsSync(path.join(workDir, 'versions', before, 'content', 'home.yaml'))).toBe(true);
  }, 300_000);
});
