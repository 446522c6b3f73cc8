/**
 * The PostgreSQL connection (DATABASE_URL): one pool per process, the schema
 * brought up to date before the first use, and a clear error when the
 * database cannot be reached, which the handlers turn into a 503 and
 * /readyz into "not ready". Pages never need it: the site keeps serving them
 * while the database is down, and reconnects by itself when it is back.
 */
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import { migrate, MIGRATIONS_DIR } from './migrate';
import { inTransaction } from './transaction';

export interface Database {
  /** host:port/database, for log lines and the operator (never the password). */
  readonly label: string;
  /** One statement, once the schema is up to date. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** `work` in one transaction on one connection; rolled back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Undefined when the database answers (and the schema is up to date) within `timeoutMs`, else why not. */
  problem(timeoutMs: number): Promise<string | undefined>;
  close(): Promise<void>;
}

/** How long a visitor waits for a connection before being told to try again. */
const CONNECT_TIMEOUT_MS = 3_000;
/** No statement of ours takes long; one that does is stuck behind a lock or a sick server. */
const STATEMENT_TIMEOUT_MS = 10_000;

export function databaseLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
  } catch {
    return 'the database';
  }
}

export function openDatabase(url: string, options: { logger: Logger; rootDir: string }): Database {
  const { logger } = options;
  const label = databaseLabel(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS + 2_000,
    application_name: 'harbor-ledger-site',
  });
  // An idle connection cut by a database restart: the pool drops it and opens
  // another next time. Without a listener this event would end the process.
  pool.on('error', (error) => logger.warn({ err: error, database: label }, 'database connection lost; it is reopened when next needed'));

  const migrationsDir = path.join(options.rootDir, MIGRATIONS_DIR);
  let schemaReady: Promise<void> | undefined;
  const ready = () => {
    schemaReady ??= migrate(pool, migrationsDir, logger).then(
      () => undefined,
      (error: unknown) => {
        schemaReady = undefined; // tried again on the next use
        throw error;
      },
    );
    return schemaReady;
  };

  return {
    label,
    async query(text, values) {
      await ready();
      return pool.query(text, values);
    },
    async transaction(work) {
      await ready();
      return inTransaction(pool, work, (error) =>
        logger.warn({ err: error, database: label }, 'database connection lost during a transaction'),
      );
    },
    async problem(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => {
        timer = setTimeout(() => resolve(`no answer from ${label} within ${timeoutMs} ms`), timeoutMs);
      });
      const check = (async () => {
        await ready();
        await pool.query('SELECT 1');
        return undefined;
      })().catch((error: unknown) => `${label}: ${error instanceof Error ? error.message : String(error)}`);
      try {
        return await Promise.race([check, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => pool.end(),
  };
}
