/**
 * Writes to one repository, one at a time: a promise chain per repository (keyed by its path, so two
 * routers on the same folder share it). Each write reads a ref, builds a commit on it and moves the ref;
 * two at once would make one of them fail its compare-and-swap (or, for the workflow's state, lose an
 * update), so they wait in turn instead. Reads never wait: a ref is read atomically, and objects are
 * written before any ref points at them.
 */
import path from 'node:path';

const queues = new Map<string, Promise<unknown>>();

/** Runs `write` after every write queued before it on `repository`; its failure does not stop the next. */
export function serialized<T>(repository: string, write: () => Promise<T>): Promise<T> {
  const key = path.resolve(repository);
  const previous = queues.get(key) ?? Promise.resolve();
  const result = previous.then(write, write);
  const tail = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, tail);
  // The map keeps only the newest tail, and drops it once nothing is queued behind it.
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return result;
}
