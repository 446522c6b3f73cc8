/**
 * The one outbox: delivers what the ledgers (./ledger.ts) hold to where it
 * must go, for every queue the site has: the newsletter's sign-ups to its
 * provider, the contact form's messages to the firm's SMTP server. A queue is
 * a ledger and a `send` function; everything else is here, once: at once
 * when a visitor sends something, and again in the background while the
 * other side is unreachable, slow, busy or answering nonsense.
 *
 * - Retries back off exponentially with jitter: the first within
 *   `firstRetryMs` (5 s), then doubling, each at most `maxRetryMs` (5 min),
 *   until `giveUpMs` (24 h) after the entry was queued; then it is marked
 *   failed for the operator (`subscribers list` / `messages list`, and `retry`).
 * - A clear answer (delivered, refused) is final; a refusal is never retried.
 * - At most `concurrency` (4) sends per queue are in flight. Something sent
 *   while they are all busy is not refused: it waits in the ledger as pending.
 * - One attempt per record at a time; a visitor sending a pending record
 *   again shares the attempt in flight.
 * - The ledger file is the source of truth: each round re-reads it first, so
 *   entries removed or re-queued by the operator's command are honoured, and
 *   entries left pending by a previous run are picked up at start.
 * - Delivery is at least once: a crash between the other side's answer and
 *   the record of it means one more send (the provider answers "already
 *   subscribed"; a message carries the same Message-ID both times).
 */
import type { Logger } from 'pino';
import type { DeliveryState, Ledger } from './ledger';

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
}

export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  firstRetryMs: 5_000,
  maxRetryMs: 5 * 60_000,
  giveUpMs: 24 * 60 * 60_000,
  concurrency: 4,
  pollMs: 5_000,
  stopWaitMs: 5_000,
};

/** What one send came to, as the queue's `send` says it; `cause` names it more closely in the log (e.g. 'timeout'). */
export type SendOutcome = (

  /** Accepted by the other side; `note` is the queue's own word on it (e.g. already subscribed), `detail` a problem worth keeping. */
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
  ledger: Ledger<E>;
  /** The record's status once delivered, and once refused. */
  deliveredStatus: E['status'];
  refusedStatus: E['status'];
  /** Sends one record; resolves with an outcome, never rejects. */
  send(entry: E): Promise<SendOutcome>;
  /** Fields for this queue's log lines (never personal data). */
  logFields?: Record<string, unknown>;
}

export interface OutboxOptions {
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

// One queue's bookkeeping inside the outbox.
interface QueueState {
  queue: OutboxQueue<DeliveryState>;
  inFlight: Map<string, Promise<AttemptResult>>;
}

export class Outbox {
  readonly timings: OutboxTimings;
  private readonly logger: Logger;
  private readonly random: () => number;
  private readonly queues = new Map<string, QueueState>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private tickAgain = false;
  private running = false;
  private stopping = false;
  /** Set once stop() stops waiting: from then on nothing more is written. */
  private closed = false;

  constructor(options: OutboxOptions) {
    this.logger = options.logger;
    this.random = options.random ?? Math.random;
    this.timings = { ...DEFAULT_OUTBOX_TIMINGS, ...options.timings };
  }

  /** Adds a queue; its pending entries are sent from the next round on. Returns its handle. */
  add<E extends DeliveryState>(queue: OutboxQueue<E>): QueueHandle {
    if (this.queues.has(queue.name)) throw new Error(`the outbox already has a queue named ${queue.name}`);
    const state: QueueState = { queue: queue as unknown as OutboxQueue<DeliveryState>, inFlight: new Map() };
    this.queues.set(queue.name, state);
    if (this.running) this.schedule(0);
    return {
      attemptFor: (key) => state.inFlight.get(key),
      deliverNow: (key, log) => state.inFlight.get(key) ?? this.tryAttempt(state, key, log) ?? Promise.resolve({ kind: 'pending' }),
      firstRetryAt: (now = Date.now()) => new Date(now + retryDelayMs(1, this.timings, this.random)),
    };
  }

  /** Starts the background rounds; pending entries from earlier runs are due at once. */
  start(): void {
    if (this.running || this.stopping) return;
    this.running = true;
    this.schedule(0);
  }

  /**
   * Stops for shutdown: no new attempts, sends in flight get up to
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
    const inFlight = [...this.queues.values()].flatMap((state) => [...state.inFlight.values()]);
    await Promise.race([
      Promise.allSettled(inFlight),
      new Promise((resolve) => {
        waited = setTimeout(resolve, this.timings.stopWaitMs);
      }),
    ]);
    clearTimeout(waited);
    this.closed = true;
    await Promise.all([...this.queues.values()].map((state) => state.queue.ledger.idle()));
  }

  /** Starts an attempt when a slot is free; undefined otherwise. */
  private tryAttempt(state: QueueState, key: string, log: Logger, retry = false): Promise<AttemptResult> | undefined {
    if (this.stopping || state.inFlight.size >= this.timings.concurrency) return undefined;
    const attempt = this.attempt(state.queue, key, log, retry).finally(() => {
      state.inFlight.delete(key);
      if (this.running) this.schedule(0);
    });
    state.inFlight.set(key, attempt);
    return attempt;
  }

  private async attempt(queue: OutboxQueue<DeliveryState>, key: string, log: Logger, retry: boolean): Promise<AttemptResult> {
    let entry: DeliveryState | undefined;
    try {
      // The operator may have removed or settled it meanwhile.
      await queue.ledger.refresh();
      entry = queue.ledger.get(key);
    } catch (error) {
      log.error({ err: error, queue: queue.name }, `${queue.ledger.kind.label} could not be read`);
      return { kind: 'pending' };
    }
    if (!entry || entry.status !== 'pending') return { kind: 'pending' };

    let outcome: SendOutcome;
    try {
      outcome = await queue.send(entry);
    } catch (error) {
      // Queues resolve with outcomes; a throw is a bug, still handled as a failed send.
      outcome = { kind: 'retry', detail: error instanceof Error ? error.message : String(error) };
    }
    const attempts = (entry.attempts ?? 0) + 1;
    const logFields = { ...queue.logFields, queue: queue.name, outcome: outcome.cause ?? outcome.kind, attempts };
    try {
      return await this.record(queue, key, outcome, attempts, log, logFields, retry);
    } catch (error) {
      // Not recorded: the entry stays pending and is sent again (at least once).
      log.error({ ...logFields, err: error }, `${queue.ledger.kind.label} could not record the answer; will send again`);
      return outcome.kind === 'retry' ? { kind: 'pending' } : outcome;
    }
  }

  private async record(
    queue: OutboxQueue<DeliveryState>,
    key: string,
    outcome: SendOutcome,
    attempts: number,
    log: Logger,
    logFields: Record<string, unknown>,
    retry: boolean,
  ): Promise<AttemptResult> {
    if (this.closed) return { kind: 'pending' }; // shut down: sent again after the restart
    const stillPending = (change: (entry: DeliveryState) => DeliveryState) =>
      queue.ledger.update(key, (entry) => (entry.status === 'pending' ? change(entry) : undefined));
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
        const wait = Math.max(retryDelayMs(attempts, this.timings, this.random), outcome.notBeforeMs ?? 0);
        const updated = await stillPending((entry) => {
          if (now - timeOf(entry.queued ?? entry.at) >= this.timings.giveUpMs) {
            return { ...entry, status: 'failed', attempts, next: undefined, lastError: outcome.detail };
          }
          return { ...entry, attempts, next: new Date(now + wait).toISOString(), lastError: outcome.detail };
        });
        const fields = { ...logFields, detail: outcome.detail, retryInMs: wait };
        if (updated?.status === 'failed') {
          log.error(fields, `${queue.noun} delivery given up: entry marked failed (see \`${queue.name === 'newsletter' ? 'subscribers' : 'messages'} list\`)`);
        } else if (retry) {
          log.warn(fields, `${queue.noun} not delivered; kept pending for another retry`);
        } else {
          log.error(fields, `${queue.noun} not delivered yet; kept pending, will retry`);
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

  /** One round: for each queue, catch up with its file, start what is due in the free slots; sleep until the next is due. */
  private async round(): Promise<void> {
    this.timer = undefined;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    const now = Date.now();
    let nextDue = now + this.timings.pollMs;
    for (const state of this.queues.values()) {
      const { ledger } = state.queue;
      try {
        await ledger.refresh();
      } catch (error) {
        this.logger.error({ err: error, queue: state.queue.name }, `${ledger.kind.label} could not be read`);
      }
      const waiting = ledger
        .list()
        .filter((entry) => entry.status === 'pending' && !state.inFlight.has(ledger.kind.keyOf(entry)))
        .sort((a, b) => timeOf(a.next) - timeOf(b.next));
      for (const entry of waiting) {
        const due = timeOf(entry.next);
        if (due > now) {
          nextDue = Math.min(nextDue, due);
          break;
        }
        if (!this.tryAttempt(state, ledger.kind.keyOf(entry), this.logger, true)) break; // every slot busy: a finishing attempt starts the next round
      }
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
