/**
 * The contact form's rules, one function used by the form in the browser and
 * by POST /api/contact on the server, so both always agree on what is
 * accepted and say it in the same words.
 *
 * - name, email and message are required; company, phone and topic are not.
 * - One-line fields (all but the message) may not hold a line break: such a
 *   value could become a second mail header, and no real name or phone number
 *   has one. No field may hold other control characters, nor the invisible
 *   characters that reverse the direction text is shown in.
 * - The message is 10 to 5,000 characters once trimmed, counted in UTF-16
 *   code units like the browser's maxlength.
 * - The topic is one of the ids the page offers (content/pages/contact.yaml),
 *   or empty.
 */
import { checkEmail } from './email';
import { CONTACT_FIELDS, contactLimits } from './contact-form';
import type { ContactErrors, ContactValues } from './contact-form';

export { CONTACT_FIELDS, contactLimits };
export type { ContactErrors, ContactValues };
export type { ContactField, ContactFormState } from './contact-form';
export { CONTACT_OUTCOME_PARAM, CONTACT_RECEIVED, contactFormState } from './contact-form';

export const contactMessages = {
  nameMissing: 'Please enter your name.',
  nameTooLong: `Please shorten your name to at most ${contactLimits.name} characters.`,
  companyTooLong: `Please shorten the firm or practice name to at most ${contactLimits.company} characters.`,
  phoneInvalid: 'Please enter a phone number using digits, spaces and + ( ) - . only, or leave it empty.',
  topicUnknown: 'Please choose one of the listed topics.',
  messageMissing: 'Please write your message.',
  messageTooShort: `Please write a little more: at least ${contactLimits.messageMin} characters.`,
  messageTooLong: `Please shorten your message to at most ${contactLimits.message.toLocaleString('en-US')} characters.`,
  oneLine: 'Please keep this on one line: line breaks are not allowed here.',
  controlCharacters:
    'Please remove the invisible control characters from this field (text-direction marks often come along with pasted text): typing it again removes them.',
  notText: 'Please send this field as text.',
  notSent:
    'Your message could not be sent: the website did not answer. Please check your connection and try again; what you wrote is still here.',
} as const;

// Exported for the API document (server/http/openapi/), whose request schema is made of them.
export const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;
// Control characters other than tab, CR and LF (which the message may hold): C0, DEL and C1, and the
// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name or a
// message read otherwise than it is written wherever it is shown (the inbox, the export). Refused, not
// stripped: what is kept is what the visitor sent, and they are told what to change.
export const CONTROL = /(?![\t\n\r])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
export const PHONE = /^\+?[0-9 ().-]{3,}(?:\s*(?:x|ext\.?)\s*[0-9]{1,6})?$/i;

export type ContactCheck = { ok: true; values: ContactValues } | { ok: false; values: ContactValues; errors: ContactErrors };

/** The fields as text, for showing back to the visitor; anything else (a number, an array) becomes empty. */
export function contactValuesOf(fields: Record<string, unknown>): ContactValues {
  const values = {} as ContactValues;
  for (const field of CONTACT_FIELDS) {
    const value = fields[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

function lineProblem(value: string): string | undefined {
  if (LINE_BREAK.test(value)) return contactMessages.oneLine;
  if (CONTROL.test(value)) return contactMessages.controlCharacters;
  return undefined;
}

/**
 * Checks a submission against the rules; `topics` are the ids the form
 * offers. Values come back trimmed (the message keeps its inner line breaks,
 * written as \n).
 */
export function checkContactMessage(fields: Record<string, unknown>, topics: readonly string[]): ContactCheck {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const value = fields[field];
    if (value !== undefined && value !== null && typeof value !== 'string') errors[field] = contactMessages.notText;
  }
  const raw = contactValuesOf(fields);
  const values: ContactValues = {
    name: raw.name.trim(),
    email: raw.email.trim(),
    company: raw.company.trim(),
    phone: raw.phone.trim(),
    topic: raw.topic.trim(),
    message: raw.message.replace(/\r\n?/g, '\n').trim(),
  };

  for (const field of ['name', 'email', 'company', 'phone', 'topic'] as const) {
    const problem = errors[field] ? undefined : lineProblem(raw[field]);
    if (problem) errors[field] = problem;
  }
  if (!errors.message && CONTROL.test(raw.message)) errors.message = contactMessages.controlCharacters;

  if (!errors.name) {
    if (!values.name) errors.name = contactMessages.nameMissing;
    else if (values.name.length > contactLimits.name) errors.name = contactMessages.nameTooLong;
  }
  if (!errors.email) {
    const email = checkEmail(values.email);
    if (!email.ok) errors.email = email.message.endsWith('.') ? email.message : `${email.message}.`;
  }
  if (!errors.company && values.company.length > contactLimits.company) errors.company = contactMessages.companyTooLong;
  if (!errors.phone && values.phone && (values.phone.length > contactLimits.phone || !PHONE.test(values.phone))) {
    errors.phone = contactMessages.phoneInvalid;
  }
  if (!errors.topic && values.topic && !topics.includes(values.topic)) errors.topic = contactMessages.topicUnknown;
  if (!errors.message) {
    if (!values.message) errors.message = contactMessages.messageMissing;
    else if (values.message.length < contactLimits.messageMin) errors.message = contactMessages.messageTooShort;
    else if (values.message.length > contactLimits.message) errors.message = contactMessages.messageTooLong;
  }

  return Object.keys(errors).length > 0 ? { ok: false, values: { ...raw, ...values }, errors } : { ok: true, values };
}
