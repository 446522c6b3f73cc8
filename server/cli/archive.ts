/**
 * The compliance archive's command, built to dist/cli/archive.js:
 *
 *   npm run archive                          the built site, in-process, into archive/
 *   npm run archive -- --out DIR             into DIR
 *   npm run archive -- --from URL            a running instance instead (through its proxy, say)
 *   npm run archive -- --no-media            without the hero videos
 *   npm run archive -- verify FILE           every record read back, every digest recomputed
 *   npm run archive -- diff OLD NEW [--html FILE]
 *
 * In the container: `docker exec NAME node dist/cli/archive.js --out /app/archive`.
 *
 * Exit codes: 0 done (diff: the same content); 1 it could not be done, or
 * verify found damage; 2 the command was not understood; 3 diff: the
 * content differs.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { archiveCapture, captureBuiltSite, captureRunningSite } from '../archive/archive-site';
import { CaptureError } from '../archive/capture';
import { diffSnapshots, formatDiff } from '../archive/archive-diff';
import type { ArchiveLabel } from '../archive/archive-diff';
import { diffReportHtml } from '../archive/diff-report';
import { siteSnapshot } from '../archive/site-snapshot';
import { verifyArchive } from '../archive/verify-archive';
import { readManifest, readResponses } from '../archive/warc-file';
import { ConfigError } from '../config';
import { ContentError } from '../content/load-content';
import { CommandError, out, runCommand, stderrLogger, UsageError } from './ledger-command';

const USAGE = `Usage: archive [--out DIR] [--from URL] [--no-media]
       archive verify FILE
       archive diff OLD NEW [--html FILE]

  (no command)   capture the site into DIR (default archive/) as site-<UTC time>.warc.gz,
                 with a manifest beside it; the built site in-process, or --from a running one
  verify FILE    read every record back and recompute every digest (exit 1 on damage)
  diff OLD NEW   pages added, removed and changed in visible text and outside links
                 (exit 0 the same, 3 different); --html FILE also writes a printable report`;

/** The in-process site's own warnings (no SMTP, no proxy) are about serving, not archiving: errors only. */
function quietLogger() {
  const logger = stderrLogger();
  logger.level = 'error';
  return logger;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function parse<T extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function capture(args: string[]) {
  const { values, positionals } = parse(args, {
    out: { type: 'string' },
    from: { type: 'string' },
    'no-media': { type: 'boolean' },
  });
  if (positionals.length > 0) throw new UsageError(`Unknown command: ${positionals[0]}`);
  const rootDir = process.cwd();
  const includeMedia = !values['no-media'];
  let from: string | undefined;
  if (typeof values.from === 'string') {
    try {
      from = new URL(values.from).href;
    } catch {
      throw new UsageError(`--from needs a full URL such as https://www.example.com, not "${values.from}"`);
    }
  }
  const dir = path.resolve(rootDir, typeof values.out === 'string' ? values.out : 'archive');
  const started = performance.now();
  let site;
  try {
    site = from ? await captureRunningSite(from, includeMedia) : await captureBuiltSite(rootDir, includeMedia, quietLogger());
  } catch (error) {
    if (error instanceof CaptureError || error instanceof ConfigError || error instanceof ContentError)
      throw new CommandError(`Not archived: ${error.message}`);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new CommandError(`Not archived: the built site is missing (${(error as Error).message}). Run "npm run build" first.`);
    }
    throw error;
  }
  const { archiveFile, manifestFile, manifest } = await archiveCapture(site, dir, rootDir);
  const responses = manifest.records.filter((record) => record.type === 'response');
  out(`Archived ${site.pages.length} pages and ${responses.length - site.pages.length} other files from ${site.source}`);
  out(
    `  ${path.relative(rootDir, archiveFile) || archiveFile}  ${manifest.records.length} records, ${megabytes(manifest.bytes)}, sha256 ${manifest.sha256}`,
  );
  out(`  ${path.relative(rootDir, manifestFile) || manifestFile}`);
  out(`  site ${manifest.siteUrl}, build ${manifest.build.commit ?? 'unknown'}, in ${Math.round(performance.now() - started)} ms`);
}

async function verify(args: string[]) {
  const { positionals } = parse(args, {});
  if (positionals.length !== 1) throw new UsageError('verify takes one archive file');
  const file = positionals[0]!;
  const report = await verifyArchive(file).catch((error: NodeJS.ErrnoException) => {
    throw new CommandError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
  if (report.ok) {
    out(
      `OK ${file}: ${report.records} records, ${report.bytes} bytes, sha256 ${report.sha256}${report.manifest ? ', matches its manifest' : ' (no manifest beside it)'}`,
    );
    return;
  }
  out(`DAMAGED ${file}: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}`);
  for (const problem of report.problems) out(`  ${problem}`);
  process.exitCode = 1;
}

async function label(file: string): Promise<ArchiveLabel> {
  const manifest = await readManifest(file);
  return { file, capturedAt: manifest?.capturedAt, commit: manifest?.build.commit };
}

async function diff(args: string[]) {
  const { values, positionals } = parse(args, { html: { type: 'string' } });
  if (positionals.length !== 2) throw new UsageError('diff takes two archive files: the old one, then the new one');
  const [oldFile, newFile] = positionals as [string, string];
  const read = (file: string) =>
    readResponses(file).catch((error: NodeJS.ErrnoException) => {
      throw new CommandError(
        `Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : `${error.message} (try: archive verify ${file})`}`,
      );
    });
  const [before, after] = [siteSnapshot(await read(oldFile)), siteSnapshot(await read(newFile))];
  const result = diffSnapshots(before, after);
  const labels = [await label(oldFile), await label(newFile)] as const;
  process.stdout.write(formatDiff(result, ...labels));
  if (typeof values.html === 'string') {
    await writeFile(values.html, diffReportHtml(result, ...labels));
    out(`\nReport written to ${values.html}`);
  }
  process.exitCode = result.same ? 0 : 3;
}

await runCommand(
  USAGE,
  async (args) => {
    const [command, ...rest] = args;
    if (command === 'verify') return verify(rest);
    if (command === 'diff') return diff(rest);
    if (command === 'help' || command === '--help') return out(USAGE);
    return capture(args);
  },
  'Could not archive',
);
// The in-process site's timers (the outbox's) are stopped; nothing else should hold the process open.
process.exit(process.exitCode ?? 0);
