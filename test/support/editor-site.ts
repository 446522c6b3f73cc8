/**
 * The site with the editors' sign-in in front of it, for CMS_BACKEND=site (server/admin/sign-in/): the admin
 * surface as app.ts mounts it, given a sign-in with the test's clock and `api` as the editor's API (behind
 * `requireEditor` at /admin/api/v1), then the rest of the app from createApp. Until app.ts passes the sign-in
 * itself this is how a test reaches it; afterwards it still answers first, with the test's clock.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { RequestHandler } from 'express';
import { adminSurface } from '../../server/admin/admin-surface';
import { editorSignIn } from '../../server/admin/sign-in/editor-sign-in';
import type { Clock } from '../../server/admin/sign-in/session-store';
import { signedInEditor } from '../../server/admin/sign-in/signed-in-editor';
import { createApp } from '../../server/app';
import { capturingLogger, testConfig } from './app';

/** The API a test gets unless it brings one: who the gate says is signed in, as the backend will read it. */
export const echoEditor: RequestHandler = (req, res) => {
  res.json({ method: req.method, path: req.path, editor: signedInEditor(res) ?? null });
};

/**
 * `api`: the editor's API behind the gate; by default echoEditor, or 'site-backend' for the one the admin surface
 * makes itself on CONTENT_REPO (server/admin/site-backend.ts), as the running server has it.
 */
export async function startEditorSite(options: { env: Record<string, string>; now?: Clock; api?: RequestHandler | 'site-backend' }) {
  const { logger, records } = capturingLogger();
  const config = testConfig(options.env);
  const site = createApp(config, { logger });
  const signIn = editorSignIn(config, { logger, now: options.now });
  const admin =
    options.api === 'site-backend'
      ? adminSurface(config, { signIn, logger })
      : adminSurface(config, { signIn, siteApi: options.api ?? echoEditor });
  if (!signIn || !admin) throw new Error('startEditorSite needs CMS_BACKEND=site and its variables');
  const outer = express();
  outer.set('trust proxy', config.trustProxy);
  outer.disable('x-powered-by');
  outer.use(admin);
  outer.use(site);
  const server = createServer(outer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    config,
    signIn,
    logs: records,
    close: async () => {
      await site.outbox.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One action of the editor's API as Decap's proxy backend posts it (on branch main), with a signed-in person's
 * cookie, to a site in this process (startEditorSite) or a server process (its origin): the answer's status and JSON.
 */
export async function editorApi<T = { error?: string }>(
  site: { origin: string; siteUrl: string; cookie: string },
  action: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${site.origin}/admin/api/v1`, {
    method: 'POST',
    headers: { cookie: site.cookie, origin: site.siteUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
  });
  return { status: response.status, body: (await response.json()) as T };
}
