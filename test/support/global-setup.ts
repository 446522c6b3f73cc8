import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '../../scripts/build/build';

export default async function setup() {
  // Every app and server the tests start counts visits (ANALYTICS is on by default): into one folder of their
  // own, inherited by the workers and the processes they spawn, never the working copy's data/. A test that
  // reads the counts names its own.
  const analyticsDir = mkdtempSync(path.join(tmpdir(), 'harbor-test-analytics-'));
  process.env.ANALYTICS_DIR ??= analyticsDir;
  await build('production');
  return () => rmSync(analyticsDir, { recursive: true, force: true });
}
