/**
 * The editor's whole config as GET /admin/config.json serves it: the collections
 * generated from the schema at build time (cms-config.ts,
 * dist/admin/cms-collections.json) with the backend the environment names
 * (server/config/cms.ts, CMS_*), and the origins that backend talks to, which the
 * admin page's Content-Security-Policy must allow.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import type { CmsBackend } from '../config/cms';
import { CMS_COLLECTIONS_PATH, cmsCollections } from './cms-config';
import type { CmsCollectionsConfig } from './cms-config';

export interface AdminConfig {
  /** What the browser receives (Decap's config object; load_config_file false, it is already loaded). */
  json: Record<string, unknown>;
  /** Origins the editor's script fetches from: the git host's API and login, or decap-server on this machine. */
  connectOrigins: string[];
}

/** Where the site backend's API is served (server/admin/backend/), behind the sign-in's gate. */
export const SITE_API_PATH = '/admin/api/v1';

/** Decap's backend object for a production git host (https://decapcms.org/docs/backends-overview/), or for the site itself. */
function backendOf(backend: CmsBackend, config: AppConfig): { config: Record<string, unknown>; origins: string[] } {
  switch (backend.name) {
    case 'github':
      // GitHub's OAuth needs a client secret, so the login goes through the operator's helper (base_url).
      return {
        config: { name: 'github', repo: backend.repo, branch: backend.branch, base_url: backend.authUrl },
        origins: ['https://api.github.com'],
      };
    case 'gitlab':
      // PKCE: the browser exchanges the code itself, at base_url/oauth/token, then calls api_root.
      return {
        config: {
          name: 'gitlab',
          repo: backend.repo,
          branch: backend.branch,
          auth_type: 'pkce',
          app_id: backend.appId,
          base_url: backend.baseUrl,
          api_root: `${backend.baseUrl}/api/v4`,
        },
        origins: [new URL(backend.baseUrl).origin],
      };
    case 'site':
      // Decap's proxy protocol, served by the site on its own origin (connect-src 'self'): the editor signed in to the site
      // itself (server/admin/sign-in/), so the session cookie goes with each call and no token reaches the browser.
      return {
        // 'site': Decap's proxy backend as client/admin-site-backend.tsx registers it, which signs out of the site too.
        config: { name: 'site', proxy_url: `${config.siteUrl}${SITE_API_PATH}`, branch: config.contentSync?.branch ?? 'main' },
        origins: [],
      };
  }
}

/** The generated collections: the build's file, or (development, tests before a build) generated now from the same schema. */
function readCollections(rootDir: string): CmsCollectionsConfig {
  const file = path.join(rootDir, CMS_COLLECTIONS_PATH);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CmsCollectionsConfig) : cmsCollections();
}

/**
 * The config, or undefined when there is no editor to serve: in production
 * without CMS_BACKEND. Outside production the editor works on this checkout
 * through decap-server (`local_backend`), with the production backend beside it
 * when one is named, as Decap's docs describe.
 */
export function adminConfig(config: AppConfig, collections = readCollections(config.rootDir)): AdminConfig | undefined {
  const { backend, proxyPort } = config.cms;
  if (config.isProduction && !backend) return undefined;
  const production = backend && backendOf(backend, config);
  const proxyUrl = `http://localhost:${proxyPort}/api/v1`;
  // The site backend is its own, on this machine too: decap-server beside it would be a second, unguarded way in.
  const local = !config.isProduction && backend?.name !== 'site';
  return {
    json: {
      load_config_file: false,
      site_url: config.siteUrl,
      ...(local ? { local_backend: { url: proxyUrl } } : {}),
      // Without a production backend, development still needs one named: the proxy backend is decap-server itself.
      backend: production?.config ?? { name: 'proxy', proxy_url: proxyUrl, branch: 'main' },
      ...collections,
    },
    connectOrigins: [...(production?.origins ?? []), ...(local ? [`http://localhost:${proxyPort}`, `http://127.0.0.1:${proxyPort}`] : [])],
  };
}
