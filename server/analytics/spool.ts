/**
 * Counts the store would not take on SIGTERM (the database down), kept on
 * disk until the next start (decision 039): ANALYTICS_DIR/unwritten-<id>.json,
 * owner-only, written whole (fsync, then rename, then the folder's fsync), so
 * a crash leaves the file or nothing. Each batch keeps its id: a spool taken
 * by two instances starting together, or taken after the write it held did
 * land, is still counted once.
 *
 * Only batches are spooled, never views waiting for a salt: those hold the
 * visitor's address and User-Agent, which are written nowhere.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '../forms/storage/directory-sync';
import type { DayBatch } from './counts';

const SPOOL_FILE = /^unwritten-[0-9a-f]+\.json$/;

/** `text` into `file`, all or nothing, durably: a temporary file synced, renamed over it, the folder synced. */
export async function writeDurably(file: string, text: string): Promise<void> {
  const directory = path.dirname(file);
  await mkdir(directory, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDirectory(directory);
}

/** Writes the batches to a new spool file in `dir`; resolves with its path. */
export async function spoolBatches(dir: string, batches: DayBatch[]): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = path.join(dir, `unwritten-${randomBytes(8).toString('hex')}.json`);
  await writeDurably(file, JSON.stringify(batches));
  return file;
}

/** The spool files in `dir` and their batches (a file that does not parse is left for the operator, and named). */
export async function readSpools(dir: string): Promise<{ file: string; batches?: DayBatch[] }[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  const spools = [];
  for (const name of names.filter((item) => SPOOL_FILE.test(item)).sort()) {
    const file = path.join(dir, name);
    try {
      const batches = JSON.parse(await readFile(file, 'utf8')) as unknown;
      spools.push(Array.isArray(batches) ? { file, batches: batches as DayBatch[] } : { file });
    } catch {
      spools.push({ file });
    }
  }
  return spools;
}

export async function removeSpool(file: string): Promise<void> {
  await rm(file, { force: true });
  await syncDirectory(path.dirname(file));
}
