/**
 * The record as a person reads it (`approvals list`, and record.txt in an
 * export): one block per line, in order. A publication says what was
 * published (entry and files), who wrote, approved and published it, when,
 * which commits, and the archive its published commit is bound to; an
 * archive binding says which WARC holds that commit and what a visitor read
 * differently from the archive before it.
 */
import type { AnalyticsLine, ArchiveLine, Person, PublicationLine, RecordedLine } from './approval-lines';

const person = ({ name, email }: Person) => `${name} <${email}>`;

/** "2026-11-25 13:21:23 UTC", or the text as recorded when it is not a time. */
function time(iso: string): string {
  const parsed = Date.parse(iso);
  return Number.isNaN(parsed) ? iso : `${new Date(parsed).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const indent = (text: string, by: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `${by}${line}`.trimEnd())
    .join('\n');

function publicationBlock(line: PublicationLine & { seq: number }, archive: (ArchiveLine & { seq: number }) | undefined, full: boolean) {
  const { entry } = line;
  const block = [
    `#${line.seq}  PUBLICATION  ${entry.collection}/${entry.slug}  published ${time(line.publishedAt)}`,
    `  files:      ${entry.files.join('\n              ')}`,
    `  authors:    ${line.authors.map(person).join(', ') || '(none recorded)'}`,
    `  written:    ${line.writtenAt.map(time).join(', ')}`,
    `  approver:   ${person(line.approver)}, approved ${time(line.approvedAt)}`,
    `  publisher:  ${person(line.publisher)}, published ${time(line.publishedAt)}`,
    `  commits:    approved ${line.approvedCommit}`,
    `              published ${line.publishedCommit}`,
    `  change:     ${line.change.diff.trimEnd().split('\n').length} lines of unified diff, sha256 ${line.change.sha256}`,
    archive
      ? `  archived:   ${archive.warc.file} (#${archive.seq})`
      : '  archived:   its published commit is not bound to an archive (yet, or the site went on to a later commit first)',
  ];
  if (full) block.push(indent(line.change.diff, '    | '));
  return block;
}

function archiveBlock(line: ArchiveLine & { seq: number }, full: boolean): string[] {
  const lines = [
    `#${line.seq}  ARCHIVE  commit ${line.commit}  archived ${time(line.archivedAt)}`,
    `  warc:       ${line.warc.file}`,
    `              sha256 ${line.warc.sha256}`,
  ];
  if (line.manifest) lines.push(`  manifest:   ${line.manifest.file}`, `              sha256 ${line.manifest.sha256}`);
  if (line.capturedFor) {
    lines.push(`  same as:    captured for commit ${line.capturedFor}; this commit changed nothing a visitor sees`);
  }
  if (line.visibleChange) {
    const change = line.visibleChange;
    lines.push(`  change:     from ${change.previousWarc}, report sha256 ${change.sha256}`);
    if (full) lines.push(indent(change.report, '    | '));
  } else if (!line.capturedFor) {
    lines.push('  change:     none recorded (the first archive in the folder)');
  }
  return lines;
}

function analyticsBlock(line: AnalyticsLine & { seq: number }): string[] {
  return [
    `#${line.seq}  ANALYTICS  ${line.month}  written ${time(line.writtenAt)}  (counting method ${line.method})`,
    `  figures:    ${line.file.path}`,
    `              sha256 ${line.file.sha256}`,
  ];
}

function blockOf(line: RecordedLine, archives: Map<string, ArchiveLine & { seq: number }>, full: boolean): string[] {
  if (line.kind === 'publication') return publicationBlock(line, archives.get(line.publishedCommit), full);
  return line.kind === 'archive' ? archiveBlock(line, full) : analyticsBlock(line);
}

/** `full`: with each publication's unified diff and each archive's change report, as an export's record.txt has them. */
export function formatRecord(record: RecordedLine[], { full = false } = {}): string {
  const archives = new Map<string, ArchiveLine & { seq: number }>();
  for (const line of record) if (line.kind === 'archive' && !archives.has(line.commit)) archives.set(line.commit, line);
  const publications = record.filter((line) => line.kind === 'publication').length;
  const months = record.filter((line) => line.kind === 'analytics').length;
  const blocks = record.map((line) => blockOf(line, archives, full).join('\n'));
  // Months of figures are named only once there are some, so a record without any reads as it always did.
  const summary = `${record.length} lines: ${publications} publications, ${record.length - publications - months} archive bindings${months ? `, ${months} months of analytics` : ''}`;
  return `${[summary, ...blocks].join('\n\n')}\n`;
}
