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
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { errorCode } from '../intake/error-code';
import { createFormIntake } from '../intake/form-intake';
import type { FormIntake, Intake, IntakeDeps, IntakeRateLimit } from '../intake/form-intake';
import type { AttemptResult, SendOutcome } from '../outbox/outbox-queue';
import type { NewsletterProvider, SignUpResult, SubscribeOutcome } from './outcome';
import { createProvider } from './providers';
import { emailKey, recordSignUp } from './sign-up-ledger';
import type { SignUpEntry, SignUpStore } from './sign-up-ledger';
import { RATE_LIMIT_WINDOW_MS, subscribeRouter } from './subscribe-handler';
import type { SubscribeRouterDeps } from './subscribe-handler';

export interface SubscribeOptions {
  /** Time limit for the provider's answer. Default 8 s. */
  timeoutMs?: number;
  /** Sign-ups per client per window. Default NEWSLETTER_RATE_LIMIT per minute; a limit of 0 is none. */
  rateLimit?: IntakeRateLimit;
  /** Replaces the provider NEWSLETTER_PROVIDER selects. */
  provider?: NewsletterProvider;
  /** Called once per sign-up attempt with its outcome code (for metrics). */
  onOutcome?: SubscribeRouterDeps['onOutcome'];
}

export type SignUps = FormIntake<SignUpEntry>;

/** The outcomes that are a sign-up taken (a lead, server/analytics/): one already on the list is not a new one. */
export const ACCEPTED_SIGN_UP_OUTCOMES = ['subscribed', 'pending'] as const;

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

export function createSignUps(config: AppConfig, deps: IntakeDeps<SignUpEntry> & SubscribeOptions): SignUps {
  const provider = deps.provider ?? createProvider(config.newsletter, { timeoutMs: deps.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS });
  const providerName = provider?.name ?? 'file';
  return createFormIntake(deps, {
    defaultRateLimit: { limit: config.newsletter.rateLimit, windowMs: RATE_LIMIT_WINDOW_MS },
    // With a provider the ledger is the newsletter queue of the one outbox; without, it is the list.
    sender: provider && {
      name: 'newsletter',
      noun: 'newsletter sign-up',
      deliveredStatus: 'subscribed',
      refusedStatus: 'rejected',
      logFields: { provider: provider.name },
      send: async (entry) => sendOutcomeOf(await provider.subscribe(entry.email)),
    },
    router: (intake) =>
      subscribeRouter(config, {
        logger: deps.logger,
        submit: signUpSubmitter(deps.store, providerName, intake),
        providerName,
        rateLimit: intake.rateLimit,
        onOutcome: deps.onOutcome,
      }),
  });
}

/** What POST /api/subscribe does with an address that passed the shared rule (the table at the top). */
function signUpSubmitter(store: SignUpStore, providerName: string, { queue, record }: Intake) {
  async function deliverNow(email: string, log: Logger): Promise<SignUpResult> {
    const result = await queue!.deliverNow(emailKey(email), log);
    return signUpResultOf(result);
  }

  return async function submit(email: string, log: Logger): Promise<SignUpResult> {
    let added: Awaited<ReturnType<typeof recordSignUp>>;
    try {
      added = await record((firstAttemptAt) => recordSignUp(store, email, firstAttemptAt ? 'pending' : 'subscribed', firstAttemptAt));
    } catch (error) {
      const detail = `could not write to ${store.where} (${errorCode(error) ?? 'error'})`;
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
  };
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
