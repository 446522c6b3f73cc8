/**
 * Decap's backend for CMS_BACKEND=site (server/admin/backend/): its proxy backend, which speaks the
 * site's protocol, with the two things the site's sign-in changes. The person signed in to the site
 * before the editor loaded (the server serves /admin/ to no one else), so there is no second Login
 * screen; and Decap's "Log Out" ends the site's session (POST /admin/auth/logout), not only Decap's
 * idea of one, then shows the site's sign-in page.
 */
import { ProxyBackend } from 'decap-cms-backend-proxy';
import { useEffect } from 'react';

/** The name server/admin/admin-config.ts gives this backend in Decap's config. */
export const SITE_BACKEND_NAME = 'site';

/** Decap's login screen, with nothing to ask: the server has signed the person in already. */
function SignedInAlready({ onLogin }: { onLogin: (state: Record<string, never>) => void }) {
  useEffect(() => onLogin({}), [onLogin]);
  return <p role="status">Opening the editor…</p>;
}

export class SiteBackend extends ProxyBackend {
  override authComponent() {
    return SignedInAlready as never;
  }

  override logout() {
    // The server ends the session whatever Decap does next; then the sign-in page, as after any sign-out.
    void fetch('/admin/auth/logout', { method: 'POST', redirect: 'manual' }).finally(() => window.location.assign('/admin/'));
    return null;
  }
}
