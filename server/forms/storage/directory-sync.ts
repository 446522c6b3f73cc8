/**
 * fsync of a folder: after a file is created or renamed in it, its new name is only durable once
 * the folder itself is synced (POSIX). The ledgers and the approval record both need it.
 */
import { open } from 'node:fs/promises';

export async function syncDirectory(directory: string) {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
