/**
 * The honeypot every form that takes what visitors send carries (the
 * newsletter's, the contact form's): the components render the field, the
 * script sends it, and the server's guard (server/forms/intake/form-endpoint.ts)
 * answers a filled one like a success. One module, so the forms cannot drift
 * apart on its name, and neither form's bundle carries the other's rules.
 */

/**
 * Hidden field people never see and bots fill in. Named so browsers' autofill
 * leaves it alone (a name with "company" or "organization" in it would be
 * filled with the visitor's employer, silently dropping a real sign-up).
 */
export const HONEYPOT_FIELD = 'website';
