/**
 * A durable ledger: every record the site has received of one kind (the
 * newsletter's sign-ups, the contact form's messages) in one append-only
 * JSON-lines file. Where a record must reach someone else (a provider, an
 * SMTP server) the ledger is also that queue's outbox (../outbox/outbox.ts). What a
 * record holds and how it is keyed is the kind's business (a `LedgerKind`);
 * this module only keeps records safe. Design record:
 * docs/decisions/005-sign-up-ledger.md and 012-contact-messages.md.
 *
 * - Each line is the whole current state of one record; the last line for a
 *   key wins.
 * - A record is written with one write() and fsync'd (and the folder too when
 *   the file is new) before the caller goes on, so nothing positive is said
 *   about a record that is not on disk.
 * - Writes are serialised in the process (a promise chain) and across
 *   processes (./file-lock.ts), and every write first catches up with what
 *   another process (the operator's command) wrote, so nobody's record is
 *   lost or interleaved.
 * - A line that cannot be read, such as a record torn by a crash, is skipped
 *   with a warning; a torn last line is closed with a newline before the next
 *   append, so the next record stays whole.
 * - Removing a record rewrites the file without it (temp file, fsync,
 *   rename, fsync of the folder): erased, not flagged. Only a count of erased
 *   records is kept. The same compaction drops superseded lines when they
 *   pile up.
 * - The file is created, and kept, readable by its owner only.
 */
import { mkdir, open, rename, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { syncDirectory } from './directory-sync';
import path from 'node:path';
import type { Logger } from 'pino';
import { emailKey } from '../../../shared/rules/email';
import { withFileLock } from './file-lock';
import { claimable, timeOf, unclaimed } from './record-store';
import type { DeliveryState, LedgerCounts, LedgerKind, RecordStore, RemoveSelector } from './record-store';

export interface LedgerOptions {
  file: string;
  logger: Logger;
  now?: () => Date;
}

/** Beyond this many superseded lines, an append also compacts the file. */
const COMPACT_SLACK = 100;

type ParsedLine<E> = { kind: 'entry'; entry: E; legacy: boolean } | { kind: 'erased'; count: number } | undefined;

function parseLine<E extends DeliveryState>(line: string, kind: LedgerKind<E>): ParsedLine<E> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.erased === 'number') return { kind: 'erased', count: record.erased };
  const read = kind.read(record);
  if (!read || !kind.statuses.includes(read.entry.status)) return undefined;
  return { kind: 'entry', entry: read.entry, legacy: read.legacy ?? false };
}

async function writeAll(handle: FileHandle, bytes: Buffer) {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

export class Ledger<E extends DeliveryState> implements RecordStore<E> {
  readonly file: string;
  readonly kind: LedgerKind<E>;
  private readonly logger: Logger;
  protected readonly now: () => Date;
  private entries = new Map<string, E>();
  private erased = 0;
  private lineCount = 0;
  /** The file as last read: identity and how many bytes of it are applied. */
  private seen: { dev: number; ino: number; size: number } | undefined;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(kind: LedgerKind<E>, options: LedgerOptions) {
    this.kind = kind;
    this.file = path.resolve(options.file);
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
  }

  get where(): string {
    return this.file;
  }

  // ---- reading (each read first catches up with the file: one stat when nothing changed)

  async get(key: string): Promise<E | undefined> {
    await this.refresh();
    return this.entries.get(key);
  }

  async list(): Promise<E[]> {
    await this.refresh();
    return [...this.entries.values()];
  }

  async counts(): Promise<LedgerCounts<E['status']>> {
    await this.refresh();
    const counts = Object.fromEntries([...this.kind.statuses, 'removed'].map((status) => [status, 0])) as LedgerCounts<E['status']>;
    counts.removed = this.erased;
    for (const entry of this.entries.values()) counts[entry.status as E['status']] += 1;
    return counts;
  }

  /** From memory, no I/O: a scrape must not wait on the disk (the outbox's rounds keep memory current). */
  async backlog(): Promise<{ pending: number; failed: number }> {
    let pending = 0;
    let failed = 0;
    for (const { status } of this.entries.values()) {
      if (status === 'pending') pending += 1;
      else if (status === 'failed') failed += 1;
    }
    return { pending, failed };
  }

  async nextDue(): Promise<Date | undefined> {
    await this.refresh();
    let soonest: number | undefined;
    for (const entry of this.entries.values()) {
      if (entry.status !== 'pending') continue;
      const due = Math.max(timeOf(entry.next), entry.claimedBy ? timeOf(entry.leaseUntil) : 0);
      soonest = soonest === undefined ? due : Math.min(soonest, due);
    }
    return soonest === undefined ? undefined : new Date(soonest);
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

  // ---- writing (each under the lock, after catching up with the file)

  insert(key: string, decide: (existing: E | undefined) => E | undefined): Promise<{ created: boolean; entry: E | undefined }> {
    return this.exclusive(async () => {
      const existing = this.entries.get(key);
      const entry = decide(existing);
      if (!entry) return { created: false, entry: existing };
      await this.append([entry]);
      return { created: true, entry };
    });
  }

  update(key: string, change: (entry: E) => E | undefined): Promise<E | undefined> {
    return this.exclusive(async () => {
      const current = this.entries.get(key);
      const next = current ? change(current) : undefined;
      if (!next) return undefined;
      const recorded = { ...next, updated: this.now().toISOString() };
      await this.append([recorded]);
      return recorded;
    });
  }

  requeueFailed(): Promise<number> {
    return this.exclusive(async () => {
      const now = this.now().toISOString();
      const requeued = [...this.entries.values()]
        .filter((entry) => entry.status === 'failed')
        .map((entry): E => ({ ...unclaimed(entry), status: 'pending', updated: now, queued: now, attempts: 0, next: now }));
      if (requeued.length > 0) await this.append(requeued);
      return requeued.length;
    });
  }

  /** The file is rewritten without them: erased, not flagged. */
  removeWhere(selector: RemoveSelector): Promise<number> {
    return this.exclusive(async () => {
      const matches = (entry: E) =>
        'key' in selector
          ? this.kind.keyOf(entry) === selector.key
          : emailKey(String((entry as { email?: unknown }).email ?? '')) === emailKey(selector.email);
      const keys = [...this.entries].filter(([, entry]) => matches(entry)).map(([key]) => key);
      if (keys.length === 0) return 0;
      for (const key of keys) this.entries.delete(key);
      this.erased += keys.length;
      await this.compact();
      return keys.length;
    });
  }

  // ---- claims (./record-store.ts): written to the file like any state, so every process sees them

  claim(key: string, owner: string, leaseMs: number): Promise<E | undefined> {
    return this.exclusive(async () => {
      const entry = this.entries.get(key);
      const now = this.now().getTime();
      if (!entry || !claimable(entry, now)) return undefined;
      const claimed = { ...entry, claimedBy: owner, leaseUntil: new Date(now + leaseMs).toISOString() };
      await this.append([claimed]);
      return claimed;
    });
  }

  claimDue(owner: string, leaseMs: number, limit: number, exclude: readonly string[]): Promise<E[]> {
    if (limit <= 0) return Promise.resolve([]);
    return this.exclusive(async () => {
      const now = this.now().getTime();
      const leaseUntil = new Date(now + leaseMs).toISOString();
      const skip = new Set(exclude);
      const claimed = [...this.entries]
        .filter(([key, entry]) => !skip.has(key) && timeOf(entry.next) <= now && claimable(entry, now))
        .sort(([, a], [, b]) => timeOf(a.next) - timeOf(b.next))
        .slice(0, limit)
        .map(([, entry]) => ({ ...entry, claimedBy: owner, leaseUntil }));
      if (claimed.length > 0) await this.append(claimed);
      return claimed;
    });
  }

  settle(key: string, owner: string, change: (entry: E) => E): Promise<E | undefined> {
    return this.update(key, (entry) => (entry.status === 'pending' && entry.claimedBy === owner ? unclaimed(change(entry)) : undefined));
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
      this.logger.warn({ file: this.file }, `${this.kind.label} was readable by others; made it owner-only (0600)`);
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
      const parsed = parseLine(line, this.kind);
      if (!parsed) {
        skipped += 1;
      } else if (parsed.kind === 'erased') {
        this.erased = parsed.count;
      } else {
        const key = this.kind.keyOf(parsed.entry);
        // An old line (duplicates were allowed then) never overrides what is known.
        if (!(parsed.legacy && this.entries.has(key))) this.entries.set(key, parsed.entry);
      }
    }
    if (skipped > 0) {
      this.logger.warn(
        { file: this.file, skipped },
        `${this.kind.label}: skipped unreadable lines (records torn by a crash?); the rest is intact`,
      );
    }
    let size = from + end;
    if (end < bytes.length) {
      // We hold the lock, so nobody is writing: this is a record torn by a crash.
      // Closing it with a newline keeps the next append a line of its own.
      this.logger.warn(
        { file: this.file, bytes: bytes.length - end },
        `${this.kind.label}: skipped a torn last record (a crash during a write?); the rest is intact`,
      );
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
    let created: boolean;
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

  private lineOf(entry: E): string {
    return `${JSON.stringify(this.kind.write(entry))}\n`;
  }

  private async append(entries: E[]): Promise<void> {
    await this.writeAppend(Buffer.from(entries.map((entry) => this.lineOf(entry)).join(''), 'utf8'));
    for (const entry of entries) this.entries.set(this.kind.keyOf(entry), entry);
    this.lineCount += entries.length;
    if (this.lineCount > 2 * this.entries.size + COMPACT_SLACK) await this.compact();
  }

  /** Rewrites the file with one line per record (and the erased count); atomic by rename. */
  private async compact(): Promise<void> {
    const directory = path.dirname(this.file);
    await mkdir(directory, { recursive: true });
    const lines = (this.erased > 0 ? [`${JSON.stringify({ erased: this.erased })}\n`] : []).concat(
      [...this.entries.values()].map((entry) => this.lineOf(entry)),
    );
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
