/**
 * One form that keeps what visitors send, put together: the newsletter
 * (../newsletter/sign-ups.ts) and the contact form (../contact/contact-messages.ts)
 * are each this skeleton with their own record, sender and answers.
 *
 *   - the store the caller opened (a ledger file, or PostgreSQL), where every
 *     submission is recorded before the visitor is told anything;
 *   - the form's queue in the one outbox when it has a sender (provider, SMTP);
 *     without one the store is all there is (the list, the inbox);
 *   - the per-client rate limit: the form's default unless the caller gives
 *     one, counted in the shared store (PostgreSQL) when there is one;
 *   - the form's router, behind the guards of ./form-endpoint.ts.
 *
 * What differs stays in each form: what a record is, when it is sent, and
 * what the visitor is told.
 */
import type express from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Outbox } from '../outbox/outbox';
import type { OutboxQueue, QueueHandle } from '../outbox/outbox-queue';
import type { DeliveryState, RecordStore } from '../storage/record-store';

/** Submissions per client per window; a limit of 0 is none. */
export interface IntakeRateLimit {
  limit: number;
  windowMs: number;
}

/** What the caller (server/app.ts, the tests) gives every form, by the same names. */
export interface IntakeDeps<E extends DeliveryState> {
  logger: Logger;
  outbox: Outbox;
  store: RecordStore<E>;
  /** Where the rate limit is counted when the replicas share it; unset, in memory. */
  rateLimitStore?: Store;
  /** Replaces the form's default limit. */
  rateLimit?: IntakeRateLimit;
}

/** A form, put together. */
export interface FormIntake<E extends DeliveryState> {
  router: express.Router;
  store: RecordStore<E>;
  /** The per-client limit in force, for the start-up warning about TRUST_PROXY. */
  rateLimit: IntakeRateLimit;
  /** Pages whose own address takes the form's POST (the form without JavaScript), so they allow POST. */
  pagePaths: string[];
}

/** What the form's router is built with. */
export interface Intake {
  /** The form's queue in the outbox; undefined without a sender. */
  queue: QueueHandle | undefined;
  rateLimit: IntakeRateLimit & { store?: Store };
  /**
   * Records one submission: `write` keeps it, as pending from `firstAttemptAt`
   * when there is a sender, else as kept only (`firstAttemptAt` undefined).
   * Rejects when it could not be written; the form says so (errorCode, ./error-code.ts).
   */
  record<T>(write: (firstAttemptAt: Date | undefined) => Promise<T>): Promise<T>;
}

export interface FormParts<E extends DeliveryState> {
  /** Used when the caller gives no rate limit: the form's configured limit and window. */
  defaultRateLimit: IntakeRateLimit;
  /** The form's outbox queue, less the store (added here); undefined when the form has no sender. */
  sender: Omit<OutboxQueue<NoInfer<E>>, 'store'> | undefined;
  router(intake: Intake): express.Router;
  /** Pages that take the form's POST themselves; none when it posts to its API only. */
  pagePaths?: string[];
}

export function createFormIntake<E extends DeliveryState>(deps: IntakeDeps<E>, form: FormParts<E>): FormIntake<E> {
  const { store } = deps;
  const queue = form.sender && deps.outbox.add({ ...form.sender, store });
  const rateLimit = { ...(deps.rateLimit ?? form.defaultRateLimit), store: deps.rateLimitStore };
  const router = form.router({
    queue,
    rateLimit,
    record: (write) => write(queue?.firstRetryAt()),
  });
  return { router, store, rateLimit, pagePaths: form.pagePaths ?? [] };
}
