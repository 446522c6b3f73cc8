/**
 * npm run bench, part three: what a search nobody has made yet costs, and
 * what a flood of them does to everyone else (issue 35, decision 018). The
 * built server runs on core 0 and this client on the others, as in bench.ts.
 *
 * 1. Server CPU per response, 10 connections: a cached episode page, then
 *    never-seen searches (budget and share off: every answer is a search, as fast as it can be made): the ratio.
 *    The two alternate, --rounds times, each window half of --seconds: this VM's speed drifts by half
 *    over minutes, and a ratio of two windows side by side, taken as the median of the rounds, does not.
 * 2. The cached page at 10 connections alone; then again while one client
 *    sends never-seen searches at a fixed 500 a second over 20 connections:
 *    the cached page's req/s and p99 over alone, and what the flood was
 *    answered (200/429/503). The default budget is on. Alone and beside
 *    alternate --rounds times; the medians of the ratios are the result.
 * 3. The same with the flood spread over 200 client addresses
 *    (X-Forwarded-For, TRUST_PROXY=loopback): the queue's bound at work.
 * 4. The server's RSS, sampled every half second through 2 and 3.
 *
 * Each window of 2 and 3 also says how busy the server kept its core and how
 * busy the load generators' core was: the cached page's req/s is a closed
 * loop of 10 connections, so beside a flood it falls when the server's event
 * loop is held (renders, collections) even with its core not saturated.
 *
 * The floods come from a process of their own (floodFromAnotherProcess).
 *
 *   npx tsx scripts/bench/search-flood.ts [--seconds 8] [--rounds 3] [--share 10] [--root ../older-checkout]
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { SERVER_NODE_FLAGS, startServerProcess } from '../local/server-process';
import type { ServerProcess } from '../local/server-process';
import { median, percentile } from './median';
import { coresBusyMs, processCpuMicros } from './process-cpu';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    share: { type: 'string' },
    root: { type: 'string' },
    repeats: { type: 'string' },
    // Internal: this script run as the flood's own client (below).
    'flood-client': { type: 'string' },
    spread: { type: 'string' },
    from: { type: 'string' },
  },
  strict: false,
});
const SECONDS = Number(args.seconds);
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*' };
const FLOOD_RATE = 500;
const WORDS = ['tax', 'estate', 'retirement', 'practice', 'planning', 'fee', 'client', 'ria', 'cpa', 'trust', 'succession', 'growth'];

const PINNED =
  process.platform === 'linux' &&
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['-p', '-c', `1-${availableParallelism() - 1}`, String(process.pid)]).status === 0;
const command = PINNED ? ['taskset', '-c', '0', process.execPath, ...SERVER_NODE_FLAGS, 'dist/server/index.js'] : undefined;

/** Whose build runs: this checkout, or --root another's (a worktree of an older commit, for a before and after). */
const ROOT = typeof args.root === 'string' ? args.root : process.cwd();
// This checkout's episodes: an older checkout has the same ones, but its files may not pass today's schema.
const { episodes } = readPublishedContent(process.cwd());
const CACHED = paths.episode(episodes[0]!.id);

let searchCount = typeof args.from === 'string' ? Number(args.from) : 0;
/** A search no one has made: a real word and a number never used before. */
const newSearch = () => {
  searchCount += 1;
  return `/podcast?q=${WORDS[searchCount % WORDS.length]}+${searchCount}${searchCount % 3 === 0 ? '&format=audio' : ''}`;
};

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ cwd: ROOT, command, env: { LOG_LEVEL: 'info', ...env }, log: 'drop', stderr: 'inherit' });
  // Warm: the cached page rendered and kept, the search shell made, the JIT settled.
  await fetch(server.origin + CACHED).then((res) => res.arrayBuffer());
  await autocannon({ url: server.origin + CACHED, connections: 10, duration: 2, headers: HEADERS });
  await autocannon({
    url: server.origin,
    connections: 10,
    duration: 2,
    headers: HEADERS,
    requests: [{ setupRequest: (req) => ({ ...req, path: newSearch() }) }],
  });
  return server;
}

interface Window {
  rps: number;
  p99: number;
  cpuPerResponse: number;
  statuses: Record<string, number>;
  /** The server's share of its core, and the load generators' core busy, in the window: a ratio of req/s means the server's capacity only when the server was the one saturated. */
  busy: string;
}

function statusesOf(result: autocannon.Result): Record<string, number> {
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.fromEntries(Object.entries(stats).map(([code, { count }]) => [code, count]));
}

async function window(server: ServerProcess, options: Partial<autocannon.Options>, seconds = SECONDS): Promise<Window> {
  const before = processCpuMicros(server.child.pid!);
  const coresBefore = coresBusyMs();
  // Each answer's time as autocannon measured it (ms, to the microsecond): its own p99 is read from a histogram of
  // whole milliseconds, where a cached page's 1 ms and 4 ms beside a flood read as 4×, whatever they were.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      { url: server.origin + CACHED, connections: 10, duration: seconds, headers: HEADERS, ...options },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    run.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) latencies.push(responseTime);
    });
  });
  const cpu = processCpuMicros(server.child.pid!) - before;
  const cores = coresBusyMs().map((busy, core) => (busy - coresBefore[core]!) / (seconds * 10));
  const clientsCore = PINNED
    ? `, load generators' core ${f(cores.slice(1).reduce((sum, busy) => sum + busy, 0) / (cores.length - 1))}%`
    : '';
  return {
    rps: result.requests.average,
    p99: percentile(latencies, 0.99),
    cpuPerResponse: cpu / Math.max(1, result.requests.total),
    statuses: statusesOf(result),
    busy: `server ${f(cpu / (seconds * 1e4))}% of its core${clientsCore}`,
  };
}

const floodOptions = (spreadOver: number): Partial<autocannon.Options> => ({
  url: undefined,
  connections: 20,
  overallRate: FLOOD_RATE,
  requests: [
    {
      setupRequest: (req) => {
        const path = newSearch();
        const headers =
          spreadOver > 1
            ? { ...req.headers, 'x-forwarded-for': `10.0.${(searchCount % spreadOver) >> 8}.${(searchCount % spreadOver) & 255}` }
            : req.headers;
        return { ...req, path, headers };
      },
    },
  ],
});

/**
 * The flood from a process of its own: one process driving both loads would
 * make them take turns on its one event loop, and the cached page's req/s
 * would measure the client (it kept 0.45× beside the 200-address flood in
 * one process, 0.97× with the flood in another).
 */
function floodFromAnotherProcess(origin: string, spreadOver: number, from: number) {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      '--flood-client',
      origin,
      '--spread',
      String(spreadOver),
      '--from',
      String(from),
      '--seconds',
      String(SECONDS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let signalStarted: () => void;
  const started = new Promise<void>((resolve) => (signalStarted = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    if (out.includes('\n')) signalStarted();
  });
  const done = new Promise<Record<string, number>>((resolve, reject) =>
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out.slice(out.indexOf('\n') + 1)) as Record<string, number>)
        : reject(new Error(`the flood client exited with ${code}`)),
    ),
  );
  return { started, done };
}

if (typeof args['flood-client'] === 'string') {
  // The first line says the flood is under way; the last, what it was answered.
  const running = autocannon({
    ...floodOptions(Number(args.spread)),
    url: args['flood-client'],
    duration: SECONDS,
    headers: HEADERS,
  } as autocannon.Options);
  process.stdout.write('started\n');
  process.stdout.write(JSON.stringify(statusesOf(await running)));
  process.exit(0);
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

const f = (n: number, digits = 0) => n.toFixed(digits);

// 1. CPU per response: cached and never-seen windows side by side, round after round.
{
  const server = await start({ RENDER_RATE_LIMIT: '0', RENDER_SHARE: '100' });
  const rounds = Math.max(1, Number(args.rounds));
  const seconds = SECONDS / 2;
  console.log(`\nServer CPU per response, 10 connections, ${rounds} rounds of ${seconds} s each (budget and share off)`);
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const cached = await window(server, {}, seconds);
    const searches = await window(
      server,
      { url: server.origin, requests: [{ setupRequest: (req) => ({ ...req, path: newSearch() }) }] },
      seconds,
    );
    ratios.push(searches.cpuPerResponse / cached.cpuPerResponse);
    console.log(
      `  round ${round}: cached episode page ${f(cached.cpuPerResponse)} µs (${f(cached.rps)} req/s), ` +
        `never-seen searches ${f(searches.cpuPerResponse)} µs (${f(searches.rps)} req/s, ${JSON.stringify(searches.statuses)}): ` +
        `${f(ratios.at(-1)!, 1)}×`,
    );
  }
  await server.stop();
  console.log(`  ratio, median of ${rounds}  ${f(median(ratios), 1)}×   (goal ≤ 20×)`);
}

// 2 and 3. The cached page alone, then beside a flood from one client, then from 200: alone and beside
// alternate, --rounds times, and the ratios' medians are the result (the VM's drift, as in 1).
for (const spreadOver of [1, 200]) {
  // The server's defaults, or --share N for RENDER_SHARE.
  const share: Record<string, string> = typeof args.share === 'string' ? { RENDER_SHARE: args.share } : {};
  const server = await start(spreadOver > 1 ? { TRUST_PROXY: 'loopback', ...share } : share);
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMb(server.child.pid!)), 500);
  const who = spreadOver > 1 ? `${spreadOver} client addresses` : 'one client';
  console.log(
    `\nA cached page at 10 connections, alone and beside ${FLOOD_RATE} never-seen searches a second from ${who} (20 connections)`,
  );
  const rounds = Math.max(1, Number(args.rounds));
  const rpsRatios: number[] = [];
  const p99Ratios: number[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const alone = await window(server, {});
    const flooding = floodFromAnotherProcess(server.origin, spreadOver, 10_000_000 * spreadOver + round * 1_000_000);
    await flooding.started;
    const [beside, flood] = await Promise.all([window(server, {}), flooding.done]);
    rpsRatios.push(beside.rps / alone.rps);
    p99Ratios.push(beside.p99 / alone.p99);
    console.log(
      `  round ${round}: alone ${f(alone.rps)} req/s, p99 ${f(alone.p99, 2)} ms; beside ${f(beside.rps)} req/s, p99 ${f(beside.p99, 2)} ms: ` +
        `${f(rpsRatios.at(-1)!, 2)}×, ${f(p99Ratios.at(-1)!, 1)}×; the flood got ${JSON.stringify(flood)}\n` +
        `    busy alone: ${alone.busy}; beside: ${beside.busy}`,
    );
  }
  clearInterval(sampler);
  await server.stop();
  console.log(`  ratio, median of ${rounds}  req/s ${f(median(rpsRatios), 2)}× (goal ≥ 0.7)   p99 ${f(median(p99Ratios), 1)}× (goal ≤ 3)`);
  console.log(`  RSS              first ${f(rss[0] ?? 0)} MB, peak ${f(Math.max(...rss))} MB, last ${f(rss.at(-1) ?? 0)} MB`);
}
