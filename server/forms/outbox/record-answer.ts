/**
 * One attempt's answer, written to the store under the claim it was sent
 * under (../storage/record-store.ts), and logged: delivered and refused are
 * final; anything else stays pending with its next retry (./retry-schedule.ts),
 * or is marked failed once the entry is older than `giveUpMs`.
 */
import type { Logger } from 'pino';
import { timeOf } from '../storage/record-store';
import type { DeliveryState } from '../storage/record-store';
import type { AttemptResult, OutboxQueue, SendOutcome } from './outbox-queue';
import { retryDelayMs } from './retry-schedule';
import type { OutboxTimings } from './retry-schedule';

/** A send that has come to an outcome, for the entry `key` claimed as `claim`. */
export interface SentAttempt {
  queue: OutboxQueue<DeliveryState>;
  key: string;
  claim: string;
  outcome: SendOutcome;
  /** The entry's attempts, this one included. */
  attempts: number;
  /** Whether it was a retry (a round's claim), which its log lines say. */
  retry: boolean;
}

/** How the next retry is chosen: the outbox's timings and its source of jitter. */
export interface RetryChoice {
  timings: Pick<OutboxTimings, 'firstRetryMs' | 'maxRetryMs' | 'giveUpMs'>;
  random: () => number;
}

/** Records `sent`; rejects when the store could not be written (the caller logs it, the entry stays claimed). */
export async function recordAnswer(
  { queue, key, claim, outcome, attempts, retry }: SentAttempt,
  log: Logger,
  logFields: Record<string, unknown>,
  { timings, random }: RetryChoice,
): Promise<AttemptResult> {
  const stillPending = async (change: (entry: DeliveryState) => DeliveryState) => {
    const recorded = await queue.store.settle(key, claim, change);
    // The claim ran out during the send and another claim took the entry: its record stands.
    if (!recorded)
      log.warn({ ...logFields }, `${queue.noun}: the answer came after the claim ran out; left to the replica that holds it now`);
    return recorded;
  };
  const settled = (entry: DeliveryState, status: string, lastError?: string): DeliveryState => {
    const { queued: _queued, next: _next, lastError: _lastError, ...rest } = entry;
    return { ...rest, status, attempts, ...(lastError ? { lastError } : {}) };
  };

  switch (outcome.kind) {
    case 'delivered':
      await stillPending((entry) => settled(entry, queue.deliveredStatus, outcome.detail));
      if (outcome.detail) log.error({ ...logFields, detail: outcome.detail }, `${queue.noun} delivered, with a problem`);
      log.info(logFields, retry ? `${queue.noun} delivered on retry` : `${queue.noun} delivered`);
      return outcome;
    case 'refused':
      await stillPending((entry) => settled(entry, queue.refusedStatus, outcome.detail));
      log.warn({ ...logFields, detail: outcome.detail }, `${queue.noun} refused by the receiving side`);
      return outcome;
    case 'retry': {
      const now = Date.now();
      const wait = Math.max(retryDelayMs(attempts, timings, random), outcome.notBeforeMs ?? 0);
      const updated = await stillPending((entry) => {
        if (now - timeOf(entry.queued ?? entry.at) >= timings.giveUpMs) {
          return { ...entry, status: 'failed', attempts, next: undefined, lastError: outcome.detail };
        }
        return { ...entry, attempts, next: new Date(now + wait).toISOString(), lastError: outcome.detail };
      });
      const fields = { ...logFields, detail: outcome.detail, retryInMs: wait };
      if (updated?.status === 'failed') {
        log.error(
          fields,
          `${queue.noun} delivery given up: entry marked failed (see \`${queue.name === 'newsletter' ? 'subscribers' : 'messages'} list\`)`,
        );
      } else if (retry) {
        log.warn(fields, `${queue.noun} not delivered; kept pending for another retry`);
      } else {
        log.error(fields, `${queue.noun} not delivered yet; kept pending, will retry`);
      }
      return { kind: 'pending' };
    }
  }
}
