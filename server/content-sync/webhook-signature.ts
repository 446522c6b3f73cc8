/**
 * Who may tell the site that its content branch moved: a push webhook signed
 * with CONTENT_WEBHOOK_SECRET, as each git host signs it.
 *
 * - GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`
 * - Gitea and Forgejo: `X-Gitea-Signature` / `X-Forgejo-Signature: <hex HMAC-SHA256 of the raw body>`
 * - GitLab: `X-Gitlab-Token: <the secret itself>` (GitLab sends the token, it does not sign)
 *
 * Every comparison runs in constant time over equal-length digests, so the
 * time an answer takes says nothing about how much of a guess was right.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type WebhookHost = 'github' | 'gitea' | 'forgejo' | 'gitlab';

export type WebhookVerdict = { ok: true; host: WebhookHost } | { ok: false; reason: string };

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Equal digests of equal length: the comparison takes the same time whatever the guess. */
function sameDigest(expected: Buffer, received: Buffer): boolean {
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const hmacOf = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest();

/**
 * Checks a webhook's signature (or GitLab's token) over the raw body. The
 * first header present decides the host; a request carrying none is refused.
 */
export function verifyWebhook(secret: string, headers: IncomingHttpHeaders, body: Buffer): WebhookVerdict {
  const github = header(headers, 'x-hub-signature-256');
  if (github !== undefined) {
    const hex = github.startsWith('sha256=') ? github.slice('sha256='.length) : '';
    if (!HEX_SHA256.test(hex)) return { ok: false, reason: 'X-Hub-Signature-256 is not "sha256=" and 64 hex digits' };
    return sameDigest(hmacOf(secret, body), Buffer.from(hex, 'hex'))
      ? { ok: true, host: 'github' }
      : { ok: false, reason: 'X-Hub-Signature-256 does not match the body signed with the secret' };
  }
  for (const host of ['gitea', 'forgejo'] as const) {
    const name = `x-${host}-signature`;
    const hex = header(headers, name);
    if (hex === undefined) continue;
    if (!HEX_SHA256.test(hex)) return { ok: false, reason: `${name} is not 64 hex digits` };
    return sameDigest(hmacOf(secret, body), Buffer.from(hex, 'hex'))
      ? { ok: true, host }
      : { ok: false, reason: `${name} does not match the body signed with the secret` };
  }
  const token = header(headers, 'x-gitlab-token');
  if (token !== undefined) {
    // Hashed first, so both sides have the same length whatever was sent.
    const digest = (text: string) => createHash('sha256').update(text).digest();
    return sameDigest(digest(secret), digest(token))
      ? { ok: true, host: 'gitlab' }
      : { ok: false, reason: 'X-Gitlab-Token is not the secret' };
  }
  return {
    ok: false,
    reason: 'no signature: send X-Hub-Signature-256 (GitHub), X-Gitea-Signature, X-Forgejo-Signature or X-Gitlab-Token',
  };
}
