/**
 * When the outbox (./outbox.ts) tries again, how much at once, and when it
 * gives up: its timings, and the backoff between retries.
 */

export interface OutboxTimings {
  /** Upper bound of the first retry's delay. */
  firstRetryMs: number;
  /** Upper bound of any one retry's delay. */
  maxRetryMs: number;
  /** How long after being queued an entry is given up as failed. */
  giveUpMs: number;
  /** Sends in flight at most, per queue. */
  concurrency: number;
  /** How often the ledger files are looked at for the operator's changes. */
  pollMs: number;
  /** How long stop() waits for sends in flight. */
  stopWaitMs: number;
  /**
   * How long a claim keeps other replicas off an entry. Longer than any send
   * can take (the provider's 8 s, SMTP's exchanges of 15 s; see
   * checkLease in ../../config/outbox.ts), so a slow send is never taken over; it
   * is how long a killed replica's entries wait.
   */
  leaseMs: number;
}

export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  firstRetryMs: 5_000,
  maxRetryMs: 5 * 60_000,
  giveUpMs: 24 * 60 * 60_000,
  concurrency: 4,
  pollMs: 5_000,
  stopWaitMs: 5_000,
  leaseMs: 120_000,
};

/**
 * The delay before retry number `attempt` (1 = the first retry): the
 * exponential step, capped, then a random point in its upper half, so a
 * crowd of entries from one outage does not return in lockstep.
 */
export function retryDelayMs(attempt: number, timings: Pick<OutboxTimings, 'firstRetryMs' | 'maxRetryMs'>, random = Math.random): number {
  const step = Math.min(timings.firstRetryMs * 2 ** Math.max(0, attempt - 1), timings.maxRetryMs);
  return Math.round(step * (0.5 + random() * 0.5));
}
