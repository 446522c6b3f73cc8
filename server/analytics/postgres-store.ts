/**
 * The analytics store in PostgreSQL (DATABASE_URL, decision 039): one for
 * every instance, so a visitor answered by two of them is one visitor, and
 * each view is counted once. Tables: server/forms/storage/postgres/migrations/004_analytics.sql.
 *
 * - The day's salt is made by whichever instance asks first: INSERT … ON
 *   CONFLICT DO NOTHING, then everyone reads the one that won.
 * - A batch is a row keyed by the id it was drained with (ON CONFLICT (id) DO
 *   NOTHING): a write that timed out after it landed, tried again, adds nothing.
 * - A finished day is rolled up in one transaction under an advisory lock, so
 *   two instances never both add the same batches: the day's batches merged
 *   (./day-aggregate.ts) onto what was rolled up before, the figures written,
 *   and the batches' counts cleared (their ids kept BATCH_ID_DAYS, so a retry
 *   arriving after the roll-up still adds nothing).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { openDatabase } from '../forms/storage/postgres/database';
import type { DayBatch } from './counts';
import { aggregateDay } from './day-aggregate';
import type { DayAggregate } from './day-aggregate';
import { utcDay } from './day';
import type { Day } from './day';
import { oldestKept, rollUpDue, saltExpired } from './store-contract';
import type { AnalyticsStore } from './store-contract';

/** Any fixed number, the same in every instance: "HBAN". */
const ROLL_UP_LOCK = 0x4842_414e;
/** How long a rolled-up batch's id is kept, so a write retried that late is still known. */
const BATCH_ID_DAYS = 7;
const DAY_MS = 86_400_000;

export function openPostgresStore(url: string, options: { logger: Logger; rootDir: string; retentionMonths: number }): AnalyticsStore {
  const db = openDatabase(url, options);
  const salts = new Map<Day, Buffer>();

  async function batchesOf(from: Day, to: Day): Promise<Map<Day, DayBatch[]>> {
    const { rows } = await db.query<{ day: Day; batch: DayBatch }>(
      'SELECT day, batch FROM analytics_batches WHERE day BETWEEN $1 AND $2 AND batch IS NOT NULL ORDER BY day, written_at',
      [from, to],
    );
    const byDay = new Map<Day, DayBatch[]>();
    for (const { day, batch } of rows) byDay.set(day, [...(byDay.get(day) ?? []), batch]);
    return byDay;
  }

  return {
    where: db.label,

    async salt(day) {
      const known = salts.get(day);
      if (known) return known;
      await db.query('INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(16)]);
      const { rows } = await db.query<{ salt: Buffer }>('SELECT salt FROM analytics_salts WHERE day = $1', [day]);
      const salt = rows[0]?.salt;
      if (!salt) throw new Error(`the salt of ${day} was deleted as it was made (a clock far ahead?)`);
      salts.set(day, salt);
      return salt;
    },

    async append(batches) {
      if (batches.length === 0) return;
      // One statement: the batches land together or not at all, and a retry lands none twice.
      const values = batches.map((batch) => ({ ...batch, id: batch.id ?? randomUUID() }));
      await db.query(
        `INSERT INTO analytics_batches (id, day, batch)
         SELECT (item->>'id')::uuid, item->>'day', item FROM jsonb_array_elements($1::jsonb) AS item
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(values)],
      );
    },

    async maintain(now = Date.now()) {
      await db.transaction(async (client) => {
        await client.query('SELECT pg_advisory_xact_lock($1)', [ROLL_UP_LOCK]);
        const due = utcDay(now - DAY_MS);
        const { rows } = await client.query<{ day: Day }>(
          'SELECT DISTINCT day FROM analytics_batches WHERE batch IS NOT NULL AND day <= $1 ORDER BY day',
          [due],
        );
        for (const { day } of rows) {
          if (!rollUpDue(day, now)) continue;
          const batches = await client.query<{ batch: DayBatch }>(
            'SELECT batch FROM analytics_batches WHERE day = $1 AND batch IS NOT NULL ORDER BY written_at',
            [day],
          );
          const earlier = await client.query<{ figures: DayAggregate }>('SELECT figures FROM analytics_days WHERE day = $1', [day]);
          const figures = aggregateDay(
            day,
            batches.rows.map((row) => row.batch),
            earlier.rows[0]?.figures,
          );
          await client.query(
            `INSERT INTO analytics_days (day, figures) VALUES ($1, $2)
             ON CONFLICT (day) DO UPDATE SET figures = EXCLUDED.figures, rolled_up_at = now()`,
            [day, JSON.stringify(figures)],
          );
          await client.query('UPDATE analytics_batches SET batch = NULL WHERE day = $1 AND batch IS NOT NULL', [day]);
        }
        await client.query('DELETE FROM analytics_batches WHERE batch IS NULL AND day < $1', [utcDay(now - BATCH_ID_DAYS * DAY_MS)]);
        await client.query('DELETE FROM analytics_days WHERE day < $1', [oldestKept(now, options.retentionMonths)]);
      });
      const { rows } = await db.query<{ day: Day }>('SELECT day FROM analytics_salts');
      const expired = rows.map((row) => row.day).filter((day) => saltExpired(day, now));
      if (expired.length > 0) await db.query('DELETE FROM analytics_salts WHERE day = ANY($1::text[])', [expired]);
      for (const day of expired) salts.delete(day);
    },

    async days(from, to) {
      const [kept, batches] = await Promise.all([
        db.query<{ day: Day; figures: DayAggregate }>('SELECT day, figures FROM analytics_days WHERE day BETWEEN $1 AND $2', [from, to]),
        batchesOf(from, to),
      ]);
      const figures = new Map(kept.rows.map((row) => [row.day, row.figures]));
      const wanted = [...new Set([...figures.keys(), ...batches.keys()])].sort();
      return wanted.map((day) => {
        const open = batches.get(day);
        return open ? aggregateDay(day, open, figures.get(day)) : figures.get(day)!;
      });
    },

    close: () => db.close(),
  };
}
