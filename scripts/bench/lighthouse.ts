/**
 * npm run lighthouse: Lighthouse's mobile audit (its default: a mid-range
 * phone on slow 4G, simulated) of the production server on loopback, run
 * five times per page with the system Chromium; prints the median scores and
 * the metrics behind Performance. Not part of npm test: scores come from
 * timings, and timings vary with the machine. Five runs, as
 * Lighthouse's own variability guide advises: their median is about twice
 * as stable as one run (docs/variability.md in the Lighthouse repository).
 *
 *   npm run lighthouse                     the five pages below, five runs each
 *   npm run lighthouse -- --runs 1 /press  one page, one run
 *
 * Beside each run's score is the host's benchmark index (lhr.environment.benchmarkIndex,
 * Lighthouse's measure of how fast this machine ran a fixed piece of work at
 * that moment): on a shared machine it moved from 905 to 1,858 within a minute,
 * and a score follows it more than it follows the page (issue 44). A low score
 * at a low index is the host; compare builds with scripts/bench/hydration-tasks.ts.
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { startServerProcess } from '../local/server-process';
import { median } from './median';

/** The episodes the public sees now, read from content/ as the server reads them. */
const { episodes } = readPublishedContent(process.cwd());

const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '5' } }, allowPositionals: true });
const RUNS = Number(values.runs);
const PAGES = positionals.length
  ? positionals
  : [paths.home, paths.podcast, paths.episode(episodes[0]!.id), paths.press, paths.investmentManagement];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

const site = await startServerProcess({ env: { LOG_LEVEL: 'info' }, log: 'drop', stderr: 'inherit' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let failed = false;
try {
  console.log(`Lighthouse mobile (simulated slow 4G), median of ${RUNS} run(s) per page\n`);
  console.log(
    [
      'page'.padEnd(50),
      ...CATEGORIES.map((c) => c.slice(0, 11).padStart(12)),
      ...Object.values(METRICS).map((m) => m.padStart(8)),
      '   index',
      '  performance/TBT@benchmark index, each run',
    ].join(''),
  );
  for (const page of PAGES) {
    const scores: Record<string, number[]> = {};
    const metrics: Record<string, number[]> = {};
    const benchmarkIndex: number[] = [];
    // A run Lighthouse could not finish (lhr.runtimeError, e.g. a protocol
    // timeout on a busy machine) has no scores: it is reported and run again,
    // never counted as a 0. Up to as many retries as runs.
    for (let run = 0, attempts = 0; run < RUNS && attempts < 2 * RUNS; attempts++) {
      const result = await lighthouse(site.origin + page, {
        port: chrome.port,
        onlyCategories: [...CATEGORIES],
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError) {
        console.log(`  ${page}: a run failed (${lhr.runtimeError.code}: ${lhr.runtimeError.message}); running it again`);
        continue;
      }
      for (const category of CATEGORIES) (scores[category] ??= []).push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      for (const audit of Object.keys(METRICS)) (metrics[audit] ??= []).push(lhr.audits[audit]?.numericValue ?? NaN);
      benchmarkIndex.push(Math.round(lhr.environment.benchmarkIndex));
      if (run === 0) {
        const failing = Object.values(lhr.audits).filter(
          (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary',
        );
        for (const audit of failing) console.log(`  ${page}: ${audit.id} — ${audit.title}`);
      }
      run++;
    }
    if (!scores.performance) throw new Error(`Lighthouse could not finish a single run of ${page}.`);
    const row = [
      page.padEnd(50),
      ...CATEGORIES.map((category) => String(median(scores[category]!)).padStart(12)),
      ...Object.keys(METRICS).map((audit) => {
        const value = median(metrics[audit]!);
        return (audit === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)}ms`).padStart(8);
      }),
      String(median(benchmarkIndex)).padStart(8),
      // The spread says more than the median on a noisy machine, and the index says how fast the host was for each.
      `  ${scores.performance!.map((score, run) => `${score}/${Math.round(metrics['total-blocking-time']![run]!)}ms@${benchmarkIndex[run]}`).join(' ')}`,
    ];
    console.log(row.join(''));
    if (median(scores.performance!) < 98) failed = true;
  }
} finally {
  chrome.kill();
  await site.stop();
}
if (failed) {
  console.error('\nA page scored below 98 on Performance.');
  process.exitCode = 1;
}
