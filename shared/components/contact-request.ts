/**
 * Checking and sending one contact message from the form's script, loaded on
 * demand by contact-form.tsx. The shared rule answers first, so nothing
 * incomplete is sent; then one JSON request to POST /api/contact, whose
 * answer is read as the server worded it.
 */
import { paths } from '../paths';
import { checkContactMessage, CONTACT_FIELDS, contactMessages } from '../rules/contact-message';
import type { ContactErrors, ContactValues } from '../rules/contact-message';
import { HONEYPOT_FIELD } from '../rules/honeypot';

export type ContactResult =
  | { kind: 'sent' }
  | { kind: 'invalid'; errors: ContactErrors }
  /** Not accepted, for a reason that is not one field's; what was typed stays in the form. */
  | { kind: 'problem'; message: string };

/** Only what the rule can check here; the server checks again. */
export function checkBeforeSending(values: ContactValues, topics: readonly string[]): ContactErrors | undefined {
  const check = checkContactMessage(values, topics);
  return check.ok ? undefined : check.errors;
}

type ServerAnswer = { ok?: unknown; error?: unknown; fields?: unknown } | undefined;

async function readAnswer(response: Response): Promise<ServerAnswer> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as ServerAnswer) : undefined;
  } catch {
    return undefined;
  }
}

function fieldErrorsOf(value: unknown): ContactErrors | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const message = (value as Record<string, unknown>)[field];
    if (typeof message === 'string' && message) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** Sends a message that passed the check; never rejects. */
export async function sendContactMessage(values: ContactValues, honeypot: string): Promise<ContactResult> {
  try {
    const response = await fetch(paths.contactApi, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ ...values, [HONEYPOT_FIELD]: honeypot }),
    });
    const answer = await readAnswer(response);
    if (response.ok && answer?.ok === true) return { kind: 'sent' };
    const errors = response.status === 400 ? fieldErrorsOf(answer?.fields) : undefined;
    if (errors) return { kind: 'invalid', errors };
    if (typeof answer?.error === 'string' && answer.error) return { kind: 'problem', message: answer.error };
  } catch (error) {
    console.error('Contact message request failed:', error);
  }
  return { kind: 'problem', message: contactMessages.notSent };
}
