/**
 * The operator's command for the message ledger, built to dist/cli/messages.js:
 *
 *   npm run messages -- list                 states with counts, then one line per message
 *   npm run messages -- show ID              one message in full
 *   npm run messages -- export --csv         every message as CSV, on stdout
 *   npm run messages -- remove ID-or-EMAIL   erases a message, or every message from an
 *                                            address (privacy requests)
 *   npm run messages -- retry                re-queues failed messages for sending now
 *
 * In the container: `docker exec NAME node dist/cli/messages.js list`.
 * CONTACT_FILE comes from the environment, read as the server reads it. Like
 * `subscribers`, it is safe while the server runs (the ledger's lock file),
 * and the server's outbox re-reads the file every few seconds.
 *
 * Exit codes: 0 done; 1 it could not be done (configuration, file, no such
 * message); 2 the command was not understood.
 */
import { ConfigError, parseConfig } from '../config';
import { isMessageId, MESSAGE_STATUSES, openMessageLedger } from '../contact/message-ledger';
import type { MessageEntry, MessageLedger } from '../contact/message-ledger';
import { emailKey } from '../newsletter/sign-up-ledger';
import { CommandError, csvField, out, requeuedSentence, runCommand, shortTime, stderrLogger, UsageError } from './ledger-command';

const USAGE = `Usage: messages <command>

Commands:
  list                how many messages are in each state, then one line per message
  show ID             one message in full (ID as list shows it, e.g. m-0123456789abcdef)
  export --csv        every message as CSV on stdout
  remove ID|EMAIL     erase one message, or every message from an address
  retry               queue failed messages for sending again, now

The ledger is CONTACT_FILE (default data/messages.jsonl).`;

const PREVIEW_LENGTH = 40;

/** The first words of a message on one line. */
function preview(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

function list(ledger: MessageLedger) {
  const counts = ledger.counts();
  out(`Message ledger: ${ledger.file}`);
  out('');
  for (const status of [...MESSAGE_STATUSES, 'removed'] as const) {
    const extra = status === 'removed' && counts.removed > 0 ? '  (erased: the messages are not kept)' : '';
    out(`${status.padEnd(9)} ${String(counts[status]).padStart(5)}${extra}`);
  }
  const entries = ledger.list();
  if (entries.length === 0) return;
  const width = Math.max(5, ...entries.map((entry) => entry.email.length));
  out('');
  out(`${'ID'.padEnd(18)}  ${'STATUS'.padEnd(9)}  ${'RECEIVED (UTC)'.padEnd(19)}  ${'EMAIL'.padEnd(width)}  MESSAGE`);
  for (const entry of entries) {
    out(`${entry.id.padEnd(18)}  ${entry.status.padEnd(9)}  ${shortTime(entry.at).padEnd(19)}  ${entry.email.padEnd(width)}  ${preview(entry.message)}`);
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
  for (const [label, value] of rows) if (value !== undefined) out(`${`${label}:`.padEnd(10)}${value}`);
  out('');
  out(entry.message);
}

function exportCsv(ledger: MessageLedger) {
  out('id,status,received_at,name,email,company,phone,topic,message');
  for (const entry of ledger.list()) {
    out([entry.id, entry.status, entry.at, entry.name, entry.email, entry.company, entry.phone, entry.topic, entry.message].map(csvField).join(','));
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

  let file: string;
  try {
    file = parseConfig(process.env).contact.file;
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(`Invalid configuration: ${error.message}`);
    throw error;
  }
  const ledger = openMessageLedger({ file, logger: stderrLogger() });
  await ledger.refresh();

  switch (command) {
    case 'list':
      list(ledger);
      return;
    case 'export':
      exportCsv(ledger);
      return;
    case 'show': {
      const entry = ledger.get(rest[0]!.trim());
      if (!entry) throw new CommandError(`No message ${rest[0]} in ${ledger.file}.`);
      show(entry);
      return;
    }
    case 'remove': {
      const target = rest[0]!.trim();
      const byId = isMessageId(target);
      const removed = byId
        ? await ledger.removeWhere((entry) => entry.id === target)
        : await ledger.removeWhere((entry) => emailKey(entry.email) === emailKey(target));
      if (removed === 0) throw new CommandError(`No message ${byId ? target : `from ${target}`} in ${ledger.file}; nothing was removed.`);
      out(
        byId
          ? `Removed ${target}: erased from ${ledger.file}. It will not be sent again.`
          : `Removed ${removed} ${removed === 1 ? 'message' : 'messages'} from ${target}: erased from ${ledger.file}. None will be sent again.`,
      );
      return;
    }
    case 'retry':
      out(requeuedSentence(await ledger.requeueFailed()));
      return;
  }
}

await runCommand(USAGE, run);
