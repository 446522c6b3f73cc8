/**
 * Follows the content branch: fetches its head (at start, every
 * CONTENT_POLL_SECONDS, and when told by a webhook or another replica),
 * checks a new head with the rules of `content:check`, has the site built for
 * it, and only then swaps it in. A head that fails is never served: the site
 * keeps what it serves, says why, and serves the next good head as usual.
 *
 * One fetch runs at a time; asking again while one runs makes exactly one
 * more, of the head as it is then (a burst of pushes is one fetch).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { ContentError } from '../content/load-content';
import type { GitMirror } from './git-mirror';

/** A commit checked and ready to be served. */
export interface ContentVersion<T> {
  commit: string;
  /** Where its content/ and uploads are written (the version's root). */
  folder: string;
  /** What the check produced, handed to `serve`. */
  checked: T;
}

/** What the site is told, and what `content:status` and the metrics show. */
export interface FollowerStatus {
  repository: string;
  branch: string;
  /** The commit served, and since when. */
  served?: { commit: string; since: string };
  /** The branch's head at the last successful fetch. */
  head?: string;
  lastFetchAt?: string;
  /** The last fetch or check that failed, and why, until a later one succeeds (or, for a check, a later head is served). */
  problem?: { kind: 'fetch' | 'check'; commit?: string; at: string; reasons: string[] };
}

/** Where the last good commit is recorded, so a restart (or a replica started later) serves it rather than nothing. */
export interface GoodCommitRecord {
  read(): Promise<string | undefined>;
  write(commit: string): Promise<void>;
}

export interface ContentFollowerOptions<T> {
  repository: string;
  branch: string;
  mirror: GitMirror;
  /** Reads and checks a version's folder as content:check does; throws ContentError listing every problem. */
  check: (folder: string) => T;
  /** Builds everything served from the version, then swaps it in. Resolves once the version is live. */
  serve: (version: ContentVersion<T>) => Promise<void>;
  record: GoodCommitRecord;
  logger: Logger;
  /** Told after each fetch: a new version served, nothing new, or a failure. */
  onOutcome?: (outcome: FetchOutcome) => void;
}

export type FetchOutcome = 'served' | 'unchanged' | 'fetch-failed' | 'check-failed';

export class ContentUnavailable extends Error {
  override name = 'ContentUnavailable';
}

export function createContentFollower<T>(options: ContentFollowerOptions<T>) {
  const { mirror, check, serve, record, logger, onOutcome } = options;
  const status: FollowerStatus = { repository: options.repository, branch: options.branch };
  /** Heads already found broken: fetched again, they are not checked again (the problems are known). */
  const broken = new Map<string, string[]>();
  let running: Promise<void> | undefined;
  let again = false;

  const now = () => new Date().toISOString();

  async function prepare(commit: string): Promise<ContentVersion<T>> {
    const folder = await mirror.checkout(commit);
    return { commit, folder, checked: check(folder) };
  }

  async function goLive(version: ContentVersion<T>) {
    const previous = status.served?.commit;
    await serve(version);
    status.served = { commit: version.commit, since: now() };
    // A later head served mends a broken one; the last good commit served at start (the head broken) does not.
    if (status.problem?.kind === 'check' && version.commit === status.head) status.problem = undefined;
    // Served already: a record that cannot be written (the database down) costs only the fallback after a restart.
    await record
      .write(version.commit)
      .catch((error: unknown) => logger.warn({ err: error }, 'content: could not record the commit served'));
    await mirror
      .prune([version.commit, ...(previous ? [previous] : [])])
      .catch((error: unknown) => logger.warn({ err: error }, 'content: could not remove the versions no longer served'));
  }

  async function fetchOnce() {
    let head: string;
    try {
      head = await mirror.fetchHead();
    } catch (error) {
      const reason = (error as Error).message;
      status.problem = { kind: 'fetch', at: now(), reasons: [reason] };
      logger.error({ repository: options.repository, branch: options.branch }, `content: could not fetch the branch: ${reason}`);
      onOutcome?.('fetch-failed');
      return;
    }
    status.head = head;
    status.lastFetchAt = now();
    if (status.problem?.kind === 'fetch') status.problem = undefined;
    if (head === status.served?.commit) return onOutcome?.('unchanged');
    const known = broken.get(head);
    if (known) {
      status.problem ??= { kind: 'check', commit: head, at: now(), reasons: known };
      return onOutcome?.('unchanged');
    }
    let version: ContentVersion<T>;
    try {
      version = await prepare(head);
    } catch (error) {
      if (!(error instanceof ContentError)) {
        // The commit could not be written out (a full disk, say): tried again at the next fetch.
        status.problem = { kind: 'fetch', commit: head, at: now(), reasons: [(error as Error).message] };
        logger.error({ err: error, commit: head }, `content: commit ${head.slice(0, 12)} could not be written out`);
        return onOutcome?.('fetch-failed');
      }
      broken.set(head, error.problems);
      status.problem = { kind: 'check', commit: head, at: now(), reasons: error.problems };
      logger.error(
        { commit: head, problems: error.problems },
        `content: commit ${head.slice(0, 12)} is not served, ${status.served ? `${status.served.commit.slice(0, 12)} stays` : 'nothing is served yet'}:\n${error.message}`,
      );
      onOutcome?.('check-failed');
      return;
    }
    try {
      await goLive(version);
    } catch (error) {
      // The site could not be built for it (a page that fails to render): the served version stays.
      const reason = `the site could not be built for it: ${(error as Error).message}`;
      broken.set(head, [reason]);
      status.problem = { kind: 'check', commit: head, at: now(), reasons: [reason] };
      logger.error({ err: error, commit: head }, `content: commit ${head.slice(0, 12)} is not served: ${reason}`);
      return onOutcome?.('check-failed');
    }
    logger.info({ commit: head }, `content: serving commit ${head.slice(0, 12)}`);
    onOutcome?.('served');
  }

  /** Fetches now, or once more after the fetch under way; resolves when that fetch is done. */
  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await fetchOnce();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    refresh,
    status: (): FollowerStatus => structuredClone(status),

    /**
     * The first version, before the site listens: the head if it is good; else
     * the last good commit recorded (by this server before a restart, or by a
     * replica); else it throws ContentUnavailable with the reason in one line.
     */
    async start(): Promise<void> {
      await refresh();
      if (status.served) return;
      // The record unreadable (DATABASE_URL's server down) is no record: the refusal below says both.
      let unreadable: string | undefined;
      const good = await record.read().catch((error: unknown) => {
        unreadable = (error as Error).message || String(error);
        logger.error({ err: error }, 'content: the last good commit recorded cannot be read');
        return undefined;
      });
      if (good) {
        try {
          await goLive(await prepare(good));
          logger.warn(
            { commit: good },
            `content: serving the last good commit ${good.slice(0, 12)}, since the branch's head cannot be served (${status.problem?.reasons[0] ?? 'unknown'})`,
          );
          return;
        } catch (error) {
          logger.error({ err: error, commit: good }, 'content: the last good commit cannot be served either');
        }
      }
      const problem = status.problem;
      throw new ContentUnavailable(
        problem?.kind === 'fetch'
          ? `CONTENT_REPO ${options.repository} (branch ${options.branch}) cannot be read: ${problem.reasons[0]}`
          : `the head of ${options.branch} (${problem?.commit?.slice(0, 12)}) fails the content check and no good commit is held${unreadable ? ` (the record of the last one cannot be read: ${unreadable})` : ''}: ${problem?.reasons.join('; ')}`,
      );
    },
  };
}

/** The last good commit in a file of the work folder: what a restarted server serves when the head cannot be. */
export function fileGoodCommitRecord(workDir: string): GoodCommitRecord {
  const file = path.join(workDir, 'served-commit');
  return {
    read: async () => (existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined),
    // Renamed into place: another instance on the same work folder reads the old commit or the new, never half a line.
    write: async (commit) => {
      writeFileSync(`${file}.${process.pid}`, `${commit}\n`);
      renameSync(`${file}.${process.pid}`, file);
    },
  };
}
