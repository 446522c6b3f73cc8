/**
 * npm run bench:content: what following the content branch costs
 * (docs/live-content.md). The built server follows a bare repository made
 * here, at two sizes: the sample content (57 episodes) and 500 episodes (the
 * sample's, copied under new ids). For each size:
 *
 * - push-to-served: a commit retitling one episode is pushed, a signed
 *   webhook sent, and /readyz polled until the server says it serves it;
 *   the server's CPU (from /proc) and its peak RSS over that time;
 * - pages through swaps: 10 connections on a mix of cached pages for a
 *   window without swaps and a window with a swap every 2 s; p50/p99 and
 *   whether any answer was not a 200.
 *
 *   npm run bench:content [-- --swaps 5 --seconds 10]
 *
 * Figures vary with the machine; run it with the machine to itself.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createContentRepo, sendPushWebhook, serves } from '../local/content-repo';
import { startServerProcess } from '../local/server-process';
import type { ServerProcess } from '../local/server-process';
import { median } from './median';
import { processCpuMicros } from './process-cpu';

const { values } = parseArgs({ options: { swaps: { type: 'string', default: '5' }, seconds: { type: 'string', default: '10' } } });
const SWAPS = Number(values.swaps);
const SECONDS = Number(values.seconds);
const SECRET = 'content-swap-bench-secret';
const rootDir = process.cwd();
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** A bare repository holding content/ with `episodes` episodes, and a clone to push from. */
function repositoryWith(episodes: number) {
  const repo = createContentRepo(rootDir, 'content-swap-bench-', { episodes });
  const episodesDir = path.join(repo.contentDir, 'episodes');
  const retitled = path.join(episodesDir, readdirSync(episodesDir).filter((name) => name.endsWith('.md'))[0]!);
  const original = readFileSync(retitled, 'utf8');
  return {
    ...repo,
    count: readdirSync(episodesDir).filter((name) => name.endsWith('.md')).length,
    /** Pushes a commit that retitles one episode; answers the commit. */
    change(n: number) {
      writeFileSync(retitled, original.replace(/^title: .*$/m, `title: "Retitled by push ${n}"`));
      return repo.push(`retitle ${n}`);
    },
  };
}

async function webhook(server: ServerProcess, commit: string) {
  const answer = await sendPushWebhook(server.origin, commit, SECRET);
  if (answer.status !== 202) throw new Error(`webhook answered ${answer.status}`);
}

/** Push, webhook, and wait until served: the time, the server's CPU and its peak RSS meanwhile. */
async function timedSwap(server: ServerProcess, repo: ReturnType<typeof repositoryWith>, n: number) {
  const pid = server.child.pid!;
  const cpuBefore = processCpuMicros(pid);
  const started = performance.now();
  let peak = rssMb(pid);
  const commit = repo.change(n);
  await webhook(server, commit);
  while (!(await serves(server.origin, commit))) {
    peak = Math.max(peak, rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { ms: performance.now() - started, cpuMs: (processCpuMicros(pid) - cpuBefore) / 1000, peakMb: peak };
}

const PAGES = ['/', '/podcast', '/press', '/podcast?page=2', '/sitemap.xml', '/_data/podcast'];

async function loadWindow(server: ServerProcess, swapsEvery?: { repo: ReturnType<typeof repositoryWith>; from: number }) {
  let swapping = true;
  const swaps = (async () => {
    if (!swapsEvery) return 0;
    let n = swapsEvery.from;
    while (swapping) {
      await timedSwap(server, swapsEvery.repo, n++);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    return n - swapsEvery.from;
  })();
  const result = await autocannon({
    url: server.origin,
    connections: 10,
    duration: SECONDS,
    requests: PAGES.map((page) => ({ method: 'GET', path: page, headers: { 'accept-encoding': 'br' } })),
  });
  swapping = false;
  const count = await swaps;
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
    swaps: count,
  };
}

for (const episodes of [57, 500]) {
  const repo = repositoryWith(episodes);
  const { dir } = repo;
  const startedAt = performance.now();
  const server = await startServerProcess({
    env: {
      CONTENT_REPO: repo.origin,
      CONTENT_POLL_SECONDS: '0',
      CONTENT_WEBHOOK_SECRET: SECRET,
      CONTENT_WORK_DIR: path.join(dir, 'work'),
    },
    log: 'drop',
    stderr: 'inherit',
    timeoutMs: 180_000,
  });
  const startMs = performance.now() - startedAt;
  try {
    const swaps = [];
    for (let n = 0; n < SWAPS; n++) swaps.push(await timedSwap(server, repo, n));
    const quiet = await loadWindow(server);
    const busy = await loadWindow(server, { repo, from: SWAPS });
    console.log(
      `\n${repo.count} episodes: start to listening ${Math.round(startMs)} ms, RSS after start ${rssMb(server.child.pid!).toFixed(0)} MB`,
    );
    console.log(
      `  push-to-served (median of ${SWAPS}): ${Math.round(median(swaps.map((s) => s.ms)))} ms ` +
        `(${swaps.map((s) => Math.round(s.ms)).join(', ')}); server CPU ${Math.round(median(swaps.map((s) => s.cpuMs)))} ms; ` +
        `peak RSS ${Math.round(Math.max(...swaps.map((s) => s.peakMb)))} MB`,
    );
    console.log(
      `  pages without swaps: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms, ${quiet.requests} requests, ${quiet.non2xx} not 2xx, ${quiet.errors} errors`,
    );
    console.log(
      `  pages through ${busy.swaps} swaps: p50 ${busy.p50} ms, p99 ${busy.p99} ms (${(busy.p99 / Math.max(quiet.p99, 1)).toFixed(2)}x), ` +
        `${busy.requests} requests, ${busy.non2xx} not 2xx, ${busy.errors} errors`,
    );
  } finally {
    await server.stop();
    repo.remove();
  }
}
