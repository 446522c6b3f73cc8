/**
 * Contact messages as records: every message sent with the contact form,
 * kept in the ledger file (CONTACT_FILE, ../outbox/ledger.ts) or in
 * PostgreSQL (DATABASE_URL, ../database/table-store.ts) before the visitor is
 * told anything. With SMTP settings they are the contact queue of the
 * outbox; without, they are the inbox (`npm run messages -- list`).
 *
 * States: received (no SMTP: kept here, read with `messages`), pending (on
 * its way), sent (the SMTP server accepted it), failed (refused for good, or
 * given up after a day; `messages retry` queues it again).
 */
import { randomBytes } from 'node:crypto';
import { Ledger } from '../storage/ledger-file';
import type { LedgerOptions } from '../storage/ledger-file';
import { readDeliveryFields, writeDeliveryFields } from '../storage/record-store';
import type { DeliveryState, LedgerKind } from '../storage/record-store';
import type { RecordStore } from '../storage/record-store';
import type { ContactValues } from '../../../shared/rules/contact-message';

export type MessageStatus = 'received' | 'pending' | 'sent' | 'failed';
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['received', 'pending', 'sent', 'failed'];

export interface MessageEntry extends DeliveryState, ContactValues {
  /** 'm-' and 16 hex digits: names the message to the operator and in its Message-ID. */
  id: string;
  status: MessageStatus;
}

export type MessageStore = RecordStore<MessageEntry>;

const ID_PATTERN = /^m-[0-9a-f]{16}$/;

export function isMessageId(value: string): boolean {
  return ID_PATTERN.test(value);
}

export const messageKind: LedgerKind<MessageEntry> = {
  label: 'message ledger',
  statuses: MESSAGE_STATUSES,
  keyOf: (entry) => entry.id,
  read(record) {
    if (typeof record.id !== 'string' || !isMessageId(record.id) || typeof record.email !== 'string') return undefined;
    const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
    return {
      entry: {
        id: record.id,
        status: record.status as MessageStatus,
        at: text('at'),
        ...readDeliveryFields(record),
        name: text('name'),
        email: record.email,
        company: text('company'),
        phone: text('phone'),
        topic: text('topic'),
        message: text('message'),
      },
    };
  },
  write: (entry) => ({
    id: entry.id,
    ...writeDeliveryFields(entry),
    name: entry.name,
    email: entry.email,
    company: entry.company,
    phone: entry.phone,
    topic: entry.topic,
    message: entry.message,
  }),
};

/** Records a new message; `firstAttemptAt` when it is to be sent (else it is kept as received). */
export async function recordMessage(
  store: MessageStore,
  values: ContactValues,
  firstAttemptAt?: Date,
  now = new Date(),
): Promise<MessageEntry> {
  const at = now.toISOString();
  const id = `m-${randomBytes(8).toString('hex')}`;
  const entry: MessageEntry = firstAttemptAt
    ? { id, status: 'pending', at, updated: at, queued: at, attempts: 0, next: firstAttemptAt.toISOString(), ...values }
    : { id, status: 'received', at, updated: at, ...values };
  await store.insert(id, () => entry);
  return entry;
}

/** The ledger file of messages (CONTACT_FILE). */
export function openMessageLedger(options: LedgerOptions): Ledger<MessageEntry> {
  return new Ledger(messageKind, options);
}
