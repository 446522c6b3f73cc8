/**
 * What a queue is to the outbox (./outbox.ts): a store and a `send`
 * function, what one send comes to, and what the queue's owner (a form,
 * ../intake/form-intake.ts) gets back to try a record at once.
 */
import type { Logger } from 'pino';
import type { DeliveryState, RecordStore } from '../storage/record-store';

/** What one send came to, as the queue's `send` says it; `cause` names it more closely in the log (e.g. 'timeout'). */
export type SendOutcome =
  /** Accepted by the other side; `note` is the queue's own word on it (e.g. already subscribed), `detail` a problem worth keeping. */
  (
    | { kind: 'delivered'; note?: string; detail?: string }
    /** Refused for good: never retried. `reason` may be shown to the visitor, `detail` is for the operator. */
    | { kind: 'refused'; detail: string; reason?: string }
    /** Not now: down, slow, busy. Retried after the backoff, or after `notBeforeMs` when the other side asked. */
    | { kind: 'retry'; detail: string; notBeforeMs?: number }
  ) & { cause?: string };

/** What an attempt tells the one waiting on it: a clear answer, or still pending. */
export type AttemptResult = Exclude<SendOutcome, { kind: 'retry' }> | { kind: 'pending' };

export interface OutboxQueue<E extends DeliveryState> {
  /** For log lines and metrics: 'newsletter', 'contact'. */
  name: string;
  /** How log lines name one record: 'newsletter sign-up', 'contact message'. */
  noun: string;
  store: RecordStore<E>;
  /** The record's status once delivered, and once refused. */
  deliveredStatus: E['status'];
  refusedStatus: E['status'];
  /** Sends one record; resolves with an outcome, never rejects. */
  send(entry: E): Promise<SendOutcome>;
  /** Fields for this queue's log lines (never personal data). */
  logFields?: Record<string, unknown>;
}

/** What a queue's owner uses of the outbox. */
export interface QueueHandle {
  /** The attempt in flight for this record, if any. */
  attemptFor(key: string): Promise<AttemptResult> | undefined;
  /**
   * Tries a pending entry now, for the visitor waiting on it. Answers
   * pending at once when every slot is taken or the outbox is stopping.
   */
  deliverNow(key: string, log: Logger): Promise<AttemptResult>;
  /** When a new entry's first retry is due, should the attempt at once fail or not happen. */
  firstRetryAt(now?: number): Date;
}
