/**
 * With DATABASE_URL, the replicas follow the branch together: a webhook
 * received by any one is announced to all (PostgreSQL NOTIFY on one channel),
 * each fetches at once, and each still polls in case a notice is lost (a
 * connection cut while it was sent). The last good commit is recorded in the
 * database, so a replica started later serves it when the head is broken.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import type { GoodCommitRecord } from './content-follower';

export const CONTENT_CHANNEL = 'content_branch_moved';
/** After a lost connection, how long before listening again. */
const RECONNECT_MS = 2_000;

/** What content-sync needs of the shared database: one statement at a time, the schema up to date (migration 003). */
export interface SharedDatabase {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export function databaseGoodCommitRecord(db: SharedDatabase, branch: string): GoodCommitRecord {
  return {
    async read() {
      const { rows } = await db.query<{ commit_id: string }>('SELECT commit_id FROM content_served WHERE branch = $1', [branch]);
      return rows[0]?.commit_id;
    },
    async write(commit) {
      await db.query(
        `INSERT INTO content_served (branch, commit_id, served_at) VALUES ($1, $2, now())
         ON CONFLICT (branch) DO UPDATE SET commit_id = EXCLUDED.commit_id, served_at = EXCLUDED.served_at`,
        [branch, commit],
      );
    },
  };
}

export interface ReplicaSignal {
  /** Tells every replica (this one included) that the branch moved. */
  announce(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on the channel with a connection of its own (LISTEN holds it), calling `onMoved` for every notice. */
export function listenForReplicas(url: string, branch: string, onMoved: () => void, logger: Logger): ReplicaSignal {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client({ connectionString: url, application_name: 'harbor-ledger-site content' });
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANNEL && message.payload === branch) onMoved();
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'content: lost the database connection that hears other replicas; polling meanwhile');
      client = undefined;
      next.end().catch(() => {});
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
      if (closed) return void (await next.end());
      client = next;
      // A push may have come while no one listened: fetch once now.
      onMoved();
    } catch (error) {
      logger.warn({ err: error }, 'content: cannot listen for other replicas yet; polling meanwhile');
      next.end().catch(() => {});
      schedule();
    }
  }
  function schedule() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }
  void connect();

  return {
    async announce() {
      // Through the listening connection when there is one; else a short one of its own.
      if (client) return void (await client.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, branch]));
      const once = new pg.Client({ connectionString: url });
      await once.connect();
      try {
        await once.query('SELECT pg_notify($1, $2)', [CONTENT_CHANNEL, branch]);
      } finally {
        await once.end();
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
