/**
 * Reads a Chromium trace of one page load (scripts/bench/hydration-tasks.ts):
 * the top-level tasks of the page's renderer main thread from the navigation
 * on, each by wall and thread time, and for the long ones what they were
 * busy with, by the trace events inside them and, when the trace carries
 * the sampling profiler's samples, by JavaScript function.
 */

/** A task longer than this blocks input (the long-task threshold of TBT). */
export const LONG_TASK_MS = 50;

export interface TraceEvent {
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
export const KINDS = ['parse', 'style+layout', 'paint', 'compile', 'script', 'other'] as const;
export type Kind = (typeof KINDS)[number];

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

export interface Task {
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

export interface Blocking {
  longest: number;
  tbt: number;
}

export interface Load {
  /** From the navigation on: the whole load. */
  wall: Blocking;
  cpu: Blocking;
  /** From the first request for a module the entry imports (client/entry.ts, after the first paint) on: hydration's part. */
  hydrationWall: Blocking;
  hydrationCpu: Blocking;
  /** ms after the navigation started: when that request went out. */
  hydrationStart: number;
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

export function analyse(events: TraceEvent[], pageUrl: string, hydratedAt: number, { profiled = false } = {}): Load {
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
  const profile = profiled ? cpuProfile(events, pid, tid) : undefined;
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
  // Hydration's part starts where the entry, the page having painted, asks for its first module.
  const firstImport = events.find(
    (e) =>
      e.name === 'ResourceSendRequest' &&
      e.ts >= t0 &&
      /\/assets\/.+\.js$/.test(String(e.args?.data?.url ?? '')) &&
      !/\/entry-[^/]+\.js$/.test(String(e.args?.data?.url)),
  );
  const hydrationStart = firstImport?.ts ?? t0;
  const hydrating = tasks.filter((task) => task.ts + task.dur! > hydrationStart);
  return {
    wall: blocking(tasks.map((task) => task.dur! / 1000)),
    cpu: blocking(tasks.map(cpuOf)),
    hydrationWall: blocking(hydrating.map((task) => task.dur! / 1000)),
    hydrationCpu: blocking(hydrating.map(cpuOf)),
    hydrationStart: (hydrationStart - t0) / 1000,
    longTasks,
    hydratedAt,
  };
}
