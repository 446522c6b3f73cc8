/**
 * One HTTP call to a provider with Node's fetch, under a time limit that
 * covers the whole exchange (connect, headers and body). Network failures
 * come back as outcomes, never as exceptions.
 */
import type { SubscribeOutcome } from './outcome';

export interface UpstreamReply {
  status: number;
  headers: Headers;
  text: string;
}

/** Enough for any error document a provider sends; the rest is not read. */
const MAX_REPLY_CHARS = 64 * 1024;

export type UpstreamResult = { ok: true; reply: UpstreamReply } | { ok: false; outcome: SubscribeOutcome };

export async function postUpstream(url: string, init: RequestInit, timeoutMs: number): Promise<UpstreamResult> {
  try {
    const response = await fetch(url, {
      ...init,
      method: 'POST',
      // A redirect from a subscription endpoint is not a success we can prove.
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text()).slice(0, MAX_REPLY_CHARS);
    return { ok: true, reply: { status: response.status, headers: response.headers, text } };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return { ok: false, outcome: { kind: 'timeout', detail: `no answer within ${timeoutMs} ms` } };
    }
    return { ok: false, outcome: { kind: 'unavailable', detail: describeNetworkError(error) } };
  }
}

/** "fetch failed: ECONNREFUSED" and the like, without URLs' query strings or bodies. */
function describeNetworkError(error: unknown): string {
  if (!(error instanceof Error)) return 'request failed';
  const cause = (error as Error & { cause?: unknown }).cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : undefined;
  return code ? `${error.message}: ${code}` : error.message;
}

/** JSON.parse that answers undefined for anything that is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
