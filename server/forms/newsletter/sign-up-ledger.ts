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
import { Ledger } from '../storage/ledger-file';
import type { LedgerOptions } from '../storage/ledger-file';
import { readDeliveryFields, writeDeliveryFields } from '../storage/record-store';
import type { DeliveryState, LedgerKind } from '../storage/record-store';
import type { RecordStore } from '../storage/record-store';

export { emailKey };

export type SignUpStatus = 'subscribed' | 'pending' | 'failed' | 'rejected';
export const SIGN_UP_STATUSES: readonly SignUpStatus[] = ['subscribed', 'pending', 'failed', 'rejected'];

export interface SignUpEntry extends DeliveryState {
  email: string;
  status: SignUpStatus;
}

export type SignUpStore = RecordStore<SignUpEntry>;

export const signUpKind: LedgerKind<SignUpEntry> = {
  label: 'newsletter ledger',
  statuses: SIGN_UP_STATUSES,
  keyOf: (entry) => emailKey(entry.email),
  read(record) {
    if (typeof record.email !== 'string' || !record.email.trim()) return undefined;
    const at = typeof record.at === 'string' ? record.at : '';
    if (record.status === undefined) return { entry: { email: record.email, status: 'subscribed', at }, legacy: true };
    return { entry: { email: record.email, status: record.status as SignUpStatus, at, ...readDeliveryFields(record) } };
  },
  write: (entry) => ({ email: entry.email, ...writeDeliveryFields(entry) }),
};

/**
 * Records a sign-up unless the address is already subscribed or pending.
 * A failed or rejected address is queued afresh with `status`.
 */
export async function recordSignUp(
  store: SignUpStore,
  email: string,
  status: 'subscribed' | 'pending',
  firstAttemptAt?: Date,
  now = new Date(),
): Promise<{ created: boolean; entry: SignUpEntry }> {
  const { created, entry } = await store.insert(emailKey(email), (existing) => {
    if (existing && (existing.status === 'subscribed' || existing.status === 'pending')) return undefined;
    const at = now.toISOString();
    const base = { email: existing?.email ?? email, status, at: existing?.at ?? at, updated: at };
    return status === 'subscribed' ? base : { ...base, queued: at, attempts: 0, next: (firstAttemptAt ?? now).toISOString() };
  });
  return { created, entry: entry! };
}

/** The ledger file of sign-ups (NEWSLETTER_FILE). */
export function openSignUpLedger(options: LedgerOptions): Ledger<SignUpEntry> {
  return new Ledger(signUpKind, options);
}
