/**
 * The check every state-changing request of the editor passes: it comes from the site's own pages. A
 * browser names the page's origin in `Origin` on every POST, PUT, PATCH and DELETE (and on cross-origin
 * reads); another site's page cannot forge it. SameSite=Lax already keeps the session cookie off another
 * site's POST; this is the second lock, and the one that also holds against a sibling subdomain.
 */
import type { Request } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request may proceed: an Origin, when present, must be the site's; a state-changing request must have one. */
export function fromSiteOrigin(req: Request, siteOrigin: string): boolean {
  const origin = req.get('origin');
  if (origin === undefined) return SAFE_METHODS.has(req.method);
  return origin === siteOrigin;
}
