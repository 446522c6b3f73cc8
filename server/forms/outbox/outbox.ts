/**
 * The one outbox: delivers what the stores (../storage/record-store.ts) hold to where it
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
 *   again shares the attempt in flight. The store enforces it, not this
 *   process's memory: each attempt holds a claim of its own (a fresh name),
 *   and a running claim keeps off every other, this replica's too.
 * - The store (a ledger file, or PostgreSQL) is the source of truth, shared
 *   by every replica and the operator's commands: each round asks it what is
 *   due, so entries removed or re-queued by the operator are honoured, and
 *   entries left pending by a previous run are picked up at start.
 * - Exactly once across replicas: an entry is claimed in the store, with a
 *   lease of `leaseMs`, before it is sent, and the answer is recorded only
 *   under that claim (../storage/record-store.ts). The lease outlasts any
 *   send (the configuration refuses a shorter OUTBOX_LEASE_SECONDS, ../../config/outbox.ts),
 *   so a slow send is never taken over. A replica killed while it holds
 *   claims leaves them to run out; then another replica sends those entries.
 * - The one gap: a replica that dies during the send itself, after the other
 *   side accepted but before the answer is recorded, leaves an entry that is
 *   sent once more when its lease runs out (the provider answers "already
 *   subscribed"; a message carries the same Message-ID both times).
 *
 * This file claims, attempts and runs the rounds; what a queue is and gets
 * back is in ./outbox-queue.ts, the timings and backoff in
 * ./retry-schedule.ts, and how an answer is written in ./record-answer.ts.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { DeliveryState } from '../storage/record-store';
import type { AttemptResult, OutboxQueue, QueueHandle, SendOutcome } from './outbox-queue';
import { recordAnswer } from './record-answer';
import { DEFAULT_OUTBOX_TIMINGS, retryDelayMs } from './retry-schedule';
import type { OutboxTimings } from './retry-schedule';

export interface OutboxOptions {
  logger: Logger;
  timings?: Partial<OutboxTimings>;
  random?: () => number;
}

/** An entry this replica holds a claim on, and that claim's name (what `settle` must be given). */
interface Claimed {
  entry: DeliveryState;
  claim: string;
}

// One queue's bookkeeping inside the outbox.
interface QueueState {
  queue: OutboxQueue<DeliveryState>;
  /** At most one attempt per key in this process: the one a visitor sending that record again shares. */
  inFlight: Map<string, Promise<AttemptResult>>;
  /** While a round claims for this queue: resolves once the round has started, or handed over, what it claimed. */
  roundClaiming?: Promise<void>;
  /**
   * Entries the round claimed while this process's attempt on them had just
   * begun (the round listed what is in flight before it began): that
   * attempt's own claim fails on the round's, so it sends under the round's.
   */
  handedOver: Map<string, Claimed>;
}

export class Outbox {
  readonly timings: OutboxTimings;
  /** Names this replica's claims: host, process, and a random part for a restarted process that got the same pid. */
  readonly owner = `${hostname()}/${process.pid}/${randomBytes(4).toString('hex')}`;
  /** How many claims this replica has named: each claim is `${owner}#${n}`, one attempt's (or one round's batch). */
  private claims = 0;
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
    const state: QueueState = { queue: queue as unknown as OutboxQueue<DeliveryState>, inFlight: new Map(), handedOver: new Map() };
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
    await Promise.all([...this.queues.values()].map((state) => state.queue.store.idle()));
  }

  /** A name for one claim: never used twice, so no two attempts can both hold one. */
  private claimName(): string {
    this.claims += 1;
    return `${this.owner}#${this.claims}`;
  }

  /**
   * Starts an attempt when a slot is free and none is in flight for `key`
   * (`claimed`: the round has claimed it already); undefined otherwise.
   */
  private tryAttempt(state: QueueState, key: string, log: Logger, claimed?: Claimed): Promise<AttemptResult> | undefined {
    if (this.stopping || state.inFlight.size >= this.timings.concurrency || state.inFlight.has(key)) return undefined;
    const attempt: Promise<AttemptResult> = this.attempt(state, key, log, claimed).finally(() => {
      if (state.inFlight.get(key) === attempt) state.inFlight.delete(key);
      if (this.running) this.schedule(0);
    });
    state.inFlight.set(key, attempt);
    return attempt;
  }

  /** Starts the attempt for an entry the round claimed, or hands the claim to this process's attempt that began meanwhile. */
  private startClaimed(state: QueueState, key: string, claimed: Claimed): void {
    const current = state.inFlight.get(key);
    if (!current) {
      if (!this.tryAttempt(state, key, this.logger, claimed)) void this.release(state, key, claimed);
      return;
    }
    state.handedOver.set(key, claimed);
    // Not taken (that attempt had already got past claiming): sent once it is over, under the round's claim.
    void current
      .catch(() => undefined)
      .then(() => {
        if (state.handedOver.get(key) !== claimed) return;
        state.handedOver.delete(key);
        if (!this.tryAttempt(state, key, this.logger, claimed)) void this.release(state, key, claimed);
      });
  }

  /** Gives up a claim that will not be sent now (every slot busy, or stopping), so it waits for no lease. */
  private async release(state: QueueState, key: string, { claim }: Claimed): Promise<void> {
    if (this.closed) return; // shut down: it runs out
    await state.queue.store
      .settle(key, claim, (entry) => entry)
      .catch((error: unknown) => {
        this.logger.error(
          { err: error, queue: state.queue.name },
          `${state.queue.store.kind.label} could not release a claim; it runs out`,
        );
      });
  }

  /** The round's claim on `key` if the round took it just before this attempt could (see QueueState.handedOver). */
  private async takeHandedOver(state: QueueState, key: string): Promise<Claimed | undefined> {
    await state.roundClaiming;
    const claimed = state.handedOver.get(key);
    state.handedOver.delete(key);
    return claimed;
  }

  private async attempt(state: QueueState, key: string, log: Logger, claimed?: Claimed): Promise<AttemptResult> {
    const { queue } = state;
    const retry = claimed !== undefined;
    let held = claimed;
    if (!held) {
      try {
        // Pending, and no claim on it running (another replica's, or this one's round): ours to send now.
        const claim = this.claimName();
        const entry = await queue.store.claim(key, claim, this.timings.leaseMs);
        held = entry ? { entry, claim } : await this.takeHandedOver(state, key);
      } catch (error) {
        log.error({ err: error, queue: queue.name }, `${queue.store.kind.label} could not be read`);
        return { kind: 'pending' };
      }
      if (!held) return { kind: 'pending' };
    }
    const { entry, claim } = held;

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
      if (this.closed) return { kind: 'pending' }; // shut down: sent again once the claim runs out
      return await recordAnswer({ queue, key, claim, outcome, attempts, retry }, log, logFields, {
        timings: this.timings,
        random: this.random,
      });
    } catch (error) {
      // Not recorded: the entry stays pending and claimed; it is sent again when the claim runs out.
      log.error(
        { ...logFields, err: error },
        `${queue.store.kind.label} could not record the answer; will send again when the claim runs out`,
      );
      return outcome.kind === 'retry' ? { kind: 'pending' } : outcome;
    }
  }

  /** Claims what is due in `free` slots and starts it; an attempt that began meanwhile waits for this (see takeHandedOver). */
  private async claimDue(state: QueueState, free: number): Promise<DeliveryState[]> {
    const { store } = state.queue;
    const claim = this.claimName();
    let done = () => {};
    state.roundClaiming = new Promise((resolve) => {
      done = resolve;
    });
    try {
      // What is in flight now: an attempt that begins while this runs is not listed, and its claim then fails on ours.
      const claimed = await store.claimDue(claim, this.timings.leaseMs, free, [...state.inFlight.keys()]);
      for (const entry of claimed) this.startClaimed(state, store.kind.keyOf(entry), { entry, claim });
      return claimed;
    } finally {
      state.roundClaiming = undefined;
      done();
    }
  }

  private schedule(delayMs: number) {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.round(), Math.max(0, delayMs));
    // The HTTP server keeps the process alive; a waiting retry must not.
    this.timer.unref();
  }

  /** One round: for each queue, claim what is due in the free slots and send it; sleep until the next is due. */
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
      const { store } = state.queue;
      try {
        const free = this.timings.concurrency - state.inFlight.size;
        const claimed = this.stopping ? [] : await this.claimDue(state, free);
        // Every slot busy: a finishing attempt starts the next round.
        const due = claimed.length < free ? await store.nextDue() : undefined;
        if (due) nextDue = Math.min(nextDue, Math.max(due.getTime(), now));
      } catch (error) {
        this.logger.error({ err: error, queue: state.queue.name }, `${store.kind.label} could not be read`);
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
