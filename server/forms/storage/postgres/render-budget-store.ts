/**
 * The render budget's token buckets (server/pages/render-admission.ts) in the
 * site's PostgreSQL, so a client has one budget however many replicas answer
 * it. A take is one statement: an upsert that refills the bucket for the time
 * since it was last seen and takes a token, and changes nothing when there is
 * none, in which case one read says how long until there is. Buckets not
 * touched for an hour are full again by any measure and are swept now and then.
 */
import type { Database } from './database';

const SWEEP_EVERY_MS = 10 * 60_000;

/** The bucket's level now: what it held, refilled for the seconds since, up to the burst ($2 a second, $3 at most). */
const LEVEL = 'least($3::float8, b.tokens + extract(epoch FROM now() - b.at) * $2::float8)';

export class PostgresRenderBudgetStore {
  private readonly db: Database;
  private readonly sweeper: NodeJS.Timeout;

  constructor(db: Database) {
    this.db = db;
    this.sweeper = setInterval(() => {
      void this.db.query("DELETE FROM render_budgets WHERE at < now() - interval '1 hour'").catch(() => undefined);
    }, SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  async take(client: string, perSecond: number, burst: number): Promise<{ admitted: true } | { admitted: false; tokens: number }> {
    const taken = await this.db.query(
      `INSERT INTO render_budgets AS b (client, tokens, at) VALUES ($1, $3::float8 - 1, now())
       ON CONFLICT (client) DO UPDATE SET tokens = ${LEVEL} - 1, at = now() WHERE ${LEVEL} >= 1
       RETURNING tokens`,
      [client, perSecond, burst],
    );
    if (taken.rowCount) return { admitted: true };
    const { rows } = await this.db.query<{ tokens: number }>(`SELECT ${LEVEL} AS tokens FROM render_budgets b WHERE client = $1`, [
      client,
      perSecond,
      burst,
    ]);
    return { admitted: false, tokens: rows[0]?.tokens ?? 0 };
  }

  shutdown(): void {
    clearInterval(this.sweeper);
  }
}
