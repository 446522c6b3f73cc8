/**
 * The provider's current client subscriptions API:
 *   POST {NEWSLETTER_API_URL}/client/subscriptions/?company_id=<NEWSLETTER_COMPANY_ID>
 *   revision: <API version date>
 *   Content-Type: application/vnd.api+json
 *   {"data": {"type": "subscription",
 *             "attributes": {"profile": {"data": {"type": "profile", "attributes": {"email": …}}}},
 *             "relationships": {"list": {"data": {"type": "list", "id": <NEWSLETTER_LIST_ID>}}}}}
 *
 * Answers:
 *   202 Accepted, empty body (any 2xx)                → subscribed
 *   4xx JSON:API errors[] about the address           → rejected, with the error's detail
 *   4xx errors[] saying it is already subscribed      → already subscribed
 *   429 (with Retry-After)                            → rate-limited
 *   other 4xx (bad company id, list, revision…), 5xx,
 *   redirects                                         → unavailable: the operator must look
 */
import type { NewsletterProvider, SubscribeOutcome } from '../outcome';
import { parseRetryAfter, readableReason, saysAlreadySubscribed } from '../outcome';
import { parseJsonObject, postUpstream } from '../upstream';

/** The API version this code was written against; the provider requires one on every call. */
export const KLAVIYO_API_REVISION = '2024-10-15';

export interface KlaviyoApiOptions {
  apiUrl: string;
  companyId: string;
  listId: string;
  timeoutMs: number;
}

interface JsonApiError {
  status?: unknown;
  code?: unknown;
  title?: unknown;
  detail?: unknown;
  source?: { pointer?: unknown; parameter?: unknown };
}

function jsonApiErrors(text: string): JsonApiError[] {
  const errors = parseJsonObject(text)?.errors;
  return Array.isArray(errors) ? errors.filter((error): error is JsonApiError => !!error && typeof error === 'object') : [];
}

function errorText(error: JsonApiError): string {
  return [error.detail, error.title].filter((value) => typeof value === 'string').join(' ');
}

/** An error about the address itself, as opposed to our request (company, list, revision). */
function isAboutTheAddress(error: JsonApiError): boolean {
  const pointer = typeof error.source?.pointer === 'string' ? error.source.pointer : '';
  if (/\/email$/.test(pointer)) return true;
  return /\bemail\b|\baddress\b/i.test(errorText(error));
}

export function subscriptionsUrl(apiUrl: string, companyId: string): string {
  return `${apiUrl}/client/subscriptions/?company_id=${encodeURIComponent(companyId)}`;
}

export function subscriptionDocument(email: string, listId: string) {
  return {
    data: {
      type: 'subscription',
      attributes: {
        profile: { data: { type: 'profile', attributes: { email } } },
      },
      relationships: {
        list: { data: { type: 'list', id: listId } },
      },
    },
  };
}

export function interpretApiReply(status: number, headers: Headers, text: string): SubscribeOutcome {
  if (status >= 200 && status < 300) return { kind: 'subscribed' };
  if (status === 429) return { kind: 'rate-limited', retryAfterSeconds: parseRetryAfter(headers.get('retry-after')) };
  if (status >= 400 && status < 500) {
    const errors = jsonApiErrors(text);
    if (errors.some((error) => saysAlreadySubscribed(errorText(error)))) return { kind: 'already-subscribed' };
    const aboutAddress = errors.find(isAboutTheAddress);
    if (aboutAddress) {
      return {
        kind: 'rejected',
        reason: readableReason(typeof aboutAddress.detail === 'string' ? aboutAddress.detail : aboutAddress.title),
        detail: `provider answered ${status} (${String(aboutAddress.code ?? 'no code')})`,
      };
    }
    const codes = errors.map((error) => String(error.code ?? error.status ?? '?')).join(', ') || 'no JSON:API errors';
    return { kind: 'unavailable', detail: `provider refused the request with ${status} (${codes}); check the newsletter settings` };
  }
  return { kind: 'unavailable', detail: `provider answered ${status}` };
}

export function klaviyoApiProvider(options: KlaviyoApiOptions): NewsletterProvider {
  const url = subscriptionsUrl(options.apiUrl, options.companyId);
  return {
    name: 'klaviyo-api',
    async subscribe(email) {
      const result = await postUpstream(
        url,
        {
          headers: {
            'Content-Type': 'application/vnd.api+json',
            Accept: 'application/vnd.api+json',
            revision: KLAVIYO_API_REVISION,
          },
          body: JSON.stringify(subscriptionDocument(email, options.listId)),
        },
        options.timeoutMs,
      );
      if (!result.ok) return result.outcome;
      return interpretApiReply(result.reply.status, result.reply.headers, result.reply.text);
    },
  };
}
