/**
 * Fetching a feed or a transcript: https only (plain http only from this
 * machine, 127.0.0.1, localhost or ::1, where tests serve files), at most
 * 20 s and 10 MB, redirects followed only to addresses that pass the same
 * rule. Every failure is a FetchError with one sentence.
 */
const TIMEOUT_MS = 20_000;
export const MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export class FetchError extends Error {
  override name = 'FetchError';
}

/** True for something written as a URL (scheme://…) rather than a file path. */
export function looksLikeUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
}

/** The URL if it may be fetched; a FetchError saying why not otherwise. */
export function fetchableUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError(`${raw} is not a valid URL`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  if (url.protocol === 'http:') throw new FetchError(`${raw}: only https:// addresses are fetched (plain http only from this machine)`);
  throw new FetchError(`${raw}: only https:// addresses are fetched, not ${url.protocol.replace(':', '')}`);
}

async function readCapped(response: Response, shown: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new FetchError(`${shown} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new FetchError(`${shown} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** The body of `raw` as UTF-8 text. */
export async function fetchText(raw: string): Promise<string> {
  let url = fetchableUrl(raw);
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await fetch(url, {
        signal,
        redirect: 'manual',
        headers: { accept: '*/*', 'user-agent': 'content-import (podcast feed importer)' },
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined);
        if (redirects >= MAX_REDIRECTS) throw new FetchError(`${raw} redirects more than ${MAX_REDIRECTS} times`);
        const next = new URL(location, url).href;
        try {
          url = fetchableUrl(next);
        } catch (error) {
          throw new FetchError(`${raw} redirects to ${next}, which is not fetched (${(error as Error).message.replace(`${next}: `, '')})`);
        }
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new FetchError(`${raw} answered ${response.status} ${response.statusText}`.trim());
      }
      return (await readCapped(response, raw)).toString('utf8');
    }
  } catch (error) {
    if (error instanceof FetchError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new FetchError(`${raw} could not be fetched (no answer within ${TIMEOUT_MS / 1000} s)`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new FetchError(`${raw} could not be fetched (${cause?.code ?? cause?.message ?? (error as Error).message})`);
  }
}
