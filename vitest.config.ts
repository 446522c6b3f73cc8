import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    // Builds the client once so HTTP and browser tests serve real bundles.
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Browser tests poll for what a navigation brings (a lazy route chunk and
    // its data over loopback). With every test file sharing two cores in CI,
    // that can take more than expect.poll's default second; a poll still
    // passes as soon as its condition holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
