/**
 * Newsletter sign-ups as records: one per address, kept in the ledger file
 * (NEWSLETTER_FILE, ../outbox/ledger.ts) or in PostgreSQL (DATABASE_URL,
 * ../database/table-store.ts). Without a provider the records are the list;
 * with one they are also the newsletter queue of the outbox.
 *
 * - Addresses are compared case-insensitively: the key is the address in
 *   lower case.
 * - Older files of plain `{"email","at"}` lines read as subscribed, and such a
 *   line never overrides a newer record of the same address.
 */
import { emailKey } from '../../../shared/rules/email';
import { Ledger, readDeliveryFields, writeDeliveryFields } from '../storage/ledger-file';
import type { DeliveryState, LedgerKind, LedgerOptions } from '../storage/ledger-file';
import type { RecordStore } from '../storage/record-store';

export { emailKey };

export type EntryStatus = 'subscribed' | 'pending' | 'failed' | 'rejected';
export const ENTRY_STATUSES: readonly EntryStatus[] = ['subscribed', 'pending', 'failed', 'rejected'];

export interface LedgerEntry extends DeliveryState {
  email: string;
  status: EntryStatus;
}

export type SignUpStore = RecordStore<LedgerEntry>;

export const signUpKind: LedgerKind<LedgerEntry> = {
  label: 'newsletter ledger',
  statuses: ENTRY_STATUSES,
  keyOf: (entry) => emailKey(entry.email),
  read(record) {
    if (typeof record.email !== 'string' || !record.email.trim()) return undefined;
    const at = typeof record.at === 'string' ? record.at : '';
    if (record.status === undefined) return { entry: { email: record.email, status: 'subscribed', at }, legacy: true };
    return { entry: { email: record.email, status: record.status as EntryStatus, at, ...readDeliveryFields(record) } };
  },
  write: (entry) => ({ email: entry.email, ...writeDeliveryFields(entry) }),
};

/**
 * Records a sign-up unless the address is already subscribed or pending.
 * A failed or rejected address is queued afresh with `status`.
 */
export async function addSignUp(
  store: SignUpStore,
  email: string,
  status: 'subscribed' | 'pending',
  firstAttemptAt?: Date,
  now = new Date(),
): Promise<{ created: boolean; entry: LedgerEntry }> {
  const { created, entry } = await store.insert(emailKey(email), (existing) => {
    if (existing && (existing.status === 'subscribed' || existing.status === 'pending')) return undefined;
    const at = now.toISOString();
    const base = { email: existing?.email ?? email, status, at: existing?.at ?? at, updated: at };
    return status === 'subscribed' ? base : { ...base, queued: at, attempts: 0, next: (firstAttemptAt ?? now).toISOString() };
  });
  return { created, entry: entry! };
}

/** The ledger file of sign-ups (NEWSLETTER_FILE). */
export function openLedger(options: LedgerOptions): Ledger<LedgerEntry> {
  return new Ledger(signUpKind, options);
}
