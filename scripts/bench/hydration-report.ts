/**
 * The tables scripts/bench/hydration-tasks.ts prints: per page and build the
 * longest task and the blocking time by both clocks, the long tasks by kind,
 * and with --explain what each long task of a median load was made of.
 */
import { median } from './median';
import { KINDS, LONG_TASK_MS } from './trace-tasks';
import type { Blocking, Load } from './trace-tasks';

/** A page's name in the tables: an episode's long address shortened. */
const pageLabel = (page: string) => (page.length > 36 ? `${page.slice(0, 35)}…` : page);

const ms = (value: number) => `${Math.round(value)}`;
const ratio = (a: number, b: number) => (b === 0 ? (a === 0 ? '1.00' : '∞') : (a / b).toFixed(2));

export function printExplanation(page: string, build: string, loads: Load[]) {
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

type Measure = 'wall' | 'cpu' | 'hydrationWall' | 'hydrationCpu';
const MEASURES: readonly Measure[] = ['wall', 'cpu', 'hydrationWall', 'hydrationCpu'];

export function printTables(results: Map<string, Load[][]>, quietMs: number) {
  const widths = [36, 5, ...MEASURES.flatMap(() => [11, 6]), 9];
  console.log(row(widths, ['', '', 'the whole load', '', '', '', 'from the entry’s first import', '', '', '', '']));
  console.log(row(widths, ['', '', 'wall time', '', 'thread time', '', 'wall time', '', 'thread time', '', '']));
  console.log(row(widths, ['page', 'build', ...MEASURES.flatMap(() => ['longest', 'TBT']), 'hydrated']));
  const stat = (loads: Load[], measure: Measure, key: keyof Blocking) => loads.map((run) => run[measure][key]);
  const longest = (loads: Load[], measure: Measure) =>
    `${ms(median(stat(loads, measure, 'longest')))} (${ms(Math.max(...stat(loads, measure, 'longest')))})`;
  for (const [page, [a, b]] of results) {
    BUILDS.forEach((name, index) => {
      const loads = [a!, b!][index]!;
      console.log(
        row(widths, [
          name === 'A' ? pageLabel(page) : '',
          name,
          ...MEASURES.flatMap((measure) => [longest(loads, measure), ms(median(stat(loads, measure, 'tbt')))]),
          ms(median(loads.map((run) => run.hydratedAt))),
        ]),
      );
    });
    const ratios = (measure: Measure, key: keyof Blocking) => ratio(median(stat(a!, measure, key)), median(stat(b!, measure, key)));
    console.log(
      row(widths, [
        '',
        'A/B',
        ...MEASURES.flatMap((measure) => [
          `${ratios(measure, 'longest')} (${ratio(Math.max(...stat(a!, measure, 'longest')), Math.max(...stat(b!, measure, 'longest')))})`,
          ratios(measure, 'tbt'),
        ]),
        ratio(median(a!.map((run) => run.hydratedAt)), median(b!.map((run) => run.hydratedAt))),
      ]),
    );
  }
  console.log(
    `\nlongest: the longest main-thread task, the median (and the max) of the loads; TBT: the median of the sum over the\n` +
      `tasks of (duration − ${LONG_TASK_MS} ms). The whole load: from the navigation until hydrated + ${quietMs} ms; from the\n` +
      "entry's first import: the tasks after the page painted and client/entry.ts asked for the framework, hydrate.tsx and\n" +
      "the page's chunks (hydration's part). hydrated: when every interactive element was React's, ms after navigation.\n" +
      'Wall time is what the trace shows; thread time leaves out the time other processes held the core (CLOCKS).',
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

/**
 * --no-script: the same pages with their scripts refused, loaded as often: what the HTML and CSS cost the main
 * thread (the navigation's commit, parsing, style, layout, paint) with no script run and nothing hydrated, the
 * floor that no change to the scripts can go below.
 */
export function printWithoutScript(results: Map<string, Load[][]>, withoutScript: Map<string, Load[][]>) {
  console.log("\nThe whole load, thread time, with the page's scripts and with them refused (--no-script)");
  const widths = [36, 5, 11, 6, 11, 6, 11, 6];
  console.log(row(widths, ['', '', 'with scripts', '', 'refused', '', 'with ÷ refused', '']));
  console.log(row(widths, ['page', 'build', 'longest', 'TBT', 'longest', 'TBT', 'longest', 'TBT']));
  for (const [page, off] of withoutScript) {
    const on = results.get(page)!;
    BUILDS.forEach((name, index) => {
      const longest = (loads: Load[]) => median(loads.map((run) => run.cpu.longest));
      const tbt = (loads: Load[]) => median(loads.map((run) => run.cpu.tbt));
      const [a, b] = [on[index]!, off[index]!];
      console.log(
        row(widths, [
          name === 'A' ? pageLabel(page) : '',
          name,
          `${ms(longest(a))} (${ms(Math.max(...a.map((run) => run.cpu.longest)))})`,
          ms(tbt(a)),
          `${ms(longest(b))} (${ms(Math.max(...b.map((run) => run.cpu.longest)))})`,
          ms(tbt(b)),
          ratio(longest(a), longest(b)),
          ratio(tbt(a), tbt(b)),
        ]),
      );
    });
  }
  console.log(
    'refused: every .js request blocked (Network.setBlockedURLs), so the page is what its HTML and CSS alone make,\n' +
      'measured until the load event + the same quiet time; longest: median (and max) of the loads.',
  );
}

/**
 * --floor: the least a page costs a fresh renderer here, beside each page's longest task and a third of the
 * reference's (issue 44's goal): a goal under the floor is one no page can meet on this machine.
 */
export function printFloor(results: Map<string, Load[][]>, floor: Load[]) {
  const longest = (loads: Load[]) => median(loads.map((run) => run.cpu.longest));
  const tbt = (loads: Load[]) => median(loads.map((run) => run.cpu.tbt));
  const floorLongest = longest(floor);
  console.log(
    `\nThe floor: a page of one heading and one paragraph, no stylesheet, no script, loaded as the pages are (${floor.length} loads),` +
      `\nthread time: longest ${ms(floorLongest)} (min ${ms(Math.min(...floor.map((run) => run.cpu.longest)))}, ` +
      `max ${ms(Math.max(...floor.map((run) => run.cpu.longest)))}), TBT ${ms(tbt(floor))}`,
  );
  const widths = [36, 11, 11, 14, 14];
  console.log(row(widths, ['page', 'A longest', 'B longest', 'a third of B', 'third ÷ floor']));
  for (const [page, [a, b]] of results) {
    const third = longest(b!) / 3;
    console.log(row(widths, [pageLabel(page), ms(longest(a!)), ms(longest(b!)), ms(third), ratio(third, floorLongest)]));
  }
  console.log('a third ÷ floor under 1.00: a third of the reference is less than a page of one paragraph costs.');
}
