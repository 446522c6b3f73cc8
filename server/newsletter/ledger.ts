/**
 * The sign-up ledger: every address the site has received, in one
 * append-only JSON-lines file (NEWSLETTER_FILE). With no provider it is the
 * list; with a provider it is also the outbox the delivery worker
 * (./outbox.ts) works from. Design record: docs/decisions/005-sign-up-ledger.md.
 *
 * - Each line is the whole current state of one address; the last line for an
 *   address (compared case-insensitively) wins. Older files of plain
 *   `{"email","at"}` lines read as subscribed.
 * - A record is written with one write() and fsync'd (and the folder too when
 *   the file is new) before the caller goes on, so nothing positive is said
 *   about an address that is not on disk.
 * - Writes are serialised in the process (a promise chain) and across
 *   processes (./file-lock.ts), and every write first catches up with what
 *   another process (the operator's command) wrote, so nobody's record is
 *   lost or interleaved.
 * - A line that cannot be read, such as a record torn by a crash, is skipped
 *   with a warning; a torn last line is closed with a newline before the next
 *   append, so the next record stays whole.
 * - Removing an address rewrites the file without it (temp file, fsync,
 *   rename, fsync of the folder): erased, not flagged. Only a count of erased
 *   addresses is kept. The same compaction drops superseded lines when they
 *   pile up.
 * - The file is created, and kept, readable by its owner only.
 */
import { mkdir, open, rename, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { withFileLock } from './file-lock';

export type EntryStatus = 'subscribed' | 'pending' | 'failed' | 'rejected';
export const ENTRY_STATUSES: readonly EntryStatus[] = ['subscribed', 'pending', 'failed', 'rejected'];

export interface LedgerEntry {
  email: string;
  status: EntryStatus;
  /** When the address was first received (ISO 8601 UTC). */
  at: string;
  /** When this state was recorded. */
  updated?: string;
  /** Pending: when the current delivery effort began; it gives up 24 h later. */
  queued?: string;
  /** Delivery attempts in the current effort. */
  attempts?: number;
  /** Pending: when the next attempt is due. */
  next?: string;
  /** The last delivery problem, as the provider module described it (never the address). */
  lastError?: string;
}

export type LedgerCounts = Record<EntryStatus | 'removed', number>;

export interface LedgerOptions {
  file: string;
  logger: Logger;
  now?: () => Date;
}

/** Addresses are compared without regard to case (and surrounding spaces). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Beyond this many superseded lines, an append also compacts the file. */
const COMPACT_SLACK = 100;

type ParsedLine =
  | { kind: 'entry'; entry: LedgerEntry; /** A line from before the ledger: `{"email","at"}` only. */ plain: boolean }
  | { kind: 'erased'; count: number }
  | undefined;

function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.erased === 'number') return { kind: 'erased', count: record.erased };
  if (typeof record.email !== 'string' || !record.email.trim()) return undefined;
  const at = typeof record.at === 'string' ? record.at : '';
  if (record.status === undefined) return { kind: 'entry', entry: { email: record.email, status: 'subscribed', at }, plain: true };
  if (!ENTRY_STATUSES.includes(record.status as EntryStatus)) return undefined;
  const entry: LedgerEntry = { email: record.email, status: record.status as EntryStatus, at };
  for (const key of ['updated', 'queued', 'next', 'lastError'] as const) {
    if (typeof record[key] === 'string') entry[key] = record[key];
  }
  if (typeof record.attempts === 'number') entry.attempts = record.attempts;
  return { kind: 'entry', entry, plain: false };
}

/** One line, with the fields always in the same order. */
function recordLine(entry: LedgerEntry): string {
  const { email, status, at, updated, queued, attempts, next, lastError } = entry;
  return `${JSON.stringify({ email, status, at, updated, queued, attempts, next, lastError })}\n`;
}

async function syncDirectory(directory: string) {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, bytes: Buffer) {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

export class Ledger {
  readonly file: string;
  private readonly logger: Logger;
  private readonly now: () => Date;
  private entries = new Map<string, LedgerEntry>();
  private erased = 0;
  private lineCount = 0;
  /** The file as last read: identity and how many bytes of it are applied. */
  private seen: { dev: number; ino: number; size: number } | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(options: LedgerOptions) {
    this.file = path.resolve(options.file);
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
  }

  // ---- reading (answers from memory; refresh() catches up with the file)

  get(email: string): LedgerEntry | undefined {
    return this.entries.get(emailKey(email));
  }

  /** Every entry, in the order the addresses were first received. */
  list(): LedgerEntry[] {
    return [...this.entries.values()];
  }

  counts(): LedgerCounts {
    const counts: LedgerCounts = { subscribed: 0, pending: 0, failed: 0, rejected: 0, removed: this.erased };
    for (const entry of this.entries.values()) counts[entry.status] += 1;
    return counts;
  }

  /** What still has to reach the provider, for metrics; no I/O. */
  backlog(): { pending: number; failed: number } {
    const { pending, failed } = this.counts();
    return { pending, failed };
  }

  /** Reads what other processes wrote since the last look; cheap (one stat) when nothing changed. */
  async refresh(): Promise<void> {
    const info = await stat(this.file).catch(() => undefined);
    if (info && this.seen && info.ino === this.seen.ino && info.dev === this.seen.dev && info.size === this.seen.size) return;
    if (!info && !this.seen) return;
    await this.exclusive(async () => undefined);
  }

  /** Resolves when every write queued so far has finished. */
  async idle(): Promise<void> {
    await this.tail.catch(() => undefined);
  }

  // ---- writing

  /**
   * Records a sign-up unless the address is already subscribed or pending.
   * A failed or rejected address is queued afresh with `status`.
   */
  add(email: string, status: 'subscribed' | 'pending', firstAttemptAt?: Date): Promise<{ created: boolean; entry: LedgerEntry }> {
    return this.exclusive(async () => {
      const existing = this.entries.get(emailKey(email));
      if (existing && (existing.status === 'subscribed' || existing.status === 'pending')) return { created: false, entry: existing };
      const now = this.now().toISOString();
      const entry: LedgerEntry =
        status === 'subscribed'
          ? { email: existing?.email ?? email, status, at: existing?.at ?? now, updated: now }
          : {
              email: existing?.email ?? email,
              status,
              at: existing?.at ?? now,
              updated: now,
              queued: now,
              attempts: 0,
              next: (firstAttemptAt ?? this.now()).toISOString(),
            };
      await this.append([entry]);
      return { created: true, entry };
    });
  }

  /**
   * Changes an entry after catching up with the file: `change` gets the
   * current state and returns the new one, or undefined to leave it. An
   * address removed meanwhile stays removed (resolves undefined).
   */
  update(email: string, change: (entry: LedgerEntry) => LedgerEntry | undefined): Promise<LedgerEntry | undefined> {
    return this.exclusive(async () => {
      const current = this.entries.get(emailKey(email));
      const next = current ? change(current) : undefined;
      if (!next) return undefined;
      await this.append([{ ...next, updated: this.now().toISOString() }]);
      return next;
    });
  }

  /** Queues every failed entry for delivery now; resolves with how many. */
  requeueFailed(): Promise<number> {
    return this.exclusive(async () => {
      const now = this.now().toISOString();
      const requeued = this.list()
        .filter((entry) => entry.status === 'failed')
        .map((entry): LedgerEntry => ({ ...entry, status: 'pending', updated: now, queued: now, attempts: 0, next: now }));
      if (requeued.length > 0) await this.append(requeued);
      return requeued.length;
    });
  }

  /** Erases an address: the file is rewritten without it. False when it was not there. */
  remove(email: string): Promise<boolean> {
    return this.exclusive(async () => {
      if (!this.entries.delete(emailKey(email))) return false;
      this.erased += 1;
      await this.compact();
      return true;
    });
  }

  // ---- internals

  /** One at a time in this process, under the lock file across processes, after catching up. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    // `tail` never rejects: one failed write does not stop the ones queued after it.
    const run = this.tail.then(async () => {
      await mkdir(path.dirname(this.file), { recursive: true });
      return withFileLock(this.file, async () => {
        await this.catchUp();
        return task();
      });
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private reset() {
    this.entries = new Map();
    this.erased = 0;
    this.lineCount = 0;
    this.seen = undefined;
  }

  /** Applies what the file holds beyond what was read; call holding the lock. */
  private async catchUp(): Promise<void> {
    const info = await stat(this.file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!info) {
      if (this.seen) this.reset(); // deleted by hand: nothing is left to know
      return;
    }
    const replaced = !this.seen || info.ino !== this.seen.ino || info.dev !== this.seen.dev || info.size < this.seen.size;
    if (replaced) this.reset();
    const from = this.seen?.size ?? 0;
    if (replaced && (info.mode & 0o077) !== 0) {
      const handle = await open(this.file, 'r');
      await handle.chmod(0o600).finally(() => handle.close());
      this.logger.warn({ file: this.file }, 'newsletter ledger was readable by others; made it owner-only (0600)');
    }
    if (info.size === from) {
      this.seen = { dev: info.dev, ino: info.ino, size: info.size };
      return;
    }
    const handle = await open(this.file, 'r');
    let bytes: Buffer;
    try {
      bytes = Buffer.alloc(info.size - from);
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesRead } = await handle.read(bytes, offset, bytes.length - offset, from + offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
      }
      bytes = bytes.subarray(0, offset);
    } finally {
      await handle.close();
    }
    const end = bytes.lastIndexOf(0x0a) + 1;
    let skipped = 0;
    for (const line of bytes.subarray(0, end).toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      this.lineCount += 1;
      const parsed = parseLine(line);
      if (!parsed) {
        skipped += 1;
      } else if (parsed.kind === 'erased') {
        this.erased = parsed.count;
      } else {
        const key = emailKey(parsed.entry.email);
        // An old plain line (duplicates were allowed then) never overrides what is known.
        if (!(parsed.plain && this.entries.has(key))) this.entries.set(key, parsed.entry);
      }
    }
    if (skipped > 0) {
      this.logger.warn({ file: this.file, skipped }, 'newsletter ledger: skipped unreadable lines (records torn by a crash?); the rest is intact');
    }
    let size = from + end;
    if (end < bytes.length) {
      // We hold the lock, so nobody is writing: this is a record torn by a crash.
      // Closing it with a newline keeps the next append a line of its own.
      this.logger.warn({ file: this.file, bytes: bytes.length - end }, 'newsletter ledger: skipped a torn last record (a crash during a write?); the rest is intact');
      await this.writeAppend(Buffer.from('\n'));
      this.lineCount += 1;
      size = from + bytes.length + 1;
    }
    this.seen = { dev: info.dev, ino: info.ino, size };
  }

  private async writeAppend(bytes: Buffer): Promise<void> {
    const directory = path.dirname(this.file);
    await mkdir(directory, { recursive: true });
    const handle = await open(this.file, 'a', 0o600);
    let created = false;
    try {
      const info = await handle.stat();
      created = info.size === 0;
      await writeAll(handle, bytes);
      await handle.sync();
      this.seen = { dev: info.dev, ino: info.ino, size: info.size + bytes.length };
    } finally {
      await handle.close();
    }
    if (created) await syncDirectory(directory);
  }

  private async append(entries: LedgerEntry[]): Promise<void> {
    await this.writeAppend(Buffer.from(entries.map(recordLine).join(''), 'utf8'));
    for (const entry of entries) this.entries.set(emailKey(entry.email), entry);
    this.lineCount += entries.length;
    if (this.lineCount > 2 * this.entries.size + COMPACT_SLACK) await this.compact();
  }

  /** Rewrites the file with one line per address (and the erased count); atomic by rename. */
  private async compact(): Promise<void> {
    const directory = path.dirname(this.file);
    await mkdir(directory, { recursive: true });
    const lines = (this.erased > 0 ? [`${JSON.stringify({ erased: this.erased })}\n`] : []).concat(this.list().map(recordLine));
    const temporary = `${this.file}.${process.pid}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await writeAll(handle, Buffer.from(lines.join(''), 'utf8'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, this.file);
    await syncDirectory(directory);
    const info = await stat(this.file);
    this.seen = { dev: info.dev, ino: info.ino, size: info.size };
    this.lineCount = lines.length;
  }
}

export function openLedger(options: LedgerOptions): Ledger {
  return new Ledger(options);
}
