/**
 * Signs a person in to the editor over plain HTTP, as a browser would: the site's /admin/auth/login, the
 * test provider's development login and consent pages (./oidc-provider.ts), back to the site's callback,
 * with a cookie jar per origin and every redirect followed by hand (`redirect: 'manual'`). The end is the
 * site's session cookie, ready for a Cookie header: what the editor's other tests sign in with.
 *
 *   const { cookie } = await signInEditor({ site: origin, siteUrl: config.siteUrl, login: 'ann' });
 *   await fetch(`${origin}/admin/api/v1`, { headers: { cookie, origin: config.siteUrl } });
 *
 * `site` is where the site listens; `siteUrl` its SITE_URL, when that differs (the provider sends the
 * browser back to SITE_URL, which the helper maps to `site`).
 */

/** Cookies by origin, as a browser keeps them (paths and expiry dates aside: a test's session is short). */
export class CookieJar {
  readonly #cookies = new Map<string, Map<string, string>>();

  /** Keeps the Set-Cookie headers of a response from `url`; a cookie set to expire is dropped. */
  take(url: string | URL, response: Response): void {
    const origin = new URL(url).origin;
    const jar = this.#cookies.get(origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
        return (
          (key.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(setting) <= Date.now())
        );
      });
      if (expired || !value) jar.delete(name);
      else jar.set(name, value);
    }
    this.#cookies.set(origin, jar);
  }

  /** The Cookie header for `url`. */
  header(url: string | URL): string {
    return [...(this.#cookies.get(new URL(url).origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(url: string | URL, name: string): string | undefined {
    return this.#cookies.get(new URL(url).origin)?.get(name);
  }
}

/** A request with the jar's cookies, no redirect followed; the answer's cookies go back in the jar. */
async function send(jar: CookieJar, url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.take(url, response);
  return response;
}

/** Where a redirect goes, as an absolute URL. */
function locationOf(response: Response, from: string | URL): URL {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect from ${String(from)}, got ${response.status}`);
  return new URL(location, from);
}

/** The site's origin in place of SITE_URL's, for a URL the provider sends the browser back to. */
function onSite(url: URL, site: string, siteUrl: string | undefined): URL {
  if (!siteUrl || url.origin !== new URL(siteUrl).origin) return url;
  return new URL(`${url.pathname}${url.search}`, site);
}

export interface BegunSignIn {
  jar: CookieJar;
  /** The provider's authorization URL the site redirected to (code_challenge, state, nonce in it). */
  authorizationUrl: URL;
}

/** GET /admin/auth/login: the sign-in starts; the jar holds the site's sign-in cookie. */
export async function beginSignIn(site: string, options: { returnTo?: string; jar?: CookieJar } = {}): Promise<BegunSignIn> {
  const jar = options.jar ?? new CookieJar();
  const login = new URL('/admin/auth/login', site);
  if (options.returnTo) login.searchParams.set('return', options.returnTo);
  const response = await send(jar, login);
  if (response.status !== 303) throw new Error(`/admin/auth/login answered ${response.status}: ${await response.text()}`);
  return { jar, authorizationUrl: locationOf(response, login) };
}

/**
 * Through the provider: its login page (any password), its consent page, until it sends the browser back to
 * the site. Answers the callback URL (on `site`), not yet visited.
 */
export async function throughProvider(
  jar: CookieJar,
  authorizationUrl: URL,
  options: { login: string; site: string; siteUrl?: string },
): Promise<URL> {
  const providerOrigin = authorizationUrl.origin;
  let url = authorizationUrl;
  let response = await send(jar, url);
  for (let step = 0; step < 12; step += 1) {
    if (response.status >= 300 && response.status < 400) {
      const next = locationOf(response, url);
      if (next.origin !== providerOrigin) return onSite(next, options.site, options.siteUrl);
      url = next;
      response = await send(jar, url);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action || !prompt) throw new Error(`the provider answered ${response.status}: ${page.slice(0, 500)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', options.login);
      form.set('password', 'any password');
    }
    url = new URL(action.replace(/&amp;/g, '&'), url);
    response = await send(jar, url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  throw new Error('the provider did not send the browser back to the site');
}

/** GET the callback with the jar's cookies: the site's answer (303 and a session cookie when it signs the person in). */
export function finishSignIn(jar: CookieJar, callbackUrl: URL): Promise<Response> {
  return send(jar, callbackUrl);
}

export interface SignedIn {
  /** `editor_session=…` (or `__Host-editor_session=…`): a Cookie header for the site. */
  cookie: string;
  /** The callback's answer. */
  response: Response;
  callbackUrl: URL;
  jar: CookieJar;
}

/** Signs `login` in to the site at `site`; throws unless the site answers with a session cookie. */
export async function signInEditor(options: { site: string; siteUrl?: string; login: string; returnTo?: string }): Promise<SignedIn> {
  const { jar, authorizationUrl } = await beginSignIn(options.site, { returnTo: options.returnTo });
  const callbackUrl = await throughProvider(jar, authorizationUrl, options);
  const response = await finishSignIn(jar, callbackUrl);
  const name = ['editor_session', '__Host-editor_session'].find((candidate) => jar.get(options.site, candidate));
  if (response.status !== 303 || !name) throw new Error(`the callback answered ${response.status}: ${await response.text()}`);
  return { cookie: `${name}=${jar.get(options.site, name)}`, response, callbackUrl, jar };
}
