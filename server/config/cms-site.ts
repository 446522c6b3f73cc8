/**
 * CMS_BACKEND=site (issue 46): the site itself is the editor's backend, on the content repository it owns
 * (CONTENT_REPO), and editors sign in with the firm's OpenID Connect provider (server/admin/sign-in/).
 * This file reads what that needs: OIDC_* and the two lists of people, CMS_EDITORS and CMS_REVIEWERS.
 */
import { ConfigError, read } from './env-values';
import type { Env } from './env-values';
import { asGitStores, parsePeople, parseSignIn, required, SIGN_IN_VARIABLES } from './sign-in';
import type { SignInConfig } from './sign-in';

export { asGitStores };

export interface SiteBackend extends SignInConfig {
  name: 'site';
  /** CMS_EDITORS: who may write, lower-cased. */
  editors: string[];
  /** CMS_REVIEWERS: who may also approve and publish, lower-cased; at least one, or nothing could ever be published. */
  reviewers: string[];
}

/** Variables only CMS_BACKEND=site reads: set without it, they would silently do nothing. */
export const SITE_BACKEND_VARIABLES = [...SIGN_IN_VARIABLES, 'CMS_EDITORS', 'CMS_REVIEWERS'];
/** The git-host backends' variables, which the site backend has no use for (it works on CONTENT_REPO's CONTENT_BRANCH). */
const GIT_HOST_VARIABLES = ['CMS_REPO', 'CMS_BRANCH', 'CMS_APP_ID', 'CMS_BASE_URL', 'CMS_AUTH_URL'];

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
  const signIn = parseSignIn(env, 'CMS_BACKEND is site');
  required(
    env,
    'CMS_EDITORS',
    'CMS_BACKEND is site',
    'the email addresses of the people who may write, separated by commas (reviewers may write too)',
  );
  const editors = parsePeople(env, 'CMS_EDITORS');
  const reviewers = parsePeople(env, 'CMS_REVIEWERS');
  if (reviewers.length === 0) {
    throw new ConfigError(
      'CMS_REVIEWERS must name at least one email address when CMS_BACKEND is site: only a reviewer can approve and publish an edit',
    );
  }
  return { name: 'site', ...signIn, editors, reviewers };
}
