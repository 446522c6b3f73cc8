/**
 * The two cookies of the editors' sign-in: the session's, and the one that ties a sign-in in progress to
 * the browser that started it (so a callback URL made in someone else's browser signs no one in here).
 *
 * Both HttpOnly (no script reads them) and SameSite=Lax: sent when the provider sends the browser back to
 * the callback (a top-level GET), never with another site's POST. Over HTTPS each is named `__Host-…`,
 * which the browser accepts only with Secure, Path=/ and no Domain: no subdomain and no plain-http page
 * can set or overwrite it. Over plain http (the loopback tests) a `__Host-` cookie could not be set at all.
 */
import type { CookieOptions, Request, Response } from 'express';
import { isServedOverHttps } from '../../http/security-headers';

export const SESSION_COOKIE = 'editor_session';
export const SIGN_IN_COOKIE = 'editor_sign_in';

/** The cookie's name on this kind of connection. */
export function cookieName(base: string, https: boolean): string {
  return https ? `__Host-${base}` : base;
}

/** Whether this request reached the site over HTTPS, as the site's headers decide it (a trusted proxy's word, else SITE_URL). */
export function requestIsHttps(req: Request, siteUrl: string): boolean {
  return isServedOverHttps(req, siteUrl.startsWith('https:'));
}

function attributes(https: boolean, maxAgeMs?: number): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: https, path: '/', ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }) };
}

/** The value of one cookie of the request's Cookie header (no cookie parser is mounted for the whole site). */
export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Sets and reads one of the two cookies by its base name, on the request's kind of connection. */
export function signInCookies(siteUrl: string) {
  const nameFor = (req: Request, base: string) => cookieName(base, requestIsHttps(req, siteUrl));
  return {
    read: (req: Request, base: string) => readCookie(req, nameFor(req, base)),
    set(req: Request, res: Response, base: string, value: string, maxAgeMs: number) {
      res.cookie(nameFor(req, base), value, attributes(requestIsHttps(req, siteUrl), maxAgeMs));
    },
    clear(req: Request, res: Response, base: string) {
      res.clearCookie(nameFor(req, base), attributes(requestIsHttps(req, siteUrl)));
    },
  };
}
