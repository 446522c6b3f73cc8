/**
 * How long the browser's main thread is held while a page loads and hydrates:
 * this checkout's build (A) against a reference commit's (B), measured back to
 * back on one machine so that the host cancels out (issue 44).
 *
 *   npx tsx scripts/bench/hydration-tasks.ts                    A = this checkout, B = 67bcd5e, 10 loads of each
 *   npx tsx scripts/bench/hydration-tasks.ts --against HEAD~3   another reference
 *   npx tsx scripts/bench/hydration-tasks.ts --runs 4 --no-build /podcast
 *   npx tsx scripts/bench/hydration-tasks.ts --explain          also: what the long tasks were made of
 *   npx tsx scripts/bench/hydration-tasks.ts --save-traces DIR  also: each load's trace, for DevTools' Performance panel
 *   npx tsx scripts/bench/hydration-tasks.ts --runtime          with DevTools' Runtime domain on, as Lighthouse measures
 *   npx tsx scripts/bench/hydration-tasks.ts --no-script        also: each build's pages with their scripts refused, what the HTML and CSS cost alone
 *   npx tsx scripts/bench/hydration-tasks.ts --floor            also: a page of one heading and one paragraph, the least any page costs
 *
 * The reference is checked out into a temporary git worktree (under the OS's
 * temporary folder, with this checkout's node_modules linked in), built with its
 * own build script and removed at the end; this checkout is built into dist/
 * unless --no-build. Both built servers run at once, each on its own port.
 *
 * For each page (/, /podcast and the first published episode) the loads
 * alternate A, B, A, B…, each in a fresh browser context (empty HTTP and code
 * caches), with Chromium's CPU throttled 4× (CDP Emulation.setCPUThrottlingRate,
 * as Lighthouse's mobile audit does) and a trace recorded from before the
 * navigation until the page has hydrated and gone quiet. What counts is every
 * top-level task (RunTask) of the page's renderer main thread from the
 * navigation on: the longest, and the total blocking time, the sum over tasks
 * of (duration − 50 ms). Unlike Lighthouse's TBT, it is not cut off at the
 * first paint or at time-to-interactive: the parsing, the first layout and
 * every task of hydration all count.
 *
 * CLOCKS. Each task is reported by two clocks. Wall time is the trace's duration, what
 * was asked for. But on a machine shared with other work, the OS takes the core
 * away in the middle of tasks, and a 6 ms slice of React's work can then last
 * 100 ms. Chromium's CPU throttle keeps the thread busy while it holds it back
 * (a loop of 39 ms of CPU took 162 ms of thread time at 4×, 194 ms of wall),
 * so the thread time of a task (the trace's `tdur`) is what the task would
 * last at 4× on a machine of its own, and it is far less noisy. Both are
 * printed; alternating A and B spreads the host's noise over both alike.
 *
 * "Hydrated" is read from React itself, at no cost to the site: React puts a
 * `__reactFiber$…` property on each DOM element it has hydrated. The page has
 * hydrated when <html> carries the site's `data-hydrated` marker (set by the
 * root route's effect) and every link, button, form field and form in <body>
 * has been claimed by React, so a Suspense boundary left to hydrate later is
 * waited for too. Then the trace runs on for QUIET_MS, so work that hydration
 * starts (effects, the episode player) is counted.
 *
 * Chromium is driven over its own DevTools pipe (scripts/bench/cdp-pipe.ts),
 * not through Playwright: Playwright enables the Runtime domain, which makes
 * react-dom's evaluation several times longer than a visitor's (the longest
 * task of today's build, under it). --runtime measures that way on purpose,
 * as Lighthouse sees a page. Non-loopback hosts are refused by the browser's
 * resolver (not by request interception, which would route every request
 * through this process and change the timing of what arrives when).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync } from 'node:fs';
import { mkdir, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { hydratedEverywhere } from '../local/browser';
import { startServerProcess } from '../local/server-process';
import type { ServerProcess } from '../local/server-process';
import { CdpPipe } from './cdp-pipe';
import type { Tab } from './cdp-pipe';
import { printExplanation, printFloor, printTables, printWithoutScript } from './hydration-report';
import { analyse } from './trace-tasks';
import type { Load, TraceEvent } from './trace-tasks';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { values, positionals } = parseArgs({
  options: {
    against: { type: 'string', default: '67bcd5e' },
    runs: { type: 'string', default: '10' },
    throttle: { type: 'string', default: '4' },
    'no-build': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    'save-traces': { type: 'string' },
    runtime: { type: 'boolean', default: false },
    'no-script': { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const RUNS = Number(values.runs);
const THROTTLE = Number(values.throttle);
/** How long the trace runs on after the page has hydrated. */
const QUIET_MS = 1500;
const HYDRATION_TIMEOUT_MS = 60_000;
const POLL_MS = 50;

const { episodes } = readPublishedContent(rootDir);
const PAGES = positionals.length ? positionals : [paths.home, paths.podcast, paths.episode(episodes[0]!.id)];

const CATEGORIES = [
  '__metadata',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'v8',
  ...(values.explain ? ['disabled-by-default-v8.cpu_profiler'] : []),
];

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: rootDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function runBuild(cwd: string, what: string): Promise<void> {
  const script = ['scripts/build/build.ts', 'scripts/build.ts'].find((candidate) => existsSync(path.join(cwd, candidate)));
  if (!script) throw new Error(`${what} has no build script`);
  process.stderr.write(`building ${what}…\n`);
  return new Promise((resolve, reject) => {
    execFile('npx', ['tsx', script], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve();
      reject(new Error(`The build of ${what} failed:\n${`${stdout}${stderr}`.trim().split('\n').slice(-30).join('\n')}`));
    });
  });
}

// ---------------------------------------------------------------------------
// One load

/**
 * The page's clock (ms) once the whole page has hydrated (scripts/local/browser.ts); else false. Evaluated over
 * CDP rather than with Playwright's waitForFunction, which would first inject Playwright's own scripts into the
 * page: a task of 50–300 ms the trace would count.
 */
const HYDRATED_AT = `(${hydratedEverywhere.toString()})() && performance.now()`;

/** Why a page has not hydrated: its address and state, and the first interactive element React has not claimed. */
const NOT_HYDRATED_WHY = `JSON.stringify({
  url: location.href,
  readyState: document.readyState,
  hydrated: document.documentElement?.dataset.hydrated,
  text: document.body?.innerText.slice(0, 200),
  unclaimed: Array.from(document.body?.querySelectorAll('a[href], button, input, select, textarea, form, summary') ?? [])
    .find((element) => !element.closest('noscript, [data-outside-react]') && !Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
    ?.outerHTML.slice(0, 200),
})`;

const evaluate = async (cdp: Tab, expression: string): Promise<unknown> =>
  (await cdp.send<{ result: { value?: unknown } }>('Runtime.evaluate', { expression, returnByValue: true })).result.value;

/** Polls `expression` until it gives a number (the page's clock then), or gives up with undefined. */
async function pollUntil(cdp: Tab, expression: string): Promise<number | undefined> {
  const deadline = Date.now() + HYDRATION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const value = await evaluate(cdp, expression);
    if (typeof value === 'number') return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}

async function waitUntilHydrated(cdp: Tab): Promise<number> {
  const at = await pollUntil(cdp, HYDRATED_AT);
  if (at !== undefined) return at;
  throw new NotHydrated(`not hydrated after ${HYDRATION_TIMEOUT_MS / 1000} s: ${String(await evaluate(cdp, NOT_HYDRATED_WHY))}`);
}

class NotHydrated extends Error {}

/** With its scripts refused there is nothing to hydrate: the page is done when the document has loaded. */
async function waitUntilLoaded(cdp: Tab): Promise<number> {
  const at = await pollUntil(cdp, `document.readyState === 'complete' && performance.now()`);
  if (at !== undefined) return at;
  throw new Error(`not loaded after ${HYDRATION_TIMEOUT_MS / 1000} s`);
}

/**
 * --floor: what a fresh renderer spends on any page at all (the navigation's commit, a document, a first style,
 * layout and paint), served from this process over loopback and loaded exactly as the site's pages are. A goal
 * below it cannot be met by any page on this machine.
 */
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head>' +
  '<body><h1>A heading</h1><p>One paragraph of text, and nothing else: no stylesheet, no script, no image.</p></body></html>';

async function startFloorServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(FLOOR_HTML) });
    response.end(FLOOR_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * `script: false`: nothing to hydrate, so the load is done at the load event; its scripts are then refused too,
 * unless `refuseScripts: false` (the floor's page, which has none, is loaded with no Network domain on, as the pages are).
 */
async function load(
  browser: CdpPipe,
  url: string,
  traceName: string,
  { script = true, refuseScripts = !script }: { script?: boolean; refuseScripts?: boolean } = {},
): Promise<Load> {
  const tab = await browser.openTab({ runtime: values.runtime });
  try {
    await tab.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    if (refuseScripts) {
      // The page's own scripts refused, not JavaScript turned off: with it off, Chromium would also give the hero's
      // <video> its native controls and load every lazy image at once, work the page never asks for.
      await tab.send('Network.enable');
      await tab.send('Network.setBlockedURLs', { urls: ['*.js'] });
    }
    const stopTracing = await browser.startTracing(CATEGORIES);
    let trace: string;
    let hydratedAt: number;
    try {
      await tab.send('Page.navigate', { url });
      hydratedAt = script ? await waitUntilHydrated(tab) : await waitUntilLoaded(tab);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    } finally {
      trace = await stopTracing();
    }
    if (values['save-traces']) {
      await mkdir(values['save-traces'], { recursive: true });
      await writeFile(path.join(values['save-traces'], `${traceName}.json`), trace);
    }
    const parsed = JSON.parse(trace) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return analyse(Array.isArray(parsed) ? parsed : parsed.traceEvents, url, hydratedAt, { profiled: values.explain });
  } finally {
    await tab.close();
  }
}

// ---------------------------------------------------------------------------

const reference = git('rev-parse', '--verify', '--end-of-options', `${values.against}^{commit}`);
const work = mkdtempSync(path.join(tmpdir(), 'hydration-tasks-'));
const refDir = path.join(work, reference.slice(0, 12));
const servers: ServerProcess[] = [];
let browser: CdpPipe | undefined;
let floorServer: Awaited<ReturnType<typeof startFloorServer>> | undefined;
try {
  git('worktree', 'add', '--detach', '--quiet', refDir, reference);
  await symlink(realpathSync(path.join(rootDir, 'node_modules')), path.join(refDir, 'node_modules'), 'dir');
  // One build after the other: the machine has few cores, and both builds share node_modules/.cache.
  if (!values['no-build']) await runBuild(rootDir, 'this checkout');
  await runBuild(refDir, `${values.against} (${reference.slice(0, 12)})`);
  const head = git('rev-parse', '--short=12', 'HEAD');
  const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' + uncommitted changes' : '';
  const builds = [
    { name: 'A', label: `this checkout (${head}${dirty})`, cwd: rootDir },
    { name: 'B', label: `${values.against} (${reference.slice(0, 12)})`, cwd: refDir },
  ];
  /**
   * The build's server, started (again, should it have gone: on a shared machine something else may stop it)
   * and its page cache warmed outside the measurement (the first request of a page renders it).
   */
  const serverFor = async (index: number): Promise<ServerProcess> => {
    const running = servers[index];
    if (running && running.child.exitCode === null && running.child.signalCode === null) return running;
    if (running)
      console.log(`The server of ${builds[index]!.name} exited (${running.child.signalCode ?? running.child.exitCode}); starting it again`);
    const server = await startServerProcess({ cwd: builds[index]!.cwd, log: 'drop', env: { LOG_LEVEL: 'info' } });
    servers[index] = server;
    for (const page of PAGES) {
      const response = await fetch(server.origin + page);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${server.origin}${page} answered ${response.status}`);
    }
    return server;
  };
  for (const index of [0, 1]) await serverFor(index);
  // Only loopback: other hosts do not resolve.
  browser = CdpPipe.launch(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1']);

  const how = values.runtime ? 'with the Runtime domain on, as under Playwright or Lighthouse' : 'no DevTools domain on, as for a visitor';
  console.log(`Main-thread tasks while a page loads and hydrates: ${await browser.version()}, CPU throttled ${THROTTLE}×, ${how}`);
  console.log(`A = ${builds[0]!.label}\nB = ${builds[1]!.label}`);
  console.log(`${RUNS} loads of each, alternating A and B, each in a fresh context; times in ms\n`);
  const results = new Map<string, Load[][]>();
  const withoutScript = new Map<string, Load[][]>();
  // The floor's loads are spread over the whole run, one after each A/B pair, so that the host's noise falls on it alike.
  const floor: Load[] = [];
  if (values.floor) floorServer = await startFloorServer();
  for (const page of PAGES) {
    const loads: Load[][] = [[], []];
    for (let run = 0; run < RUNS; run++) {
      for (const index of [0, 1]) {
        const traceName = `${page.replace(/\W+/g, '_')}-${builds[index]!.name}-${run + 1}`;
        // A load that never hydrates is reported and made again (at most twice), not counted.
        for (let attempt = 1; ; attempt++) {
          try {
            loads[index]!.push(await load(browser, (await serverFor(index)).origin + page, traceName));
            break;
          } catch (error) {
            if (!(error instanceof NotHydrated) || attempt === 3) throw error;
            console.log(`${builds[index]!.name} ${page}, load ${run + 1}: ${error.message}; loading it again`);
          }
        }
      }
      if (floorServer) {
        const traceName = `floor-${floor.length + 1}`;
        floor.push(await load(browser, floorServer.url, traceName, { script: false, refuseScripts: false }));
      }
      process.stderr.write(`\r${page}: ${run + 1}/${RUNS}   `);
    }
    process.stderr.write('\n');
    results.set(page, loads);
    if (values['no-script']) {
      const bare: Load[][] = [[], []];
      for (let run = 0; run < RUNS; run++) {
        for (const index of [0, 1]) {
          const traceName = `${page.replace(/\W+/g, '_')}-${builds[index]!.name}-no-script-${run + 1}`;
          bare[index]!.push(await load(browser, (await serverFor(index)).origin + page, traceName, { script: false }));
        }
        process.stderr.write(`\r${page}, scripts refused: ${run + 1}/${RUNS}   `);
      }
      process.stderr.write('\n');
      withoutScript.set(page, bare);
    }
  }

  printTables(results, QUIET_MS);
  if (values['no-script']) printWithoutScript(results, withoutScript);
  if (values.floor) printFloor(results, floor);
  if (values.explain) {
    for (const [page, [a, b]] of results) {
      printExplanation(page, builds[0]!.label, a!);
      printExplanation(page, builds[1]!.label, b!);
    }
  }
} finally {
  await browser?.close();
  await floorServer?.close();
  for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
  await unlink(path.join(refDir, 'node_modules')).catch(() => undefined);
  try {
    git('worktree', 'remove', '--force', refDir);
  } catch {
    git('worktree', 'prune');
  }
  await rm(work, { recursive: true, force: true });
}
