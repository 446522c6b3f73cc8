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
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { startServerProcess } from '../local/server-process';
import type { ServerProcess } from '../local/server-process';
import { CdpPipe } from './cdp-pipe';
import type { Tab } from './cdp-pipe';
import { median } from './median';

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
  },
  allowPositionals: true,
});
const RUNS = Number(values.runs);
const THROTTLE = Number(values.throttle);
/** How long the trace runs on after the page has hydrated. */
const QUIET_MS = 1500;
const LONG_TASK_MS = 50;
const HYDRATION_TIMEOUT_MS = 60_000;
const POLL_MS = 50;

const { episodes } = readPublishedContent(rootDir);
const PAGES = positionals.length ? positionals : [paths.home, paths.podcast, paths.episode(episodes[0]!.id)];
/** A page's name in the tables: an episode's long address shortened. */
const pageLabel = (page: string) => (page.length > 36 ? `${page.slice(0, 35)}…` : page);

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
// The trace

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown>; [key: string]: unknown };
  id?: string;
}

/** What a task's time went to, roughly: the kinds the second table sorts the long tasks by. */
const KINDS = ['parse', 'style+layout', 'paint', 'compile', 'script', 'other'] as const;
type Kind = (typeof KINDS)[number];

function kindOf(name: string): Kind {
  if (/^(ParseHTML|HTMLDocumentParser::)/.test(name)) return 'parse';
  if (/^(UpdateLayoutTree|Layout|RecalcStyle|AnimationFrame::StyleAndLayout)$/.test(name)) return 'style+layout';
  if (/^(Paint|PrePaint|PaintImage|Layerize|Commit|UpdateLayer|Decode Image|ImageDecodeTask)$/.test(name)) return 'paint';
  if (/^(v8\.compile|V8\.Compile|v8\.parse|V8\.Parse|v8\.deserialize)/.test(name)) return 'compile';
  if (
    /^(RunMicrotasks|FunctionCall|v8\.callFunction|EvaluateScript|v8\.evaluateModule|v8\.run|v8\.newInstance|TimerFire|EventDispatch|FireAnimationFrame|V8\.BytecodeBudgetInterrupt|BlinkScheduler_PerformMicrotaskCheckpoint|RunYieldContinuation|V8\.StackGuard|V8\.HandleInterrupts|MinorGC|MajorGC|V8\.GC)/.test(
      name,
    )
  ) {
    return 'script';
  }
  return 'other';
}

interface Task {
  /** ms after the navigation started */
  start: number;
  /** Wall time, ms. */
  duration: number;
  /** The main thread's CPU time in it (the trace's thread duration), ms: see CLOCKS. */
  cpu: number;
  /** The kind of work it spent most of its time on. */
  kind: Kind;
  /** What the task's time went to, by the events inside it (self time, ms), largest first. */
  parts: [string, number][];
  /** The JavaScript functions the sampling profiler found it in (self time, ms), largest first (--explain). */
  functions: [string, number][];
}

interface Blocking {
  longest: number;
  tbt: number;
}

interface Load {
  wall: Blocking;
  cpu: Blocking;
  /** The tasks over LONG_TASK_MS by either clock. */
  longTasks: Task[];
  /** ms after the navigation started, as the page's clock saw it when it found itself hydrated (to the poll). */
  hydratedAt: number;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadControllerImpl::DoWork']);

const shortUrl = (url: unknown) => (typeof url === 'string' && url ? (url.split('/').pop()!.split('?')[0] ?? url) : '');

/** A readable name for an event inside a task: its name and, where it has one, the script or function. */
function label(event: TraceEvent): string {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const file = shortUrl(data.url ?? (event.args as { fileName?: unknown } | undefined)?.fileName);
  const fn = typeof data.functionName === 'string' && data.functionName ? `${data.functionName} ` : '';
  return file || fn ? `${event.name} (${fn}${file})`.replace(' )', ')') : event.name;
}

/** B/E pairs as complete events, so that nesting can be read from start and duration alone. */
function completeEvents(events: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph === 'X' && event.dur !== undefined) out.push(event);
    else if (event.ph === 'B') {
      const key = `${event.tid}`;
      const stack = open.get(key) ?? [];
      stack.push(event);
      open.set(key, stack);
    } else if (event.ph === 'E') {
      const begin = open.get(`${event.tid}`)?.pop();
      if (begin) out.push({ ...begin, ph: 'X', dur: event.ts - begin.ts, args: { ...begin.args, ...event.args } });
    }
  }
  return out.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
}

/** Self time per label of the events nested inside [start, end) on one thread. */
function selfTimes(events: TraceEvent[], start: number, end: number): [string, number][] {
  const inside = events.filter((event) => event.ts >= start && event.ts + event.dur! <= end && !TASK_NAMES.has(event.name));
  const totals = new Map<string, number>();
  const stack: { event: TraceEvent; end: number; childTime: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1]!.end <= until) {
      const done = stack.pop()!;
      const self = done.event.dur! - done.childTime;
      totals.set(label(done.event), (totals.get(label(done.event)) ?? 0) + self / 1000);
      if (stack.length) stack[stack.length - 1]!.childTime += done.event.dur!;
    }
  };
  let covered = 0;
  for (const event of inside) {
    close(event.ts);
    if (!stack.length) covered += event.dur!;
    stack.push({ event, end: event.ts + event.dur!, childTime: 0 });
  }
  close(Infinity);
  totals.set('(task, outside any event)', (end - start - covered) / 1000);
  return [...totals].filter(([, ms]) => ms >= 0.5).sort((a, b) => b[1] - a[1]);
}

interface CpuProfile {
  nodes: Map<number, { functionName: string; url: string; line: number; column: number }>;
  /** [timestamp µs, node id] */
  samples: [number, number][];
}

/** The sampling profiler's samples on the main thread (Profile/ProfileChunk events), for --explain. */
function cpuProfile(events: TraceEvent[], pid: number, tid: number): CpuProfile {
  const profile: CpuProfile = { nodes: new Map(), samples: [] };
  const ids = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  let time = 0;
  for (const event of events) {
    if (event.name === 'Profile' && ids.has(event.id)) time = (event.args?.data?.startTime as number) ?? 0;
    if (event.name !== 'ProfileChunk' || !ids.has(event.id)) continue;
    const chunk = event.args!.data as {
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const node of chunk.cpuProfile?.nodes ?? []) {
      profile.nodes.set(node.id, {
        functionName: node.callFrame.functionName,
        url: node.callFrame.url,
        line: node.callFrame.lineNumber,
        column: node.callFrame.columnNumber,
      });
    }
    const deltas = chunk.timeDeltas ?? [];
    (chunk.cpuProfile?.samples ?? []).forEach((id, index) => {
      time += deltas[index] ?? 0;
      profile.samples.push([time, id]);
    });
  }
  return profile;
}

function sampledFunctions(profile: CpuProfile, start: number, end: number): [string, number][] {
  const inWindow = profile.samples.filter(([ts]) => ts >= start && ts < end);
  const totals = new Map<string, number>();
  for (let i = 0; i < inWindow.length; i++) {
    const [ts, id] = inWindow[i]!;
    const next = inWindow[i + 1]?.[0] ?? end;
    const node = profile.nodes.get(id);
    // (program): no JavaScript on the stack, including the time the CPU throttle holds the thread.
    if (!node || node.functionName === '(program)' || node.functionName === '(idle)') continue;
    const where = node.url ? ` ${shortUrl(node.url)}:${node.line + 1}:${node.column + 1}` : '';
    const name = `${node.functionName || '(anonymous)'}${where}`;
    totals.set(name, (totals.get(name) ?? 0) + (next - ts) / 1000);
  }
  return [...totals].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]);
}

function analyse(events: TraceEvent[], pageUrl: string, hydratedAt: number): Load {
  // The page's renderer: the process whose main thread parsed the page's HTML.
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const parse = events.find((e) => e.name === 'ParseHTML' && mainThreads.has(`${e.pid}:${e.tid}`) && e.args?.beginData?.url === pageUrl);
  if (!parse) throw new Error(`No ParseHTML of ${pageUrl} on a renderer main thread in the trace`);
  const { pid, tid } = parse;
  const thread = completeEvents(events.filter((e) => e.pid === pid && e.tid === tid));
  // The navigation's start as the renderer's clock has it (performance.timeOrigin), else the document request.
  const navigation =
    events.find((e) => e.name === 'navigationStart' && e.pid === pid && String(e.args?.data?.documentLoaderURL ?? '') === pageUrl) ??
    events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === pageUrl);
  const t0 = navigation?.ts ?? parse.ts;

  const tasks: TraceEvent[] = [];
  let lastEnd = -Infinity;
  for (const event of thread) {
    if (!TASK_NAMES.has(event.name) || event.ts + event.dur! < t0) continue;
    if (event.ts < lastEnd) continue; // nested in the task before
    tasks.push(event);
    lastEnd = event.ts + event.dur!;
  }
  const profile = values.explain ? cpuProfile(events, pid, tid) : undefined;
  const cpuOf = (task: TraceEvent) => (task.tdur ?? task.dur!) / 1000;
  const longTasks = tasks
    .filter((task) => task.dur! / 1000 > LONG_TASK_MS || cpuOf(task) > LONG_TASK_MS)
    .map((task) => ({
      start: (task.ts - t0) / 1000,
      duration: task.dur! / 1000,
      cpu: cpuOf(task),
      parts: selfTimes(thread, task.ts, task.ts + task.dur!),
      kind: 'other' as Kind,
      functions: profile ? sampledFunctions(profile, task.ts, task.ts + task.dur!) : [],
    }));
  for (const task of longTasks) {
    const byKind = new Map<Kind, number>();
    for (const [what, time] of task.parts) {
      const kind = kindOf(what.split(' (')[0]!);
      byKind.set(kind, (byKind.get(kind) ?? 0) + time);
    }
    task.kind = [...byKind].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
  }
  const blocking = (durations: number[]): Blocking => ({
    longest: Math.max(0, ...durations),
    tbt: durations.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0),
  });
  return {
    wall: blocking(tasks.map((task) => task.dur! / 1000)),
    cpu: blocking(tasks.map(cpuOf)),
    longTasks,
    hydratedAt,
  };
}

// ---------------------------------------------------------------------------
// One load

/**
 * The page's clock (ms) once the root route's effect has marked <html> and React has claimed every interactive
 * element of <body>; else false. A string evaluated over CDP rather than Playwright's waitForFunction, which
 * would first inject Playwright's own scripts into the page: a task of 50–300 ms the trace would count.
 */
const HYDRATED_EVERYWHERE = `(() => {
  if (document.documentElement.dataset.hydrated !== 'true') return false;
  for (const element of document.body.querySelectorAll('a[href], button, input, select, textarea, form, summary')) {
    if (element.closest('noscript')) continue;
    if (!Object.keys(element).some((key) => key.startsWith('__reactFiber$'))) return false;
  }
  return performance.now();
})()`;

/** Why a page has not hydrated: its address and state, and the first interactive element React has not claimed. */
const NOT_HYDRATED_WHY = `JSON.stringify({
  url: location.href,
  readyState: document.readyState,
  hydrated: document.documentElement?.dataset.hydrated,
  unclaimed: Array.from(document.body?.querySelectorAll('a[href], button, input, select, textarea, form, summary') ?? [])
    .find((element) => !element.closest('noscript') && !Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
    ?.outerHTML.slice(0, 200),
})`;

async function waitUntilHydrated(cdp: Tab): Promise<number> {
  const deadline = Date.now() + HYDRATION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { result } = await cdp.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
      expression: HYDRATED_EVERYWHERE,
      returnByValue: true,
    });
    if (typeof result.value === 'number') return result.value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const { result } = await cdp.send<{ result: { value?: unknown } }>('Runtime.evaluate', {
    expression: NOT_HYDRATED_WHY,
    returnByValue: true,
  });
  throw new NotHydrated(`not hydrated after ${HYDRATION_TIMEOUT_MS / 1000} s: ${String(result.value)}`);
}

class NotHydrated extends Error {}

async function load(browser: CdpPipe, url: string, traceName: string): Promise<Load> {
  const tab = await browser.openTab({ runtime: values.runtime });
  try {
    await tab.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const stopTracing = await browser.startTracing(CATEGORIES);
    let trace: string;
    let hydratedAt: number;
    try {
      await tab.send('Page.navigate', { url });
      hydratedAt = await waitUntilHydrated(tab);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    } finally {
      trace = await stopTracing();
    }
    if (values['save-traces']) {
      await mkdir(values['save-traces'], { recursive: true });
      await writeFile(path.join(values['save-traces'], `${traceName}.json`), trace);
    }
    const parsed = JSON.parse(trace) as { traceEvents: TraceEvent[] } | TraceEvent[];
    return analyse(Array.isArray(parsed) ? parsed : parsed.traceEvents, url, hydratedAt);
  } finally {
    await tab.close();
  }
}

// ---------------------------------------------------------------------------
// The report

const ms = (value: number) => `${Math.round(value)}`;
const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));

function printExplanation(page: string, build: string, loads: Load[]) {
  console.log(`\n${page} — ${build}: tasks over ${LONG_TASK_MS} ms, wall (thread) time (${loads.length} loads)`);
  loads.forEach((run, index) => {
    const tasks = run.longTasks.map((task) => `${ms(task.duration)} (${ms(task.cpu)}) @${ms(task.start)}`).join(', ');
    console.log(`  load ${index + 1}: hydrated @${ms(run.hydratedAt)} ms; ${tasks || 'none'}`);
  });
  // The longest task of the median load, taken apart.
  const byLongest = [...loads].sort((a, b) => a.cpu.longest - b.cpu.longest);
  const typical = byLongest[Math.floor(byLongest.length / 2)]!;
  console.log(`  the median load's tasks over ${LONG_TASK_MS} ms, by what they spent most on:`);
  for (const task of typical.longTasks) {
    const parts = task.parts.slice(0, 4).map(([what, time]) => `${what} ${ms(time)}`);
    console.log(
      `    ${ms(task.duration).padStart(5)} (${ms(task.cpu).padStart(3)}) ms @${ms(task.start).padEnd(5)} ${task.kind}: ${parts.join(', ')}`,
    );
  }
  for (const task of [...typical.longTasks].sort((a, b) => b.cpu - a.cpu).slice(0, 3)) {
    console.log(`  a median load's task of ${ms(task.duration)} (${ms(task.cpu)}) ms at ${ms(task.start)} ms:`);
    for (const [what, time] of task.parts.slice(0, 12)) console.log(`      ${time.toFixed(1).padStart(7)} ms  ${what}`);
    if (task.functions.length) console.log('    sampled JavaScript (self time; the throttled share of the task is not in it):');
    for (const [what, time] of task.functions.slice(0, 15)) console.log(`      ${time.toFixed(1).padStart(7)} ms  ${what}`);
  }
}

const row = (widths: number[], cells: string[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
const BUILDS = ['A', 'B'] as const;

function printTables(results: Map<string, Load[][]>) {
  const widths = [36, 5, 9, 6, 9, 6, 9, 6, 9, 6, 9];
  console.log(row(widths, ['', '', 'wall time', '', '', '', 'thread time', '', '', '', '']));
  console.log(row(widths, ['page', 'build', 'longest', 'max', 'TBT', 'max', 'longest', 'max', 'TBT', 'max', 'hydrated']));
  const stat = (loads: Load[], clock: 'wall' | 'cpu', key: keyof Blocking) => loads.map((run) => run[clock][key]);
  for (const [page, [a, b]] of results) {
    BUILDS.forEach((name, index) => {
      const loads = [a!, b!][index]!;
      console.log(
        row(widths, [
          name === 'A' ? pageLabel(page) : '',
          name,
          ...(['wall', 'cpu'] as const).flatMap((clock) =>
            (['longest', 'tbt'] as const).flatMap((key) => [ms(median(stat(loads, clock, key))), ms(Math.max(...stat(loads, clock, key)))]),
          ),
          ms(median(loads.map((run) => run.hydratedAt))),
        ]),
      );
    });
    console.log(
      row(widths, [
        '',
        'A/B',
        ...(['wall', 'cpu'] as const).flatMap((clock) =>
          (['longest', 'tbt'] as const).flatMap((key) => [
            ratio(median(stat(a!, clock, key)), median(stat(b!, clock, key))),
            ratio(Math.max(...stat(a!, clock, key)), Math.max(...stat(b!, clock, key))),
          ]),
        ),
        ratio(median(a!.map((run) => run.hydratedAt)), median(b!.map((run) => run.hydratedAt))),
      ]),
    );
  }
  console.log(
    `\nlongest: the longest main-thread task from navigation until hydrated + ${QUIET_MS} ms, the median (and max) of the loads;\n` +
      `TBT: the sum over those tasks of (duration − ${LONG_TASK_MS} ms); hydrated: when every interactive element was React's (ms after\n` +
      'navigation). Wall time is what the trace shows; thread time leaves out the time other processes held the core (CLOCKS).',
  );

  // The same tasks by what they were busy with, each counted under the kind it spent most on.
  console.log(`\nTasks over ${LONG_TASK_MS} ms of thread time by what they spent most on: median of the longest / median TBT, per kind`);
  const kindWidths = [36, 5, ...KINDS.map(() => 13)];
  console.log(row(kindWidths, ['page', 'build', ...KINDS]));
  for (const [page, [a, b]] of results) {
    BUILDS.forEach((name, index) => {
      const loads = [a!, b!][index]!;
      const cells = KINDS.map((kind) => {
        const of = loads.map((run) => run.longTasks.filter((task) => task.kind === kind && task.cpu > LONG_TASK_MS));
        const longest = median(of.map((tasks) => Math.max(0, ...tasks.map((task) => task.cpu))));
        const tbt = median(of.map((tasks) => tasks.reduce((sum, task) => sum + task.cpu - LONG_TASK_MS, 0)));
        return longest === 0 && tbt === 0 ? '–' : `${ms(longest)} / ${ms(tbt)}`;
      });
      console.log(row(kindWidths, [name === 'A' ? pageLabel(page) : '', name, ...cells]));
    });
  }
  console.log(
    'parse: the HTML parser; style+layout; paint: paint, layerize, commit, image decode; compile: V8 compiling scripts;\n' +
      "script: running JavaScript (module evaluation, React's work, effects, events, GC); other: Blink work with no finer event",
  );
}

// ---------------------------------------------------------------------------

const reference = git('rev-parse', '--verify', '--end-of-options', `${values.against}^{commit}`);
const work = mkdtempSync(path.join(tmpdir(), 'hydration-tasks-'));
const refDir = path.join(work, reference.slice(0, 12));
const servers: ServerProcess[] = [];
let browser: CdpPipe | undefined;
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
  for (const build of builds) servers.push(await startServerProcess({ cwd: build.cwd, log: 'drop', env: { LOG_LEVEL: 'info' } }));
  // Only loopback: other hosts do not resolve.
  browser = CdpPipe.launch(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1']);
  // Warm each server's page cache (the first request of a page renders it), outside the measurement.
  for (const server of servers) for (const page of PAGES) await fetch(server.origin + page).then((response) => response.arrayBuffer());

  const how = values.runtime ? 'with the Runtime domain on, as under Playwright or Lighthouse' : 'no DevTools domain on, as for a visitor';
  console.log(`Main-thread tasks while a page loads and hydrates: ${await browser.version()}, CPU throttled ${THROTTLE}×, ${how}`);
  console.log(`A = ${builds[0]!.label}\nB = ${builds[1]!.label}`);
  console.log(`${RUNS} loads of each, alternating A and B, each in a fresh context; times in ms\n`);
  const results = new Map<string, Load[][]>();
  for (const page of PAGES) {
    const loads: Load[][] = [[], []];
    for (let run = 0; run < RUNS; run++) {
      for (const index of [0, 1]) {
        const traceName = `${page.replace(/\W+/g, '_')}-${builds[index]!.name}-${run + 1}`;
        // A load that never hydrates is reported and made again (at most twice), not counted.
        for (let attempt = 1; ; attempt++) {
          try {
            loads[index]!.push(await load(browser, servers[index]!.origin + page, traceName));
            break;
          } catch (error) {
            if (!(error instanceof NotHydrated) || attempt === 3) throw error;
            console.log(`${builds[index]!.name} ${page}, load ${run + 1}: ${error.message}; loading it again`);
          }
        }
      }
      process.stderr.write(`\r${page}: ${run + 1}/${RUNS}   `);
    }
    process.stderr.write('\n');
    results.set(page, loads);
  }

  printTables(results);
  if (values.explain) {
    for (const [page, [a, b]] of results) {
      printExplanation(page, builds[0]!.label, a!);
      printExplanation(page, builds[1]!.label, b!);
    }
  }
} finally {
  await browser?.close();
  for (const server of servers) await server.stop();
  await unlink(path.join(refDir, 'node_modules')).catch(() => undefined);
  try {
    git('worktree', 'remove', '--force', refDir);
  } catch {
    git('worktree', 'prune');
  }
  await rm(work, { recursive: true, force: true });
}
