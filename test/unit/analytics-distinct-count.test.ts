/**
 * The day's distinct visitors: exact up to 100,000, within 1% above, a
 * million of them within 64 MB of RSS (scripts/bench/analytics-memory.ts, run
 * here in its own process for a clean measure), and mergeable across batches.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DistinctCount, EXACT_LIMIT } from '../../server/analytics/distinct-count';

const keys = (count: number) => {
  const bytes = randomBytes(16 * count);
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * 16, index * 16 + 16).toString('base64url'));
};

describe('DistinctCount', () => {
  it('is exact up to the limit, repeats counted once', () => {
    const all = keys(EXACT_LIMIT);
    const count = new DistinctCount();
    for (const key of all) count.add(key);
    for (const key of all.slice(0, 1000)) count.add(key);
    expect(count.exact).toBe(true);
    expect(count.count()).toBe(EXACT_LIMIT);
    expect(count.has(all[5]!)).toBe(true);
  });

  it.each([150_000, 400_000, 1_000_000, 2_000_000])('is within one percent of %i distinct keys past the limit', (n) => {
    const count = new DistinctCount();
    for (let start = 0; start < n; start += 100_000) for (const key of keys(Math.min(100_000, n - start))) count.add(key);
    expect(count.exact).toBe(false);
    expect(Math.abs(count.count() - n) / n).toBeLessThan(0.01);
  });

  it('merges two counts of one day into the count of both, exact or sketched', () => {
    const shared = keys(60_000);
    const a = new DistinctCount();
    const b = new DistinctCount();
    for (const key of [...shared, ...keys(30_000)]) a.add(key);
    for (const key of [...shared, ...keys(30_000)]) b.add(key);
    const merged = DistinctCount.from(a.state());
    merged.merge(b.state());
    expect(Math.abs(merged.count() - 120_000) / 120_000).toBeLessThan(0.01);
    const small = DistinctCount.from({ keys: shared.slice(0, 10) });
    small.merge({ keys: shared.slice(5, 15) });
    expect(small.count()).toBe(15);
    const sketched = DistinctCount.from(merged.state());
    expect(sketched.count()).toBe(merged.count());
  });

  it('a million distinct visitors in the counter add at most 64 MB of RSS', { timeout: 120_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'scripts/bench/analytics-memory.ts', '1000000'],
      { maxBuffer: 1 << 20 },
    );
    const result = JSON.parse(stdout) as { counted: number; rssAddedMb: number; heapAddedMb: number };
    expect(result.rssAddedMb).toBeLessThanOrEqual(64);
    expect(Math.abs(result.counted - 1_000_000) / 1_000_000).toBeLessThan(0.01);
  });
});
