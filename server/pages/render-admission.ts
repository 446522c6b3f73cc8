/**
 * Who may have a page made for them now (decision 018). A page the cache
 * holds costs a lookup; a page made per request (a search nobody has made
 * yet, its /_data, a page never kept) costs real CPU, so it is admitted
 * twice:
 *
 * - per client, a token bucket: `perSecond` tokens a second, up to `burst`
 *   saved, one per page made. Past it the client gets a 429 with
 *   Retry-After and a page made once, not for it. Kept in memory, or in
 *   PostgreSQL when DATABASE_URL is set, so replicas share one budget.
 * - for everyone together, a bounded queue: `concurrency` renders at once
 *   (rendering is CPU-bound: more at once is not faster on a few cores), and
 *   together no more than `share` of one core's time: a crowd of addresses,
 *   each within its budget, waits its turn rather than starving the pages
 *   the cache answers. At most `waiting` wait; past that a 503 with
 *   Retry-After at once, never an unbounded pile of requests each holding
 *   memory. The time counted is a render's wall time, which on one thread
 *   is its CPU time and a little more.
 */
import type { RenderLimits } from '../config/pages';

/** What a bucket answers: go ahead, or not, with the tokens it holds (less than one). */
export type BucketAnswer = { admitted: true } | { admitted: false; tokens: number };

/** A token bucket per client, kept where the replicas can share it (server/forms/storage/ for PostgreSQL). */
export interface RenderBudgetStore {
  take(client: string, perSecond: number, burst: number): Promise<BucketAnswer>;
}

/** The whole seconds until a bucket holding `tokens` has one again. */
export function secondsUntilToken(tokens: number, perSecond: number): number {
  return Math.max(1, Math.ceil((1 - tokens) / perSecond));
}

/**
 * The buckets in this process's memory, the least recently seen forgotten
 * first past `maxClients` (a forgotten client starts again with a full
 * bucket, which errs towards serving).
 */
export function memoryRenderBudget(maxClients = 10_000, now: () => number = () => performance.now()): RenderBudgetStore {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    async take(client, perSecond, burst) {
      const time = now();
      const bucket = buckets.get(client);
      let tokens = burst;
      if (bucket) {
        buckets.delete(client);
        tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
      } else if (buckets.size >= maxClients) {
        buckets.delete(buckets.keys().next().value!);
      }
      const admitted = tokens >= 1;
      buckets.set(client, { tokens: admitted ? tokens - 1 : tokens, at: time });
      return admitted ? { admitted } : { admitted, tokens };
    },
  };
}

export type RefusalReason = 'client-budget' | 'queue-full';

/** Whom a token is taken for: a request (charged once, however often it is admitted) and its client's address (as TRUST_PROXY says). */
export interface Admittee {
  request: object;
  client: string;
}

/** A request refused before anything was made for it. */
export class RenderRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(reason === 'client-budget' ? 'this client is past its render budget' : 'the render queue is full');
  }
}

export interface RenderAdmissionOptions {
  /** Pages made a second per client; 0 turns the budget off. */
  perSecond: number;
  /** Pages a client may have made at once after a pause. */
  burst: number;
  store: RenderBudgetStore;
  /** Renders at once, for everyone. */
  concurrency: number;
  /** Renders waiting for a turn, at most. */
  waiting: number;
  /** Share of one core's time renders may take together, over any second (1: no limit). */
  share: number;
  /** The clock, in milliseconds; tests bring their own. */
  now?: () => number;
  /** Told about each refusal, and the queue's length whenever it changes, for metrics. */
  onRefused?: (reason: RefusalReason) => void;
  onQueue?: (running: number, waiting: number) => void;
}

/**
 * Pages made at once: rendering is CPU-bound, so more at once would not be
 * faster on a few cores, only hold more memory (fifty searches in flight
 * once took 150 MB more resident memory than four).
 */
export const RENDERS_AT_ONCE = 4;

/** How long a request refused for a full queue is told to wait: about what the queue takes to empty, and more. */
const QUEUE_FULL_RETRY_SECONDS = 2;

export type RenderAdmission = ReturnType<typeof createRenderAdmission>;

/**
 * The site's admission: the limits configured (RENDER_*), RENDERS_AT_ONCE, and
 * the budget's buckets in `store` when the replicas share one, else in this
 * process's memory.
 */
export function siteRenderAdmission(
  limits: RenderLimits,
  store: RenderBudgetStore | undefined,
  hooks: Pick<RenderAdmissionOptions, 'onRefused' | 'onQueue'>,
): RenderAdmission {
  return createRenderAdmission({
    ...limits,
    waiting: limits.queue,
    concurrency: RENDERS_AT_ONCE,
    store: store ?? memoryRenderBudget(),
    ...hooks,
  });
}

/** Render time that may be spent at once after a quiet while, in milliseconds: a burst of a few dozen searches. */
const SHARE_BURST_MS = 100;

export function createRenderAdmission(options: RenderAdmissionOptions) {
  const { perSecond, burst, store, concurrency, waiting: maxWaiting, share } = options;
  const now = options.now ?? (() => performance.now());
  // Render time left to spend, refilled at `share` milliseconds a millisecond.
  let credit = SHARE_BURST_MS;
  let refilledAt = now();
  const refill = () => {
    const time = now();
    credit = Math.min(SHARE_BURST_MS, credit + (time - refilledAt) * share);
    refilledAt = time;
  };
  /** Resolves when renders may spend time again (at once without a share). */
  async function timeToSpend() {
    if (share >= 1) return;
    refill();
    while (credit <= 0) {
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(-credit / share)));
      refill();
    }
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  const told = () => options.onQueue?.(running, waiting.length);

  // Requests whose token is taken: the fast lane admits a search before Express sees it, and the page
  // handler's admit then takes no second token for the same request.
  const charged = new WeakSet<object>();

  return {
    /**
     * Takes a token from the request's client, once per request; refuses with
     * RenderRefused when the client is past its budget (unless the budget is 0, off).
     */
    async admit({ request, client }: Admittee): Promise<void> {
      if (perSecond <= 0 || charged.has(request)) return;
      const answer = await store.take(client, perSecond, burst);
      if (!answer.admitted) {
        options.onRefused?.('client-budget');
        throw new RenderRefused('client-budget', 429, secondsUntilToken(answer.tokens, perSecond));
      }
      charged.add(request);
    },

    /** Runs `task` in its turn; refuses with RenderRefused at once when the line is full. */
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrency) {
        running += 1;
      } else if (waiting.length < maxWaiting) {
        // The slot is handed over by the task that ends (below), so none can slip in between.
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          told();
        });
      } else {
        options.onRefused?.('queue-full');
        throw new RenderRefused('queue-full', 503, QUEUE_FULL_RETRY_SECONDS);
      }
      told();
      try {
        await timeToSpend();
        const began = now();
        try {
          return await task();
        } finally {
          credit -= now() - began;
        }
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
        told();
      }
    },
  };
}
