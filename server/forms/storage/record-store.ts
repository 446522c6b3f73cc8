/**
 * The store contract: where the records of one kind (sign-ups, contact
 * messages) are kept, as the outbox, the handlers and the operator's
 * commands see it. Two stores keep the same promises and both implement this
 * module, neither imports the other: the ledger file (./ledger-file.ts), the
 * embedded default for one host, and PostgreSQL (./postgres/table-store.ts)
 * when DATABASE_URL is set, for replicas on several hosts. Design records:
 * docs/decisions/014-shared-outbox.md, 016-one-claim-one-attempt.md.
 *
 * Every change is atomic against every other writer, in this process and in
 * the others (the ledger's lock file; a transaction with a row lock).
 *
 * Claims make delivery exactly once across replicas: before a record is sent
 * it is claimed (a claim name and a lease expiry, stored with the record);
 * while the lease runs nobody else may claim it, not even under the same
 * name; the answer is recorded only under that claim, which ends it. The
 * outbox names each claim afresh, so a claim is one send attempt. A replica
 * that dies holding a claim leaves it to run out; then another takes the
 * record over.
 */

/** What the outbox reads and writes of every record, whatever its kind. */
export interface DeliveryState {
  /** 'pending' and 'failed' mean the same to every kind; the others are the kind's own. */
  status: string;
  /** When the record was first received (ISO 8601 UTC). */
  at: string;
  /** When this state was recorded. */
  updated?: string;
  /** Pending: when the current delivery effort began; it gives up 24 h later. */
  queued?: string;
  /** Delivery attempts in the current effort. */
  attempts?: number;
  /** Pending: when the next attempt is due. */
  next?: string;
  /** The last delivery problem, as the sending module described it (never personal data). */
  lastError?: string;
  /** Pending and being sent: the claim's name (its replica, and which of its claims), and until when it holds. */
  claimedBy?: string;
  leaseUntil?: string;
}

/** What makes a store of one kind: its states, its key, its fields (a ledger line, a table row). */
export interface LedgerKind<E extends DeliveryState> {
  /** For log lines: 'newsletter ledger', 'message ledger'. */
  label: string;
  statuses: readonly E['status'][];
  keyOf(entry: E): string;
  /** A parsed line, or undefined when it is not a record of this kind. `legacy`: an old line that never overrides a newer one. */
  read(record: Record<string, unknown>): { entry: E; legacy?: boolean } | undefined;
  /** The line's fields, always in the same order. */
  write(entry: E): Record<string, unknown>;
}

export type LedgerCounts<S extends string = string> = Record<S | 'removed', number>;

/** Which records `removeWhere` erases: one by its key, or every one from an address. */
export type RemoveSelector = { key: string } | { email: string };

export interface RecordStore<E extends DeliveryState> {
  readonly kind: LedgerKind<E>;
  /** Where the records are, for the operator: a file path, or a database table. */
  readonly where: string;

  get(key: string): Promise<E | undefined>;
  /** Every record, in the order they were first received. */
  list(): Promise<E[]>;
  counts(): Promise<LedgerCounts<E['status']>>;
  /** What still has to reach its recipient, for metrics. */
  backlog(): Promise<{ pending: number; failed: number }>;

  /** Writes what `decide` makes of the current record (or undefined: nothing written). */
  insert(key: string, decide: (existing: E | undefined) => E | undefined): Promise<{ created: boolean; entry: E | undefined }>;
  /** Writes what `change` makes of the current record (or undefined: nothing written); a missing record stays missing. */
  update(key: string, change: (entry: E) => E | undefined): Promise<E | undefined>;
  /** Queues every failed record for delivery now; resolves with how many. */
  requeueFailed(): Promise<number>;
  /** Erases the records selected (no trace but a count); resolves with how many. */
  removeWhere(selector: RemoveSelector): Promise<number>;

  /**
   * Claims one pending record as `owner` for `leaseMs`, due or not (a
   * visitor is waiting on it): resolves with it, or undefined when it is not
   * pending or a claim on it still runs (whoever's: a claim is one attempt).
   */
  claim(key: string, owner: string, leaseMs: number): Promise<E | undefined>;
  /** Claims up to `limit` pending records that are due and unclaimed (or whose lease ran out), soonest due first, skipping `exclude`. */
  claimDue(owner: string, leaseMs: number, limit: number, exclude: readonly string[]): Promise<E[]>;
  /** When the next pending record may be claimed (its retry is due and any lease has run out); undefined when none is pending. */
  nextDue(): Promise<Date | undefined>;
  /**
   * Records the answer for a record claimed as `owner`: `change` gets it and
   * returns its new state, which ends the claim. Resolves undefined, writing
   * nothing, when the claim is no longer `owner`'s (its lease ran out and
   * another claim took it) or the record is no longer pending.
   */
  settle(key: string, owner: string, change: (entry: E) => E): Promise<E | undefined>;

  /** Resolves when every write started so far has finished. */
  idle(): Promise<void>;
}

/**
 * Whether `entry` may be claimed at `now`: pending, and no claim on it runs.
 * A running claim keeps off every other, one under the same name too: the
 * outbox's round and a visitor's attempt in one replica must not both send it.
 */
export function claimable(entry: DeliveryState, now: number): boolean {
  if (entry.status !== 'pending') return false;
  if (!entry.claimedBy) return true;
  const until = entry.leaseUntil ? Date.parse(entry.leaseUntil) : Number.NaN;
  return Number.isNaN(until) || until <= now;
}

/** The record without its claim. */
export function unclaimed<E extends DeliveryState>(entry: E): E {
  const { claimedBy: _claimedBy, leaseUntil: _leaseUntil, ...rest } = entry;
  return rest as E;
}

/** The delivery fields of a line or row, as read from JSON (wrong types are dropped). */
export function readDeliveryFields(record: Record<string, unknown>): Omit<DeliveryState, 'status' | 'at'> {
  const fields: Omit<DeliveryState, 'status' | 'at'> = {};
  for (const key of ['updated', 'queued', 'next', 'lastError', 'claimedBy', 'leaseUntil'] as const) {
    if (typeof record[key] === 'string') fields[key] = record[key];
  }
  if (typeof record.attempts === 'number') fields.attempts = record.attempts;
  return fields;
}

/** The delivery fields of a line or row, always in the same order (undefined ones are left out by JSON). */
export function writeDeliveryFields({ status, at, updated, queued, attempts, next, lastError, claimedBy, leaseUntil }: DeliveryState) {
  return { status, at, updated, queued, attempts, next, lastError, claimedBy, leaseUntil };
}

/** Milliseconds since the epoch of an ISO time; 0 (long due) when absent or unreadable. */
export function timeOf(iso: string | undefined): number {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(value) ? 0 : value;
}
