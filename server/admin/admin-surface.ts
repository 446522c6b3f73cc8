/**
 * The editor surface at /admin: Decap CMS over content/ (docs/content-editing.md,
 * decision 023). Its page is a static document written once at start, naming the
 * admin bundle (client/admin.tsx, built into dist/client/admin/) by src; its
 * config is GET /admin/config.json (admin-config.ts). It has its own
 * Content-Security-Policy, because Decap needs what the site's pages never
 * allow (inline styles from its CSS-in-JS, the git host's API); every other
 * answer keeps the site's headers, untouched.
 *
 * In production without CMS_BACKEND there is no admin surface at all: this
 * returns nothing to mount and /admin is the site's ordinary 404 page.
 *
 * With CMS_BACKEND=site the site is the editor's backend, and the page and its
 * config are served only behind the sign-in's gate (./sign-in/, decision 028),
 * whose routes (/admin/auth/*) are mounted here under the admin's CSP.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { BranchFollowing } from '../content-sync/follow-branch';
import { EMBED_ORIGINS } from '../http/security-headers';
import type { ContentSources } from '../http/security-headers';
import { BUILD_MANIFEST_PATH } from '../pages/asset-manifest';
import type { BuildManifest } from '../pages/asset-manifest';
import { adminConfig, SITE_API_PATH } from './admin-config';
import { adminDocument, escapeHtml } from './admin-document';
import type { AdminConfig } from './admin-config';
import { editorSignIn } from './sign-in/editor-sign-in';
import type { EditorSignIn } from './sign-in/editor-sign-in';
import { siteBackend } from './site-backend';

export const ADMIN_PATH = '/admin';
const NO_SOURCES: ContentSources = { media: [], images: [] };

/** Written by scripts/build/build.ts: the admin bundle's hashed file names. */
export const ADMIN_MANIFEST_PATH = 'dist/client/admin/manifest.json';
export interface AdminManifest {
  /** The entry script, e.g. /admin/assets/admin-ABC123.js. */
  script: string;
}

/**
 * The admin page's policy. Measured in Chromium (test/browser/admin-editor.test.ts
 * fails on any CSP violation): Decap's emotion styles are inserted as <style>
 * elements, hence style-src 'unsafe-inline'; its config check compiles JSON
 * schemas with new Function(), hence script-src 'unsafe-eval' (scripts still come
 * from 'self' only, by src); the preview is a same-origin iframe written by script
 * (frame-src 'self'); pictures and sound come from the site itself (SITE_URL's origin
 * too, when the editor is opened at another address), the players' thumbnails and
 * the outside hosts the published content names (read per request: publishing
 * changes them), and uploads are previewed as blob: URLs. A host an editor names
 * for the first time shows in the preview once published (decision 033).
 */
export function adminCsp(connectOrigins: string[], siteUrl: string, contentSources: () => ContentSources = () => NO_SOURCES) {
  const siteOrigin = new URL(siteUrl).origin;
  const fromContent = (kind: keyof ContentSources) => () => contentSources()[kind].join(' ');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Decap checks its config with AJV, which compiles each JSON schema with new Function():
        // without 'unsafe-eval' the editor stops at "Error loading the CMS configuration" (measured,
        // decision 033). Still no inline script: the page loads its one module by src.
        scriptSrc: ["'self'", "'unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', siteOrigin, EMBED_ORIGINS.youtubeThumbnails, fromContent('images')],
        mediaSrc: ["'self'", 'blob:', siteOrigin, fromContent('media')],
        fontSrc: ["'self'", 'data:'],
        // blob: an uploaded picture is held by the page as a blob: URL, which Decap fetches back to send it
        // with the entry (and to keep it in the draft's local backup): without it no upload could be saved.
        connectSrc: ["'self'", 'blob:', ...connectOrigins],
        // The preview shows an episode's player as its page does.
        frameSrc: ["'self'", EMBED_ORIGINS.youtubePlayer, EMBED_ORIGINS.spotifyPlayer],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    // The login of GitHub's helper and Gitea talk back to this page by window.opener.postMessage.
    crossOriginOpenerPolicy: { policy: 'unsafe-none' },
    strictTransportSecurity: false,
  });
}

/**
 * The site's stylesheet for the preview pane (CMS.registerPreviewStyle): the whole site's, which holds every
 * page's rules; a page's own stylesheet (shared/page-stylesheet.ts) holds only that page's.
 */
function previewAssets(rootDir: string): { styles: string[]; iconSprite: string } {
  const file = path.join(rootDir, BUILD_MANIFEST_PATH);
  if (!existsSync(file)) return { styles: [], iconSprite: '' };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  return { styles: manifest.entry.css, iconSprite: manifest.iconSprite };
}

/** The whole admin document: no inline script, the bundle by src, the preview's stylesheets in a meta element. */
export function adminPage(script: string, { styles, iconSprite }: { styles: string[]; iconSprite: string }): string {
  return adminDocument(
    'Content editor',
    [
      `<meta name="preview-styles" content="${escapeHtml(styles.join(' '))}">`,
      `<meta name="icon-sprite" content="${escapeHtml(iconSprite)}">`,
      `<script type="module" src="${escapeHtml(script)}"></script>`,
    ],
    ['<body></body>'],
  );
}

export interface AdminSurfaceOptions {
  adminConfig?: AdminConfig;
  /** CMS_BACKEND=site: the editors' sign-in; made here from `logger` when not given (tests give theirs, with a clock). */
  signIn?: EditorSignIn;
  logger?: Logger;
  /** CMS_BACKEND=site: the editor's API, mounted at /admin/api/v1 behind the sign-in's gate; by default ./site-backend.ts's. */
  siteApi?: RequestHandler;
  /** CMS_BACKEND=site: the content branch the site follows, told when the editor publishes (./site-backend.ts). */
  contentSync?: BranchFollowing;
  /** The outside hosts of the published content's pictures and sound, for the preview (the site's pages allow the same). */
  contentSources?: () => ContentSources;
}

/**
 * The /admin router, or undefined when there is no editor: production without CMS_BACKEND, and
 * CMS_BACKEND=site without its sign-in (neither `signIn` nor `logger`), which would leave the editor open to anyone.
 */
export function adminSurface(config: AppConfig, options: AdminSurfaceOptions = {}): RequestHandler | undefined {
  // The sign-in gates the editor only when the site is its backend; with another one it is the analytics report's alone.
  const siteIsBackend = config.cms.backend?.name === 'site';
  const signIn = siteIsBackend ? (options.signIn ?? (options.logger && editorSignIn(config, { logger: options.logger }))) : undefined;
  if (siteIsBackend && !signIn) return undefined;
  const admin = options.adminConfig ?? adminConfig(config);
  if (!admin) return undefined;
  const editing =
    signIn && !options.siteApi && options.logger
      ? siteBackend(config, { logger: options.logger, contentSync: options.contentSync })
      : undefined;
  const siteApi = options.siteApi ?? editing?.api;
  const pass: RequestHandler = (_req, _res, next) => next();
  const gatePage = signIn?.requireEditorPage ?? pass;
  const gateConfig = signIn?.requireEditor ?? pass;
  const manifestFile = path.join(config.rootDir, ADMIN_MANIFEST_PATH);
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as AdminManifest) : undefined;
  const html = manifest && adminPage(manifest.script, previewAssets(config.rootDir));
  const configJson = JSON.stringify(admin.json);
  const csp = adminCsp(admin.connectOrigins, config.siteUrl, options.contentSources);

  const router = express.Router({ caseSensitive: true, strict: true });
  router.use(ADMIN_PATH, csp, (_req, res, next) => {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });
  // The sign-in's own routes, under the admin's CSP and noindex; the editor's API only past its gate.
  if (signIn) router.use(signIn.router);
  if (signIn && siteApi) router.use(SITE_API_PATH, signIn.requireEditor, siteApi);
  // The published branch for the other replicas (CONTENT_REPLICA_TOKEN): outside /admin, a token of its own.
  if (editing) router.use(editing.replicas);
  // Hashed names: cached for a year; an unknown name is a 404 here, never a page.
  router.use(
    `${ADMIN_PATH}/assets`,
    express.static(path.join(config.rootDir, 'dist/client/admin'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }),
  );
  router.get(`${ADMIN_PATH}/config.json`, gateConfig, (_req, res) => {
    // It changes with a deploy, and names the repository: never cached by a proxy.
    res.setHeader('Cache-Control', 'no-store');
    res.type('application/json').send(configJson);
  });
  router.get(ADMIN_PATH, (_req, res) => res.redirect(301, `${ADMIN_PATH}/`));
  router.get(`${ADMIN_PATH}/`, gatePage, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (!html) {
      res.status(503).type('text/plain').send('The editor is not built: run "npm run build" first.\n');
      return;
    }
    res.type('html').send(html);
  });
  return router;
}
