/**
 * Where the records of one kind (sign-ups, contact messages) are kept, as the
 * outbox, the handlers and the operator's commands see it. Two stores keep
 * the same promises: the ledger file (./ledger.ts), the embedded default for
 * one host, and PostgreSQL (../database/table-store.ts) when DATABASE_URL is
 * set, for replicas on several hosts. Design record: docs/decisions/014-shared-outbox.md.
 *
 * Every change is atomic against every other writer, in this process and in
 * the others (the ledger's lock file; a transaction with a row lock).
 *
 * Claims make delivery exactly once across replicas: before a record is sent
 * its replica claims it (an owner and a lease expiry, stored with the
 * record); the others skip it while the lease runs; the answer is recorded
 * only by the claim's owner, which ends the claim. A replica that dies
 * holding a claim leaves it to run out; then another takes the record over.
 */
import type { DeliveryState, LedgerCounts, LedgerKind } from './ledger-file';

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
   * Claims one pending record for `owner` for `leaseMs`, due or not (a
   * visitor is waiting on it): resolves with it, or undefined when it is not
   * pending or another owner's lease still runs.
   */
  claim(key: string, owner: string, leaseMs: number): Promise<E | undefined>;
  /** Claims up to `limit` pending records that are due and unclaimed (or whose lease ran out), soonest due first, skipping `exclude`. */
  claimDue(owner: string, leaseMs: number, limit: number, exclude: readonly string[]): Promise<E[]>;
  /** When the next pending record may be claimed (its retry is due and any lease has run out); undefined when none is pending. */
  nextDue(): Promise<Date | undefined>;
  /**
   * Records the answer for a record `owner` has claimed: `change` gets it and
   * returns its new state, which ends the claim. Resolves undefined, writing
   * nothing, when the claim is no longer the owner's (its lease ran out and
   * another replica took it) or the record is no longer pending.
   */
  settle(key: string, owner: string, change: (entry: E) => E): Promise<E | undefined>;

  /** Resolves when every write started so far has finished. */
  idle(): Promise<void>;
}

/** Whether `entry` is free for `owner` to claim at `now`. */
export function claimable(entry: DeliveryState, owner: string, now: number): boolean {
  if (entry.status !== 'pending') return false;
  if (!entry.claimedBy || entry.claimedBy === owner) return true;
  const until = entry.leaseUntil ? Date.parse(entry.leaseUntil) : Number.NaN;
  return Number.isNaN(until) || until <= now;
}

/** The record without its claim. */
export function unclaimed<E extends DeliveryState>(entry: E): E {
  const { claimedBy: _claimedBy, leaseUntil: _leaseUntil, ...rest } = entry;
  return rest as E;
}
