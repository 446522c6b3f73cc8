/**
 * An express-rate-limit store in the site's PostgreSQL, so a client's budget
 * is one budget however many replicas answer it. One statement per hit: an
 * upsert that starts a fresh window when the old one is over. Rows of
 * windows long over are swept now and then. The packaged Postgres stores
 * bring their own pinned `pg` and migration tool; this is one table in our
 * own migrations instead (docs/decisions/014-shared-outbox.md).
 */
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Database } from './database';

const SWEEP_EVERY_MS = 10 * 60_000;

export class PostgresRateLimitStore implements Store {
  /** Keys from every replica meet here. */
  readonly localKeys = false;
  readonly prefix: string;
  private readonly db: Database;
  private windowMs = 60_000;
  private sweeper: NodeJS.Timeout | undefined;

  /** `prefix` keeps each limiter's clients apart in the one table. */
  constructor(db: Database, prefix: string) {
    this.db = db;
    this.prefix = `${prefix}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    this.sweeper = setInterval(() => {
      void this.db.query('DELETE FROM rate_limit_hits WHERE reset_at < now()').catch(() => undefined);
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await this.db.query<{ hits: number; reset_at: Date }>(
      'SELECT hits, reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > now()',
      [this.prefix + key],
    );
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const { rows } = await this.db.query<{ hits: number; reset_at: Date }>(
      `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_hits.reset_at <= now() THEN 1 ELSE rate_limit_hits.hits + 1 END,
         reset_at = CASE WHEN rate_limit_hits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
       RETURNING hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    return { totalHits: rows[0]!.hits, resetTime: rows[0]!.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await this.db.query('UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > now()', [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_hits WHERE key = $1', [this.prefix + key]);
  }

  shutdown(): void {
    clearInterval(this.sweeper);
  }
}
