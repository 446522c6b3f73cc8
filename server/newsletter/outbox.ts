/**
 * Delivers ledger entries to the provider: at once when a visitor signs up,
 * and again in the background while the provider is unreachable, slow, busy
 * or answering nonsense.
 *
 * - Retries back off exponentially with jitter: the first within
 *   `firstRetryMs` (5 s), then doubling, each at most `maxRetryMs` (5 min),
 *   until `giveUpMs` (24 h) after the entry was queued; then it is marked
 *   failed for the operator (`subscribers list`, `subscribers retry`).
 * - A clear answer (subscribed, already subscribed, rejected) is final; a
 *   rejection is never retried.
 * - At most `concurrency` (4) provider calls are in flight. A sign-up that
 *   finds them all busy is not refused: it waits in the ledger as pending.
 * - One attempt per address at a time; a visitor sending a pending address
 *   again shares the attempt in flight.
 * - The ledger file is the source of truth: each round re-reads it first, so
 *   entries removed or re-queued by the operator's command are honoured, and
 *   entries left pending by a previous run are picked up at start.
 * - Delivery is at least once: a crash between the provider's answer and the
 *   record of it means one more call, which the provider answers as already
 *   subscribed.
 */
import type { Logger } from 'pino';
import { emailKey } from './ledger';
import type { Ledger, LedgerEntry } from './ledger';
import type { NewsletterProvider, SignUpResult, SubscribeOutcome } from './outcome';

export interface OutboxTimings {
  /** Upper bound of the first retry's delay. */
  firstRetryMs: number;
  /** Upper bound of any one retry's delay. */
  maxRetryMs: number;
  /** How long after being queued an entry is given up as failed. */
  giveUpMs: number;
  /** Provider calls in flight at most. */
  concurrency: number;
  /** How often the ledger file is looked at for the operator's changes. */
  pollMs: number;
  /** How long stop() waits for calls in flight. */
  stopWaitMs: number;
}

export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  firstRetryMs: 5_000,
  maxRetryMs: 5 * 60_000,
  giveUpMs: 24 * 60 * 60_000,
  concurrency: 4,
  pollMs: 5_000,
  stopWaitMs: 5_000,
};

export interface OutboxOptions {
  ledger: Ledger;
  provider: NewsletterProvider;
  logger: Logger;
  timings?: Partial<OutboxTimings>;
  random?: () => number;
}

/**
 * The delay before retry number `attempt` (1 = the first retry): the
 * exponential step, capped, then a random point in its upper half, so a
 * crowd of entries from one outage does not return in lockstep.
 */
export function retryDelayMs(attempt: number, timings: Pick<OutboxTimings, 'firstRetryMs' | 'maxRetryMs'>, random = Math.random): number {
  const step = Math.min(timings.firstRetryMs * 2 ** Math.max(0, attempt - 1), timings.maxRetryMs);
  return Math.round(step * (0.5 + random() * 0.5));
}

function timeOf(iso: string | undefined): number {
  const value = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(value) ? 0 : value;
}

export class Outbox {
  readonly timings: OutboxTimings;
  private readonly ledger: Ledger;
  private readonly provider: NewsletterProvider;
  private readonly logger: Logger;
  private readonly random: () => number;
  private readonly inFlight = new Map<string, Promise<SignUpResult>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private tickAgain = false;
  private running = false;
  private stopping = false;
  /** Set once stop() stops waiting: from then on nothing more is written. */
  private closed = false;

  constructor(options: OutboxOptions) {
    this.ledger = options.ledger;
    this.provider = options.provider;
    this.logger = options.logger;
    this.random = options.random ?? Math.random;
    this.timings = { ...DEFAULT_OUTBOX_TIMINGS, ...options.timings };
  }

  /** When a new entry's first retry is due, should the attempt at once fail or not happen. */
  firstRetryAt(now = Date.now()): Date {
    return new Date(now + retryDelayMs(1, this.timings, this.random));
  }

  /** Starts the background rounds; pending entries from earlier runs are due at once. */
  start(): void {
    if (this.running || this.stopping) return;
    this.running = true;
    this.schedule(0);
  }

  /**
   * Stops for shutdown: no new attempts, calls in flight get up to
   * `stopWaitMs` to finish and be recorded, queued ledger writes complete.
   * An attempt still running after that is recorded by nobody: its entry
   * stays pending and is sent again after the restart.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight.values()]),
      new Promise((resolve) => {
        waited = setTimeout(resolve, this.timings.stopWaitMs);
      }),
    ]);
    clearTimeout(waited);
    this.closed = true;
    await this.ledger.idle();
  }

  /** The attempt in flight for this address, if any. */
  attemptFor(email: string): Promise<SignUpResult> | undefined {
    return this.inFlight.get(emailKey(email));
  }

  /**
   * Tries a pending entry now, for the visitor waiting on it. Answers
   * pending at once when every slot is taken or the outbox is stopping.
   */
  deliverNow(email: string, log: Logger): Promise<SignUpResult> {
    return this.attemptFor(email) ?? this.tryAttempt(email, log) ?? Promise.resolve({ kind: 'pending' });
  }

  /** Starts an attempt when a slot is free; undefined otherwise. */
  private tryAttempt(email: string, log: Logger, retry = false): Promise<SignUpResult> | undefined {
    if (this.stopping || this.inFlight.size >= this.timings.concurrency) return undefined;
    const key = emailKey(email);
    const attempt = this.attempt(email, log, retry).finally(() => {
      this.inFlight.delete(key);
      if (this.running) this.schedule(0);
    });
    this.inFlight.set(key, attempt);
    return attempt;
  }

  private async attempt(email: string, log: Logger, retry: boolean): Promise<SignUpResult> {
    let entry: LedgerEntry | undefined;
    try {
      // The operator may have removed or settled it meanwhile.
      await this.ledger.refresh();
      entry = this.ledger.get(email);
    } catch (error) {
      log.error({ err: error }, 'newsletter ledger could not be read');
      return { kind: 'pending' };
    }
    if (!entry || entry.status !== 'pending') return { kind: 'pending' };

    let outcome: SubscribeOutcome;
    try {
      outcome = await this.provider.subscribe(entry.email);
    } catch (error) {
      // Providers resolve with outcomes; a throw is a bug, still handled as a failed call.
      outcome = { kind: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
    }
    const attempts = (entry.attempts ?? 0) + 1;
    const logFields = { provider: this.provider.name, outcome: outcome.kind, attempts };
    try {
      return await this.record(entry.email, outcome, attempts, log, logFields, retry);
    } catch (error) {
      // Not recorded: the entry stays pending and is sent again (at least once).
      log.error({ ...logFields, err: error }, 'newsletter ledger could not record the provider’s answer; will send again');
      return outcome.kind === 'subscribed' || outcome.kind === 'already-subscribed' ? { kind: outcome.kind } : { kind: 'pending' };
    }
  }

  private async record(
    email: string,
    outcome: SubscribeOutcome,
    attempts: number,
    log: Logger,
    logFields: Record<string, unknown>,
    retry: boolean,
  ): Promise<SignUpResult> {
    if (this.closed) return { kind: 'pending' }; // shut down: sent again after the restart
    const stillPending = (change: (entry: LedgerEntry) => LedgerEntry) =>
      this.ledger.update(email, (entry) => (entry.status === 'pending' ? change(entry) : undefined));

    switch (outcome.kind) {
      case 'subscribed':
      case 'already-subscribed':
        await stillPending(({ email: address, at }) => ({ email: address, status: 'subscribed', at, attempts }));
        log.info(logFields, retry ? 'newsletter sign-up delivered on retry' : 'newsletter sign-up accepted');
        return { kind: outcome.kind };
      case 'rejected':
        await stillPending(({ email: address, at }) => ({ email: address, status: 'rejected', at, attempts, lastError: outcome.detail ?? 'rejected' }));
        log.warn({ ...logFields, detail: outcome.detail }, 'newsletter provider refused the sign-up');
        return { kind: 'rejected', reason: outcome.reason };
      case 'unavailable':
      case 'timeout':
      case 'rate-limited': {
        const detail = outcome.kind === 'rate-limited' ? 'provider asked us to slow down (429)' : outcome.detail;
        const now = Date.now();
        const wait = Math.max(retryDelayMs(attempts, this.timings, this.random), outcome.kind === 'rate-limited' ? (outcome.retryAfterSeconds ?? 0) * 1000 : 0);
        const updated = await stillPending((entry) => {
          if (now - timeOf(entry.queued ?? entry.at) >= this.timings.giveUpMs) {
            return { ...entry, status: 'failed', attempts, next: undefined, lastError: detail };
          }
          return { ...entry, attempts, next: new Date(now + wait).toISOString(), lastError: detail };
        });
        if (updated?.status === 'failed') {
          log.error({ ...logFields, detail }, 'newsletter delivery given up: entry marked failed (see `subscribers list`)');
        } else if (retry) {
          log.warn({ ...logFields, detail, retryInMs: wait }, 'newsletter provider failed; kept pending for another retry');
        } else {
          log.error({ ...logFields, detail, retryInMs: wait }, 'newsletter provider failed');
        }
        return { kind: 'pending' };
      }
    }
  }

  private schedule(delayMs: number) {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.round(), Math.max(0, delayMs));
    // The HTTP server keeps the process alive; a waiting retry must not.
    this.timer.unref();
  }

  /** One round: catch up with the file, start what is due in the free slots, sleep until the next is due. */
  private async round(): Promise<void> {
    this.timer = undefined;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    try {
      await this.ledger.refresh();
    } catch (error) {
      this.logger.error({ err: error }, 'newsletter ledger could not be read');
    }
    const now = Date.now();
    const waiting = this.ledger
      .list()
      .filter((entry) => entry.status === 'pending' && !this.inFlight.has(emailKey(entry.email)))
      .sort((a, b) => timeOf(a.next) - timeOf(b.next));
    let nextDue = now + this.timings.pollMs;
    for (const entry of waiting) {
      const due = timeOf(entry.next);
      if (due > now) {
        nextDue = Math.min(nextDue, due);
        break;
      }
      if (!this.tryAttempt(entry.email, this.logger, true)) break; // every slot busy: a finishing attempt starts the next round
    }
    this.ticking = false;
    if (this.tickAgain) {
      this.tickAgain = false;
      this.schedule(0);
    } else {
      this.schedule(nextDue - now);
    }
  }
}
