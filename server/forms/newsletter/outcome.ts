/**
 * The one contract every newsletter provider meets, and the one mapping from
 * its outcome to what the visitor is told. Providers never decide HTTP
 * statuses or wording; they only say what happened.
 */
import type { NewsletterProviderName } from '../../config/newsletter';
import { newsletterMessages } from '../../../shared/rules/newsletter';
import type { NewsletterOutcomeCode } from '../../../shared/rules/newsletter';

export type SubscribeOutcome =
  /** The provider confirmed the sign-up. */
  | { kind: 'subscribed' }
  /** The provider says the address is already on the list: not a failure. */
  | { kind: 'already-subscribed' }
  /** The provider refused this address; `reason` is its explanation, made readable, if it gave one. */
  | { kind: 'rejected'; reason?: string; detail?: string }
  /** The provider asked us to slow down. */
  | { kind: 'rate-limited'; retryAfterSeconds?: number }
  /** Unreachable, 5xx, an answer we cannot read, or anything we cannot prove a success. */
  | { kind: 'unavailable'; detail: string }
  /** No answer within the time limit. */
  | { kind: 'timeout'; detail: string };

export type SubscribeOutcomeKind = SubscribeOutcome['kind'];

export interface NewsletterProvider {
  readonly name: NewsletterProviderName;
  /**
   * Subscribes an address that already passed shared/rules/email.ts.
   * Resolves with an outcome; never rejects.
   */
  subscribe(email: string): Promise<SubscribeOutcome>;
}

export type SubscribeResponseBody = { ok: true; message: string; alreadySubscribed?: true } | { ok: false; error: string };

/**
 * What a sign-up came to, once the ledger (./ledger.ts) and, with a
 * provider, the outbox (./outbox.ts) are done with it. A provider that is
 * down, slow or busy leaves the address pending in the ledger; only our own
 * storage failing is "unavailable".
 */
export type SignUpResult =
  | { kind: 'subscribed' }
  | { kind: 'already-subscribed' }
  /** On disk; the provider has not confirmed it yet, the outbox keeps trying. */
  | { kind: 'pending' }
  | { kind: 'rejected'; reason?: string }
  /** The ledger could not be written: nothing was kept. */
  | { kind: 'unavailable'; detail: string };

export interface HttpAnswer {
  status: number;
  /** Seconds the client should wait before trying again. */
  retryAfter?: number;
  body: SubscribeResponseBody;
  /** The code the no-JavaScript redirect carries back to the page. */
  code: NewsletterOutcomeCode;
}

function rejectedMessage(reason: string | undefined): string {
  if (!reason) return newsletterMessages.rejected;
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return `The subscription service could not accept this address: ${sentence} Please check it and try again.`;
}

/** The mapping table (also in docs/newsletter.md). */
export function answerFor(result: SignUpResult): HttpAnswer {
  switch (result.kind) {
    case 'subscribed':
      return { status: 200, code: 'subscribed', body: { ok: true, message: newsletterMessages.success } };
    case 'already-subscribed':
      return {
        status: 200,
        code: 'already-subscribed',
        body: { ok: true, alreadySubscribed: true, message: newsletterMessages.alreadySubscribed },
      };
    case 'pending':
      return { status: 202, code: 'pending', body: { ok: true, message: newsletterMessages.pending } };
    case 'rejected':
      return { status: 422, code: 'rejected', body: { ok: false, error: rejectedMessage(result.reason) } };
    case 'unavailable':
      // Our own storage (the ledger file, the database): nothing was kept; try again shortly.
      return { status: 503, retryAfter: 60, code: 'unavailable', body: { ok: false, error: newsletterMessages.unavailable } };
  }
}

const ALREADY_SUBSCRIBED =
  /\balready\s+(?:been\s+)?(?:subscribed|signed\s+up|on\s+(?:this|the|our)\s+list|a\s+(?:member|subscriber)|exists?)/i;

/** Providers word this differently; this is the phrase family they use. */
export function saysAlreadySubscribed(text: string): boolean {
  return ALREADY_SUBSCRIBED.test(text);
}

const READABLE_REASON_MAX_LENGTH = 200;

/**
 * A provider's error text, made fit to show a person: tags removed, spaces
 * collapsed, length capped. Undefined when nothing readable is left.
 */
export function readableReason(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/(?:(?![\u0080-\u009f])\p{Cc})+/gu, ' ') // C0 controls and DEL
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[A-Za-z]/.test(text)) return undefined;
  return text.length > READABLE_REASON_MAX_LENGTH ? `${text.slice(0, READABLE_REASON_MAX_LENGTH - 1).trimEnd()}…` : text;
}

/** Seconds from a Retry-After header (delta-seconds or HTTP date), kept within 1 s … 1 h. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return undefined;
    seconds = Math.ceil((date - now) / 1000);
  }
  return Math.min(Math.max(seconds, 1), 3600);
}
