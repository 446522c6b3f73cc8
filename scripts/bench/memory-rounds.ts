/**
 * Rounds of page load on the built server, and its memory after each: is the
 * floor flat, or does it creep? (issue 44). A round is what `npm run bench`'s
 * memory part does: every URL in turn on each of 50 connections for 10 s, as
 * a browser asks (brotli). After each round it prints RSS (anonymous and
 * file-backed), glibc's malloc arenas, the V8 heap (used, and committed per
 * space: the young generation is `new`), memory outside it (external, of
 * which ArrayBuffers: the pages' Buffers), collections and the server's CPU
 * per response. At the end: the RSS series and its trend, and the live heap
 * (after a full collection) after round 2 and after the last; it exits 1 when
 * that grew by more than --max-live-growth MB (2), or a request failed.
 *
 *   npm run build && npx tsx scripts/bench/memory-rounds.ts                 20 rounds of 10 s
 *   npx tsx scripts/bench/memory-rounds.ts --rounds 10 --snapshot 2,10       heap snapshots after rounds 2 and 10
 *   npx tsx scripts/bench/memory-rounds.ts --gc                              also the live heap (after a full collection) each round
 *   npx tsx scripts/bench/memory-rounds.ts --env MALLOC_ARENA_MAX=2          the server's environment
 *   npx tsx scripts/bench/memory-rounds.ts --node-option=--max-semi-space-size=8
 *   npx tsx scripts/bench/memory-rounds.ts --urls pages                      every page of the sitemap, not the bench's five URLs
 *   npx tsx scripts/bench/memory-rounds.ts --metrics                         with METRICS_PORT, as compose.yaml runs it
 *   npx tsx scripts/bench/memory-rounds.ts --pause 5:30                      no requests for 30 s after round 5, then on
 *   npx tsx scripts/bench/memory-rounds.ts --node /path/to/node24/bin/node     the server on another Node (the image runs Node 24)
 *   npx tsx scripts/bench/memory-rounds.ts --unpinned                        server and client on any core (pinned as npm run bench by default)
 *   npx tsx scripts/bench/memory-rounds.ts --max-live-growth 1               fail past 1 MB of live-heap growth (default 2)
 *
 * The server is started as the benches start it (SERVER_NODE_FLAGS, request
 * log on and read away), with a probe loaded first (`--import`, PROBE below)
 * that answers on an IPC channel with process.memoryUsage(), after a full
 * collection when asked, and writes a heap snapshot when asked: the server's
 * own code is unchanged. Snapshots go to a temporary directory (or --out);
 * compare two with scripts/bench/heap-diff.ts. `--gc` changes what it
 * measures (a collection every round); leave it off to see RSS as the bench
 * sees it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { SERVER_NODE_FLAGS, startServerProcess } from '../local/server-process';
import { median } from './median';
import { processCpuMicros } from './process-cpu';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
    snapshot: { type: 'string', default: '' },
    out: { type: 'string' },
    gc: { type: 'boolean', default: false },
    env: { type: 'string', multiple: true, default: [] },
    'node-option': { type: 'string', multiple: true, default: [] },
    urls: { type: 'string', default: 'bench' },
    metrics: { type: 'boolean', default: false },
    unpinned: { type: 'boolean', default: false },
    pause: { type: 'string', default: '' },
    node: { type: 'string', default: process.execPath },
    'max-live-growth': { type: 'string', default: '2' },
  },
});
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const SNAPSHOT_ROUNDS = new Set(args.snapshot.split(',').filter(Boolean).map(Number));
/** A quiet spell, `round:seconds`: no requests for that long after that round, as between a bench's phases or at night. */
const [PAUSE_AFTER, PAUSE_SECONDS] = args.pause ? args.pause.split(':').map(Number) : [];
const REQUEST_HEADERS = { 'accept-encoding': args['accept-encoding'], accept: 'text/html,*/*' };
if (!(ROUNDS > 0) || !(SECONDS > 0) || !(CONNECTIONS > 0) || !['bench', 'pages'].includes(args.urls)) {
  console.error(
    'usage: memory-rounds.ts [--rounds 20] [--seconds 10] [--connections 50] [--snapshot 2,10] [--gc] [--urls bench|pages] ...',
  );
  process.exit(2);
}

/**
 * As npm run bench (scripts/bench/bench.ts, PINNED): the server on core 0, this
 * client on the others, where the machine allows; --unpinned lets both run anywhere.
 */
const CORES = availableParallelism();
const PINNED =
  !args.unpinned &&
  process.platform === 'linux' &&
  CORES >= 2 &&
  spawnSync('taskset', ['-p', '-c', `1-${CORES - 1}`, String(process.pid)]).status === 0;

/**
 * Loaded into the server before its own code. It allocates nothing until
 * asked: one message, one answer.
 */
const PROBE = `
import v8 from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
let majors = 0;
let minors = 0;
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majors++;
    if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR) minors++;
    gcMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
process.on('message', (ask) => {
  if (ask.gc) globalThis.gc();
  const snapshot = ask.snapshot ? v8.writeHeapSnapshot(ask.snapshot) : undefined;
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]));
  process.send({ id: ask.id, version: process.version, memory: process.memoryUsage(), spaces, majors, minors, gcMs, snapshot });
});
`;

interface ProbeAnswer {
  id: number;
  version: string;
  memory: NodeJS.MemoryUsage;
  /** Each V8 heap space's committed size (old_space, new_space, code_space, large_object_space, …). */
  spaces: Record<string, number>;
  /** Full (mark-compact) collections so far, young-generation ones (scavenges), and their pauses' total time. */
  majors: number;
  minors: number;
  gcMs: number;
  snapshot?: string;
}

const extraEnv = Object.fromEntries(
  args.env.map((pair) => {
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const server = await startServerProcess({
  command: [
    ...(PINNED ? ['taskset', '-c', '0'] : []),
    args.node,
    ...SERVER_NODE_FLAGS,
    '--expose-gc',
    ...args['node-option'],
    `--import=data:text/javascript,${encodeURIComponent(PROBE)}`,
    'dist/server/index.js',
  ],
  // As npm run bench: what a page costs, not who may have it.
  env: { LOG_LEVEL: 'info', RENDER_RATE_LIMIT: '0', RENDER_SHARE: '100', ...(args.metrics ? { METRICS_PORT: '0' } : {}), ...extraEnv },
  log: 'drop',
  stderr: 'inherit',
  ipc: true,
});
const pid = server.child.pid!;
// Should this script fail, the server goes with it.
process.on('exit', () => server.child.kill());

let asked = 0;
function probe(ask: { gc?: boolean; snapshot?: string } = {}): Promise<ProbeAnswer> {
  const id = ++asked;
  return new Promise((resolve) => {
    const answered = (message: ProbeAnswer) => {
      if (message.id !== id) return;
      server.child.off('message', answered);
      resolve(message);
    };
    server.child.on('message', answered);
    server.child.send({ id, ...ask });
  });
}

const MB = 1024 * 1024;
/** A /proc/<pid>/status field, in MB. */
function statusMb(field: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}
/**
 * The resident parts of glibc's malloc arenas: the main one (the brk heap,
 * `[heap]`) and the others, which threads (libuv's pool, V8's workers) get:
 * anonymous mappings reserved 64 MB at a time, at 64 MB-aligned addresses,
 * partly readable and writable, the rest PROT_NONE.
 */
function mallocMb(): { brk: number; arenas: number } {
  const ARENA = 64 * MB;
  const maps = readFileSync(`/proc/${pid}/smaps`, 'utf8')
    .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
    .map((block) => {
      const [range = '', perms = '', , , inode = '', name = ''] = block.split('\n', 1)[0]!.split(/\s+/);
      const [start = 0, end = 0] = range.split('-').map((hex) => parseInt(hex, 16));
      return { start, end, perms, anonymous: inode === '0' && !name, name, rss: Number(/\nRss:\s+(\d+)/.exec(block)?.[1] ?? 0) / 1024 };
    });
  let brk = 0;
  let arenas = 0;
  for (const [index, map] of maps.entries()) {
    if (map.name === '[heap]') brk += map.rss;
    const next = maps[index + 1];
    const reserved = next && next.start === map.end && next.perms.startsWith('---') ? next.end : map.end;
    if (map.anonymous && map.perms.startsWith('rw') && map.start % ARENA === 0 && reserved - map.start === ARENA) arenas += map.rss;
  }
  return { brk, arenas };
}

const { episodes } = readPublishedContent(rootDir);
const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8')) as { hydrate: { file: string } };
async function sitemapPaths(): Promise<string[]> {
  const xml = await fetch(`${server.origin}/sitemap.xml`).then((res) => res.text());
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
}
const urls =
  args.urls === 'pages'
    ? [...(await sitemapPaths()), manifest.hydrate.file]
    : // The bench's five (scripts/bench/bench.ts).
      ['/', paths.podcastPage(2), paths.episode(episodes[0]!.id), paths.press, manifest.hydrate.file];

/**
 * What the page cache holds for these pages: each kept page has its HTML and
 * its page data in brotli, gzip and as it is, and HEAD says each one's length.
 */
async function heldBytes(pages: string[]): Promise<number> {
  let total = 0;
  for (const page of pages) {
    for (const url of [page, paths.pageData(page)]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await fetch(server.origin + url, { method: 'HEAD', headers: { 'accept-encoding': encoding } });
        total += Number(res.headers.get('content-length') ?? 0);
      }
    }
  }
  return total;
}
if (args.urls === 'pages') {
  const pages = urls.slice(0, -1);
  console.log(
    `the page cache holds ${pages.length} pages: ${((await heldBytes(pages)) / MB).toFixed(2)} MB of bodies (HTML and data, 3 encodings each)`,
  );
}

const snapshotDir = SNAPSHOT_ROUNDS.size ? (args.out ?? mkdtempSync(path.join(tmpdir(), 'heap-'))) : undefined;
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });
const pad = (value: string | number, width: number) => String(value).padStart(width);
const mb = (bytes: number) => (bytes / MB).toFixed(1);

console.log(
  `Node ${(await probe()).version}, ${urls.length} URLs, ${CONNECTIONS} connections, ${SECONDS} s a round, Accept-Encoding: ${REQUEST_HEADERS['accept-encoding']}` +
    `${args.env.length ? `, env ${args.env.join(' ')}` : ''}${args['node-option'].length ? `, node ${args['node-option'].join(' ')}` : ''}` +
    `${args.metrics ? ', METRICS_PORT' : ''}${PINNED ? `, server on core 0, client on 1-${CORES - 1}` : ', unpinned'}`,
);
const columns = [
  'round',
  'req/s',
  'µs/req',
  'RSS',
  'anon',
  'file',
  'brk',
  'arenas',
  'heap used',
  'heap total',
  'old',
  'new',
  'code',
  'large',
  'anon-heap',
  'external',
  'arrayBuf',
  'majors',
  'minors',
  'gc ms',
  ...(args.gc ? ['live heap'] : []),
];
const widths = [5, 7, 7, 8, 7, 6, 6, 7, 10, 11, 6, 6, 6, 6, 10, 9, 9, 7, 7, 7, 10];
const row = (cells: (string | number)[]) => console.log(cells.map((cell, index) => pad(cell, widths[index]!)).join(''));
let before = { majors: 0, minors: 0, gcMs: 0 };
let newSpaceMax = 0;
const sample = async (round: string, rps: number, cpuPerResponse = 0) => {
  const { memory, spaces, majors, minors, gcMs } = await probe();
  const anon = statusMb('RssAnon');
  const malloc = mallocMb();
  const cells: (string | number)[] = [
    round,
    rps.toFixed(0),
    cpuPerResponse.toFixed(0),
    statusMb('VmRSS').toFixed(1),
    anon.toFixed(1),
    statusMb('RssFile').toFixed(1),
    malloc.brk.toFixed(1),
    malloc.arenas.toFixed(1),
    mb(memory.heapUsed),
    mb(memory.heapTotal),
    mb(spaces.old_space ?? 0),
    mb(spaces.new_space ?? 0),
    mb(spaces.code_space ?? 0),
    mb(spaces.large_object_space ?? 0),
    (anon - memory.heapTotal / MB).toFixed(1),
    mb(memory.external),
    mb(memory.arrayBuffers),
    majors - before.majors,
    minors - before.minors,
    (gcMs - before.gcMs).toFixed(0),
  ];
  const gcMsInRound = gcMs - before.gcMs;
  before = { majors, minors, gcMs };
  if (args.gc) cells.push(mb((await probe({ gc: true })).memory.heapUsed));
  row(cells);
  newSpaceMax = Math.max(newSpaceMax, spaces.new_space ?? 0);
  return { rss: statusMb('VmRSS'), heapUsed: memory.heapUsed, gcMs: gcMsInRound };
};

console.log(
  'MB after each round. RSS = anon + file; brk: the main malloc arena, arenas: the others; heap total = old + new + code + large + small spaces ' +
    '(committed); anon-heap: anonymous memory outside the V8 heap (arenas included); external includes arrayBuf; majors, minors: full and young-generation collections in the round, gc ms: their pauses',
);
row(columns);
await sample('start', 0);
const rss: number[] = [];
const heapUsed: number[] = [];
let liveAfterRound2: number | undefined;
let failures = 0;
const cpu: number[] = [];
const gcPerResponse: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const cpuBefore = processCpuMicros(pid);
  const result = await autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: REQUEST_HEADERS,
    requests: urls.map((url) => ({ method: 'GET', path: url })),
  });
  failures += result.errors + result.timeouts + result.non2xx;
  // The server's CPU time per response (/proc/<pid>/stat), which a busy client or machine hides less than req/s.
  cpu.push((processCpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total));
  const sampled = await sample(String(round), result.requests.average, cpu.at(-1));
  rss.push(sampled.rss);
  heapUsed.push(sampled.heapUsed / MB);
  gcPerResponse.push((sampled.gcMs * 1000) / Math.max(1, result.requests.total));
  if (round === 2) liveAfterRound2 = (await probe({ gc: true })).memory.heapUsed;
  if (SNAPSHOT_ROUNDS.has(round)) {
    const { snapshot, memory } = await probe({ snapshot: path.join(snapshotDir!, `round-${round}.heapsnapshot`) });
    console.log(`      heap snapshot after round ${round}: ${snapshot} (heap used after its collection: ${mb(memory.heapUsed)} MB)`);
  }
  if (round === PAUSE_AFTER) {
    await new Promise((resolve) => setTimeout(resolve, PAUSE_SECONDS! * 1000));
    await sample(`quiet`, 0);
  }
}
const live = await probe({ gc: true });

/** Least-squares slope in MB per round over rounds `from`..N. */
function slope(from: number): number {
  const points = rss.slice(from - 1).map((y, index) => [from + index, y] as const);
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}
const half = Math.max(2, Math.ceil(ROUNDS / 2));
console.log(
  `\nRSS by round: ${rss.map((value) => value.toFixed(0)).join(', ')} MB; ` +
    `min ${Math.min(...rss.slice(1)).toFixed(1)} and max ${Math.max(...rss.slice(1)).toFixed(1)} MB after round 1; ` +
    `trend over rounds 2-${ROUNDS}: ${slope(2).toFixed(2)} MB/round, over ${half}-${ROUNDS}: ${slope(half).toFixed(2)} MB/round`,
);
console.log(
  `server CPU per response: median ${median(cpu.slice(1)).toFixed(0)} µs over rounds 2-${ROUNDS}, of which GC pauses ${median(gcPerResponse.slice(1)).toFixed(1)} µs`,
);
console.log(`heap used by round: ${heapUsed.map((value) => value.toFixed(0)).join(', ')} MB`);
console.log(`young generation (new space) committed: at most ${mb(newSpaceMax)} MB`);
const liveGrowth = liveAfterRound2 === undefined ? 0 : (live.memory.heapUsed - liveAfterRound2) / MB;
console.log(
  `live heap (after a full collection): ${liveAfterRound2 === undefined ? '-' : mb(liveAfterRound2)} MB after round 2, ` +
    `${mb(live.memory.heapUsed)} MB after round ${ROUNDS} (${liveGrowth >= 0 ? '+' : ''}${liveGrowth.toFixed(1)}); external ${mb(live.memory.external)} MB`,
);
await server.stop('SIGINT');
if (failures > 0) {
  console.error(`${failures} requests failed or answered non-2xx`);
  process.exitCode = 1;
}
if (liveGrowth > Number(args['max-live-growth'])) {
  console.error(
    `the live heap grew by ${liveGrowth.toFixed(1)} MB between round 2 and round ${ROUNDS}: more than ${args['max-live-growth']} MB`,
  );
  process.exitCode = 1;
}
