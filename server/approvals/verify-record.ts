/**
 * `approvals verify DIR`: the whole record checked, as an examiner would.
 *
 * - Every line parses, seq counts 1, 2, 3…, each `previous` is the SHA-256
 *   of the line before it as written, and approvals.head vouches for the
 *   last: the first line that fails is named, with what is wrong.
 * - Every WARC a line binds is there with the SHA-256 the line recorded,
 *   and reads back whole (the archive's own verify: every record's digests,
 *   and its manifest); the manifest bound beside it has its recorded SHA-256.
 * - Every month of analytics figures is there with its recorded SHA-256.
 * - With the content repository (CONTENT_REPO): every publication line
 *   agrees with the Publish commit it names, which carries its hash, and
 *   every such commit on the branch has its line (repository-check.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { verifyArchive } from '../archive/verify-archive';
import type { AnalyticsLine, ArchiveLine, RecordedLine } from './approval-lines';
import { sha256Of } from './record-chain';
import { checkRecord } from './record-file';
import { checkAgainstRepository } from './repository-check';
import type { ContentRepository } from './repository-check';

export interface RecordVerification {
  ok: boolean;
  /** The lines that checked, in order (all of them when ok). */
  lines: RecordedLine[];
  /** How many distinct WARCs were checked. */
  warcs: number;
  /** What is wrong, the first bad line first; empty when ok. */
  problems: string[];
  /** The last append's line was written but not yet vouched for by approvals.head (the next append completes it). */
  unfinished: boolean;
  /** The publications checked against the content repository, when one was given; undefined: not checked. */
  repository?: { anchored: number; unanchored: number };
}

async function checkWarc(archiveDir: string, line: ArchiveLine): Promise<string[]> {
  const file = path.join(archiveDir, line.warc.file);
  const report = await verifyArchive(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!report) return [`its WARC ${line.warc.file} is missing`];
  const problems: string[] = [];
  if (report.sha256 !== line.warc.sha256) {
    problems.push(`${line.warc.file}'s SHA-256 is ${report.sha256}, but the record says ${line.warc.sha256}`);
  }
  if (!report.ok) problems.push(`${line.warc.file} does not read back whole: ${report.problems[0]}`);
  return problems;
}

async function checkManifest(archiveDir: string, line: ArchiveLine): Promise<{ problem?: string }> {
  if (!line.manifest) return {};
  const bytes = await readFile(path.join(archiveDir, line.manifest.file)).catch(() => undefined);
  if (!bytes) return { problem: `its manifest ${line.manifest.file} is missing` };
  const sha256 = sha256Of(bytes);
  return sha256 === line.manifest.sha256
    ? {}
    : { problem: `${line.manifest.file}'s SHA-256 is ${sha256}, but the record says ${line.manifest.sha256}` };
}

/** A month of analytics figures (decision 040): its file there, with the SHA-256 the record says. */
async function checkAnalytics(archiveDir: string, line: AnalyticsLine): Promise<string[]> {
  const bytes = await readFile(path.join(archiveDir, line.file.path)).catch(() => undefined);
  if (!bytes) return [`the analytics figures of ${line.month}, ${line.file.path}, are missing`];
  const sha256 = sha256Of(bytes);
  return sha256 === line.file.sha256
    ? []
    : [
        `the analytics figures of ${line.month}, ${line.file.path}, were altered: their SHA-256 is ${sha256}, but the record says ${line.file.sha256}`,
      ];
}

/** `repository`: also hold each publication to its Publish commit there (throws RepositoryCheckError when it cannot be read). */
export async function verifyRecord(archiveDir: string, repository?: ContentRepository): Promise<RecordVerification> {
  const { lines, problem, unfinished } = await checkRecord(archiveDir);
  const found: { line: number; text: string }[] = problem ? [{ line: problem.line, text: problem.problem }] : [];
  // Each WARC is read once, however many commits it holds (a commit that changed nothing visible shares one).
  const checked = new Map<string, string[]>();
  for (const line of lines) {
    if (line.kind === 'analytics') for (const text of await checkAnalytics(archiveDir, line)) found.push({ line: line.seq, text });
    if (line.kind !== 'archive') continue;
    let warcProblems = checked.get(line.warc.file);
    if (!warcProblems) {
      warcProblems = await checkWarc(archiveDir, line);
      checked.set(line.warc.file, warcProblems);
    }
    const manifest = await checkManifest(archiveDir, line);
    for (const text of [...warcProblems, ...(manifest.problem ? [manifest.problem] : [])]) found.push({ line: line.seq, text });
  }
  const anchors = repository && (await checkAgainstRepository(lines, repository, !problem));
  const unnamed: string[] = [];
  for (const { line, text } of anchors?.problems ?? []) {
    if (line === undefined) unnamed.push(`the repository: ${text}`);
    else found.push({ line, text });
  }
  // The first bad line first, whether its fault is in the chain, the WARC it binds or its commit; then commits no line names.
  const problems = [...found.sort((a, b) => a.line - b.line).map(({ line, text }) => `line ${line}: ${text}`), ...unnamed];
  return {
    ok: problems.length === 0,
    lines,
    warcs: checked.size,
    problems,
    unfinished: !!unfinished,
    ...(anchors ? { repository: { anchored: anchors.anchored, unanchored: anchors.unanchored } } : {}),
  };
}
