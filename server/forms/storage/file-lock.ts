/**
 * A lock file next to the sign-up ledger, so the server and the operator's
 * command (server/cli/subscribers.ts) never write the ledger at the same
 * time. Held only for the few milliseconds of one read-and-write, never for a
 * process's lifetime.
 *
 * - Taken by creating `<ledger>.lock` exclusively (O_EXCL), which is atomic on
 *   local filesystems; it holds `<pid>@<hostname>`.
 * - A lock left by a process that died (same host, pid gone) or older than
 *   STALE_AFTER_MS is broken: holders keep it for milliseconds, so an old one
 *   can only be a leftover from a crash. A holder that takes longer (the
 *   content mirror's fetch, server/content-sync/git-mirror.ts) touches it
 *   while it works, so it is never taken for a leftover.
 * - Waiting is by short polls with jitter, up to a time limit, after which
 *   the caller gets an error naming the holder.
 */
import { open, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';

export const STALE_AFTER_MS = 30_000;
const DEFAULT_WAIT_MS = 10_000;

export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isStale(lockPath: string): Promise<boolean> {
  try {
    const [info, text] = await Promise.all([stat(lockPath), readFile(lockPath, 'utf8')]);
    if (Date.now() - info.mtimeMs > STALE_AFTER_MS) return true;
    const match = /^(\d+)@(.*)$/.exec(text.trim());
    return !!match && match[2] === hostname() && Number(match[1]) !== process.pid && !isAlive(Number(match[1]));
  } catch {
    // Gone meanwhile, or written but not yet filled: let the next poll decide.
    return false;
  }
}

async function holderOf(lockPath: string): Promise<string> {
  return (await readFile(lockPath, 'utf8').catch(() => 'unknown')).trim() || 'unknown';
}

/** Runs `task` while holding `<file>.lock`. */
export async function withFileLock<T>(file: string, task: () => Promise<T>, waitMs = DEFAULT_WAIT_MS): Promise<T> {
  const lockPath = `${file}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx', 0o600);
      try {
        await handle.writeFile(`${process.pid}@${hostname()}\n`);
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStale(lockPath)) {
        await unlink(lockPath).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) {
        throw new LockTimeoutError(`${lockPath} has been held by ${await holderOf(lockPath)} for over ${waitMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
  const fresh = setInterval(() => {
    const now = new Date();
    utimes(lockPath, now, now).catch(() => undefined);
  }, STALE_AFTER_MS / 3);
  fresh.unref();
  try {
    return await task();
  } finally {
    clearInterval(fresh);
    await unlink(lockPath).catch(() => undefined);
  }
}
