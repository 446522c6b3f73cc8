/**
 * What the operator's ledger commands (subscribers.ts, messages.ts) share:
 * printing, times and CSV, the exit codes, and the one place their errors
 * become a sentence instead of a stack trace.
 *
 * Exit codes: 0 done; 1 it could not be done (configuration, file, no such
 * record); 2 the command was not understood.
 */
import pino from 'pino';
import type { Logger } from 'pino';
import { ConfigError, parseConfig } from '../config';
import type { AppConfig } from '../config';
import { errorCode } from '../forms/intake/error-code';
import { LockTimeoutError } from '../forms/storage/file-lock';
import type { Ledger } from '../forms/storage/ledger-file';
import type { DeliveryState } from '../forms/storage/record-store';
import { unclaimed } from '../forms/storage/record-store';
import type { RecordStore } from '../forms/storage/record-store';
import { openStorage } from '../forms/storage/storage';
import type { Storage } from '../forms/storage/storage';

export class UsageError extends Error {}
export class CommandError extends Error {}

export function out(text: string) {
  process.stdout.write(`${text}\n`);
}

/** "2026-11-23 00:12:03" (UTC), or the raw text when it is not a date. */
export function shortTime(iso: string | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

/** Control characters (but line breaks and tabs where `keepLines`) and the bidirectional controls. */
const UNSHOWN = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * What a visitor wrote, for the operator's terminal: every control character
 * written out as \u001b and the like, so a stored escape sequence can neither
 * drive the terminal nor a bidirectional override make a line read otherwise
 * than it is stored.
 */
export function shown(text: string, { keepLines = false } = {}): string {
  return text.replace(UNSHOWN, (char) =>
    keepLines && (char === '\n' || char === '\t') ? char : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Warnings (a torn record skipped) go to stderr, so what is printed on stdout stays clean. */
export function stderrLogger(): Logger {
  return pino({ level: 'warn', base: undefined }, pino.destination({ dest: 2, sync: true }));
}

/**
 * Runs a command and turns its failure into one line and an exit code. A
 * reader that stops early (`… list | head`) is not an error.
 */
export async function runCommand(
  usage: string,
  run: (args: string[]) => Promise<void>,
  failure = 'Could not work on the ledger',
): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  try {
    await run(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${usage}\n`);
      process.exitCode = 2;
    } else if (error instanceof CommandError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    } else if (error instanceof LockTimeoutError) {
      process.stderr.write(`The ledger is busy (${error.message}). Try again in a moment.\n`);
      process.exitCode = 1;
    } else {
      const code = errorCode(error);
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`${failure}${code === undefined ? '' : ` (${code})`}: ${message}\n`);
      process.exitCode = 1;
    }
  }
}

/** The configuration as the server reads it, a bad value told as one line. */
export function commandConfig(): AppConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(`Invalid configuration: ${error.message}`);
    throw error;
  }
}

/** The server's storage (the files, or PostgreSQL with DATABASE_URL) for the length of `work`. */
export async function withStorage(config: AppConfig, work: (storage: Storage) => Promise<void>): Promise<void> {
  const storage = openStorage(config, stderrLogger());
  try {
    await work(storage);
  } finally {
    await storage.close();
  }
}

/**
 * `import-file FILE`: every record of a ledger file into the database, as it
 * is there (a claim left in the file is dropped: nobody is sending it now).
 * A record the database already holds is left as it is, so a second run
 * changes nothing.
 */
export async function importLedgerFile<E extends DeliveryState>(storage: Storage, store: RecordStore<E>, file: Ledger<E>): Promise<void> {
  if (storage.kind !== 'postgres') {
    throw new CommandError('import-file moves a ledger file into PostgreSQL: set DATABASE_URL to the database first.');
  }
  const entries = await file.list();
  if (entries.length === 0) throw new CommandError(`${file.file} holds no records (is it the right file?); nothing was imported.`);
  let imported = 0;
  for (const entry of entries) {
    const { created } = await store.insert(store.kind.keyOf(entry), (existing) => (existing ? undefined : unclaimed(entry)));
    if (created) imported += 1;
  }
  const kept = entries.length - imported;
  out(`Imported ${imported} of ${entries.length} records from ${file.file} into ${store.where}.`);
  if (kept > 0) out(`${kept} ${kept === 1 ? 'was' : 'were'} already there and left as ${kept === 1 ? 'it was' : 'they were'}.`);
  if (imported > 0) out('Keep the file until you have checked the list; the server no longer reads it while DATABASE_URL is set.');
}

/** Re-queues failed entries and says so. */
export function requeuedSentence(count: number): string {
  return count === 0
    ? 'No failed entries: nothing to retry.'
    : `Re-queued ${count} failed ${count === 1 ? 'entry' : 'entries'} for delivery now. A running server sends ${count === 1 ? 'it' : 'them'} within a few seconds; otherwise at its next start.`;
}
