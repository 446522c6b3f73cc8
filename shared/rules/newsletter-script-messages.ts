/**
 * The two messages the sign-up form's script may have to say itself
 * (shared/components/newsletter-request.ts, loaded when the form is used).
 * Apart from ./newsletter-form.ts, which the form's section needs on every
 * page that shows it: those pages need not download them.
 */

/** Said when the server's answer carries no message of its own. */
export const SUCCESS_MESSAGE = "Thank you for subscribing! You'll receive growth tips in your inbox.";
/** Said when no answer came at all (offline, connection reset): spec §8. */
export const UNAVAILABLE_MESSAGE = 'Unable to connect to subscription service. Please try again or contact support.';
