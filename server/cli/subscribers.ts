/**
 * The operator's command for the sign-up ledger, built to dist/cli/subscribers.js:
 *
 *   npm run subscribers -- list            states with counts, then every address
 *   npm run subscribers -- export --csv    CSV for an email tool's import, on stdout
 *   npm run subscribers -- remove EMAIL    erases the address (privacy requests)
 *   npm run subscribers -- retry           re-queues failed entries for delivery now
 *   npm run subscribers -- import-file FILE  copies a ledger file into PostgreSQL (DATABASE_URL)
 *
 * In the container: `docker exec NAME node dist/cli/subscribers.js list`.
 * NEWSLETTER_FILE or DATABASE_URL comes from the environment, read as the
 * server reads it (server/forms/storage/storage.ts).
 * It is safe while the server runs: both take the ledger's lock file for
 * each write and catch up with each other's records first, and the server's
 * outbox re-reads the file every few seconds (so a removed address is never
 * sent again and re-queued ones go out).
 *
 * Exit codes: 0 done; 1 it could not be done (configuration, file, no such
 * address); 2 the command was not understood.
 */
import { openSignUpLedger, SIGN_UP_STATUSES } from '../forms/newsletter/sign-up-ledger';
import type { SignUpEntry, SignUpStore } from '../forms/newsletter/sign-up-ledger';
import { emailKey } from '../../shared/rules/email';
import { csvField } from '../../shared/csv-field';
import {
  CommandError,
  commandConfig,
  importLedgerFile,
  out,
  requeuedSentence,
  runCommand,
  shortTime,
  stderrLogger,
  UsageError,
  withStorage,
} from './ledger-command';

const USAGE = `Usage: subscribers <command>

Commands:
  list            how many addresses are in each state, then every address
  export --csv    every address as CSV (email,status,subscribed_at) on stdout
  remove EMAIL    erase an address from the ledger (it is never sent again)
  retry           queue failed addresses for delivery again, now
  import-file FILE  copy a ledger file into PostgreSQL (DATABASE_URL); run twice, it changes nothing

The ledger is NEWSLETTER_FILE (default data/subscribers.jsonl), or PostgreSQL when DATABASE_URL is set.`;

function note(entry: SignUpEntry): string {
  const parts: string[] = [];
  if (entry.status === 'pending' && entry.next) parts.push(`next attempt ${shortTime(entry.next)}`);
  if (entry.status !== 'subscribed' && entry.lastError) parts.push(entry.lastError);
  return parts.join('; ');
}

async function list(store: SignUpStore) {
  const counts = await store.counts();
  out(`Sign-up ledger: ${store.where}`);
  out('');
  for (const status of [...SIGN_UP_STATUSES, 'removed'] as const) {
    const extra = status === 'removed' && counts.removed > 0 ? '  (erased: the addresses are not kept)' : '';
    out(`${status.padEnd(11)} ${String(counts[status]).padStart(5)}${extra}`);
  }
  const entries = await store.list();
  if (entries.length === 0) return;
  const width = Math.max(5, ...entries.map((entry) => entry.email.length));
  out('');
  out(`${'STATUS'.padEnd(11)} ${'EMAIL'.padEnd(width)}  ${'RECEIVED (UTC)'.padEnd(19)}  ATTEMPTS  NOTE`);
  for (const entry of entries) {
    const attempts = entry.attempts === undefined ? '' : String(entry.attempts);
    out(
      `${entry.status.padEnd(11)} ${entry.email.padEnd(width)}  ${shortTime(entry.at).padEnd(19)}  ${attempts.padEnd(8)}  ${note(entry)}`.trimEnd(),
    );
  }
}

async function exportCsv(store: SignUpStore) {
  out('email,status,subscribed_at');
  for (const entry of await store.list()) out([entry.email, entry.status, entry.at].map(csvField).join(','));
}

async function run(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (!command) throw new UsageError('No command given.');
  if (command === 'help' || command === '--help' || command === '-h') {
    out(USAGE);
    return;
  }
  const expectArgs = (count: number, what: string) => {
    if (rest.length !== count) throw new UsageError(`"${command}" takes ${what}.`);
  };
  switch (command) {
    case 'list':
    case 'export':
    case 'remove':
    case 'retry':
    case 'import-file':
      break;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
  if (command === 'list' || command === 'retry') expectArgs(0, 'no arguments');
  if (command === 'export' && (rest.length !== 1 || rest[0] !== '--csv')) {
    throw new UsageError('"export" needs the format: export --csv');
  }
  if (command === 'remove') expectArgs(1, 'one email address: remove EMAIL');
  if (command === 'import-file') expectArgs(1, 'the ledger file to copy: import-file FILE');

  await withStorage(commandConfig(), async (storage) => {
    const store = storage.signUps;
    switch (command) {
      case 'list':
        return list(store);
      case 'export':
        return exportCsv(store);
      case 'remove': {
        const email = rest[0]!.trim();
        if ((await store.removeWhere({ key: emailKey(email) })) === 0)
          throw new CommandError(`No entry for ${email} in ${store.where}; nothing was removed.`);
        out(`Removed ${email}: erased from ${store.where}. It will not be sent to the provider again.`);
        return;
      }
      case 'retry':
        out(requeuedSentence(await store.requeueFailed()));
        return;
      case 'import-file':
        return importLedgerFile(storage, store, openSignUpLedger({ file: rest[0]!, logger: stderrLogger() }));
    }
  });
}

await runCommand(USAGE, run);
