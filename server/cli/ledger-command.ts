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
import { LockTimeoutError } from '../outbox/file-lock';

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

/** RFC 4180: quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Warnings (a torn record skipped) go to stderr, so what is printed on stdout stays clean. */
export function stderrLogger(): Logger {
  return pino({ level: 'warn', base: undefined }, pino.destination({ dest: 2, sync: true }));
}

/**
 * Runs a command and turns its failure into one line and an exit code. A
 * reader that stops early (`… list | head`) is not an error.
 */
export async function runCommand(usage: string, run: (args: string[]) => Promise<void>, failure = 'Could not work on the ledger'): Promise<void> {
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
      const code = error && typeof error === 'object' && 'code' in error ? ` (${String(error.code)})` : '';
      process.stderr.write(`${failure}${code}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

/** Re-queues failed entries and says so. */
export function requeuedSentence(count: number): string {
  return count === 0
    ? 'No failed entries: nothing to retry.'
    : `Re-queued ${count} failed ${count === 1 ? 'entry' : 'entries'} for delivery now. A running server sends ${count === 1 ? 'it' : 'them'} within a few seconds; otherwise at its next start.`;
}
