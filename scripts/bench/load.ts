/**
 * npm run load: the production server as its own process under sustained
 * load — 100 connections for 60 s over a mix of pages, page data, assets,
 * 404s and newsletter sign-ups (delivered to a local fake of the provider,
 * scripts/local/fake-provider.ts). Prints failed requests, statuses by code,
 * unexpected statuses per route, p50/p99 and the server's RSS before, during
 * and after. Exits 1 on any failed request or unexpected status.
 *
 *   npm run load                                 60 s at 100 connections
 *   npm run load -- --seconds 10                 a quick run
 *   npm run load -- --seconds 30 --connections 50
 *
 * The client runs in this process and shares the machine's cores with the
 * server; on a busy machine latency suffers, the outcome must not.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readPublishedContent } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../local/fake-provider';
import { startServerProcess } from '../local/server-process';
import { formatReport, startLoad } from './load-mix';
import type { LoadTarget } from './load-mix';

/** The episodes the public sees now, read from content/ as the server reads them. */
const { episodes } = readPublishedContent(process.cwd());

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '60' }, connections: { type: 'string', default: '100' } },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
if (!(SECONDS > 0) || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) {
  console.error('usage: npm run load -- [--seconds N (default 60)] [--connections N (default 100)]');
  process.exit(2);
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** Memory as the server sees it: RSS, and the V8 heap in use (from its own /metrics). */
async function memory(pid: number, metricsOrigin: string): Promise<string> {
  const text = await fetch(`${metricsOrigin}/metrics`).then((res) => res.text());
  const heapMb = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? NaN) / 1024 / 1024;
  return `${rssMb(pid).toFixed(0)} (heap ${heapMb.toFixed(0)})`;
}

const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8')) as {
  entry: { file: string; css: string[] };
};
let signUps = 0;
const ok = [200];
const browser = { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/html,*/*' };
const targets: LoadTarget[] = [
  { path: paths.home, expect: ok, headers: browser },
  { path: paths.podcast, expect: ok, headers: browser },
  { path: paths.podcastPage(2), expect: ok, headers: browser },
  { path: paths.episode(episodes[0]!.id), expect: ok, headers: browser },
  { path: paths.episode(episodes[episodes.length - 1]!.id), expect: ok, headers: browser },
  { path: paths.press, expect: ok, headers: browser },
  { path: paths.contact, expect: ok, headers: browser },
  { path: paths.investmentManagement, expect: ok, headers: browser },
  { path: paths.pageData(paths.press), expect: ok, headers: browser },
  { path: manifest.entry.file, expect: ok, headers: browser },
  { path: manifest.entry.css[0]!, expect: ok, headers: browser },
  { path: '/favicon.svg', expect: ok, headers: browser },
  { path: '/no-such-page', expect: [404], headers: browser },
  { path: '/assets/no-such-file.js', expect: [404], headers: browser },
  { path: paths.podcast + '/no-such-episode', expect: [404], headers: browser },
  {
    path: paths.subscribeApi,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: () => JSON.stringify({ email: `load-${process.pid}-${(signUps += 1)}@example.com` }),
    // 200 when the provider confirmed at once; 202 (kept, sent by the outbox shortly) when its 4 slots were busy.
    expect: [200, 202],
  },
];

const provider = await startFormEndpoint('success');
const dataDir = mkdtempSync(path.join(tmpdir(), 'harbor-load-'));
const server = await startServerProcess({
  env: {
    DRAIN_SECONDS: '0',
    // With metrics on, as in production; they also tell the V8 heap apart from RSS.
    METRICS_PORT: '0',
    NEWSLETTER_LIST_ID: 'LoadTest',
    NEWSLETTER_ENDPOINT: `${provider.origin}${FORM_ENDPOINT_PATH}`,
    NEWSLETTER_FILE: path.join(dataDir, 'subscribers.jsonl'),
    // Every request comes from this one client: no per-client sign-up limit.
    NEWSLETTER_RATE_LIMIT: '0',
  },
  log: 'drop',
  stderr: 'inherit',
});
const pid = server.child.pid!;
const metricsOrigin = server.metricsOrigin!;

try {
  // One request per route first, so the page cache is warm and RSS "before" is the settled size.
  const warm = startLoad({ origin: server.origin, connections: 1, targets });
  await new Promise((resolve) => setTimeout(resolve, 300));
  warm.stop();
  await warm.done;
  const rssBefore = rssMb(pid);
  console.log(`server pid ${pid} at ${server.origin}; RSS after warm-up ${rssBefore.toFixed(1)} MB`);
  console.log(`${CONNECTIONS} connections for ${SECONDS} s over ${targets.length} routes (pages, page data, assets, 404s, sign-ups)…\n`);

  const samples: string[] = [];
  const sampler = setInterval(
    () => void memory(pid, metricsOrigin).then((sample) => samples.push(sample)),
    Math.max(1_000, (SECONDS * 1000) / 6),
  );
  const report = await startLoad({ origin: server.origin, connections: CONNECTIONS, targets, seconds: SECONDS }).done;
  clearInterval(sampler);
  const rssAfter = rssMb(pid);
  const afterSample = await memory(pid, metricsOrigin);

  console.log(formatReport(report));
  console.log(
    `RSS: ${rssBefore.toFixed(1)} MB before, ${rssAfter.toFixed(1)} MB after (${rssAfter - rssBefore >= 0 ? '+' : ''}${(rssAfter - rssBefore).toFixed(1)} MB); ` +
      `MB during: ${samples.join(', ')}; after: ${afterSample}`,
  );
  // Every sign-up taken (200 or 202) must reach the provider: at once, or from the outbox soon after.
  const delivered = () => new Set(provider.requests.map((request) => (request.body as { email?: string }).email)).size;
  const waitStarted = performance.now();
  while (delivered() < signUps && performance.now() - waitStarted < 120_000) await new Promise((resolve) => setTimeout(resolve, 250));
  console.log(
    `sign-ups: ${signUps} sent, ${delivered()} distinct addresses reached the provider ` +
      `(the last ${(performance.now() - waitStarted) / 1000 < 0.3 ? 'during the run' : `${((performance.now() - waitStarted) / 1000).toFixed(1)} s after it, from the outbox`})`,
  );
  if (delivered() < signUps) {
    console.error(`FAILED: ${signUps - delivered()} sign-ups never reached the provider`);
    process.exitCode = 1;
  }
  if (report.errorCount > 0 || report.unexpectedCount > 0) {
    console.error(`\nFAILED: ${report.errorCount} requests got no answer, ${report.unexpectedCount} got an unexpected status`);
    process.exitCode = 1;
  }
} finally {
  await server.stop('SIGTERM');
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
}
