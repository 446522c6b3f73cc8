/**
 * What a push can make the site serve, tried as someone with push rights to the content repository
 * would try it, against the built server following a real repository: links and a submodule in a
 * commit (refused, the old version kept), links put into the served folder on disk (not followed),
 * and a page, an SVG and an HTML file named .png among the uploads, opened in Chromium (no script
 * runs, while a picture still shows in a page).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { rootDir } from '../support/app';
import { useBrowser } from '../support/browser';
import { sampleEpisode, writeEpisode } from '../support/content-dir';
import { createContentRepo, GIT_ENV, readyz, sendPushWebhook, serves } from '../support/content-repo';
import type { ContentRepo } from '../support/content-repo';
import { until } from '../support/until';

const SECRET = 'a-webhook-secret-for-served-files';
const EPISODE = 'fee-schedules-clients-understand-avery-holt';
/** A 1×1 PNG: what an editor uploads. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
  'hex',
);
/** What a ledger on the server's disk holds: no answer of the site may carry it. */
const LEDGER_LINE = '{"email":"subscriber@harborledger.example","secret":"LEDGER-LINE-NEVER-SERVED"}\n';
const UPLOAD_CSP = "default-src 'none'; sandbox";
const SWAP_MS = 60_000;

let repo: ContentRepo;
let server: ServerProcess;
let first: string;
/** A file of the server's own, outside every served folder, named as an upload would be. */
let ledger: string;
/** Loopback requests a script in an upload would make: none may arrive. */
const scriptRuns: string[] = [];
let watcher: Server;
let watcherOrigin: string;

const clone = () => path.dirname(repo.contentDir);
const uploads = () => path.join(clone(), 'public', 'media', 'uploads');
const git = (...args: string[]) => execFileSync('git', ['-C', clone(), ...args], { env: GIT_ENV, encoding: 'utf8' }).trim();

/** Pushes the commit and tells the server, as the host's webhook would. */
async function pushAndTell(message: string, beforeCommit: () => void = () => undefined): Promise<string> {
  git('add', '--all');
  beforeCommit();
  git('commit', '--quiet', '-m', message);
  git('push', '--quiet', 'origin', 'main');
  const commit = git('rev-parse', 'HEAD');
  expect((await sendPushWebhook(server.origin, commit, SECRET)).status).toBe(202);
  return commit;
}

beforeAll(async () => {
  watcher = createServer((req, res) => {
    scriptRuns.push(req.url ?? '');
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.end('seen');
  });
  await new Promise<void>((resolve) => watcher.listen(0, '127.0.0.1', resolve));
  watcherOrigin = `http://127.0.0.1:${(watcher.address() as AddressInfo).port}`;

  repo = createContentRepo('harbor-served-files-', { fewEpisodes: true });
  ledger = path.join(repo.dir, 'subscribers.png');
  writeFileSync(ledger, LEDGER_LINE);
  mkdirSync(uploads(), { recursive: true });
  writeFileSync(path.join(uploads(), 'holt.png'), PNG);
  writeEpisode(repo.contentDir, EPISODE, { ...sampleEpisode, image: '/media/uploads/holt.png' }, 'Avery Holt on fee schedules.');
  // Uploads no page names, so the content check has nothing to say of them: what stops them is how they are served.
  const beacon = (from: string) => `fetch('${watcherOrigin}/ran?from=${from}');document.title='script ran'`;
  writeFileSync(path.join(uploads(), 'page.html'), `<!doctype html><title>untouched</title><script>${beacon('html')}</script>`);
  writeFileSync(
    path.join(uploads(), 'drawing.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>${beacon('svg')}</script></svg>`,
  );
  writeFileSync(path.join(uploads(), 'disguised.png'), `<!doctype html><title>untouched</title><script>${beacon('png')}</script>`);
  first = repo.push('An episode with its picture, and uploads no page names');
  server = await startServerProcess({
    env: {
      CONTENT_REPO: repo.origin,
      CONTENT_POLL_SECONDS: '0',
      CONTENT_WEBHOOK_SECRET: SECRET,
      CONTENT_WORK_DIR: path.join(repo.dir, 'work'),
      DRAIN_SECONDS: '0',
    },
    timeoutMs: 90_000,
  });
  expect(await serves(server.origin, first)).toBe(true);
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  repo?.remove();
  await new Promise((resolve) => watcher?.close(resolve));
});

describe('a commit with links or a submodule where the site serves files', () => {
  it('is refused with each path named in /readyz, the version served before stays, and nothing it points at is answered', async () => {
    symlinkSync('/', path.join(uploads(), 'root'));
    symlinkSync(ledger, path.join(uploads(), 'ledger.png'));
    // content/site.yaml swapped for a link to a file of the server's: it would pass the check and be read from outside the commit.
    rmSync(path.join(repo.contentDir, 'site.yaml'));
    symlinkSync(path.join(rootDir, 'content', 'site.yaml'), path.join(repo.contentDir, 'site.yaml'));
    const linked = await pushAndTell('Links where the site serves files, and a submodule', () =>
      git('update-index', '--add', '--cacheinfo', `160000,${first},public/media/uploads/module`),
    );

    const ready = await until(
      async () => (await readyz(server.origin)).content?.includes('fails the content check') ?? false,
      SWAP_MS,
      'the refusal in /readyz',
    ).then(() => readyz(server.origin));
    expect(ready.status).toBe('ready');
    expect(ready.content).toContain(`serving ${first.slice(0, 12)} of main`);
    expect(ready.content).toContain(`the head ${linked.slice(0, 12)} is not served`);
    for (const named of [
      'public/media/uploads/root: is a symbolic link',
      'public/media/uploads/ledger.png: is a symbolic link',
      'content/site.yaml: is a symbolic link',
      'public/media/uploads/module: is a submodule',
    ])
      expect(ready.content).toContain(named);

    for (const url of ['/media/uploads/root/etc/passwd', `/media/uploads/root${ledger}`, '/media/uploads/ledger.png']) {
      const answer = await fetch(`${server.origin}${url}`);
      const body = await answer.text();
      expect(answer.status, url).toBe(404);
      expect(body).not.toContain('root:x:0:0');
      expect(body).not.toContain('LEDGER-LINE');
    }
    expect((await fetch(`${server.origin}/media/uploads/holt.png`)).status).toBe(200);
  });
});

describe('a link put into the served folder on disk', () => {
  it('is not followed, to a file or to a folder; the uploads beside it are served', async () => {
    // The folder of whichever commit is served now (its uploads are what the site answers from).
    const short = /^serving ([0-9a-f]{12}) /.exec((await readyz(server.origin)).content ?? '')?.[1] ?? 'none';
    const version = readdirSync(path.join(repo.dir, 'work', 'versions')).find((name) => name.startsWith(short)) ?? 'none';
    const served = path.join(repo.dir, 'work', 'versions', version, 'public', 'media', 'uploads');
    symlinkSync(ledger, path.join(served, 'planted.png'));
    symlinkSync(repo.dir, path.join(served, 'planted'));
    for (const url of ['/media/uploads/planted.png', `/media/uploads/planted/${path.basename(ledger)}`]) {
      const answer = await fetch(`${server.origin}${url}`);
      expect(answer.status, url).toBe(404);
      expect(await answer.text()).not.toContain('LEDGER-LINE');
    }
    const picture = await fetch(`${server.origin}/media/uploads/holt.png`);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(PNG);
  });
});

describe('uploads opened in a browser', () => {
  const shared = useBrowser();

  it('a page, an SVG and a page named .png run no script on the site; a picture still shows in a page', async () => {
    const tab = await shared.tab();
    try {
      for (const name of ['page.html', 'drawing.svg']) {
        const answer = await tab.page.goto(`${server.origin}/media/uploads/${name}`);
        expect(answer?.status(), name).toBe(404);
        expect(answer?.headers()['content-type']).toMatch(/^text\/plain/);
      }
      const disguised = await tab.page.goto(`${server.origin}/media/uploads/disguised.png`);
      expect(disguised?.headers()['content-type']).toBe('image/png');
      expect(disguised?.headers()['content-security-policy']).toBe(UPLOAD_CSP);
      expect(await tab.page.title()).not.toBe('script ran');

      const picture = await fetch(`${server.origin}/media/uploads/holt.png`);
      expect(picture.headers.get('content-type')).toBe('image/png');
      expect(picture.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
      await tab.page.goto(`${server.origin}/podcast/${EPISODE}`);
      const shown = tab.page.locator('img[src="/media/uploads/holt.png"]').first();
      await until(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 10_000, 'the picture to show');

      // A script that ran would have reached the watcher by now (it is on loopback, the page's own machine).
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(scriptRuns).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
