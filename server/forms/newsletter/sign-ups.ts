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
import type { AppConfig } from '../../config';
import type { AttemptResult, Outbox, SendOutcome } from '../outbox/outbox';
import type { NewsletterProvider, SignUpResult, SubscribeOutcome } from './outcome';
import { createProvider } from './providers';
import type { Store } from 'express-rate-limit';
import { addSignUp, emailKey } from './sign-up-ledger';
import type { SignUpStore } from './sign-up-ledger';
import { RATE_LIMIT_WINDOW_MS, subscribeRouter } from './subscribe-handler';

export interface SubscribeOptions {
  /** Time limit for the provider's answer. Default 8 s. */
  timeoutMs?: number;
  /** Sign-ups per client per window. Default NEWSLETTER_RATE_LIMIT per minute; a limit of 0 is none. */
  rateLimit?: { limit: number; windowMs: number };
  /** Replaces the provider NEWSLETTER_PROVIDER selects. */
  provider?: NewsletterProvider;
  /** Called once per sign-up attempt with its outcome code (for metrics). */
  onOutcome?: (outcome: string) => void;
}

export interface SignUps {
  router: express.Router;
  store: SignUpStore;
  /** The per-client limit in force, for the start-up warning about TRUST_PROXY. */
  rateLimit: { limit: number; windowMs: number };
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;

/** The provider's answer, as the outbox counts it: a clear answer is final, anything else is tried again. */
export function sendOutcomeOf(outcome: SubscribeOutcome): SendOutcome {
  switch (outcome.kind) {
    case 'subscribed':
    case 'already-subscribed':
      return { kind: 'delivered', note: outcome.kind, cause: outcome.kind };
    case 'rejected':
      return { kind: 'refused', detail: outcome.detail ?? 'rejected', reason: outcome.reason, cause: outcome.kind };
    case 'rate-limited':
      return {
        kind: 'retry',
        detail: 'provider asked us to slow down (429)',
        notBeforeMs: (outcome.retryAfterSeconds ?? 0) * 1000,
        cause: outcome.kind,
      };
    case 'unavailable':
    case 'timeout':
      return { kind: 'retry', detail: outcome.detail, cause: outcome.kind };
  }
}

export function createSignUps(
  config: AppConfig,
  deps: { logger: Logger; outbox: Outbox; store: SignUpStore; rateLimitStore?: Store } & SubscribeOptions,
): SignUps {
  const { store } = deps;
  const provider = deps.provider ?? createProvider(config.newsletter, { timeoutMs: deps.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS });
  const providerName = provider?.name ?? 'file';
  // With a provider the ledger is the newsletter queue of the one outbox; without, it is the list.
  const queue =
    provider &&
    deps.outbox.add({
      name: 'newsletter',
      noun: 'newsletter sign-up',
      store,
      deliveredStatus: 'subscribed',
      refusedStatus: 'rejected',
      logFields: { provider: provider.name },
      send: async (entry) => sendOutcomeOf(await provider.subscribe(entry.email)),
    });

  async function deliverNow(email: string, log: Logger): Promise<SignUpResult> {
    const result = await queue!.deliverNow(emailKey(email), log);
    return signUpResultOf(result);
  }

  async function submit(email: string, log: Logger): Promise<SignUpResult> {
    let added: Awaited<ReturnType<typeof addSignUp>>;
    try {
      added = await addSignUp(store, email, queue ? 'pending' : 'subscribed', queue?.firstRetryAt());
    } catch (error) {
      const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : 'error';
      const detail = `could not write to ${store.where} (${code})`;
      log.error({ provider: providerName, detail }, 'newsletter sign-up could not be recorded');
      return { kind: 'unavailable', detail };
    }
    if (!added.created) {
      if (added.entry.status === 'pending') {
        const attempt = queue?.attemptFor(emailKey(email));
        const result = attempt ? signUpResultOf(await attempt) : ({ kind: 'pending' } as const);
        return result.kind === 'subscribed' ? { kind: 'already-subscribed' } : result; // it was the other request's sign-up
      }
      log.info({ provider: providerName }, 'newsletter sign-up: already subscribed');
      return { kind: 'already-subscribed' };
    }
    if (!queue) {
      log.info({ provider: providerName, outcome: 'subscribed' }, 'newsletter sign-up accepted');
      return { kind: 'subscribed' };
    }
    return deliverNow(email, log);
  }

  const rateLimit = { ...(deps.rateLimit ?? { limit: config.newsletter.rateLimit, windowMs: RATE_LIMIT_WINDOW_MS }), store: deps.rateLimitStore };
  const router = subscribeRouter(config, { logger: deps.logger, submit, providerName, rateLimit, onOutcome: deps.onOutcome });
  return { router, store, rateLimit };
}

function signUpResultOf(result: AttemptResult): SignUpResult {
  switch (result.kind) {
    case 'delivered':
      return { kind: result.note === 'already-subscribed' ? 'already-subscribed' : 'subscribed' };
    case 'refused':
      return { kind: 'rejected', reason: result.reason };
    case 'pending':
      return result;
  }
}
