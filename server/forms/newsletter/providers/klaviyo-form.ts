/**
 * The provider's legacy form endpoint (NEWSLETTER_ENDPOINT), called the way
 * the original site's form called it: a form body with g=<list id>,
 * email=<address>, $fields=email. Unlike the original we read the answer.
 *
 * What that endpoint answers (our model; see docs/newsletter.md):
 *   200 {"success": true, "errors": [], ...}                 → subscribed
 *   400 {"success": false, "errors": ["… already subscribed …"]} → already subscribed
 *   200/400 {"success": false, "errors": ["<reason>"]}        → rejected, with the reason
 *   429                                                       → rate-limited
 *   5xx, non-JSON, JSON without success: true, redirects      → unavailable
 */
import type { NewsletterProvider, SubscribeOutcome } from '../outcome';
import { parseRetryAfter, readableReason, saysAlreadySubscribed } from '../outcome';
import { parseJsonObject, postUpstream } from '../upstream';

export interface KlaviyoFormOptions {
  endpoint: string;
  listId: string;
  timeoutMs: number;
}

/** The endpoint's `errors` are strings in practice; objects with a message are accepted too. */
function errorTexts(errors: unknown): string[] {
  if (!Array.isArray(errors)) return [];
  return errors
    .map((error) => {
      if (typeof error === 'string') return error;
      if (error && typeof error === 'object') {
        const { detail, message, title } = error as Record<string, unknown>;
        return [detail, message, title].find((value) => typeof value === 'string') as string | undefined;
      }
      return undefined;
    })
    .filter((text): text is string => typeof text === 'string' && text.trim() !== '');
}

export function interpretFormReply(status: number, headers: Headers, text: string): SubscribeOutcome {
  if (status === 429) return { kind: 'rate-limited', retryAfterSeconds: parseRetryAfter(headers.get('retry-after')) };
  if (status >= 500) return { kind: 'unavailable', detail: `provider answered ${status}` };
  const json = parseJsonObject(text);
  if (!json) return { kind: 'unavailable', detail: `provider answered ${status} without a JSON object` };
  const errors = errorTexts(json.errors);
  if (status >= 200 && status < 300 && json.success === true) return { kind: 'subscribed' };
  if (status >= 200 && status < 500 && errors.some(saysAlreadySubscribed)) return { kind: 'already-subscribed' };
  if (status >= 200 && status < 500 && json.success === false && errors.length > 0) {
    return { kind: 'rejected', reason: readableReason(errors[0]), detail: `provider answered ${status} with success: false` };
  }
  return { kind: 'unavailable', detail: `provider answered ${status} without confirming the sign-up` };
}

export function klaviyoFormProvider(options: KlaviyoFormOptions): NewsletterProvider {
  return {
    name: 'klaviyo-form',
    async subscribe(email) {
      const body = new URLSearchParams({ g: options.listId, email, $fields: 'email' });
      const result = await postUpstream(
        options.endpoint,
        {
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8',
            Accept: 'application/json',
          },
          body: body.toString(),
        },
        options.timeoutMs,
      );
      if (!result.ok) return result.outcome;
      return interpretFormReply(result.reply.status, result.reply.headers, result.reply.text);
    },
  };
}
