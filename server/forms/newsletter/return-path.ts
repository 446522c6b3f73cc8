/**
 * Where a newsletter form post sends the visitor back to (without JavaScript).
 */
import type { Request } from 'express';
import { anchors } from '../../../shared/paths';
import { NEWSLETTER_OUTCOME_PARAM } from '../../../shared/rules/newsletter';
import type { NewsletterOutcomeCode } from '../../../shared/rules/newsletter';
import { originOf, ownOrigins } from '../intake/same-site';

const PLACEHOLDER_ORIGIN = 'http://return-to.invalid';
const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * A path on this site to send the visitor back to: it must start with a single
 * '/', hold no backslash or control character, and stay on this origin when
 * resolved. What is checked and what is sent back is the path once resolved
 * (dot segments gone): `/.//evil.example` resolves to `//evil.example`, which
 * a browser reads as another site, so a path that resolves to one starting
 * with two slashes is refused too. The outcome parameter is dropped (a new one
 * is added) and so is any fragment. Undefined when the candidate is not such a path.
 */
export function safeReturnPath(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_RETURN_PATH_LENGTH) return undefined;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return undefined;
  if (/(?![\u0080-\u009f])\p{Cc}/u.test(candidate)) return undefined; // C0 controls and DEL
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || url.pathname.startsWith('//') || url.pathname.startsWith('/api/')) return undefined;
  url.searchParams.delete(NEWSLETTER_OUTCOME_PARAM);
  return url.pathname + url.search;
}

/** The Referer's path, when the Referer is this site. */
function refererPath(req: Request, siteUrl: string): string | undefined {
  const referer = req.get('referer');
  if (!referer) return undefined;
  const origin = originOf(referer);
  if (!origin || !ownOrigins(req, siteUrl).includes(origin)) return undefined;
  const url = new URL(referer);
  return safeReturnPath(url.pathname + url.search);
}

/**
 * Where a form post's 303 goes: the returnTo field's path, else the Referer's
 * path when it is this site, else the home page; with the outcome code in the
 * query and the newsletter section as the fragment.
 */
export function redirectLocation(req: Request, siteUrl: string, returnTo: unknown, code: NewsletterOutcomeCode): string {
  const path = safeReturnPath(returnTo) ?? refererPath(req, siteUrl) ?? '/';
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  url.searchParams.set(NEWSLETTER_OUTCOME_PARAM, code);
  url.hash = anchors.newsletter;
  return url.pathname + url.search + url.hash;
}
