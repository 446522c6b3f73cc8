/**
 * The newsletter put together: the ledger (every sign-up, on disk first),
 * the provider NEWSLETTER_PROVIDER selects with its outbox worker (none for
 * the `file` default, where the ledger is the list), and POST /api/subscribe.
 *
 * A sign-up, once the address passed the shared rule:
 *   already subscribed            → told so, nothing written
 *   pending, being sent right now → shares that attempt's answer
 *   pending otherwise             → told it is received (202), nothing written
 *   new (or failed/rejected)      → recorded; no provider: subscribed;
 *                                   provider: sent at once, and its clear
 *                                   answer recorded and told, else pending
 */
import type express from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { openLedger } from './ledger';
import type { Ledger } from './ledger';
import type { NewsletterProvider, SignUpResult } from './outcome';
import { Outbox } from './outbox';
import type { OutboxTimings } from './outbox';
import { createProvider } from './providers';
import { subscribeRouter } from './subscribe-handler';

export interface SubscribeOptions {
  /** Time limit for the provider's answer. Default 8 s. */
  timeoutMs?: number;
  /** Sign-ups per client per window. Default NEWSLETTER_RATE_LIMIT per minute; a limit of 0 is none. */
  rateLimit?: { limit: number; windowMs: number };
  /** Replaces the provider NEWSLETTER_PROVIDER selects. */
  provider?: NewsletterProvider;
  /** Retry timings and concurrency of the outbox; tests make them fast. */
  outbox?: Partial<OutboxTimings>;
  /** Called once per sign-up attempt with its outcome code (for metrics). */
  onOutcome?: (outcome: string) => void;
}

export interface SignUps {
  router: express.Router;
  ledger: Ledger;
  /** For shutdown: the outbox stops (within its stopWaitMs) and queued writes finish. */
  stop(): Promise<void>;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;

export function createSignUps(config: AppConfig, deps: { logger: Logger } & SubscribeOptions): SignUps {
  const ledger = openLedger({ file: config.newsletter.file, logger: deps.logger });
  const provider = deps.provider ?? createProvider(config.newsletter, { timeoutMs: deps.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS });
  const outbox = provider ? new Outbox({ ledger, provider, logger: deps.logger, timings: deps.outbox }) : undefined;
  const providerName = provider?.name ?? 'file';

  async function submit(email: string, log: Logger): Promise<SignUpResult> {
    let added: Awaited<ReturnType<Ledger['add']>>;
    try {
      added = await ledger.add(email, outbox ? 'pending' : 'subscribed', outbox?.firstRetryAt());
    } catch (error) {
      const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'error';
      const detail = `could not write ${ledger.file} (${code})`;
      log.error({ provider: providerName, detail }, 'newsletter sign-up could not be recorded');
      return { kind: 'unavailable', detail };
    }
    if (!added.created) {
      if (added.entry.status === 'pending') {
        const attempt = outbox?.attemptFor(email);
        const result = attempt ? await attempt : ({ kind: 'pending' } as const);
        return result.kind === 'subscribed' ? { kind: 'already-subscribed' } : result; // it was the other request's sign-up
      }
      log.info({ provider: providerName }, 'newsletter sign-up: already subscribed');
      return { kind: 'already-subscribed' };
    }
    if (!outbox) {
      log.info({ provider: providerName, outcome: 'subscribed' }, 'newsletter sign-up accepted');
      return { kind: 'subscribed' };
    }
    return outbox.deliverNow(email, log);
  }

  outbox?.start();
  const router = subscribeRouter(config, { logger: deps.logger, submit, providerName, rateLimit: deps.rateLimit, onOutcome: deps.onOutcome });
  return {
    router,
    ledger,
    async stop() {
      await (outbox ? outbox.stop() : ledger.idle());
    },
  };
}
