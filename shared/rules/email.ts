/**
 * The newsletter's email rule (spec §5), one function used by the form in the
 * browser and by POST /api/subscribe on the server, so both always agree.
 *
 * "Sane shape" on purpose, not full RFC 5322: one '@', a local part of at most
 * 64 characters made of the characters mail providers accept (no spaces, no
 * quotes, no leading, trailing or doubled dots), and a domain of at least two
 * dot-separated labels (letters, digits, inner hyphens) whose last label is a
 * real-looking top-level domain. Internationalised addresses are accepted in
 * their ASCII (punycode, xn--) form only.
 */

/** RFC 5321's limit on a forward path, and the most the field accepts. */
export const EMAIL_MAX_LENGTH = 254;
export const LOCAL_PART_MAX_LENGTH = 64;
export const DOMAIN_LABEL_MAX_LENGTH = 63;

export const emailMessages = {
  missing: 'Please enter your email address',
  tooLong: `That email address is too long. Please use an address of at most ${EMAIL_MAX_LENGTH} characters.`,
  invalid: 'Please enter a valid email address, like name@example.com.',
} as const;

export type EmailProblem = 'missing' | 'too-long' | 'invalid';

export type EmailCheck = { ok: true; email: string } | { ok: false; problem: EmailProblem; message: string };

// The shape's parts are exported for the API document (server/http/openapi/), whose email schema is made of them.
export const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
export const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
export const TOP_LEVEL_DOMAIN = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

function hasSaneShape(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at !== email.indexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > LOCAL_PART_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= DOMAIN_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1]!);
}

/**
 * Trims, then checks: required, at most 254 characters, a sane address shape.
 * Anything that is not a string (a number, an array, an object) is treated as
 * missing when empty-ish and as invalid otherwise; it never throws.
 */
export function checkEmail(raw: unknown): EmailCheck {
  if (raw === undefined || raw === null) return { ok: false, problem: 'missing', message: emailMessages.missing };
  if (typeof raw !== 'string') return { ok: false, problem: 'invalid', message: emailMessages.invalid };
  const email = raw.trim();
  if (email === '') return { ok: false, problem: 'missing', message: emailMessages.missing };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, problem: 'too-long', message: emailMessages.tooLong };
  if (!hasSaneShape(email)) return { ok: false, problem: 'invalid', message: emailMessages.invalid };
  return { ok: true, email };
}

/** Addresses are compared without regard to case (and surrounding spaces): one person, one record. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
