/**
 * Each month's figures into the compliance archive (issue 59, decision 040):
 * once a month is over and its last day rolled up, the first maintenance
 * after (any instance's) writes the month's report (./report.ts) to
 * ARCHIVE_DIR/analytics/YYYY-MM.json, and records its SHA-256 and the
 * counting method's version in the approval record, which `approvals verify`
 * checks the file against.
 *
 * Once: the record is read under the folder's lock, and a month it already
 * names is not written again, by this instance or another sharing the folder.
 * A crash between the file and its line leaves a file the record does not
 * name, written again (the same figures) by the next maintenance.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { AnalyticsLine, RecordedLine } from '../approvals/approval-lines';
import { appendLine, readRecord } from '../approvals/record-file';
import { withFileLock } from '../forms/storage/file-lock';
import { ANALYTICS_METHOD_VERSION } from './counts';
import { utcDay } from './day';
import type { Day } from './day';
import { report } from './report';
import type { AnalyticsReport } from './report';
import { writeDurably } from './spool';
import { ROLL_UP_GRACE_MS } from './store-contract';
import type { AnalyticsStore } from './store-contract';

export const FIGURES_DIR = 'analytics';

/** What ARCHIVE_DIR/analytics/YYYY-MM.json holds. */
export interface MonthlyFigures {
  month: string;
  /** ANALYTICS_METHOD_VERSION: the rules the figures were counted by. */
  method: string;
  report: AnalyticsReport;
}

/** The month that ended before `now`, once its last day can have been rolled up; undefined in the minutes before. */
export function monthJustOver(now: number): { month: string; from: Day; to: Day } | undefined {
  const date = new Date(now);
  const thisMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  if (now < thisMonth + ROLL_UP_GRACE_MS) return undefined;
  const from = utcDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
  return { month: from.slice(0, 7), from, to: utcDay(thisMonth - 1) };
}

const recorded = (lines: RecordedLine[], month: string) => lines.some((line) => line.kind === 'analytics' && line.month === month);

/**
 * After a maintenance of `store` at `now`: writes the month just over, unless the record already has it or
 * the store has no day of it. Resolves with the file written, else undefined.
 */
export async function writeMonthlyFigures(
  store: AnalyticsStore,
  archiveDir: string,
  options: { logger: Logger; now?: number },
): Promise<string | undefined> {
  const due = monthJustOver(options.now ?? Date.now());
  if (!due || recorded(await readRecord(archiveDir), due.month)) return undefined;
  const relative = `${FIGURES_DIR}/${due.month}.json`;
  const file = path.join(archiveDir, relative);
  await mkdir(archiveDir, { recursive: true });
  return withFileLock(path.join(archiveDir, FIGURES_DIR), async () => {
    // Again under the lock: another instance may have written it meanwhile.
    if (recorded(await readRecord(archiveDir), due.month)) return undefined;
    if ((await store.days(due.from, due.to)).length === 0) return undefined;
    const figures: MonthlyFigures = { month: due.month, method: ANALYTICS_METHOD_VERSION, report: await report(store, due.from, due.to) };
    const text = `${JSON.stringify(figures, null, 2)}\n`;
    await writeDurably(file, text);
    const line: AnalyticsLine = {
      kind: 'analytics',
      month: due.month,
      writtenAt: new Date(options.now ?? Date.now()).toISOString(),
      method: ANALYTICS_METHOD_VERSION,
      file: { path: relative, sha256: createHash('sha256').update(text).digest('hex') },
    };
    await appendLine(archiveDir, line, (lines) => recorded(lines, due.month));
    options.logger.info({ file, month: due.month }, 'analytics: the month’s figures written into the archive and recorded');
    return file;
  });
}
