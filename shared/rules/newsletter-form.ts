/**
 * The little the sign-up form's script needs of the newsletter protocol
 * (shared/rules/newsletter.ts has the rest, for the server): the field names
 * and the two messages it may have to say itself. Kept apart so the browser
 * bundle carries no other message text.
 */

/** Hidden form field holding the page the form is on, for the redirect back. */
export const RETURN_TO_FIELD = 'returnTo';
/**
 * Hidden field people never see and bots fill in. Named so browsers' autofill
 * leaves it alone (a name with "company" or "organization" in it would be
 * filled with the visitor's employer, silently dropping a real sign-up).
 */
export const HONEYPOT_FIELD = 'website';

/** Said when the server's answer carries no message of its own. */
export const SUCCESS_MESSAGE = "Thank you for subscribing! You'll receive growth tips in your inbox.";
/** Said when no answer came at all (offline, connection reset): spec §8. */
export const UNAVAILABLE_MESSAGE = 'Unable to connect to subscription service. Please try again or contact support.';
