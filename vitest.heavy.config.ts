import { defineConfig } from 'vitest/config';
import base, { HEAVY_TESTS } from './vitest.config.ts';

/** The tests that build the site again, one at a time, after the rest (see vitest.config.ts). */
export default defineConfig({ test: { ...base.test, include: HEAVY_TESTS, exclude: [], maxWorkers: 1 } });
