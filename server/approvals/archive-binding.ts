/**
 * Binding a published version to its archive: once the commit's site is
 * captured as a WARC in ARCHIVE_DIR, an ArchiveLine names the WARC and its
 * SHA-256 (and its manifest's), and says what a visitor reads differently
 * from the WARC archived before it: the `archive diff` report as text, the
 * same words `npm run archive -- diff OLD NEW` prints in that folder, also
 * written beside them as changes-<commit12>.txt for an examiner.
 *
 * Idempotent: a commit already bound is not bound again (checked before the
 * work, and again under the record's lock, for replicas binding together).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { diffSnapshots, formatDiff } from '../archive/archive-diff';
import type { ArchiveLabel } from '../archive/archive-diff';
import { siteSnapshot } from '../archive/site-snapshot';
import type { SiteSnapshot, StoredResponse } from '../archive/site-snapshot';
import { manifestPathOf, readManifest, readRecords, splitHttpBlock } from '../archive/warc-file';
import type { ArchiveManifest } from '../archive/warc-file';
import type { ArchiveLine, RecordedLine } from './approval-lines';
import { sha256Of } from './record-chain';
import { appendLine, readRecord } from './record-file';

export interface BindRequest {
  /** The content commit served (CONTENT_REPO). */
  commit: string;
  /** The WARC holding what that commit showed: a file name in the archive folder, or its path there. */
  warcFile: string;
}

export class BindError extends Error {
  override name = 'BindError';
}

const WARC_NAME = /^site-.*\.warc\.gz$/;

export const changesFileOf = (commit: string) => `changes-${commit.slice(0, 12)}.txt`;

export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** The HTTP content type of a response head, lower-cased, without parameters. */
function contentTypeOf(head: string): string {
  const line = head.split('\r\n').find((header) => /^content-type:/i.test(header)) ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .split(';')[0]!
    .trim()
    .toLowerCase();
}

/**
 * The snapshot of a WARC, as `archive diff` reads it, holding only the
 * bodies it reads (pages and text files): the server binds in the
 * background, and an archive with the hero videos is tens of megabytes.
 */
export async function warcSnapshot(file: string): Promise<SiteSnapshot> {
  const responses: StoredResponse[] = [];
  for await (const record of readRecords(file)) {
    if (record.type !== 'response' || !record.url) continue;
    const { head, body } = splitHttpBlock(record.block);
    const contentType = contentTypeOf(head);
    const kept = contentType === 'text/html' || contentType === 'text/plain';
    const status = Number(head.split('\r\n')[0]?.split(' ')[1] ?? 0);
    responses.push({ url: record.url, status, contentType, body: kept ? body : new Uint8Array(), sha256: sha256Of(body) });
  }
  return siteSnapshot(responses);
}

/** The WARC archived just before `name` in the folder (names sort by capture time), if any. */
async function previousWarc(archiveDir: string, name: string): Promise<string | undefined> {
  const names = (await readdir(archiveDir)).filter((file) => WARC_NAME.test(file) && file < name).sort();
  return names.at(-1);
}

const label = (file: string, manifest: ArchiveManifest | undefined): ArchiveLabel => ({
  file,
  capturedAt: manifest?.capturedAt,
  commit: manifest?.build.commit,
});

async function writeDurably(file: string, text: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

/** What a visitor reads differently in `name` from the WARC before it; the report also written as changes-<commit12>.txt. */
async function visibleChange(archiveDir: string, name: string, manifest: ArchiveManifest | undefined, commit: string) {
  const before = await previousWarc(archiveDir, name);
  if (!before) return undefined;
  const beforeFile = path.join(archiveDir, before);
  const diff = diffSnapshots(await warcSnapshot(beforeFile), await warcSnapshot(path.join(archiveDir, name)));
  // Labelled by file name, as `archive diff` labels them when run in the folder, so an examiner can reproduce it.
  const report = formatDiff(diff, label(before, await readManifest(beforeFile)), label(name, manifest));
  await writeDurably(path.join(archiveDir, changesFileOf(commit)), report);
  return { previousWarc: before, report, sha256: sha256Of(report) };
}

const boundTo = (commit: string) => (lines: RecordedLine[]) => lines.some((line) => line.kind === 'archive' && line.commit === commit);

/** The ArchiveLine for `commit` held in the WARC `name` of the folder. */
export async function archiveLine(archiveDir: string, commit: string, name: string): Promise<ArchiveLine> {
  const file = path.join(archiveDir, name);
  const [sha256, manifest, info] = await Promise.all([fileSha256(file), readManifest(file), stat(file)]);
  const manifestFile = manifestPathOf(file);
  const manifestBytes = manifest ? await readFile(manifestFile) : undefined;
  const capturedFor = manifest?.content?.commit;
  // A WARC captured for another commit: this one changed nothing a visitor sees, so there is no change to report.
  const sameContent = capturedFor !== undefined && capturedFor !== commit;
  const change = sameContent ? undefined : await visibleChange(archiveDir, name, manifest, commit);
  return {
    kind: 'archive',
    commit,
    archivedAt: manifest?.capturedAt ?? info.mtime.toISOString(),
    warc: { file: name, sha256 },
    ...(manifestBytes ? { manifest: { file: path.basename(manifestFile), sha256: sha256Of(manifestBytes) } } : {}),
    ...(sameContent ? { capturedFor } : {}),
    ...(change ? { visibleChange: change } : {}),
  };
}

/**
 * Binds `commit` to the WARC in `archiveDir` that holds what it showed.
 * Returns the line written, or undefined when the commit was bound already.
 */
export async function bindArchive(archiveDir: string, { commit, warcFile }: BindRequest): Promise<RecordedLine | undefined> {
  const name = path.basename(warcFile);
  if (path.dirname(warcFile) !== '.' && path.resolve(path.dirname(warcFile)) !== path.resolve(archiveDir)) {
    throw new BindError(`${warcFile} is not in the archive folder ${archiveDir}: the record binds only the WARCs beside it`);
  }
  if (!WARC_NAME.test(name)) throw new BindError(`${name} is not an archive of the site (site-….warc.gz)`);
  if (!/^[0-9a-f]{7,64}$/.test(commit)) throw new BindError(`"${commit}" is not a commit id`);
  if (boundTo(commit)(await readRecord(archiveDir))) return undefined;
  const line = await archiveLine(archiveDir, commit, name).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new BindError(`${name} is not in ${archiveDir}`) : error;
  });
  return appendLine(archiveDir, line, boundTo(commit));
}
