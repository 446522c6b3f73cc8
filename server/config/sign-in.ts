/**
 * The staff's sign-in with the firm's OpenID Connect provider (server/admin/sign-in/, decisions 028 and 042):
 * OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and CMS_SIGN_IN_RATE_LIMIT. It is needed by the editor when
 * the site is its backend (CMS_BACKEND=site) and by the analytics report (ANALYTICS_READERS), whichever
 * backend the editor has; both read these variables here, once. Also the lists of people both use.
 */
import { checkEmail } from '../../shared/rules/email';
import { ConfigError, parseCount, read } from './env-values';
import type { Env } from './env-values';

export interface SignInConfig {
  /** The provider staff sign in with; its client is registered with the redirect URI <SITE_URL>/admin/auth/callback. */
  oidc: { issuer: URL; clientId: string; clientSecret: string };
  /** CMS_SIGN_IN_RATE_LIMIT: requests to /admin/auth/* per client per minute (default 30); 0 for no limit. */
  signInRateLimit: number;
}

/** The variables read here: set when nothing needs a sign-in, they would silently do nothing. */
export const SIGN_IN_VARIABLES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'CMS_SIGN_IN_RATE_LIMIT'];

/** Plain http only on this machine: the tests' provider. Anywhere else the tokens would cross the network in the clear. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parseIssuer(env: Env, because: string): URL {
  const raw = read(env, 'OIDC_ISSUER');
  if (raw === undefined) {
    throw new ConfigError(
      `OIDC_ISSUER must be set when ${because}: the https address of the identity provider staff sign in with, such as https://accounts.google.com`,
    );
  }
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!url || !secure || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(
      `OIDC_ISSUER must be the provider's https address, exactly as its discovery document names it, such as https://login.microsoftonline.com/<tenant>/v2.0 (got "${raw}")`,
    );
  }
  return url;
}

export function required(env: Env, name: string, because: string, what: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(`${name} must be set when ${because}: ${what}`);
  return value;
}

/** The sign-in's settings; `because` names what needs it, for the message when one is missing. */
export function parseSignIn(env: Env, because: string): SignInConfig {
  const issuer = parseIssuer(env, because);
  const clientId = required(env, 'OIDC_CLIENT_ID', because, "the client id of the site's registration with the identity provider");
  const clientSecret = required(
    env,
    'OIDC_CLIENT_SECRET',
    because,
    "the client secret of the site's registration with the identity provider",
  );
  // A person signing in makes two or three requests: past this a minute, a client is a script.
  const signInRateLimit = parseCount(env, 'CMS_SIGN_IN_RATE_LIMIT', 30, 'sign-in requests per client per minute, 0 for no limit', 100_000);
  return { oidc: { issuer, clientId, clientSecret }, signInRateLimit };
}

/** What git strips from both ends of an author's name or address (ident.c's crud: controls, space and `.,:;<>"\'`). */
const GIT_CRUD = String.raw`[\x00-\x20.,:;<>"\\']+`;
const GIT_CRUD_ENDS = new RegExp(`^${GIT_CRUD}|${GIT_CRUD}$`, 'g');

/**
 * A name or address as git writes it into a commit: its ends stripped of crud, and `<`, `>` and newlines
 * dropped within (they would break the ident line). Who wrote a commit is read back in this form, so a
 * person is known as its author only if their address is already in it.
 */
export function asGitStores(value: string): string {
  return value.replace(GIT_CRUD_ENDS, '').replace(/[\n<>]/g, '');
}

/** Comma-separated addresses, trimmed and lower-cased: a person is matched by address whatever its case. */
export function parsePeople(env: Env, name: string): string[] {
  const people = (read(env, name) ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  for (const address of people) {
    if (!checkEmail(address).ok) throw new ConfigError(`${name} must be email addresses separated by commas (got "${address}")`);
    if (asGitStores(address) !== address) {
      throw new ConfigError(
        `${name} holds "${address}", which git would record as "${asGitStores(address)}", so that person would not be seen as the author of their own edits: list the address without its leading or trailing punctuation`,
      );
    }
  }
  return [...new Set(people)];
}
