/**
 * A month's figures into the compliance archive (issue 59 item 8, decision
 * 040), on a real store and archive folder with a fixed clock: once the month
 * is over and rolled up, the first maintenance writes ARCHIVE_DIR/analytics/
 * YYYY-MM.json with the month's report, records its SHA-256 and the counting
 * method's version in the approval record, and `approvals verify` (the built
 * command an examiner runs) holds the file to it: one byte changed, or the
 * file gone, and it fails saying which. Two instances maintaining at once,
 * and every maintenance after, write it once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecord } from '../../server/approvals/record-file';
import { Counter } from '../../server/analytics/counter';
import { ANALYTICS_METHOD_VERSION } from '../../server/analytics/counts';
import { entrySource } from '../../server/analytics/entry-source';
import { openFileStore } from '../../server/analytics/file-store';
import { writeMonthlyFigures } from '../../server/analytics/monthly-figures';
import type { MonthlyFigures } from '../../server/analytics/monthly-figures';
import { report } from '../../server/analytics/report';
import { rootDir } from '../support/app';

const SITE = 'https://www.example.com';
const logger = pino({ level: 'silent' });
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-monthly-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function verify(archiveDir: string) {
  const result = spawnSync(process.execPath, ['dist/cli/approvals.js', 'verify', archiveDir], {
    cwd: rootDir,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('each month’s figures in the archive', () => {
  it('are written once, after the month is rolled up, bound by their SHA-256 in the approval record that verify checks', async () => {
    const archiveDir = path.join(dir, 'archive');
    const stores = [
      openFileStore(path.join(dir, 'analytics'), { retentionMonths: 25 }),
      openFileStore(path.join(dir, 'analytics'), { retentionMonths: 25 }),
    ];
    // November: views on its first and its last minute, a bot; and one on 1 December, which is not November's.
    for (const [time, page] of [
      [Date.parse('2026-11-01T00:00:00Z'), '/'],
      [Date.parse('2026-11-14T12:00:00Z'), '/press'],
      [Date.parse('2026-11-30T23:59:59Z'), '/press'],
      [Date.parse('2026-12-01T00:01:00Z'), '/terms'],
    ] as const) {
      const counter = new Counter();
      counter.view({ time, path: page, notFound: false, key: `visitor-${time}` }, () => entrySource(undefined, page, SITE));
      counter.bot(time, 'user-agent');
      await stores[0]!.append(counter.drain());
    }

    // Each instance's hourly maintenance, as site-analytics runs it (store.maintain, then afterMaintain).
    const maintain = async (index: number, at: string) => {
      await stores[index]!.maintain(Date.parse(at));
      return writeMonthlyFigures(stores[index]!, archiveDir, { logger, now: Date.parse(at) });
    };
    // Before the last day's grace is over, November is not finished: nothing is written.
    expect(await maintain(0, '2026-12-01T00:05:00Z')).toBeUndefined();
    expect(await readdir(archiveDir).catch(() => [])).toEqual([]);

    // Both instances at once, after it (their maintenances take turns on the store's lock; what follows does not): one file, one line.
    await stores[0]!.maintain(Date.parse('2026-12-01T00:15:00Z'));
    const written = await Promise.all(
      stores.map((store) => writeMonthlyFigures(store, archiveDir, { logger, now: Date.parse('2026-12-01T00:15:00Z') })),
    );
    const file = path.join(archiveDir, 'analytics', '2026-11.json');
    expect(written.filter(Boolean)).toEqual([file]);
    const text = await readFile(file, 'utf8');
    const figures = JSON.parse(text) as MonthlyFigures;
    expect(figures).toEqual({
      month: '2026-11',
      method: ANALYTICS_METHOD_VERSION,
      report: await report(stores[1]!, '2026-11-01', '2026-11-30'),
    });
    expect(figures.report).toMatchObject({ from: '2026-11-01', to: '2026-11-30', visitors: 3, pageviews: 3, bots: { total: 3 } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const lines = (await readRecord(archiveDir)).filter((line) => line.kind === 'analytics');
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'analytics',
        month: '2026-11',
        method: ANALYTICS_METHOD_VERSION,
        file: { path: 'analytics/2026-11.json', sha256: (await import('node:crypto')).createHash('sha256').update(text).digest('hex') },
      }),
    ]);
    const ok = verify(archiveDir);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('chain intact');

    // Every maintenance after writes nothing again, all month long.
    const { mtimeMs } = await stat(file);
    expect(await maintain(1, '2026-12-01T01:15:00Z')).toBeUndefined();
    expect(await maintain(0, '2026-12-31T23:15:00Z')).toBeUndefined();
    expect((await stat(file)).mtimeMs).toBe(mtimeMs);
    expect((await readRecord(archiveDir)).filter((line) => line.kind === 'analytics')).toHaveLength(1);

    // One byte changed (a visitor count): verify fails and says which file, and how.
    await writeFile(file, text.replace('"visitors": 3', '"visitors": 4'));
    const altered = verify(archiveDir);
    expect(altered.status).toBe(1);
    expect(altered.stdout).toContain(
      `BROKEN ${path.join(archiveDir, 'approvals.jsonl')}: line 1: the analytics figures of 2026-11, analytics/2026-11.json, were altered`,
    );
    // Gone: as clearly.
    await rm(file);
    const removed = verify(archiveDir);
    expect(removed.status).toBe(1);
    expect(removed.stdout).toContain('line 1: the analytics figures of 2026-11, analytics/2026-11.json, are missing');
  });
});
