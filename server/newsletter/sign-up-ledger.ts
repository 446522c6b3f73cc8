/**
 * The sign-up ledger (NEWSLETTER_FILE): one record per address, kept by the
 * durable ledger (../outbox/ledger.ts). Without a provider it is the list;
 * with one it is also the newsletter queue of the outbox.
 *
 * - Addresses are compared case-insensitively: the key is the address in
 *   lower case.
 * - Older files of plain `{"email","at"}` lines read as subscribed, and such a
 *   line never overrides a newer record of the same address.
 */
import { Ledger, readDeliveryFields } from '../outbox/ledger';
import type { DeliveryState, LedgerKind, LedgerOptions } from '../outbox/ledger';

export type EntryStatus = 'subscribed' | 'pending' | 'failed' | 'rejected';
export const ENTRY_STATUSES: readonly EntryStatus[] = ['subscribed', 'pending', 'failed', 'rejected'];

export interface LedgerEntry extends DeliveryState {
  email: string;
  status: EntryStatus;
}

/** Addresses are compared without regard to case (and surrounding spaces). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

const signUpKind: LedgerKind<LedgerEntry> = {
  label: 'newsletter ledger',
  statuses: ENTRY_STATUSES,
  keyOf: (entry) => emailKey(entry.email),
  read(record) {
    if (typeof record.email !== 'string' || !record.email.trim()) return undefined;
    const at = typeof record.at === 'string' ? record.at : '';
    if (record.status === undefined) return { entry: { email: record.email, status: 'subscribed', at }, legacy: true };
    return { entry: { email: record.email, status: record.status as EntryStatus, at, ...readDeliveryFields(record) } };
  },
  write: ({ email, status, at, updated, queued, attempts, next, lastError }) => ({ email, status, at, updated, queued, attempts, next, lastError }),
};

export class SignUpLedger extends Ledger<LedgerEntry> {
  constructor(options: LedgerOptions) {
    super(signUpKind, options);
  }

  override get(email: string): LedgerEntry | undefined {
    return super.get(emailKey(email));
  }

  /**
   * Records a sign-up unless the address is already subscribed or pending.
   * A failed or rejected address is queued afresh with `status`.
   */
  async add(email: string, status: 'subscribed' | 'pending', firstAttemptAt?: Date): Promise<{ created: boolean; entry: LedgerEntry }> {
    const { created, entry } = await this.insert(emailKey(email), (existing) => {
      if (existing && (existing.status === 'subscribed' || existing.status === 'pending')) return undefined;
      const now = this.now().toISOString();
      const base = { email: existing?.email ?? email, status, at: existing?.at ?? now, updated: now };
      return status === 'subscribed' ? base : { ...base, queued: now, attempts: 0, next: (firstAttemptAt ?? this.now()).toISOString() };
    });
    return { created, entry: entry! };
  }

  override update(email: string, change: (entry: LedgerEntry) => LedgerEntry | undefined): Promise<LedgerEntry | undefined> {
    return super.update(emailKey(email), change);
  }

  /** Erases an address: the file is rewritten without it. False when it was not there. */
  override remove(email: string): Promise<boolean> {
    return super.remove(emailKey(email));
  }
}

export function openLedger(options: LedgerOptions): SignUpLedger {
  return new SignUpLedger(options);
}
