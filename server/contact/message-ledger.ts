/**
 * The message ledger (CONTACT_FILE): every message sent with the contact
 * form, kept by the durable ledger (../outbox/ledger.ts) before the visitor
 * is told anything. With SMTP settings it is the contact queue of the outbox;
 * without, it is the inbox (`npm run messages -- list`).
 *
 * States: received (no SMTP: kept here, read with `messages`), pending (on
 * its way), sent (the SMTP server accepted it), failed (refused for good, or
 * given up after a day; `messages retry` queues it again).
 */
import { randomBytes } from 'node:crypto';
import { Ledger, readDeliveryFields } from '../outbox/ledger';
import type { DeliveryState, LedgerKind, LedgerOptions } from '../outbox/ledger';
import type { ContactValues } from '../../shared/rules/contact-message';

export type MessageStatus = 'received' | 'pending' | 'sent' | 'failed';
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['received', 'pending', 'sent', 'failed'];

export interface MessageEntry extends DeliveryState, ContactValues {
  /** 'm-' and 16 hex digits: names the message to the operator and in its Message-ID. */
  id: string;
  status: MessageStatus;
}

const ID_PATTERN = /^m-[0-9a-f]{16}$/;

export function isMessageId(value: string): boolean {
  return ID_PATTERN.test(value);
}

const messageKind: LedgerKind<MessageEntry> = {
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
  write: ({ id, status, at, updated, queued, attempts, next, lastError, name, email, company, phone, topic, message }) => ({
    id,
    status,
    at,
    updated,
    queued,
    attempts,
    next,
    lastError,
    name,
    email,
    company,
    phone,
    topic,
    message,
  }),
};

export class MessageLedger extends Ledger<MessageEntry> {
  constructor(options: LedgerOptions) {
    super(messageKind, options);
  }

  /** Records a new message; `firstAttemptAt` when it is to be sent (else it is kept as received). */
  async record(values: ContactValues, firstAttemptAt?: Date): Promise<MessageEntry> {
    const now = this.now().toISOString();
    const id = `m-${randomBytes(8).toString('hex')}`;
    const entry: MessageEntry = firstAttemptAt
      ? { id, status: 'pending', at: now, updated: now, queued: now, attempts: 0, next: firstAttemptAt.toISOString(), ...values }
      : { id, status: 'received', at: now, updated: now, ...values };
    await this.insert(id, () => entry);
    return entry;
  }
}

export function openMessageLedger(options: LedgerOptions): MessageLedger {
  return new MessageLedger(options);
}
