/**
 * The records of one kind in a PostgreSQL table (./migrations/), with the
 * same promises as the ledger file (the contract: ../record-store.ts):
 *
 * - every state change is one transaction that locks the record's row
 *   (`SELECT … FOR UPDATE`), so two replicas never both change it;
 * - the outbox claims with `FOR UPDATE SKIP LOCKED`: replicas polling
 *   together each get different records, and nobody waits on another's lock;
 * - leases are timed by the database's clock, the one clock every replica shares.
 */
import type pg from 'pg';
import { emailKey } from '../../../../shared/rules/email';
import { unclaimed } from '../record-store';
import type { DeliveryState, LedgerCounts, LedgerKind, RecordStore, RemoveSelector } from '../record-store';
import type { Database } from './database';

/** How one kind's records sit in their table. */
export interface TableShape {
  table: string;
  /** The primary key column, holding kind.keyOf(entry). */
  keyColumn: string;
  /** The kind's own fields and their columns, beside the delivery fields every table has. */
  fields: Record<string, string>;
}

const DELIVERY_COLUMNS: Record<keyof DeliveryState, string> = {
  status: 'status',
  at: 'received_at',
  updated: 'updated_at',
  queued: 'queued_at',
  attempts: 'attempts',
  next: 'next_attempt_at',
  lastError: 'last_error',
  claimedBy: 'claimed_by',
  leaseUntil: 'lease_until',
};

export const SIGN_UPS_TABLE: TableShape = { table: 'sign_ups', keyColumn: 'email_key', fields: { email: 'email' } };
export const CONTACT_MESSAGES_TABLE: TableShape = {
  table: 'contact_messages',
  keyColumn: 'id',
  fields: { id: 'id', name: 'name', email: 'email', company: 'company', phone: 'phone', topic: 'topic', message: 'message' },
};

type Row = Record<string, unknown>;

export class TableStore<E extends DeliveryState> implements RecordStore<E> {
  readonly kind: LedgerKind<E>;
  readonly where: string;
  private readonly db: Database;
  private readonly shape: TableShape;
  /** field → column, delivery fields first. */
  private readonly columns: [string, string][];
  private readonly writeColumns: string[];
  private readonly upsertSql: string;
  private readonly insertSql: string;

  constructor(kind: LedgerKind<E>, shape: TableShape, db: Database) {
    this.kind = kind;
    this.shape = shape;
    this.db = db;
    this.where = `table ${shape.table} in PostgreSQL at ${db.label}`;
    this.columns = [...Object.entries(DELIVERY_COLUMNS), ...Object.entries(shape.fields)];
    this.writeColumns = [...new Set([shape.keyColumn, ...this.columns.map(([, column]) => column)])];
    const placeholders = this.writeColumns.map((_, i) => `$${i + 1}`).join(', ');
    const updates = this.writeColumns.filter((column) => column !== shape.keyColumn).map((column) => `${column} = EXCLUDED.${column}`);
    const insert = `INSERT INTO ${shape.table} (${this.writeColumns.join(', ')}) VALUES (${placeholders}) ON CONFLICT (${shape.keyColumn})`;
    this.insertSql = `${insert} DO NOTHING`;
    this.upsertSql = `${insert} DO UPDATE SET ${updates.join(', ')}`;
  }

  // ---- rows and records

  private entryOf(row: Row): E | undefined {
    const record: Record<string, unknown> = {};
    for (const [field, column] of this.columns) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      record[field] = value instanceof Date ? value.toISOString() : value;
    }
    return this.kind.read(record)?.entry;
  }

  private entriesOf(rows: Row[]): E[] {
    return rows.map((row) => this.entryOf(row)).filter((entry): entry is E => entry !== undefined);
  }

  private valuesOf(entry: E): unknown[] {
    const fields = this.kind.write(entry);
    const byColumn = new Map<string, unknown>(this.columns.map(([field, column]) => [column, fields[field] ?? null]));
    byColumn.set(this.shape.keyColumn, this.kind.keyOf(entry));
    return this.writeColumns.map((column) => byColumn.get(column) ?? null);
  }

  private async lockedRow(client: pg.PoolClient, key: string): Promise<E | undefined> {
    const { rows } = await client.query<Row>(`SELECT * FROM ${this.shape.table} WHERE ${this.shape.keyColumn} = $1 FOR UPDATE`, [key]);
    return rows[0] ? this.entryOf(rows[0]) : undefined;
  }

  // ---- reading

  async get(key: string): Promise<E | undefined> {
    const { rows } = await this.db.query<Row>(`SELECT * FROM ${this.shape.table} WHERE ${this.shape.keyColumn} = $1`, [key]);
    return rows[0] ? this.entryOf(rows[0]) : undefined;
  }

  async list(): Promise<E[]> {
    const { rows } = await this.db.query<Row>(`SELECT * FROM ${this.shape.table} ORDER BY seq`);
    return this.entriesOf(rows);
  }

  async counts(): Promise<LedgerCounts<E['status']>> {
    const [byStatus, erased] = await Promise.all([
      this.db.query<{ status: string; count: string }>(`SELECT status, count(*) AS count FROM ${this.shape.table} GROUP BY status`),
      this.db.query<{ count: string }>('SELECT count FROM erased_records WHERE queue = $1', [this.shape.table]),
    ]);
    const counts = Object.fromEntries([...this.kind.statuses, 'removed'].map((status) => [status, 0])) as LedgerCounts<E['status']>;
    for (const row of byStatus.rows) if (row.status in counts) counts[row.status as E['status']] = Number(row.count);
    counts.removed = Number(erased.rows[0]?.count ?? 0);
    return counts;
  }

  async backlog(): Promise<{ pending: number; failed: number }> {
    const { rows } = await this.db.query<{ pending: string; failed: string }>(
      `SELECT count(*) FILTER (WHERE status = 'pending') AS pending, count(*) FILTER (WHERE status = 'failed') AS failed FROM ${this.shape.table}`,
    );
    return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
  }

  async nextDue(): Promise<Date | undefined> {
    const { rows } = await this.db.query<{ due: Date | null }>(
      `SELECT min(GREATEST(COALESCE(next_attempt_at, '-infinity'), CASE WHEN claimed_by IS NULL THEN '-infinity' ELSE lease_until END)) AS due
       FROM ${this.shape.table} WHERE status = 'pending'`,
    );
    const due = rows[0]?.due;
    // -infinity comes back as a number, not a Date: long due.
    if (due === null || due === undefined) return undefined;
    return due instanceof Date ? due : new Date(0);
  }

  async idle(): Promise<void> {
    // Every write is awaited by whoever started it: nothing runs behind the callers' backs.
  }

  // ---- writing

  async insert(key: string, decide: (existing: E | undefined) => E | undefined): Promise<{ created: boolean; entry: E | undefined }> {
    const attempt = () =>
      this.db.transaction(async (client) => {
        const existing = await this.lockedRow(client, key);
        const entry = decide(existing);
        if (!entry) return { created: false, entry: existing };
        if (existing) {
          await client.query(this.upsertSql, this.valuesOf(entry));
          return { created: true, entry };
        }
        // No row to lock yet: another replica inserting the same key at the same moment makes this a no-op...
        const inserted = await client.query(this.insertSql, this.valuesOf(entry));
        return inserted.rowCount === 1 ? { created: true, entry } : undefined;
      });
    // ...and then `decide` looks again, at that replica's row, which is there to lock now.
    return (await attempt()) ?? (await attempt()) ?? { created: false, entry: await this.get(key) };
  }

  update(key: string, change: (entry: E) => E | undefined): Promise<E | undefined> {
    return this.db.transaction(async (client) => {
      const current = await this.lockedRow(client, key);
      const next = current ? change(current) : undefined;
      if (!next) return undefined;
      const recorded = { ...next, updated: new Date().toISOString() };
      await client.query(this.upsertSql, this.valuesOf(recorded));
      return recorded;
    });
  }

  async requeueFailed(): Promise<number> {
    const { rowCount } = await this.db.query(
      `UPDATE ${this.shape.table}
       SET status = 'pending', updated_at = now(), queued_at = now(), attempts = 0, next_attempt_at = now(), claimed_by = NULL, lease_until = NULL
       WHERE status = 'failed'`,
    );
    return rowCount ?? 0;
  }

  removeWhere(selector: RemoveSelector): Promise<number> {
    return this.db.transaction(async (client) => {
      const { rowCount } =
        'key' in selector
          ? await client.query(`DELETE FROM ${this.shape.table} WHERE ${this.shape.keyColumn} = $1`, [selector.key])
          : await client.query(`DELETE FROM ${this.shape.table} WHERE lower(email) = $1`, [emailKey(selector.email)]);
      const removed = rowCount ?? 0;
      if (removed > 0) {
        await client.query(
          'INSERT INTO erased_records (queue, count) VALUES ($1, $2) ON CONFLICT (queue) DO UPDATE SET count = erased_records.count + EXCLUDED.count',
          [this.shape.table, removed],
        );
      }
      return removed;
    });
  }

  // ---- claims: a running claim keeps off every other, one under the same name too (../record-store.ts, claimable)

  async claim(key: string, owner: string, leaseMs: number): Promise<E | undefined> {
    const { rows } = await this.db.query<Row>(
      `UPDATE ${this.shape.table} SET claimed_by = $2, lease_until = now() + $3 * interval '1 millisecond'
       WHERE ${this.shape.keyColumn} = $1 AND status = 'pending' AND (claimed_by IS NULL OR lease_until <= now())
       RETURNING *`,
      [key, owner, leaseMs],
    );
    return rows[0] ? this.entryOf(rows[0]) : undefined;
  }

  async claimDue(owner: string, leaseMs: number, limit: number, exclude: readonly string[]): Promise<E[]> {
    if (limit <= 0) return [];
    const { table, keyColumn } = this.shape;
    const { rows } = await this.db.query<Row>(
      `UPDATE ${table} SET claimed_by = $1, lease_until = now() + $2 * interval '1 millisecond'
       WHERE ${keyColumn} IN (
         SELECT ${keyColumn} FROM ${table}
         WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now())
           AND (claimed_by IS NULL OR lease_until <= now())
           AND NOT (${keyColumn} = ANY($4::text[]))
         ORDER BY next_attempt_at NULLS FIRST
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
       RETURNING *`,
      [owner, leaseMs, limit, exclude],
    );
    return this.entriesOf(rows);
  }

  settle(key: string, owner: string, change: (entry: E) => E): Promise<E | undefined> {
    return this.update(key, (entry) => (entry.status === 'pending' && entry.claimedBy === owner ? unclaimed(change(entry)) : undefined));
  }
}
