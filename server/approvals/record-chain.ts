/**
 * The chain of ARCHIVE_DIR/approvals.jsonl, as bytes: how a line is written,
 * what it chains to, and how a run of lines is checked. No file access here,
 * so the append path (record-file.ts) and the full verification
 * (verify-record.ts) judge a line by the very same rules.
 *
 * A line is one JSON object, `seq` and `previous` first, then the
 * ApprovalLine's fields. `previous` is the SHA-256 (hex) of the line before
 * it, its exact bytes as written without the newline; the first line's is 64
 * zeros. So changing, removing, inserting or reordering any line breaks the
 * `previous` or `seq` of the line after it (or of the changed line itself).
 * No line follows the last one, so approvals.head (its seq and SHA-256)
 * vouches for it: a change there is named too.
 */
import { createHash } from 'node:crypto';
import type { ApprovalLine, RecordedLine } from './approval-lines';

export const RECORD_FILE = 'approvals.jsonl';
export const HEAD_FILE = 'approvals.head';
export const GENESIS = '0'.repeat(64);

export const sha256Of = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** A line that is not what the chain says it should be: its 1-based number and what is wrong. */
export interface ChainProblem {
  line: number;
  problem: string;
}

export class RecordBrokenError extends Error {
  override name = 'RecordBrokenError';
  constructor(
    readonly file: string,
    readonly at: ChainProblem,
  ) {
    super(`${file} line ${at.line}: ${at.problem}`);
  }
}

/** The bytes of the line to append after a line with `seq` whose bytes hash to `previous` (without the newline). */
export function serializeLine(line: ApprovalLine, seq: number, previous: string): { recorded: RecordedLine; text: string } {
  // seq and previous first, so a person reading the file sees each line's place before its content.
  const recorded = { seq, previous, ...line } as RecordedLine;
  return { recorded, text: JSON.stringify(recorded) };
}

const HEX64 = /^[0-9a-f]{64}$/;

/** Parses one line's text and checks its shape (not its place in the chain). */
export function parseLine(text: string): { line?: RecordedLine; problem?: string } {
  if (text.length === 0) return { problem: 'it is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: 'it is not valid JSON (changed, or torn by an interrupted write)' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { problem: 'it is not a JSON object' };
  const line = value as Partial<RecordedLine>;
  if (!Number.isSafeInteger(line.seq) || (line.seq as number) < 1) return { problem: 'its seq is not a whole number from 1' };
  if (typeof line.previous !== 'string' || !HEX64.test(line.previous)) return { problem: 'its previous is not a SHA-256 in hex' };
  if (line.kind === 'publication') {
    if (typeof line.publishedCommit !== 'string' || !line.entry || !line.approver)
      return { problem: 'it is a publication without its fields' };
  } else if (line.kind === 'archive') {
    if (typeof line.commit !== 'string' || typeof line.warc?.file !== 'string' || typeof line.warc.sha256 !== 'string') {
      return { problem: 'it is an archive binding without its commit or WARC' };
    }
  } else if (line.kind === 'analytics') {
    if (typeof line.month !== 'string' || typeof line.file?.path !== 'string' || typeof line.file.sha256 !== 'string') {
      return { problem: 'it is a month of analytics without its month or file' };
    }
  } else {
    return { problem: `its kind is ${JSON.stringify(line.kind)}, not "publication", "archive" or "analytics"` };
  }
  return { line: line as RecordedLine };
}

const LF = 0x0a;

/** One line as stored: its exact bytes (without the newline), which its successor's `previous` hashes. */
export interface LineBytes {
  bytes: Uint8Array;
  seq: number;
}

/**
 * Checks one line against the one before it (none for the first line): its
 * shape, its seq, its previous. Returns the parsed line, or what is wrong.
 */
export function checkLink(bytes: Uint8Array, before: LineBytes | undefined): { line?: RecordedLine; problem?: string; kind?: 'previous' } {
  const parsed = parseLine(new TextDecoder().decode(bytes));
  if (!parsed.line) return parsed;
  const { seq, previous } = parsed.line;
  const expectedSeq = before ? before.seq + 1 : 1;
  if (seq !== expectedSeq) {
    return { problem: `its seq is ${seq}, but ${expectedSeq} should be here (a line removed, inserted or moved)` };
  }
  const expectedPrevious = before ? sha256Of(before.bytes) : GENESIS;
  if (previous !== expectedPrevious) {
    if (!before) return { problem: `its previous is ${previous}, but the first line's must be ${GENESIS}` };
    return { problem: `its previous is ${previous}, but the line before it hashes to ${expectedPrevious}`, kind: 'previous' };
  }
  return parsed;
}

/**
 * Splits a record's bytes into lines, as bytes (a hash is of the bytes as
 * written, never of a decoded and re-encoded string). A file whose last byte
 * is not a newline ends in a torn line (an append that did not finish): it
 * is reported, never taken as a line.
 */
export function splitRecord(bytes: Uint8Array): { lines: Uint8Array[]; torn: boolean } {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let end = bytes.indexOf(LF); end >= 0; end = bytes.indexOf(LF, start)) {
    lines.push(bytes.subarray(start, end));
    start = end + 1;
  }
  return { lines, torn: start < bytes.length };
}

/** What approvals.head says: the last line's seq and the SHA-256 of its bytes (the chain cannot vouch for its own end). */
export interface RecordHead {
  seq: number;
  sha256: string;
}

export interface ChainCheck {
  lines: RecordedLine[];
  problem?: ChainProblem;
  /** The last append wrote its line but not the head (a crash between the two): the next append completes it. */
  unfinished?: boolean;
}

/**
 * The head's word on the record's last line (and the one before it, for an
 * append that wrote its line but not the head). Lines given with their seq,
 * so the append path can check the tail alone.
 */
export function checkHead(
  last: LineBytes | undefined,
  beforeLast: LineBytes | undefined,
  head: RecordHead | undefined,
): { problem?: ChainProblem; unfinished?: boolean } {
  if (!last)
    return head && head.seq > 0
      ? { problem: { line: 1, problem: `missing: approvals.head says the record ends at line ${head.seq}` } }
      : {};
  if (!head) return { problem: { line: last.seq, problem: `${HEAD_FILE}, which vouches for the last line, is missing` } };
  if (head.seq === last.seq && head.sha256 === sha256Of(last.bytes)) return {};
  if (beforeLast && head.seq === beforeLast.seq && head.sha256 === sha256Of(beforeLast.bytes)) return { unfinished: true };
  if (head.seq > last.seq) {
    return {
      problem: {
        line: last.seq + 1,
        problem: `missing: ${HEAD_FILE} says the record ends at line ${head.seq} (lines removed from its end)`,
      },
    };
  }
  if (head.seq === last.seq) {
    return {
      problem: {
        line: last.seq,
        problem: `it was changed: its bytes hash to ${sha256Of(last.bytes)}, but ${HEAD_FILE} says ${head.sha256}`,
      },
    };
  }
  return { problem: { line: last.seq, problem: `${HEAD_FILE} names line ${head.seq} as the last, not this one` } };
}

const withSeq = (raw: Uint8Array[], index: number): LineBytes | undefined =>
  index >= 0 && index < raw.length ? { bytes: raw[index]!, seq: index + 1 } : undefined;

/** Whether line `index` (0-based) is as written, by the link after it or, for the last line, by the head. */
function thisLineIntact(raw: Uint8Array[], index: number, before: LineBytes, head: RecordHead | undefined): boolean {
  const text = raw[index]!;
  if (index + 1 < raw.length) return !!checkLink(raw[index + 1]!, { bytes: text, seq: before.seq + 1 }).line;
  const ending = checkHead({ bytes: text, seq: before.seq + 1 }, before, head);
  return !ending.problem && !ending.unfinished;
}

/**
 * Every line checked in order, then the last against the head; stops at the
 * first problem and names the line a change lies in. A previous that does
 * not match means either the line before was changed or this line's
 * previous was: the link after this line (or the head) tells which.
 */
export function checkChain(bytes: Uint8Array, head: RecordHead | undefined): ChainCheck {
  const { lines: raw, torn } = splitRecord(bytes);
  const lines: RecordedLine[] = [];
  let before: LineBytes | undefined;
  for (const [index, text] of raw.entries()) {
    const { line, problem, kind } = checkLink(text, before);
    if (!line) {
      if (kind === 'previous' && thisLineIntact(raw, index, before!, head)) {
        const recorded = parseLine(new TextDecoder().decode(text)).line!.previous;
        const changed = `it was changed: its bytes hash to ${sha256Of(before!.bytes)}, but line ${index + 1} records ${recorded}`;
        return { lines: lines.slice(0, -1), problem: { line: index, problem: changed } };
      }
      return { lines, problem: { line: index + 1, problem: problem! } };
    }
    lines.push(line);
    before = { bytes: text, seq: line.seq };
  }
  if (torn) return { lines, problem: { line: raw.length + 1, problem: 'it has no newline at its end: a torn, unfinished append' } };
  const ending = checkHead(withSeq(raw, raw.length - 1), withSeq(raw, raw.length - 2), head);
  return ending.problem ? { lines, problem: ending.problem } : { lines, unfinished: ending.unfinished };
}
