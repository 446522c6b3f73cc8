/**
 * The little the contact form's component needs of the contact rules
 * (shared/rules/contact-message.ts has the checks and their words, loaded by
 * the form's script on demand and run by the server): the field names, their
 * limits and the form's state. Kept apart so the page's own bundle stays small.
 */
import { EMAIL_MAX_LENGTH } from './email';

export const CONTACT_FIELDS = ['name', 'email', 'company', 'phone', 'topic', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactLimits = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  company: 150,
  phone: 40,
  topic: 40,
  messageMin: 10,
  message: 5_000,
} as const;

/** The query parameter that tells /contact, after a form post without JavaScript, that the message was received. */
export const CONTACT_OUTCOME_PARAM = 'message';
export const CONTACT_RECEIVED = 'received';

/**
 * What the contact form shows when the page is rendered: its fields empty
 * (every cached /contact), the success panel (`?message=received`), or, in
 * the answer to a form post that could not be accepted, what the visitor
 * typed with what is wrong with it. Those values travel in that one answer,
 * never in a URL.
 */
export interface ContactFormState {
  sent: boolean;
  values?: ContactValues;
  errors?: ContactErrors;
  /** A problem that is not one field's: too many messages, the message could not be saved. */
  problem?: string;
}

export function contactFormState(url: URL): ContactFormState {
  return { sent: url.searchParams.get(CONTACT_OUTCOME_PARAM) === CONTACT_RECEIVED };
}
