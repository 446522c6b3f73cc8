/** The editor's configuration (server/admin/): CMS_*, the git host it reads and writes content/ on in production. */
import { parseSiteBackend, SITE_BACKEND_VARIABLES } from './cms-site';
import { SIGN_IN_VARIABLES } from './sign-in';
import type { SiteBackend } from './cms-site';
import { ConfigError, parsePort, read } from './env-values';
import type { Env } from './env-values';

export type CmsBackendName = 'github' | 'gitlab' | 'site';
export type { SiteBackend };

/** Where the editor at /admin (server/admin/) reads and writes content/ in production: the git host and how editors log in. */
export type CmsBackend =
  /** GitHub has no PKCE for browser apps: logins go through the operator's OAuth helper at authUrl (Decap's base_url). */
  | { name: 'github'; repo: string; branch: string; authUrl: string }
  /** GitLab logs in with PKCE: an OAuth application's id, no secret; baseUrl for a self-hosted GitLab. */
  | { name: 'gitlab'; repo: string; branch: string; appId: string; baseUrl: string }
  /** The site itself, on the content repository it owns; editors sign in with the firm's OpenID Connect provider. */
  | SiteBackend;

export interface CmsConfig {
  /** CMS_BACKEND and the rest; undefined: no production editor (/admin is a 404 in production). */
  backend?: CmsBackend;
  /** CMS_PROXY_PORT: decap-server's port on this machine, which /admin uses outside production. */
  proxyPort: number;
}

const CMS_BACKENDS: CmsBackendName[] = ['github', 'gitlab', 'site'];
/**
 * Decap CMS's Gitea backend throws "The Gitea backend does not support editorial workflow." (decap-cms-app 3.x),
 * and without that workflow the editor publishes with no review step: refused rather than half working.
 */
const GITEA_REFUSAL =
  "CMS_BACKEND=gitea cannot be used: Decap CMS's Gitea backend has no editorial workflow, so edits would be published with no review step; use github or gitlab, or follow a Gitea repository with CONTENT_REPO";

/** An https URL with no query or fragment, without its trailing slash: where a git host or an OAuth helper lives. */
function parseHostUrl(env: Env, name: string, example: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.search || url.hash || url.username) {
    throw new ConfigError(`${name} must be an https URL such as ${example} (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

/** The site backend's variables set without it; OIDC_* are the analytics readers' sign-in too, when ANALYTICS_READERS is set. */
function straySiteVariables(env: Env): string[] {
  const readersSignIn = read(env, 'ANALYTICS_READERS') !== undefined;
  return SITE_BACKEND_VARIABLES.filter((name) => read(env, name) !== undefined && !(readersSignIn && SIGN_IN_VARIABLES.includes(name)));
}

export function parseCms(env: Env): CmsConfig {
  const proxyPort = parsePort(env, 'CMS_PROXY_PORT') ?? 8081;
  const rawBackend = read(env, 'CMS_BACKEND');
  if (rawBackend === undefined) {
    const stray = ['CMS_REPO', 'CMS_BRANCH', 'CMS_APP_ID', 'CMS_BASE_URL', 'CMS_AUTH_URL'].filter((name) => read(env, name) !== undefined);
    if (stray.length > 0) throw new ConfigError(`CMS_BACKEND must be set (github or gitlab) for ${stray.join(', ')} to take effect`);
    const straySite = straySiteVariables(env);
    if (straySite.length > 0) throw new ConfigError(`CMS_BACKEND must be site for ${straySite.join(', ')} to take effect`);
    return { proxyPort };
  }
  if (rawBackend.toLowerCase() === 'gitea') throw new ConfigError(GITEA_REFUSAL);
  const name = rawBackend.toLowerCase() as CmsBackendName;
  if (!CMS_BACKENDS.includes(name)) throw new ConfigError(`CMS_BACKEND must be one of ${CMS_BACKENDS.join(', ')} (got "${rawBackend}")`);
  if (name === 'site') return { proxyPort, backend: parseSiteBackend(env) };
  const straySite = straySiteVariables(env);
  if (straySite.length > 0) throw new ConfigError(`CMS_BACKEND must be site for ${straySite.join(', ')} to take effect (it is ${name})`);
  const repo = read(env, 'CMS_REPO');
  // GitLab repositories may sit in subgroups (group/subgroup/name); the others are owner/name.
  const repoPattern = name === 'gitlab' ? /^[\w.-]+(\/[\w.-]+)+$/ : /^[\w.-]+\/[\w.-]+$/;
  if (repo === undefined || !repoPattern.test(repo)) {
    throw new ConfigError(
      `CMS_REPO must be the repository as owner/name, such as harbor-ledger/site, when CMS_BACKEND is ${name} (got ${repo === undefined ? 'nothing' : `"${repo}"`})`,
    );
  }
  const branch = read(env, 'CMS_BRANCH') ?? 'main';
  if (!/^[\w./-]+$/.test(branch) || branch.includes('..'))
    throw new ConfigError(`CMS_BRANCH must be a branch name such as main (got "${branch}")`);
  const appId = read(env, 'CMS_APP_ID');
  const baseUrl = parseHostUrl(env, 'CMS_BASE_URL', 'https://gitlab.example.com');
  const authUrl = parseHostUrl(env, 'CMS_AUTH_URL', 'https://cms-auth.example.com');
  if (name === 'github') {
    if (!authUrl) {
      throw new ConfigError(
        'CMS_AUTH_URL must be set when CMS_BACKEND is github: the https address of the OAuth helper that logs editors in to GitHub',
      );
    }
    return { proxyPort, backend: { name, repo, branch, authUrl } };
  }
  if (!appId) {
    throw new ConfigError(
      `CMS_APP_ID must be set when CMS_BACKEND is ${name}: the id of the OAuth application editors log in with (PKCE, no secret)`,
    );
  }
  return { proxyPort, backend: { name, repo, branch, appId, baseUrl: baseUrl ?? 'https://gitlab.com' } };
}
