/**
 * ARCHIVE_DIR/approvals.jsonl on disk: appending a line, reading the record.
 *
 * - Append-only, never pruned, never rewritten. Each append runs under the
 *   ledgers' file lock (approvals.jsonl.lock), so replicas sharing the folder
 *   and the operator's command take turns; it reads the tail to chain from,
 *   writes the line and its newline in one write, fsyncs, then moves
 *   approvals.head (the last line's seq and SHA-256, which vouches for the
 *   last line as each line vouches for the one before it).
 * - A record whose end is not sound (a torn last line, a broken last link, a
 *   head that disagrees) is never extended: the append throws
 *   RecordBrokenError naming the first bad line, found by reading the whole
 *   record (only then: the usual check reads the tail alone).
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { syncDirectory } from '../forms/storage/directory-sync';
import path from 'node:path';
import { withFileLock } from '../forms/storage/file-lock';
import type { ApprovalLine, RecordedLine } from './approval-lines';
import {
  checkChain,
  checkHead,
  checkLink,
  GENESIS,
  HEAD_FILE,
  parseLine,
  RECORD_FILE,
  RecordBrokenError,
  serializeLine,
  sha256Of,
  splitRecord,
} from './record-chain';
import type { ChainCheck, LineBytes, RecordHead } from './record-chain';

export const recordPathOf = (archiveDir: string) => path.join(archiveDir, RECORD_FILE);
export const headPathOf = (archiveDir: string) => path.join(archiveDir, HEAD_FILE);

const TAIL_CHUNK = 64 * 1024;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function readHead(archiveDir: string): Promise<RecordHead | undefined> {
  let text: string;
  try {
    text = await readFile(headPathOf(archiveDir), 'utf8');
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
  }
  try {
    const head = JSON.parse(text) as Partial<RecordHead>;
    if (Number.isSafeInteger(head.seq) && typeof head.sha256 === 'string') return { seq: head.seq!, sha256: head.sha256 };
  } catch {
    // Fall through: a head that cannot be read vouches for nothing.
  }
  return { seq: -1, sha256: `unreadable (${JSON.stringify(text.slice(0, 80))})` };
}

/** The whole record's bytes (empty when there is none yet). */
export async function readRecordBytes(archiveDir: string): Promise<Buffer> {
  return readFile(recordPathOf(archiveDir)).catch((error: unknown) => {
    if (missing(error)) return Buffer.alloc(0);
    throw error;
  });
}

/** The whole record checked: every line, every link, the head. */
export async function checkRecord(archiveDir: string): Promise<ChainCheck> {
  const [bytes, head] = await Promise.all([readRecordBytes(archiveDir), readHead(archiveDir)]);
  return checkChain(bytes, head);
}

interface Tail {
  /** The last two complete lines (fewer in a short record), oldest first. */
  lines: Uint8Array[];
  /** Whether they are the record's first lines (nothing before them). */
  fromStart: boolean;
  torn: boolean;
}

/** Reads backwards from the end until it holds the last two lines whole: an append costs the same in year five as on day one. */
async function readTail(file: string): Promise<Tail> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (missing(error)) return { lines: [], fromStart: true, torn: false };
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let start = size;
    let bytes: Buffer = Buffer.alloc(0);
    for (;;) {
      const from = Math.max(0, start - TAIL_CHUNK);
      const chunk = Buffer.alloc(start - from);
      await handle.read(chunk, 0, chunk.length, from);
      bytes = Buffer.concat([chunk, bytes]);
      start = from;
      const { lines, torn } = splitRecord(bytes);
      // With the start of the file or three newlines in hand, the last two lines are whole.
      if (start === 0 || lines.length >= 3) {
        const whole = start === 0 ? lines : lines.slice(1);
        return { lines: whole.slice(-2), fromStart: start === 0 && whole.length <= 2, torn };
      }
    }
  } finally {
    await handle.close();
  }
}

/** Whether the last line (and the one before it, for its seq and hash) ends a sound record, and the line to chain from. */
function tailEnd(tail: Tail): { last?: LineBytes; beforeLast?: LineBytes; sound: boolean } {
  if (tail.torn) return { sound: false };
  const [first, second] = tail.lines;
  if (!first) return { sound: true };
  if (!second) {
    // A record of one line: it must be a first line.
    const only = tail.fromStart ? checkLink(first, undefined).line : undefined;
    return only ? { last: { bytes: first, seq: only.seq }, sound: true } : { sound: false };
  }
  const before = parseLine(new TextDecoder().decode(first)).line;
  const beforeLast = before && { bytes: first, seq: before.seq };
  const last = beforeLast && checkLink(second, beforeLast).line;
  return last ? { last: { bytes: second, seq: last.seq }, beforeLast, sound: true } : { sound: false };
}

/** The line to chain from, after checking the end of the record; throws RecordBrokenError when it is not sound. */
async function chainEnd(archiveDir: string): Promise<LineBytes | undefined> {
  const [tail, head] = await Promise.all([readTail(recordPathOf(archiveDir)), readHead(archiveDir)]);
  const { last, beforeLast, sound } = tailEnd(tail);
  if (sound && !checkHead(last, beforeLast, head).problem) return last;
  // Something is wrong at the end: read it all, to name the first bad line exactly.
  throw brokenRecord(archiveDir, await checkRecord(archiveDir), (last?.seq ?? 0) + 1);
}

function brokenRecord(archiveDir: string, check: ChainCheck, fallbackLine: number) {
  const at = check.problem ?? { line: fallbackLine, problem: 'the end of the record is not sound' };
  return new RecordBrokenError(recordPathOf(archiveDir), at);
}

async function writeHead(archiveDir: string, head: RecordHead) {
  const file = headPathOf(archiveDir);
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(head)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDirectory(archiveDir);
}

/** Appends one line, chained to the last; the caller holds the lock. */
async function appendLocked(archiveDir: string, line: ApprovalLine): Promise<RecordedLine> {
  const last = await chainEnd(archiveDir);
  const { recorded, text } = serializeLine(line, last ? last.seq + 1 : 1, last ? sha256Of(last.bytes) : GENESIS);
  const bytes = Buffer.from(`${text}\n`);
  const handle = await open(recordPathOf(archiveDir), 'a', 0o600);
  try {
    // One write: the line and its newline land together, or a torn line remains that the next append refuses.
    const { bytesWritten } = await handle.write(bytes, 0, bytes.length);
    if (bytesWritten !== bytes.length)
      throw new Error(`only ${bytesWritten} of ${bytes.length} bytes of line ${recorded.seq} were written`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await writeHead(archiveDir, { seq: recorded.seq, sha256: sha256Of(bytes.subarray(0, bytes.length - 1)) });
  return recorded;
}

/**
 * Appends `line` to the record in `archiveDir`, under the lock. `unless`,
 * run under the lock on the whole record, may decline (returns undefined):
 * how a binding stays idempotent across replicas.
 */
export async function appendLine(
  archiveDir: string,
  line: ApprovalLine,
  unless?: (lines: RecordedLine[]) => boolean,
): Promise<RecordedLine | undefined> {
  await mkdir(archiveDir, { recursive: true });
  return withFileLock(recordPathOf(archiveDir), async () => {
    if (unless) {
      // The whole record is read here anyway, so the whole chain is checked before it is extended.
      const check = await checkRecord(archiveDir);
      if (check.problem) throw brokenRecord(archiveDir, check, check.lines.length + 1);
      if (unless(check.lines)) return undefined;
    }
    return appendLocked(archiveDir, line);
  });
}

/** Every line, in order; throws RecordBrokenError naming the first bad line when the record does not check. */
export async function readRecord(archiveDir: string): Promise<RecordedLine[]> {
  const { lines, problem } = await checkRecord(archiveDir);
  if (problem) throw new RecordBrokenError(recordPathOf(archiveDir), problem);
  return lines;
}
