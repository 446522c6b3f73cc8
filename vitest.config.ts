import { configDefaults, defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './test/support/slow-files-first';

/**
 * Tests that build the whole site again (npm run review builds two versions, npm run edit a clone and the
 * editor's bundle) keep both cores busy for minutes: beside the rest they starved the timing-sensitive tests
 * (10,000 searches, the archive's captures). They are a project of their own that runs after the others,
 * one file at a time.
 */
const HEAVY_TESTS = [
  'test/process/review.test.ts',
  'test/process/edit.test.ts',
  'test/browser/admin-workflow.test.ts',
  // The built server, a provider and two people in Chromium, and the site archiving each version: about two minutes.
  'test/browser/editor-four-eyes.test.ts',
  // npm run edit -- --sign-in: the dev server (esbuild and tsx watching), a provider and the site's backend, per file.
  'test/process/edit-sign-in.test.ts',
  'test/browser/edit-sign-in.test.ts',
];

export default defineConfig({
  test: {
    // Builds the client once, for both projects, so HTTP and browser tests serve real bundles.
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Long files first, also in a fresh clone with no timings yet (test/support/slow-files-first.ts).
    sequence: { sequencer: SlowFilesFirst },
    // Each worker keeps the modules it has loaded from one test file to the next, instead of loading
    // express, react-dom/server, the content and the app again for each of the 80-odd files: that
    // loading was about a third of the HTTP and unit tests' time (import 120 s of 370 s, then 17 s of
    // 145 s). Every file still makes its own app, server and browser; no test file changes globals or
    // process.env for another, and the one that swaps globalThis.Error restores it after each test.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser tests poll for what a navigation brings (a lazy route chunk and
    // its data over loopback). With every test file sharing two cores in CI,
    // that can take more than expect.poll's default second; a poll still
    // passes as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['test/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...HEAVY_TESTS], maxWorkers: 2 },
      },
      { extends: true, test: { name: 'heavy', include: HEAVY_TESTS, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
