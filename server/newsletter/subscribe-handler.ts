/**
 * POST /api/subscribe: the newsletter sign-up, for the page's script (JSON)
 * and for the plain form without JavaScript (urlencoded, answered with a 303
 * back to the page). The steps, in order:
 *
 *   415  only JSON and urlencoded bodies
 *   403  only from this site (Sec-Fetch-Site / Origin)
 *   413  bodies over BODY_LIMIT; 400 for unreadable JSON
 *   429  per-client rate limit (express-rate-limit, honours 'trust proxy';
 *        NEWSLETTER_RATE_LIMIT per minute, 0 = none)
 *   honeypot filled → answered like a success, nothing sent or stored
 *   400  the shared email rule (shared/rules/email.ts)
 *   then `submit` (./sign-ups.ts: ledger and provider), whose result
 *   answerFor() maps to HTTP.
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
import type { SignUpResult, SubscribeResponseBody } from './outcome';
import { crossSiteRefusal, redirectLocation } from './request-guards';

export interface SubscribeRouterDeps {
  logger: Logger;
  /** Records and delivers a valid address; never rejects. */
  submit: (email: string, log: Logger) => Promise<SignUpResult>;
  /** For log lines. */
  providerName: string;
  /** Replaces NEWSLETTER_RATE_LIMIT per minute. */
  rateLimit?: { limit: number; windowMs: number };
  onOutcome?: (outcome: string) => void;
}

export const RATE_LIMIT_WINDOW_MS = 60_000;
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

export function subscribeRouter(config: AppConfig, deps: SubscribeRouterDeps): express.Router {
  const { limit, windowMs } = deps.rateLimit ?? { limit: config.newsletter.rateLimit, windowMs: RATE_LIMIT_WINDOW_MS };
  const providerName = deps.providerName;
  const router = express.Router();
  if (limit > 0 && config.trustProxy === false) {
    deps.logger.warn(
      { limit },
      'TRUST_PROXY is off: behind a reverse proxy every visitor shares one newsletter sign-up budget ' +
        `(${limit} per minute); set TRUST_PROXY to the proxy's hop count or address`,
    );
  }

  /** JSON for the script; for the plain form, a 303 back to its page carrying the outcome code. */
  function answer(
    req: Request,
    res: Response,
    status: number,
    code: NewsletterOutcomeCode,
    body: SubscribeResponseBody,
    retryAfterSeconds?: number,
    outcome: string = code,
  ) {
    deps.onOutcome?.(outcome);
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

  const limiter: RequestHandler =
    limit > 0
      ? rateLimit({
          windowMs,
          limit,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          // Its configuration warnings (e.g. a too-permissive TRUST_PROXY) go to our log. Its
          // per-request X-Forwarded-For complaint is replaced by the one warning above.
          logger: deps.logger,
          validate: { xForwardedForHeader: false },
          handler(req, res) {
            req.log.warn('newsletter sign-up refused: client rate limit reached');
            const retryAfter = Number(res.getHeader('Retry-After')) || Math.ceil(windowMs / 1000);
            answer(req, res, 429, 'rate-limited', { ok: false, error: newsletterMessages.rateLimited }, retryAfter);
          },
        })
      : (_req, _res, next) => next();

  const subscribe: RequestHandler = async (req, res) => {
    const fields = fieldsOf(req);

    const trap = fields[HONEYPOT_FIELD];
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
      // Bots are told it worked, so they learn nothing; nothing is sent or kept.
      req.log.info({ provider: providerName }, 'newsletter honeypot filled: answered as success, nothing sent');
      const { status, code, body } = answerFor({ kind: 'subscribed' });
      return answer(req, res, status, code, body, undefined, 'honeypot');
    }

    const check = checkEmail(fields.email);
    if (!check.ok) {
      req.log.info({ problem: check.problem }, 'newsletter sign-up refused: invalid address');
      return answer(req, res, 400, problemCodes[check.problem], { ok: false, error: check.message });
    }

    req.log.debug({ provider: providerName, emailDomain: emailDomain(check.email) }, 'newsletter sign-up received');
    const result = await deps.submit(check.email, req.log.child({ reqId: req.id }));
    const { status, code, body } = answerFor(result);
    answer(req, res, status, code, body);
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
