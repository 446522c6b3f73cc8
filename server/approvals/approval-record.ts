/**
 * The approval record (issue 46): ARCHIVE_DIR/approvals.jsonl, what the
 * compliance officer keeps for five years (SEC Rule 204-2). The editor's
 * backend records each publication; the server binds each served commit to
 * its WARC once archived. This is the record's front door; the chain is in
 * record-chain.ts, the file in record-file.ts, the binding in
 * archive-binding.ts, the full check in verify-record.ts.
 */
import type { PublicationLine, RecordedLine } from './approval-lines';
import { bindArchive } from './archive-binding';
import type { BindRequest } from './archive-binding';
import { appendLine, readRecord } from './record-file';

export interface ApprovalRecord {
  /** Appends a publication, chained to the last line; throws RecordBrokenError when the record's end is not sound. */
  recordPublication(line: PublicationLine): Promise<RecordedLine>;
  /** Binds a served commit to its WARC in the same folder; undefined when that commit was bound already. */
  bindArchive(request: BindRequest): Promise<RecordedLine | undefined>;
  /** Every line, checked; throws RecordBrokenError naming the first bad line. */
  read(): Promise<RecordedLine[]>;
}

export function openApprovalRecord(archiveDir: string): ApprovalRecord {
  return {
    async recordPublication(line) {
      if (line.kind !== 'publication') throw new TypeError(`recordPublication takes a publication line, not ${String(line.kind)}`);
      return (await appendLine(archiveDir, line))!;
    },
    bindArchive: (request) => bindArchive(archiveDir, request),
    read: () => readRecord(archiveDir),
  };
}

export { BindError, bindArchive } from './archive-binding';
export type { BindRequest } from './archive-binding';
export { RecordBrokenError, RECORD_FILE } from './record-chain';
