/**
 * The embedded default when no list id is configured: every sign-up is one
 * JSON line `{"email": …, "at": <ISO time>}` appended to NEWSLETTER_FILE.
 *
 * - The folder is created when missing.
 * - Each line is one write() on a handle opened for appending, then fsync'd;
 *   success is only reported once the line is on disk. A new file's folder is
 *   fsync'd too, so the file itself survives a crash.
 * - Appends to one file are serialised through an in-process queue (one
 *   writer at a time, shared by every app instance in the process), so
 *   concurrent sign-ups never interleave or lose lines.
 * - The file is created readable by its owner only: it holds personal data.
 */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { NewsletterProvider } from '../outcome';

/** One promise chain per file: the tail of the queue of appends to it. */
const queues = new Map<string, Promise<unknown>>();

function enqueue<T>(file: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(file) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(file, tail);
  // Forget an idle file so the map does not grow with every path ever used.
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return run;
}

async function syncDirectory(directory: string) {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function appendLine(file: string, line: string) {
  const directory = path.dirname(file);
  await mkdir(directory, { recursive: true });
  const handle = await open(file, 'a', 0o600);
  let created = false;
  try {
    created = (await handle.stat()).size === 0;
    const bytes = Buffer.from(line, 'utf8');
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncDirectory(directory);
}

export interface FileStoreOptions {
  file: string;
  now?: () => Date;
}

export function fileStoreProvider({ file, now = () => new Date() }: FileStoreOptions): NewsletterProvider {
  const target = path.resolve(file);
  return {
    name: 'file',
    async subscribe(email) {
      try {
        await enqueue(target, () => appendLine(target, `${JSON.stringify({ email, at: now().toISOString() })}\n`));
        return { kind: 'subscribed' };
      } catch (error) {
        const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'error';
        return { kind: 'unavailable', detail: `could not append to ${target} (${code})` };
      }
    },
  };
}
