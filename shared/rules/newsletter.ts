/**
 * What the newsletter sign-up says to visitors, shared by the server
 * (POST /api/subscribe) and the form (shared/components/newsletter-section.tsx),
 * and the small protocol between them:
 *
 * - with JavaScript the form posts JSON and shows the answer's message;
 * - without it the browser posts the form, the server answers 303 back to the
 *   page with `?newsletter=<outcome>#contact`, and the section renders the
 *   notice for that outcome. Only these fixed codes travel in the URL: never
 *   the address, never a provider's text.
 */
import { emailMessages } from './email';
import { RETURN_TO_FIELD } from './newsletter-form';
import { SUCCESS_MESSAGE, UNAVAILABLE_MESSAGE } from './newsletter-script-messages';

export { RETURN_TO_FIELD };

export const newsletterMessages = {
  success: SUCCESS_MESSAGE,
  alreadySubscribed: "You're already subscribed — thank you! Look out for our next growth tips.",
  pending: "Thank you! We've received your address and will confirm your subscription by email shortly.",
  rejected: 'The subscription service could not accept this address. Please check it and try again.',
  rateLimited: 'Too many sign-up attempts. Please wait a minute and try again.',
  unavailable: UNAVAILABLE_MESSAGE,
  crossSite: 'Sign-ups are only accepted from the form on this website. Please subscribe there.',
  unsupportedType: 'Please send the sign-up as JSON, like {"email": "name@example.com"}, or from the form on this website.',
  tooLarge: 'The sign-up was too large. Please send only your email address.',
  unreadable: 'The sign-up could not be read. Please send JSON like {"email": "name@example.com"}.',
  methodNotAllowed: 'Sign-ups are sent with POST, from the form on this website.',
} as const;

/** The query parameter that carries the outcome of a sign-up without JavaScript. */
export const NEWSLETTER_OUTCOME_PARAM = 'newsletter';

export type NewsletterOutcomeCode =
  'subscribed' | 'already-subscribed' | 'pending' | 'missing' | 'invalid' | 'too-long' | 'rejected' | 'rate-limited' | 'unavailable';

export interface NewsletterNotice {
  tone: 'success' | 'error';
  message: string;
}

/** The notice for each outcome code; its keys are every code (the API document lists them for the 303). */
export const notices: Record<NewsletterOutcomeCode, NewsletterNotice> = {
  subscribed: { tone: 'success', message: newsletterMessages.success },
  'already-subscribed': { tone: 'success', message: newsletterMessages.alreadySubscribed },
  pending: { tone: 'success', message: newsletterMessages.pending },
  missing: { tone: 'error', message: emailMessages.missing },
  invalid: { tone: 'error', message: emailMessages.invalid },
  'too-long': { tone: 'error', message: emailMessages.tooLong },
  rejected: { tone: 'error', message: newsletterMessages.rejected },
  'rate-limited': { tone: 'error', message: newsletterMessages.rateLimited },
  unavailable: { tone: 'error', message: newsletterMessages.unavailable },
};

/** The notice for an outcome code from the URL; unknown or absent codes show nothing. */
export function noticeForOutcome(code: string | null | undefined): NewsletterNotice | undefined {
  if (!code || !Object.hasOwn(notices, code)) return undefined;
  return notices[code as NewsletterOutcomeCode];
}

/**
 * What a page with the sign-up form tells it: the page to return to after a
 * plain form post (the page's canonical path, so the HTML is the same for
 * every request to it) and the outcome code that post brought back, if any.
 */
export interface NewsletterFormState {
  returnTo: string;
  outcome: NewsletterOutcomeCode | null;
  /** What the page says about that outcome, worded on the server. */
  notice: NewsletterNotice | null;
}

/** Reads the outcome code from a page URL; anything but a known code is ignored. */
export function newsletterFormState(url: URL, returnTo: string): NewsletterFormState {
  const code = url.searchParams.get(NEWSLETTER_OUTCOME_PARAM);
  const outcome = code && Object.hasOwn(notices, code) ? (code as NewsletterOutcomeCode) : null;
  return { returnTo, outcome, notice: outcome ? notices[outcome] : null };
}
