/**
 * CMS_BACKEND=site (issue 46): the site itself is the editor's backend, on the content repository it owns
 * (CONTENT_REPO), and editors sign in with the firm's OpenID Connect provider (server/admin/sign-in/).
 * This file reads what that needs: OIDC_* and the two lists of people, CMS_EDITORS and CMS_REVIEWERS.
 */
import { checkEmail } from '../../shared/rules/email';
import { ConfigError, parseCount, read } from './env-values';
import type { Env } from './env-values';

export interface SiteBackend {
  name: 'site';
  /** The provider editors sign in with; its client is registered with the redirect URI <SITE_URL>/admin/auth/callback. */
  oidc: { issuer: URL; clientId: string; clientSecret: string };
  /** CMS_EDITORS: who may write, lower-cased. */
  editors: string[];
  /** CMS_REVIEWERS: who may also approve and publish, lower-cased; at least one, or nothing could ever be published. */
  reviewers: string[];
  /** CMS_SIGN_IN_RATE_LIMIT: requests to /admin/auth/* per client per minute (default 30); 0 for no limit. */
  signInRateLimit: number;
}

/** Variables only CMS_BACKEND=site reads: set without it, they would silently do nothing. */
export const SITE_BACKEND_VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'CMS_EDITORS',
  'CMS_REVIEWERS',
  'CMS_SIGN_IN_RATE_LIMIT',
];
/** The git-host backends' variables, which the site backend has no use for (it works on CONTENT_REPO's CONTENT_BRANCH). */
const GIT_HOST_VARIABLES = ['CMS_REPO', 'CMS_BRANCH', 'CMS_APP_ID', 'CMS_BASE_URL', 'CMS_AUTH_URL'];

/** Plain http only on this machine: the tests' provider. Anywhere else the tokens would cross the network in the clear. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parseIssuer(env: Env): URL {
  const raw = read(env, 'OIDC_ISSUER');
  if (raw === undefined) {
    throw new ConfigError(
      'OIDC_ISSUER must be set when CMS_BACKEND is site: the https address of the identity provider editors sign in with, such as https://accounts.google.com',
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

function required(env: Env, name: string, what: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(`${name} must be set when CMS_BACKEND is site: ${what}`);
  return value;
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
function parsePeople(env: Env, name: string): string[] {
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

/** Whether CONTENT_REPO is a URL or a remote git address (host:path), rather than a path on this machine. */
function isRemote(repository: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(repository) || /^[^/\\]+@?[^/\\]*:/.test(repository);
}

export function parseSiteBackend(env: Env): SiteBackend {
  for (const name of GIT_HOST_VARIABLES) {
    if (read(env, name) !== undefined) {
      throw new ConfigError(`${name} is not used when CMS_BACKEND is site (the editor works on CONTENT_REPO's CONTENT_BRANCH): unset it`);
    }
  }
  const repository = read(env, 'CONTENT_REPO');
  if (repository === undefined || isRemote(repository)) {
    throw new ConfigError(
      `CONTENT_REPO must be the path of a bare git repository on this machine when CMS_BACKEND is site: the server owns it and commits to it (got ${repository === undefined ? 'nothing' : `"${repository}"`})`,
    );
  }
  const issuer = parseIssuer(env);
  const clientId = required(env, 'OIDC_CLIENT_ID', "the client id of the site's registration with the identity provider");
  const clientSecret = required(env, 'OIDC_CLIENT_SECRET', "the client secret of the site's registration with the identity provider");
  required(env, 'CMS_EDITORS', 'the email addresses of the people who may write, separated by commas (reviewers may write too)');
  const editors = parsePeople(env, 'CMS_EDITORS');
  const reviewers = parsePeople(env, 'CMS_REVIEWERS');
  if (reviewers.length === 0) {
    throw new ConfigError(
      'CMS_REVIEWERS must name at least one email address when CMS_BACKEND is site: only a reviewer can approve and publish an edit',
    );
  }
  // A person signing in makes two or three requests: past this a minute, a client is a script.
  const signInRateLimit = parseCount(env, 'CMS_SIGN_IN_RATE_LIMIT', 30, 'sign-in requests per client per minute, 0 for no limit', 100_000);
  return { name: 'site', oidc: { issuer, clientId, clientSecret }, editors, reviewers, signInRateLimit };
}
