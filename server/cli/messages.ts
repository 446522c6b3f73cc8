/**
 * The operator's command for the message ledger, built to dist/cli/messages.js:
 *
 *   npm run messages -- list                 states with counts, then one line per message
 *   npm run messages -- show ID              one message in full
 *   npm run messages -- export --csv         every message as CSV, on stdout
 *   npm run messages -- remove ID-or-EMAIL   erases a message, or every message from an
 *                                            address (privacy requests)
 *   npm run messages -- retry                re-queues failed messages for sending now
 *   npm run messages -- import-file FILE     copies a message ledger file into PostgreSQL
 *
 * In the container: `docker exec NAME node dist/cli/messages.js list`.
 * CONTACT_FILE or DATABASE_URL comes from the environment, read as the server reads it. Like
 * `subscribers`, it is safe while the server runs (the ledger's lock file),
 * and the server's outbox re-reads the file every few seconds.
 *
 * Exit codes: 0 done; 1 it could not be done (configuration, file, no such
 * message); 2 the command was not understood.
 */
import { isMessageId, MESSAGE_STATUSES, openMessageLedger } from '../forms/contact/message-ledger';
import type { MessageEntry, MessageStore } from '../forms/contact/message-ledger';
import { csvField } from '../../shared/csv-field';
import {
  CommandError,
  commandConfig,
  importLedgerFile,
  out,
  requeuedSentence,
  runCommand,
  shortTime,
  shown,
  stderrLogger,
  UsageError,
  withStorage,
} from './ledger-command';

const USAGE = `Usage: messages <command>

Commands:
  list                how many messages are in each state, then one line per message
  show ID             one message in full (ID as list shows it, e.g. m-0123456789abcdef)
  export --csv        every message as CSV on stdout
  remove ID|EMAIL     erase one message, or every message from an address
  retry               queue failed messages for sending again, now
  import-file FILE    copy a message ledger file into PostgreSQL (DATABASE_URL); run twice, it changes nothing

The ledger is CONTACT_FILE (default data/messages.jsonl), or PostgreSQL when DATABASE_URL is set.`;

const PREVIEW_LENGTH = 40;

/** The first words of a message on one line. */
function preview(text: string): string {
  const line = shown(text.replace(/\s+/g, ' ').trim());
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

async function list(store: MessageStore) {
  const counts = await store.counts();
  out(`Message ledger: ${store.where}`);
  out('');
  for (const status of [...MESSAGE_STATUSES, 'removed'] as const) {
    const extra = status === 'removed' && counts.removed > 0 ? '  (erased: the messages are not kept)' : '';
    out(`${status.padEnd(9)} ${String(counts[status]).padStart(5)}${extra}`);
  }
  const entries = await store.list();
  if (entries.length === 0) return;
  const width = Math.max(5, ...entries.map((entry) => entry.email.length));
  out('');
  out(`${'ID'.padEnd(18)}  ${'STATUS'.padEnd(9)}  ${'RECEIVED (UTC)'.padEnd(19)}  ${'EMAIL'.padEnd(width)}  MESSAGE`);
  for (const entry of entries) {
    out(
      `${entry.id.padEnd(18)}  ${entry.status.padEnd(9)}  ${shortTime(entry.at).padEnd(19)}  ${shown(entry.email).padEnd(width)}  ${preview(entry.message)}`,
    );
  }
}

function show(entry: MessageEntry) {
  const rows: [string, string | undefined][] = [
    ['ID', entry.id],
    ['Status', entry.status],
    ['Received', `${shortTime(entry.at)} UTC`],
    ['Name', entry.name],
    ['Email', entry.email],
    ['Firm', entry.company || undefined],
    ['Phone', entry.phone || undefined],
    ['Topic', entry.topic || undefined],
    ['Attempts', entry.attempts === undefined ? undefined : String(entry.attempts)],
    ['Next try', entry.status === 'pending' && entry.next ? `${shortTime(entry.next)} UTC` : undefined],
    ['Problem', entry.lastError],
  ];
  for (const [label, value] of rows) if (value !== undefined) out(`${`${label}:`.padEnd(10)}${shown(value)}`);
  out('');
  out(shown(entry.message, { keepLines: true }));
}

async function exportCsv(store: MessageStore) {
  out('id,status,received_at,name,email,company,phone,topic,message');
  for (const entry of await store.list()) {
    out(
      [entry.id, entry.status, entry.at, entry.name, entry.email, entry.company, entry.phone, entry.topic, entry.message]
        .map(csvField)
        .join(','),
    );
  }
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
    case 'retry':
      expectArgs(0, 'no arguments');
      break;
    case 'import-file':
      expectArgs(1, 'the message ledger file to copy: import-file FILE');
      break;
    case 'show':
      expectArgs(1, 'one message id: show ID');
      break;
    case 'remove':
      expectArgs(1, 'one message id or email address: remove ID|EMAIL');
      break;
    case 'export':
      if (rest.length !== 1 || rest[0] !== '--csv') throw new UsageError('"export" needs the format: export --csv');
      break;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }

  await withStorage(commandConfig(), async (storage) => {
    const store = storage.messages;
    switch (command) {
      case 'list':
        return list(store);
      case 'export':
        return exportCsv(store);
      case 'show': {
        const entry = await store.get(rest[0]!.trim());
        if (!entry) throw new CommandError(`No message ${rest[0]} in ${store.where}.`);
        show(entry);
        return;
      }
      case 'remove': {
        const target = rest[0]!.trim();
        const byId = isMessageId(target);
        const removed = await store.removeWhere(byId ? { key: target } : { email: target });
        if (removed === 0) throw new CommandError(`No message ${byId ? target : `from ${target}`} in ${store.where}; nothing was removed.`);
        out(
          byId
            ? `Removed ${target}: erased from ${store.where}. It will not be sent again.`
            : `Removed ${removed} ${removed === 1 ? 'message' : 'messages'} from ${target}: erased from ${store.where}. None will be sent again.`,
        );
        return;
      }
      case 'retry':
        out(requeuedSentence(await store.requeueFailed()));
        return;
      case 'import-file':
        return importLedgerFile(storage, store, openMessageLedger({ file: rest[0]!, logger: stderrLogger() }));
    }
  });
}

await runCommand(USAGE, run);
