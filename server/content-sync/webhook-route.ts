/**
 * POST /api/content/webhook: a git host says the content branch moved. The
 * signature is checked over the raw body (./webhook-signature.ts), the answer
 * is 202 at once, and the fetch runs after (the host's delivery never waits on
 * it); a burst of pushes is one fetch (./content-follower.ts). Without
 * CONTENT_WEBHOOK_SECRET the route is not mounted at all (a 404 like any path).
 */
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { verifyWebhook } from './webhook-signature';

export const CONTENT_WEBHOOK_PATH = '/api/content/webhook';
/** GitHub's own limit for a push payload is 25 MB, but a push webhook's body is a few KB: 1 MB is far beyond any real one. */
export const WEBHOOK_BODY_LIMIT = '1mb';

export interface WebhookRouteOptions {
  secret: string;
  branch: string;
  /** Starts a fetch (coalesced); its outcome is logged by the follower, not awaited here. */
  refresh: () => void;
  logger: Logger;
}

/** The branch a push names (`ref`), when the body is JSON and names one. */
function pushedRef(body: Buffer): string | undefined {
  try {
    const ref = (JSON.parse(body.toString('utf8')) as { ref?: unknown }).ref;
    return typeof ref === 'string' ? ref : undefined;
  } catch {
    return undefined;
  }
}

export function contentWebhookRoute({ secret, branch, refresh, logger }: WebhookRouteOptions) {
  const router = express.Router();
  const receive: RequestHandler = (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const verdict = verifyWebhook(secret, req.headers, body);
    if (!verdict.ok) {
      req.log.warn({ reason: verdict.reason }, 'content webhook refused');
      res
        .status(401)
        .setHeader('Cache-Control', 'no-store')
        .json({ error: `Not accepted: ${verdict.reason}.` });
      return;
    }
    const ref = pushedRef(body);
    if (ref !== undefined && ref !== `refs/heads/${branch}`) {
      res.status(202).json({ message: `Accepted; nothing to fetch: the push was to ${ref}, and the site follows refs/heads/${branch}.` });
      return;
    }
    res.status(202).json({ message: `Accepted: the site fetches ${branch} now and serves its head once it passes the content check.` });
    logger.info({ host: verdict.host }, 'content webhook: fetching the branch');
    refresh();
  };
  const tooLarge: ErrorRequestHandler = (err, _req, res, next) => {
    if (err?.type !== 'entity.too.large') return next(err);
    res
      .status(413)
      .setHeader('Cache-Control', 'no-store')
      .json({ error: `The body is over ${WEBHOOK_BODY_LIMIT.toUpperCase()}: a push webhook's is far smaller.` });
  };
  router.post(CONTENT_WEBHOOK_PATH, express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), receive, tooLarge);
  return router;
}

/** Without CONTENT_WEBHOOK_SECRET: no webhook, and the path says so rather than being a page's 405. */
export const webhookAbsent: RequestHandler = (_req, res) => {
  res
    .status(404)
    .setHeader('Cache-Control', 'no-store')
    .json({ error: 'No content webhook here: the site takes pushes only with CONTENT_REPO and CONTENT_WEBHOOK_SECRET set.' });
};
