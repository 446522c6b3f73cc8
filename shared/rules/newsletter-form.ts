/**
 * The little the sign-up form's script needs of the newsletter protocol
 * (shared/rules/newsletter.ts has the rest, for the server): the return field's
 * name and the two messages it may have to say itself. Kept apart so the browser
 * bundle carries no other message text.
 */

/** Hidden form field holding the page the form is on, for the redirect back. */
export const RETURN_TO_FIELD = 'returnTo';
// The honeypot is every form's (./honeypot.ts): import it from there. Re-exported here only because
// shared/rules/newsletter.ts still re-exports it from this file.

/** Said when the server's answer carries no message of its own. */
export const SUCCESS_MESSAGE = "Thank you for subscribing! You'll receive growth tips in your inbox.";
/** Said when no answer came at all (offline, connection reset): spec §8. */
export const UNAVAILABLE_MESSAGE = 'Unable to connect to subscription service. Please try again or contact support.';
