/**
 * The little the sign-up form needs of the newsletter protocol
 * (shared/rules/newsletter.ts has the rest, for the server): the return field's
 * name. Kept apart so the browser bundle carries no other message text; the two
 * messages the form's script may say itself are in ./newsletter-script-messages.ts.
 */

/** Hidden form field holding the page the form is on, for the redirect back. */
export const RETURN_TO_FIELD = 'returnTo';
// The honeypot is every form's (./honeypot.ts): import it from there. Re-exported here only because
// shared/rules/newsletter.ts still re-exports it from this file.
