/**
 * POST /api/subscribe: the newsletter sign-up, for the page's script (JSON)
 * and for the plain form without JavaScript (urlencoded, answered with a 303
 * back to the page). The steps, in order:
 *
 *   415  only JSON and urlencoded bodies
 *   403  only from this site (Sec-Fetch-Site / Origin)
 *   413  bodies over BODY_LIMIT; 400 for unreadable JSON
 *   429  per-client rate limit (express-rate-limit, honours 'trust proxy')
 *   honeypot filled → answered like a success, nothing sent or stored
 *   400  the shared email rule (shared/rules/email.ts)
 *   then the configured provider, whose outcome answerFor() maps to HTTP.
 *
 * Every answer is `no-store`. The address is personal data: it is never
 * logged at info or above (at debug only its domain).
 */
import express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import { paths } from '../../shared/paths';
import { checkEmail } from '../../shared/rules/email';
import type { EmailProblem } from '../../shared/rules/email';
import { HONEYPOT_FIELD, newsletterMessages, RETURN_TO_FIELD } from '../../shared/rules/newsletter';
import type { NewsletterOutcomeCode } from '../../shared/rules/newsletter';
import { answerFor } from './outcome';
import type { NewsletterProvider, SubscribeOutcome, SubscribeResponseBody } from './outcome';
import { createProvider } from './providers';
import { crossSiteRefusal, redirectLocation } from './request-guards';

export interface SubscribeOptions {
  /** Time limit for the provider's answer. Default 8 s. */
  timeoutMs?: number;
  /** Sign-ups per client per window. Default 5 per minute. */
  rateLimit?: { limit: number; windowMs: number };
  /** Replaces the provider NEWSLETTER_PROVIDER selects. */
  provider?: NewsletterProvider;
}

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 8_000;
export const DEFAULT_RATE_LIMIT = { limit: 5, windowMs: 60_000 } as const;
export const BODY_LIMIT = '10kb';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

type Fields = Record<string, unknown>;

const problemCodes: Record<EmailProblem, NewsletterOutcomeCode> = {
  missing: 'missing',
  'too-long': 'too-long',
  invalid: 'invalid',
};

function isFormPost(req: Request): boolean {
  return req.is(FORM_TYPE) === FORM_TYPE;
}

function fieldsOf(req: Request): Fields {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Fields) : {};
}

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function subscribeRouter(config: AppConfig, deps: { logger: Logger } & SubscribeOptions): express.Router {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const provider = deps.provider ?? createProvider(config.newsletter, { timeoutMs });
  const { limit, windowMs } = deps.rateLimit ?? DEFAULT_RATE_LIMIT;
  const router = express.Router();

  /** JSON for the script; for the plain form, a 303 back to its page carrying the outcome code. */
  function answer(
    req: Request,
    res: Response,
    status: number,
    code: NewsletterOutcomeCode,
    body: SubscribeResponseBody,
    retryAfterSeconds?: number,
  ) {
    if (isFormPost(req)) {
      // Retry-After on a redirect would mean "wait before following it".
      res.removeHeader('Retry-After');
      res.redirect(303, redirectLocation(req, config.siteUrl, fieldsOf(req)[RETURN_TO_FIELD], code));
      return;
    }
    if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
    res.status(status).json(body);
  }

  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  const requireSupportedType: RequestHandler = (req, res, next) => {
    if (req.is([JSON_TYPE, FORM_TYPE])) return next();
    res.setHeader('Accept-Post', `${JSON_TYPE}, ${FORM_TYPE}`);
    res.status(415).json({ ok: false, error: newsletterMessages.unsupportedType });
  };

  const refuseCrossSite: RequestHandler = (req, res, next) => {
    const reason = crossSiteRefusal(req, config.siteUrl);
    if (!reason) return next();
    req.log.warn({ reason }, 'newsletter sign-up refused: cross-site request');
    res.status(403).json({ ok: false, error: newsletterMessages.crossSite });
  };

  const limiter = rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Its configuration warnings (e.g. a too-permissive TRUST_PROXY) go to our log.
    logger: deps.logger,
    handler(req, res) {
      req.log.warn('newsletter sign-up refused: client rate limit reached');
      const retryAfter = Number(res.getHeader('Retry-After')) || Math.ceil(windowMs / 1000);
      answer(req, res, 429, 'rate-limited', { ok: false, error: newsletterMessages.rateLimited }, retryAfter);
    },
  });

  const subscribe: RequestHandler = async (req, res) => {
    const fields = fieldsOf(req);

    const trap = fields[HONEYPOT_FIELD];
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
      // Bots are told it worked, so they learn nothing; nothing is sent or kept.
      req.log.info({ provider: provider.name }, 'newsletter honeypot filled: answered as success, nothing sent');
      const { status, code, body } = answerFor({ kind: 'subscribed' });
      return answer(req, res, status, code, body);
    }

    const check = checkEmail(fields.email);
    if (!check.ok) {
      req.log.info({ problem: check.problem }, 'newsletter sign-up refused: invalid address');
      return answer(req, res, 400, problemCodes[check.problem], { ok: false, error: check.message });
    }

    req.log.debug({ provider: provider.name, emailDomain: emailDomain(check.email) }, 'newsletter sign-up: calling provider');
    let outcome: SubscribeOutcome;
    try {
      outcome = await provider.subscribe(check.email);
    } catch (error) {
      // Providers resolve with outcomes; this is a bug, still told as a failure.
      outcome = { kind: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
    }

    const logFields = { provider: provider.name, outcome: outcome.kind };
    if (outcome.kind === 'unavailable' || outcome.kind === 'timeout') {
      req.log.error({ ...logFields, reqId: req.id, detail: outcome.detail }, 'newsletter provider failed');
    } else if (outcome.kind === 'rejected' || outcome.kind === 'rate-limited') {
      req.log.warn({ ...logFields, detail: 'detail' in outcome ? outcome.detail : undefined }, 'newsletter provider refused the sign-up');
    } else {
      req.log.info(logFields, 'newsletter sign-up accepted');
    }

    const { status, code, body, retryAfterSeconds } = answerFor(outcome);
    answer(req, res, status, code, body, retryAfterSeconds);
  };

  /** Body parser failures, told in the same JSON shape. */
  const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
    const type = typeof err?.type === 'string' ? err.type : '';
    if (req.path !== paths.subscribeApi || !type) return next(err);
    res.setHeader('Cache-Control', 'no-store');
    if (type === 'entity.too.large' || err.status === 413) return res.status(413).json({ ok: false, error: newsletterMessages.tooLarge });
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return res.status(415).json({ ok: false, error: newsletterMessages.unsupportedType });
    }
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      return res.status(400).json({ ok: false, error: newsletterMessages.unreadable });
    }
    next(err);
  };

  router.post(
    paths.subscribeApi,
    noStore,
    requireSupportedType,
    refuseCrossSite,
    express.json({ limit: BODY_LIMIT, type: JSON_TYPE }),
    express.urlencoded({ limit: BODY_LIMIT, extended: false, type: FORM_TYPE, parameterLimit: 20 }),
    limiter,
    subscribe,
  );
  router.all(paths.subscribeApi, noStore, (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ ok: false, error: newsletterMessages.methodNotAllowed });
  });
  router.use(bodyErrors);
  return router;
}
