/**
 * The approval record's command (ARCHIVE_DIR/approvals.jsonl, issue 46),
 * built to dist/cli/approvals.js:
 *
 *   npm run approvals -- list DIR [--full]   the record in words, one block per line
 *   npm run approvals -- verify DIR          the chain, the head, every bound WARC, and with
 *                                            CONTENT_REPO (or --repo) each publication's commit
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
import { RepositoryCheckError } from '../approvals/repository-check';
import type { ContentRepository } from '../approvals/repository-check';
import { verifyRecord } from '../approvals/verify-record';
import { ConfigError } from '../config';
import { parseContentSync } from '../config/content-sync';
import { CommandError, out, runCommand, UsageError } from './ledger-command';

const USAGE = `Usage: approvals list DIR [--full]
       approvals verify DIR [--repo PATH] [--branch NAME]
       approvals export DIR OUT

  DIR is the archive folder (ARCHIVE_DIR) holding approvals.jsonl and the WARCs it binds.
  list         every publication (entry, files, authors, approver, publisher, times, commits)
               and every archive binding (WARC and SHA-256); --full adds each diff and change report
  verify       every line, seq and previous hash, the head, every bound WARC read back, and each
               publication against its Publish commit in the content repository (CONTENT_REPO and
               CONTENT_BRANCH as the server has them, or --repo and --branch), which carries its
               hash (exit 0 intact, 1 with the first bad line named)
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

/** The content repository as the server has it (CONTENT_REPO, CONTENT_BRANCH), or as the flags say; undefined when neither names one. */
function contentRepository(values: { repo?: string; branch?: string }): ContentRepository | undefined {
  const env = { CONTENT_REPO: values.repo ?? process.env.CONTENT_REPO, CONTENT_BRANCH: values.branch ?? process.env.CONTENT_BRANCH };
  try {
    const sync = parseContentSync(env, process.cwd());
    return sync && { gitDir: path.resolve(sync.repository), branch: sync.branch };
  } catch (error) {
    if (error instanceof ConfigError) throw new CommandError(error.message);
    throw error;
  }
}

/** What the repository check found, or plainly that it was not done. */
function repositoryLine(result: Awaited<ReturnType<typeof verifyRecord>>, repository: ContentRepository | undefined): string {
  if (!repository || !result.repository)
    return '  not checked against the content repository: CONTENT_REPO is not set (set it as the server has it, or pass --repo PATH)';
  const { anchored, unanchored } = result.repository;
  const where = `${repository.gitDir} (${repository.branch})`;
  const before = unanchored > 0 ? `; ${unanchored} published before commits carried the hash agree with what git says of them` : '';
  return `  checked against ${where}: ${anchored} publications agree with the hash their Publish commit carries${before}`;
}

async function verify(args: string[]) {
  const options = { repo: { type: 'string' }, branch: { type: 'string' } } as const;
  const { values, positionals } = parse(args, options, 1, 'verify takes the archive folder');
  const dir = await recordDir(positionals[0]!);
  const repository = contentRepository(values);
  const result = await verifyRecord(dir, repository).catch((error: unknown) => {
    if (error instanceof RepositoryCheckError)
      throw new CommandError(`Could not check the record against the content repository: ${error.message}`);
    throw error;
  });
  const file = path.join(dir, RECORD_FILE);
  if (result.ok) {
    const publications = result.lines.filter((line) => line.kind === 'publication').length;
    out(
      `OK ${file}: ${result.lines.length} lines (${publications} publications, ${result.lines.length - publications} archive bindings), chain intact, ${result.warcs} WARCs match${result.unfinished ? '; the last append had not yet moved approvals.head (the next append does)' : ''}`,
    );
    out(repositoryLine(result, repository));
    return;
  }
  out(`BROKEN ${file}: ${result.problems[0]}`);
  for (const problem of result.problems.slice(1)) out(`  also ${problem}`);
  if (!result.repository) out(repositoryLine(result, repository));
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
