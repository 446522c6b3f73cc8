/** Today's analytics report of a store, as the operator's command prints it (the built dist/cli/analytics.js). */
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { utcDay } from '../../server/analytics/day';
import type { AnalyticsReport } from '../../server/analytics/report';
import { rootDir } from './app';

export function todaysReport(analyticsDir: string): AnalyticsReport {
  const day = utcDay(Date.now());
  const result = spawnSync(process.execPath, ['dist/cli/analytics.js', 'report', '--from', day, '--to', day, '--json'], {
    cwd: rootDir,
    env: { PATH: process.env.PATH ?? '', ANALYTICS_DIR: analyticsDir },
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as AnalyticsReport;
}
