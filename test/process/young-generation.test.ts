/**
 * Node as production starts it (SERVER_NODE_FLAGS: the Dockerfile's CMD, npm
 * start, the benches) keeps V8's young generation at 2 × 16 MB at most, on
 * whichever Node runs it: Node 20's default, which Node 24, the image's,
 * doubles under page load and quadruples under heavier allocation
 * (docs/decisions/027-young-generation-bound.md; the floor it bounds:
 * docs/performance.md, "Memory floor").
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/local/server-process';

/**
 * Allocates as a busy server does, short-lived objects with a share that
 * survives a collection or two, which grows the young generation to its
 * bound; prints the largest it was, in MB.
 */
const ALLOCATE = `
const v8 = require('node:v8');
let largest = 0;
let kept = [];
for (let i = 0; i < 3e6; i++) {
  const object = { i, list: [i] };
  if (i % 3 === 0) kept.push(object);
  if (kept.length > 2e5) kept = [];
  if (i % 1e4 === 0) largest = Math.max(largest, v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
}
console.log(largest / 1024 / 1024);
`;

function youngGenerationMb(flags: string[]): number {
  const run = spawnSync(process.execPath, [...flags, '-e', ALLOCATE], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.trim());
}

describe('the young generation', () => {
  it('grows to 32 MB at most with the flags production starts Node with', () => {
    expect(youngGenerationMb(SERVER_NODE_FLAGS)).toBe(32);
    // The allocation above does reach a larger bound when there is one, so the 32 is the flags' doing.
    expect(youngGenerationMb([...SERVER_NODE_FLAGS, '--max-semi-space-size=32'])).toBeGreaterThan(32);
  }, 60_000);
});
