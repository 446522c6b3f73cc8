/**
 * npm run bench: the production server against two references that replay the
 * very same bytes and headers from memory — a bare Express app (the
 * framework's floor) and a bare node:http server (this machine's limit) — at
 * 50 connections, URL by URL, with autocannon. Then RSS over repeated rounds.
 *
 *   npm run bench                              about six minutes
 *   npm run bench -- --seconds 2 --repeats 1  a quick look
 *
 * The client runs in this process. Servers are warmed up and measured in
 * turn (compare() below), and where the machine allows, servers and client
 * run on separate cores (PINNED below). Note that autocannon's client decodes
 * every body as UTF-8 text, which for brotli bytes caps it at a few thousand
 * responses/s on one core: where bare node:http is no faster than bare
 * Express, both have reached the client's limit, not their own.
 *
 * So req/s alone can hide a server's cost. Every measurement also reads the
 * server's CPU time from /proc/<pid>/stat and this process's own CPU time
 * (the client's) over the measured window: CPU per response is what a
 * saturated client cannot hide, and a window in which the client kept its
 * core busy while the server did not is marked as limited by the client.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { exitOf, SERVER_NODE_FLAGS, startServerProcess } from '../local/server-process';
import type { RecordedResponse } from './reference-server';
import { median } from './median';
import { processCpuMicros } from './process-cpu';

/** The episodes the public sees now, read from content/ as the server reads them. */
const { episodes } = readPublishedContent(process.cwd());

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const benchDir = mkdtempSync(path.join(tmpdir(), 'bench-'));
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    repeats: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '5' },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
/** Measurements per server and URL, taken in turn (site, express, node, site, …); the median is printed. */
const REPEATS = Number(args.repeats);
const WARM_UP_SECONDS = 2;
const ROUND_SECONDS = 10;
/** What a browser sends; every response is then brotli from memory. */
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*' };
/** Hop-by-hop and per-response headers the references must not replay. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * On Linux with two or more cores, every server under test (the site and both
 * references alike) runs on core 0 and this client on the others, so the
 * client never steals the server's core mid-measurement. Without taskset the
 * bench still runs, with noisier figures.
 */
const CORES = availableParallelism();
const PINNED =
  process.platform === 'linux' && CORES >= 2 && spawnSync('taskset', ['-p', '-c', `1-${CORES - 1}`, String(process.pid)]).status === 0;

/** The command that runs Node with `args` on the servers' core. */
const onServerCore = (args: string[]) => (PINNED ? ['taskset', '-c', '0', process.execPath, ...args] : [process.execPath, ...args]);

interface Started {
  child: ChildProcess;
  origin: string;
}

function waitForLine(child: ChildProcess, match: (line: string) => string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const found = match(line);
      if (found !== undefined) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code} before it was ready`)));
  });
}

async function startSite(env: Record<string, string> = {}): Promise<Started & { startupMs: number }> {
  const started = performance.now();
  const { child, origin } = await startServerProcess({
    command: onServerCore([...SERVER_NODE_FLAGS, 'dist/server/index.js']),
    // What a page costs, not who may have it: this one client would be past its render budget at once
    // (search-flood.ts measures the budget and the share with them on).
    env: { LOG_LEVEL: 'info', RENDER_RATE_LIMIT: '0', RENDER_SHARE: '100', ANALYTICS_DIR: path.join(benchDir, 'analytics'), ...env },
    log: 'drop',
    stderr: 'inherit',
  });
  for (;;) {
    const response = await fetch(`${origin}${paths.health}`).catch(() => undefined);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { child, origin, startupMs: performance.now() - started };
}

async function startReference(kind: 'express' | 'node', fixtures: string): Promise<Started> {
  const [node, ...args] = onServerCore(['--import', 'tsx', 'scripts/bench/reference-server.ts', kind, fixtures]);
  const child = spawn(node!, args, { cwd: rootDir, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await waitForLine(child, (line) => (/^\d+$/.test(line) ? line : undefined));
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** The response exactly as sent: status, headers and the encoded bytes. */
function record(origin: string, url: string): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(origin + url, { headers: REQUEST_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (!NOT_REPLAYED.has(name) && typeof value === 'string') headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The server's CPU time (user + system) over the window, per response, in µs. */
  serverCpu: number;
  /** This process's (the client's) CPU time over the window, per response, in µs. */
  clientCpu: number;
  /** Share of one core the server and the client kept busy over the window. */
  serverBusy: number;
  clientBusy: number;
}

/**
 * The client is one thread: at about 90% of a core it can send no faster,
 * and a server that then idles part of the time was waiting for it.
 */
const CLIENT_SATURATED = 0.9;
const clientLimited = (l: Load) => l.clientBusy >= CLIENT_SATURATED && l.serverBusy < CLIENT_SATURATED;

/** One measured window of autocannon against `pid`'s server, with both sides' CPU time. */
async function measure(pid: number, options: autocannon.Options): Promise<Load> {
  const serverBefore = processCpuMicros(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const result = await autocannon(options);
  const wallMicros = (performance.now() - started) * 1000;
  const client = process.cpuUsage(clientBefore);
  const serverMicros = processCpuMicros(pid) - serverBefore;
  const clientMicros = client.user + client.system;
  const responses = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpu: serverMicros / responses,
    clientCpu: clientMicros / responses,
    serverBusy: serverMicros / wallMicros,
    clientBusy: clientMicros / wallMicros,
  };
}

const load = (server: Started, url: string, seconds = SECONDS): Promise<Load> =>
  measure(server.child.pid!, { url: server.origin + url, connections: CONNECTIONS, duration: seconds, headers: REQUEST_HEADERS });

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const stop = (child: ChildProcess) => {
  child.kill('SIGTERM');
  return exitOf(child);
};

const pad = (value: string | number, width: number) => String(value).padStart(width);

const site = await startSite();
const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8')) as { hydrate: { file: string } };
// The hashed script: the hydrating module (4 kB), which every page loads.
const urls = ['/', paths.podcastPage(2), paths.episode(episodes[0]!.id), paths.press, manifest.hydrate.file];

// Fill the page cache and record what the references will replay.
const fixtures: Record<string, RecordedResponse> = {};
for (const url of urls) fixtures[url] = await record(site.origin, url);
const fixturesFile = path.join(benchDir, 'fixtures.json');
writeFileSync(fixturesFile, JSON.stringify(fixtures));
const bareExpress = await startReference('express', fixturesFile);
const bareNode = await startReference('node', fixturesFile);

const rssBefore = rssMb(site.child.pid!);
console.log(`start-up to first ${paths.health} 200: ${site.startupMs.toFixed(0)} ms; RSS after start: ${rssBefore.toFixed(1)} MB`);
console.log(
  `${CONNECTIONS} connections, median of ${REPEATS} measurements of ${SECONDS} s taken in turn, Accept-Encoding: ${REQUEST_HEADERS['accept-encoding']}; ` +
    (PINNED ? `servers on core 0, this client on cores 1-${CORES - 1}\n` : `client and servers share ${CORES} core(s)\n`),
);
console.log(
  `${'URL'.padEnd(34)}${pad('site req/s', 11)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('express', 10)}${pad('p99', 6)}${pad('node', 8)}${pad('p99', 6)}${pad('÷express', 10)}${pad('÷node', 8)}${pad('errors', 8)}`,
);
let failures = 0;
const medianLoad = (loads: Load[]): Load => ({
  rps: median(loads.map((l) => l.rps)),
  p50: median(loads.map((l) => l.p50)),
  p99: median(loads.map((l) => l.p99)),
  errors: loads.reduce((sum, l) => sum + l.errors, 0),
  non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
  serverCpu: median(loads.map((l) => l.serverCpu)),
  clientCpu: median(loads.map((l) => l.clientCpu)),
  serverBusy: median(loads.map((l) => l.serverBusy)),
  clientBusy: median(loads.map((l) => l.clientBusy)),
});
/**
 * Each server is warmed up on the URL first (unmeasured: a server's first
 * thousands of requests still compile its hot path). Then the three are
 * measured in turn, REPEATS times, so a slow spell of the machine falls on
 * all of them rather than on one.
 */
async function compare(url: string) {
  const servers = [site, bareExpress, bareNode];
  for (const server of servers) await load(server, url, WARM_UP_SECONDS);
  const runs: Load[][] = [[], [], []];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    for (const [index, server] of servers.entries()) runs[index]!.push(await load(server, url));
  }
  return runs.map(medianLoad) as [Load, Load, Load];
}
const measured = new Map<string, Load>();
const cpuRows: string[] = [];
/** CPU µs per response, marked `c` when the client, not this server, was the limit of its window. */
const cpuCell = (l: Load, width: number) => pad(`${l.serverCpu.toFixed(0)}${clientLimited(l) ? 'c' : ' '}`, width);
for (const url of urls) {
  const [ours, express, node] = await compare(url);
  measured.set(url, ours);
  const cpuName = url.length > 32 ? `${url.slice(0, 31)}…` : url;
  cpuRows.push(
    `${cpuName.padEnd(34)}${cpuCell(ours, 8)}${cpuCell(express, 9)}${cpuCell(node, 7)}${pad((ours.serverCpu / express.serverCpu).toFixed(2), 10)}${pad((ours.serverCpu / node.serverCpu).toFixed(2), 8)}` +
      `${pad(ours.clientCpu.toFixed(0), 9)}${pad(express.clientCpu.toFixed(0), 9)}${pad(node.clientCpu.toFixed(0), 7)}` +
      `${pad(`${(ours.clientBusy * 100).toFixed(0)}/${(express.clientBusy * 100).toFixed(0)}/${(node.clientBusy * 100).toFixed(0)}%`, 14)}`,
  );
  failures += ours.errors + ours.non2xx;
  const name = url.length > 32 ? `${url.slice(0, 31)}…` : url;
  console.log(
    `${name.padEnd(34)}${pad(ours.rps.toFixed(0), 11)}${pad(ours.p50, 8)}${pad(ours.p99, 8)}${pad(express.rps.toFixed(0), 10)}${pad(express.p99, 6)}${pad(node.rps.toFixed(0), 8)}${pad(node.p99, 6)}${pad((ours.rps / express.rps).toFixed(2), 10)}${pad((ours.rps / node.rps).toFixed(2), 8)}${pad(ours.errors + ours.non2xx, 8)}`,
  );
}
console.log(
  `\nServer CPU per response (µs, /proc/<pid>/stat over each measured window; medians), and the client's (this process)\n` +
    `${'URL'.padEnd(34)}${pad('site', 8)}${pad('express', 9)}${pad('node', 7)}${pad('÷express', 10)}${pad('÷node', 8)}${pad('client:', 9)}${pad('express', 9)}${pad('node', 7)}${pad('client busy', 14)}`,
);
for (const row of cpuRows) console.log(row);
console.log(
  `c: the client kept its core ≥ ${CLIENT_SATURATED * 100}% busy while that server did not: the client was the limit, and its req/s says nothing of the server's.`,
);
await Promise.all([stop(bareExpress.child), stop(bareNode.child)]);

/**
 * Counting visits (decision 038): the same build with ANALYTICS=off beside it, both behind a "proxy"
 * (TRUST_PROXY=loopback) and asked as people ask: a browser's User-Agent from VISITOR_ADDRESSES
 * addresses in turn, so each counted view takes the not-counted rules, a visitor key (an HMAC for an
 * address first seen, a map lookup after) and the counter. Without a User-Agent (autocannon's default,
 * as above) a view would be counted as a bot, which costs less.
 */
const VISITOR_ADDRESSES = 20_000;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const counting = await startSite({ TRUST_PROXY: 'loopback', ANALYTICS_DIR: path.join(benchDir, 'counted') });
const notCounting = await startSite({ TRUST_PROXY: 'loopback', ANALYTICS: 'off' });
let visitor = 0;
const asPeople = (server: Started, url: string, seconds: number) =>
  measure(server.child.pid!, {
    url: server.origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...REQUEST_HEADERS, 'user-agent': BROWSER },
    requests: [
      {
        method: 'GET',
        setupRequest: (request: object) => {
          const n = visitor++ % VISITOR_ADDRESSES;
          return {
            ...request,
            path: url,
            headers: { ...REQUEST_HEADERS, 'user-agent': BROWSER, 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` },
          };
        },
      },
    ],
  });
console.log(
  `\nCounting visits: ANALYTICS=on against the same build with ANALYTICS=off, ${VISITOR_ADDRESSES} client addresses (X-Forwarded-For), a browser's User-Agent\n` +
    `${'URL'.padEnd(34)}${pad('on req/s', 10)}${pad('off req/s', 11)}${pad('on CPU µs', 11)}${pad('off CPU µs', 12)}${pad('on÷off CPU', 12)}${pad('errors', 8)}`,
);
for (const url of urls.slice(0, 4)) {
  for (const server of [counting, notCounting]) await asPeople(server, url, WARM_UP_SECONDS);
  const runs: [Load[], Load[]] = [[], []];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    runs[0].push(await asPeople(counting, url, SECONDS));
    runs[1].push(await asPeople(notCounting, url, SECONDS));
  }
  const [on, off] = runs.map(medianLoad) as [Load, Load];
  failures += on.errors + on.non2xx + off.errors + off.non2xx;
  const name = url.length > 32 ? `${url.slice(0, 31)}…` : url;
  console.log(
    `${name.padEnd(34)}${pad(on.rps.toFixed(0), 10)}${pad(off.rps.toFixed(0), 11)}${cpuCell(on, 11)}${cpuCell(off, 12)}${pad((on.serverCpu / off.serverCpu).toFixed(2), 12)}${pad(on.errors + on.non2xx + off.errors + off.non2xx, 8)}`,
  );
}
await Promise.all([stop(counting.child), stop(notCounting.child)]);

// Memory: one round over every URL, then ROUNDS more; RSS must stay flat.
// A round: every URL in turn on each of the 50 connections, for 10 s.
const roundLoad = () =>
  autocannon({
    url: site.origin,
    connections: CONNECTIONS,
    duration: ROUND_SECONDS,
    headers: REQUEST_HEADERS,
    requests: urls.map((url) => ({ method: 'GET', path: url })),
  });
await roundLoad();
const rssAfterFirst = rssMb(site.child.pid!);
const rounds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  await roundLoad();
  rounds.push(rssMb(site.child.pid!));
}
const rssAfter = rounds[rounds.length - 1] ?? rssAfterFirst;
console.log(
  `\nRSS: ${rssBefore.toFixed(1)} MB at start, ${rssAfterFirst.toFixed(1)} MB after a first round, ` +
    `then ${rounds.map((mb) => mb.toFixed(1)).join(', ')} MB after ${ROUNDS} more (${rssAfter - rssAfterFirst >= 0 ? '+' : ''}${(rssAfter - rssAfterFirst).toFixed(1)} MB)`,
);
/**
 * Search pages (/podcast?q=…) are not in the page cache: a repeated search is
 * answered from a small LRU, a new one is rendered on the spot. Measured
 * against the cached list page, with the server's CPU per response, which a
 * saturated client cannot hide.
 */
async function searchLoad(label: string, pathFor: () => string): Promise<Load & { label: string }> {
  const requests = [{ method: 'GET' as const, setupRequest: (request: object) => ({ ...request, path: pathFor() }) }];
  const options = { url: site.origin, connections: CONNECTIONS, headers: REQUEST_HEADERS, requests };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const loads: Load[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) loads.push(await measure(site.child.pid!, { ...options, duration: SECONDS }));
  const summary = medianLoad(loads);
  failures += summary.errors + summary.non2xx;
  return Object.assign(summary, { label });
}
const cachedList = measured.get(paths.podcastPage(2))!;
const words = ['retirement', 'estate', 'tax', 'practice', 'planning', 'fees', 'clients', 'trust'];
let searchCount = 0;
const rssBeforeSearches = rssMb(site.child.pid!);
const searches = [
  await searchLoad('/podcast?q=retirment (repeated: kept in the LRU)', () => '/podcast?q=retirment'),
  await searchLoad(
    '/podcast?q=<a new search each time>',
    () => `/podcast?q=${words[searchCount % words.length]}+${(searchCount++).toString(36)}`,
  ),
];
const rssAfterSearches = rssMb(site.child.pid!);
const cachedCpu = await searchLoad(`${paths.podcastPage(2)} (cached page)`, () => paths.podcastPage(2));
console.log(`\nSearch pages against the cached ${paths.podcastPage(2)} (${cachedList.rps.toFixed(0)} req/s above)`);
console.log(`${'URL'.padEnd(48)}${pad('req/s', 8)}${pad('p99 ms', 8)}${pad('÷cached', 9)}${pad('CPU µs/response', 17)}${pad('errors', 8)}`);
for (const search of [cachedCpu, ...searches]) {
  console.log(
    `${search.label.padEnd(48)}${pad(search.rps.toFixed(0), 8)}${pad(search.p99, 8)}${pad((search.rps / cachedCpu.rps).toFixed(2), 9)}${pad(search.serverCpu.toFixed(0), 17)}${pad(search.errors + search.non2xx, 8)}`,
  );
}
console.log(`${searchCount} different searches: RSS ${rssBeforeSearches.toFixed(1)} MB before, ${rssAfterSearches.toFixed(1)} MB after`);

await stop(site.child);
if (failures > 0) {
  console.error(`${failures} requests failed or answered non-2xx`);
  process.exitCode = 1;
}
