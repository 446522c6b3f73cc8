/**
 * Whether a form post comes from this site: the cross-site check every
 * endpoint that takes what visitors send (server/forms/intake/form-endpoint.ts)
 * applies first.
 */
import type { Request } from 'express';

export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins a same-site request can carry: the public SITE_URL, and the one this request was made to. */
export function ownOrigins(req: Request, siteUrl: string): string[] {
  const origins = [originOf(siteUrl)];
  if (req.host) origins.push(originOf(`${req.protocol}://${req.host}`));
  return origins.filter((origin): origin is string => !!origin);
}

/**
 * Why a request must be refused as cross-site, or undefined when it may go on.
 *
 * - Sec-Fetch-Site (sent by every current browser) must be same-origin, or
 *   none (typed or bookmarked by the person); same-site is refused too, since a
 *   sibling subdomain is not necessarily ours.
 * - Origin, when present, must be ours ('null' is not).
 *
 * Clients that send neither (curl, old browsers, server-to-server) pass; a
 * browser cannot be made to omit both on a cross-site form post.
 */
export function crossSiteRefusal(req: Request, siteUrl: string): string | undefined {
  const fetchSite = req.get('sec-fetch-site')?.toLowerCase();
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    return `Sec-Fetch-Site is ${fetchSite}`;
  }
  const origin = req.get('origin');
  if (origin !== undefined) {
    const normalised = originOf(origin);
    if (!normalised || !ownOrigins(req, siteUrl).includes(normalised)) return 'Origin is not this site';
  }
  return undefined;
}
