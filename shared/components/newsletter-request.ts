/**
 * Checking and sending one newsletter sign-up from the form's script, loaded
 * on demand by newsletter-section.tsx. Spec §5 and §8: an empty or malformed
 * address is answered here and nothing is sent; a request that fails outright
 * gets the 'Unable to connect…' message and a console error.
 */
import { paths } from '../paths';
import { checkEmail } from '../rules/email';
import { HONEYPOT_FIELD } from '../rules/honeypot';
import { SUCCESS_MESSAGE, UNAVAILABLE_MESSAGE } from '../rules/newsletter-script-messages';

export interface SignUpResult {
  /** False when the address was refused before sending. */
  sent: boolean;
  tone: 'success' | 'error';
  message: string;
  /** The address itself is at fault (the shared rule or the provider refused it). */
  addressInvalid: boolean;
}

type ServerAnswer = { ok?: unknown; message?: unknown; error?: unknown } | undefined;

async function readAnswer(response: Response): Promise<ServerAnswer> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as ServerAnswer) : undefined;
  } catch {
    return undefined;
  }
}

/** `onSending` runs once the address passed the check, just before the request. */
export async function submitSignUp(data: FormData, onSending: () => void): Promise<SignUpResult> {
  const check = checkEmail(data.get('email') ?? '');
  if (!check.ok) return { sent: false, tone: 'error', message: check.message, addressInvalid: true };

  onSending();
  try {
    const response = await fetch(paths.subscribeApi, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ email: check.email, [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? '') }),
    });
    const answer = await readAnswer(response);
    if (response.ok && answer?.ok === true) {
      const message = typeof answer.message === 'string' && answer.message ? answer.message : SUCCESS_MESSAGE;
      return { sent: true, tone: 'success', message, addressInvalid: false };
    }
    if (typeof answer?.error === 'string' && answer.error) {
      // 422: the provider refused this address; other failures are not the address's fault.
      return { sent: true, tone: 'error', message: answer.error, addressInvalid: response.status === 422 };
    }
  } catch (error) {
    // The request itself failed (offline, connection reset): spec §8.
    console.error('Newsletter sign-up request failed:', error);
  }
  return { sent: true, tone: 'error', message: UNAVAILABLE_MESSAGE, addressInvalid: false };
}
