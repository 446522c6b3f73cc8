/**
 * The site with the editors' sign-in wired in front of it, as app.ts will wire it for CMS_BACKEND=site
 * (server/admin/sign-in/editor-sign-in.ts): the editor's API behind `requireEditor`, the admin surface
 * behind the page gate, then the rest of the app from createApp. Until app.ts wires the sign-in itself,
 * this is how a test reaches it, with a clock of its own; `api` stands for the editor's backend.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { RequestHandler } from 'express';
import { SITE_API_PATH } from '../../server/admin/admin-config';
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

export async function startEditorSite(options: { env: Record<string, string>; now?: Clock; api?: RequestHandler }) {
  const { logger, records } = capturingLogger();
  const config = testConfig(options.env);
  const site = createApp(config, { logger });
  const signIn = editorSignIn(config, { logger, now: options.now });
  const admin = adminSurface(config, { signIn });
  if (!signIn || !admin) throw new Error('startEditorSite needs CMS_BACKEND=site and its variables');
  const outer = express();
  outer.set('trust proxy', config.trustProxy);
  outer.disable('x-powered-by');
  outer.use(SITE_API_PATH, signIn.requireEditor, options.api ?? echoEditor);
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
