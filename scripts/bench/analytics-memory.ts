/**
 * What a day of one million distinct visitors adds to a process's memory in
 * the analytics counter (server/analytics/counter.ts): each visitor a page
 * view and a second view of another page, drained in batches of 10,000 views
 * as the store would take them. Prints one JSON line: the RSS and heap the
 * counter kept after a garbage collection, and its visitor count.
 *
 *   node --expose-gc --import tsx scripts/bench/analytics-memory.ts [visitors]
 */
import { randomBytes } from 'node:crypto';
import { Counter } from '../../server/analytics/counter';
import type { EntrySource } from '../../server/analytics/entry-source';

const visitors = Number(process.argv[2] ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc');

function settled() {
  gc!();
  gc!();
  return process.memoryUsage();
}

const time = Date.parse('2026-12-01T12:00:00Z');
const paths = Array.from({ length: 200 }, (_, index) => `/podcast/episode-${index}`);
const direct: EntrySource = { channel: 'direct', source: null, campaign: null };
const search: EntrySource = { channel: 'search', source: 'google.com', campaign: null };
const counter = new Counter();
const before = settled();
let views = 0;
const CHUNK = 10_000;
for (let start = 0; start < visitors; start += CHUNK) {
  // Keys made a chunk at a time, as requests bring them: the test holds no list of its own.
  const bytes = randomBytes(16 * CHUNK);
  for (let index = 0; index < CHUNK && start + index < visitors; index++) {
    const key = bytes.subarray(index * 16, index * 16 + 16).toString('base64url');
    const n = start + index;
    counter.view({ time, path: paths[n % paths.length]!, notFound: false, key }, () => (n % 3 ? direct : search));
    counter.view({ time, path: paths[(n * 7) % paths.length]!, notFound: false, key }, () => direct);
    views += 2;
  }
  counter.drain();
}
const after = settled();
process.stdout.write(
  `${JSON.stringify({
    visitors,
    views,
    counted: counter.visitorsToday(),
    rssAddedMb: Math.round((after.rss - before.rss) / 1e5) / 10,
    heapAddedMb: Math.round((after.heapUsed - before.heapUsed) / 1e5) / 10,
  })}\n`,
);
