/**
 * The approval record's command (ARCHIVE_DIR/approvals.jsonl, issue 46),
 * built to dist/cli/approvals.js:
 *
 *   npm run approvals -- list DIR [--full]   the record in words, one block per line
 *   npm run approvals -- verify DIR          the chain, the head, every bound WARC
 *   npm run approvals -- export DIR OUT      a folder for an examiner
 *
 * In the container: `node dist/cli/approvals.js verify /app/archive`.
 *
 * Exit codes: 0 done (verify: intact); 1 it could not be done, or verify
 * found a changed byte or a broken chain, or export refused; 2 the command
 * was not understood.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { RECORD_FILE, RecordBrokenError } from '../approvals/approval-record';
import { openApprovalRecord } from '../approvals/approval-record';
import { ExportRefused, exportRecord } from '../approvals/export-record';
import { formatRecord } from '../approvals/record-text';
import { verifyRecord } from '../approvals/verify-record';
import { CommandError, out, runCommand, UsageError } from './ledger-command';

const USAGE = `Usage: approvals list DIR [--full]
       approvals verify DIR
       approvals export DIR OUT

  DIR is the archive folder (ARCHIVE_DIR) holding approvals.jsonl and the WARCs it binds.
  list         every publication (entry, files, authors, approver, publisher, times, commits)
               and every archive binding (WARC and SHA-256); --full adds each diff and change report
  verify       every line, seq and previous hash, the head, every bound WARC read back
               (exit 0 intact, 1 with the first bad line named)
  export OUT   copies the record, its WARCs and their reports into OUT (new or empty), with
               record.txt and a README.txt on checking it by hand; refused unless it verifies`;

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T, count: number, what: string) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length !== count) throw new UsageError(what);
  return parsed;
}

/** The folder must hold a record: an examiner told "0 lines, intact" of a mistyped folder would be misled. */
async function recordDir(dir: string): Promise<string> {
  try {
    await access(path.join(dir, RECORD_FILE));
  } catch {
    throw new CommandError(`No approval record in ${dir}: there is no ${RECORD_FILE} there`);
  }
  return dir;
}

async function list(args: string[]) {
  const { values, positionals } = parse(args, { full: { type: 'boolean' } }, 1, 'list takes the archive folder');
  const dir = await recordDir(positionals[0]!);
  try {
    process.stdout.write(formatRecord(await openApprovalRecord(dir).read(), { full: !!values.full }));
  } catch (error) {
    if (error instanceof RecordBrokenError) throw new CommandError(`${error.message} (run: approvals verify ${dir})`);
    throw error;
  }
}

async function verify(args: string[]) {
  const { positionals } = parse(args, {}, 1, 'verify takes the archive folder');
  const dir = await recordDir(positionals[0]!);
  const result = await verifyRecord(dir);
  const file = path.join(dir, RECORD_FILE);
  if (result.ok) {
    const publications = result.lines.filter((line) => line.kind === 'publication').length;
    out(
      `OK ${file}: ${result.lines.length} lines (${publications} publications, ${result.lines.length - publications} archive bindings), chain intact, ${result.warcs} WARCs match${result.unfinished ? '; the last append had not yet moved approvals.head (the next append does)' : ''}`,
    );
    return;
  }
  out(`BROKEN ${file}: ${result.problems[0]}`);
  for (const problem of result.problems.slice(1)) out(`  also ${problem}`);
  process.exitCode = 1;
}

async function exportTo(args: string[]) {
  const { positionals } = parse(args, {}, 2, 'export takes the archive folder, then a new or empty folder to write');
  const [dir, outDir] = positionals as [string, string];
  await recordDir(dir);
  try {
    const result = await exportRecord(dir, outDir);
    out(`Exported ${result.lines} lines and ${result.files.length} files to ${outDir}: ${result.files.join(', ')}`);
  } catch (error) {
    if (error instanceof ExportRefused) throw new CommandError(`Not exported: ${error.message}`);
    throw error;
  }
}

await runCommand(
  USAGE,
  async (args) => {
    const [command, ...rest] = args;
    if (command === 'list') return list(rest);
    if (command === 'verify') return verify(rest);
    if (command === 'export') return exportTo(rest);
    if (command === 'help' || command === '--help') return out(USAGE);
    throw new UsageError(command ? `Unknown command: ${command}` : 'Which command?');
  },
  'Could not work on the approval record',
);
