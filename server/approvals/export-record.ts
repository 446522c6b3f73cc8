/**
 * `approvals export DIR OUT`: a folder an examiner can read and check
 * without this code. Laid out as ARCHIVE_DIR is (the record, its head, each
 * bound WARC with its manifest and change report), so every check, by hand
 * or with `approvals verify OUT`, runs on it unchanged; plus record.txt (the
 * record in words) and README.txt (what each file is, how to check it).
 *
 * Refused when the record does not verify, or when OUT holds anything.
 */
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RecordedLine } from './approval-lines';
import { changesFileOf } from './archive-binding';
import { HEAD_FILE, RECORD_FILE } from './record-chain';
import { readRecord } from './record-file';
import { formatRecord } from './record-text';
import { verifyRecord } from './verify-record';
import { EXPORT_README } from './export-readme';

export class ExportRefused extends Error {
  override name = 'ExportRefused';
}

export interface ExportResult {
  lines: number;
  files: string[];
}

async function isEmptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** The files each archive line brings: its WARC, its manifest and its change report, where there are. */
function boundFiles(lines: RecordedLine[]): { file: string; optional: boolean }[] {
  const files = new Map<string, boolean>();
  for (const line of lines) {
    if (line.kind !== 'archive') continue;
    files.set(line.warc.file, false);
    if (line.manifest) files.set(line.manifest.file, false);
    if (line.visibleChange) files.set(changesFileOf(line.commit), true);
  }
  return [...files].map(([file, optional]) => ({ file, optional }));
}

export async function exportRecord(archiveDir: string, outDir: string): Promise<ExportResult> {
  if (!(await isEmptyOrAbsent(outDir))) throw new ExportRefused(`${outDir} exists and is not empty: export into a new or empty folder`);
  const source = await verifyRecord(archiveDir);
  if (!source.ok) throw new ExportRefused(`the record does not verify, so it is not exported: ${source.problems[0]}`);
  const existed = (await readdir(outDir).catch(() => undefined)) !== undefined;
  await mkdir(outDir, { recursive: true });
  try {
    // The head before the record: a line appended meanwhile then reads as an unfinished append, which verifies.
    await copyFile(path.join(archiveDir, HEAD_FILE), path.join(outDir, HEAD_FILE));
    await copyFile(path.join(archiveDir, RECORD_FILE), path.join(outDir, RECORD_FILE));
    const copied = await readRecord(outDir);
    const files = [RECORD_FILE, HEAD_FILE];
    for (const { file, optional } of boundFiles(copied)) {
      try {
        await copyFile(path.join(archiveDir, file), path.join(outDir, file));
        files.push(file);
      } catch (error) {
        if (!optional || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    // The copies checked as the examiner will check them: what left is what the record says.
    const exported = await verifyRecord(outDir);
    if (!exported.ok) throw new ExportRefused(`the exported copy does not verify: ${exported.problems[0]}`);
    await writeFile(path.join(outDir, 'record.txt'), formatRecord(exported.lines, { full: true }));
    await writeFile(path.join(outDir, 'README.txt'), EXPORT_README);
    return { lines: exported.lines.length, files: [...files, 'record.txt', 'README.txt'] };
  } catch (error) {
    // Nothing half-made is left for someone to hand over: OUT was empty or absent.
    await rm(outDir, { recursive: true, force: true });
    if (existed) await mkdir(outDir);
    throw error;
  }
}
