/**
 * The guards every endpoint that takes what visitors send puts before its own
 * handler (POST /api/subscribe, POST /api/contact), in this order:
 *
 *   415  only JSON and urlencoded bodies
 *   403  only from this site (Sec-Fetch-Site / Origin, ./same-site.ts)
 *   413  bodies over the endpoint's limit; 400 for unreadable JSON
 *   429  per-client rate limit (express-rate-limit, honours 'trust proxy';
 *        0 = none)
 *   honeypot filled → the endpoint's `onHoneypot` (answered like a success:
 *        bots learn nothing; nothing is sent or kept)
 *   then the endpoint's handler, with the fields in req.body.
 *
 * Every answer is `no-store`; every other method on the path is a 405.
 */
import express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { HONEYPOT_FIELD } from '../../../shared/rules/honeypot';
import { clientKey } from '../../config/http';
import type { TrustProxy } from '../../config/http';
import { crossSiteRefusal } from './same-site';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

export type Fields = Record<string, unknown>;

/** What the endpoint says when a guard refuses; each answer is `{ ok: false, error }`. */
export interface GuardMessages {
  unsupportedType: string;
  crossSite: string;
  tooLarge: string;
  unreadable: string;
  methodNotAllowed: string;
}

export interface FormEndpointOptions {
  path: string;
  /** A page that also takes the POST (its form without JavaScript); other methods there are the page's. */
  alsoAt?: string;
  /** How log lines name what is sent: 'newsletter sign-up', 'contact message'. */
  noun: string;
  siteUrl: string;
  logger: Logger;
  /** Largest body accepted, as body-parser reads it ('10kb'). */
  bodyLimit: string;
  /** Requests per client per window; a limit of 0 is none. */
  rateLimit: { limit: number; windowMs: number; store?: Store };
  /** Only answers below 400 count against the limit (a visitor correcting a typo is not a flood). */
  countOnlyAccepted?: boolean;
  messages: GuardMessages;
  /** Answers a client over its limit (JSON, or the form's own answer). */
  onRateLimited(req: Request, res: Response, retryAfterSeconds: number): void;
  /** Answers a filled honeypot like a success. */
  onHoneypot(req: Request, res: Response): void;
  handler: RequestHandler;
}

export function isFormPost(req: Request): boolean {
  return req.is(FORM_TYPE) === FORM_TYPE;
}

/** The parsed body as an object of fields; anything else (an array, a string) is no fields. */
export function fieldsOf(req: Request): Fields {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Fields) : {};
}

function honeypotFilled(fields: Fields): boolean {
  const trap = fields[HONEYPOT_FIELD];
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
}

/** The client a request counts against: its address as TRUST_PROXY says, grouped as every budget groups it. */
const clientOf = (req: Request) => clientKey(req.ip ?? '');

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** POST `path` behind the guards, 405 for every other method, and the body parsers' errors in words. */
export function formEndpoint(options: FormEndpointOptions): express.Router {
  const { path, noun, messages } = options;
  const { limit, windowMs } = options.rateLimit;
  const router = express.Router();

  const requireSupportedType: RequestHandler = (req, res, next) => {
    if (req.is([JSON_TYPE, FORM_TYPE])) return next();
    res.setHeader('Accept-Post', `${JSON_TYPE}, ${FORM_TYPE}`);
    res.status(415).json({ ok: false, error: messages.unsupportedType });
  };

  const refuseCrossSite: RequestHandler = (req, res, next) => {
    const reason = crossSiteRefusal(req, options.siteUrl);
    if (!reason) return next();
    req.log.warn({ reason }, `${noun} refused: cross-site request`);
    res.status(403).json({ ok: false, error: messages.crossSite });
  };

  const limiter: RequestHandler =
    limit > 0
      ? rateLimit({
          windowMs,
          limit,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          skipFailedRequests: options.countOnlyAccepted ?? false,
          keyGenerator: clientOf,
          // Shared by the replicas (PostgreSQL) when there is one. If it cannot be reached the
          // request goes on, and meets the same database in its handler: a 503, never a 500.
          store: options.rateLimit.store,
          passOnStoreError: options.rateLimit.store !== undefined,
          // Its configuration warnings (e.g. a too-permissive TRUST_PROXY) go to our log. Its
          // per-request X-Forwarded-For complaint is replaced by the one start-up warning
          // (trustProxyWarning below).
          logger: options.logger,
          // clientOf groups IPv6 by /64 itself (clientKey), which the library cannot see from its source.
          validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
          handler(req, res) {
            req.log.warn(`${noun} refused: client rate limit reached`);
            const retryAfter = Number(res.getHeader('Retry-After')) || Math.ceil(windowMs / 1000);
            options.onRateLimited(req, res, retryAfter);
          },
        })
      : (_req, _res, next) => next();

  const honeypot: RequestHandler = (req, res, next) => {
    if (!honeypotFilled(fieldsOf(req))) return next();
    req.log.info(`${noun}: honeypot filled; answered as success, nothing sent or kept`);
    options.onHoneypot(req, res);
  };

  /** Body parser failures, told in the same JSON shape. */
  const bodyErrors: ErrorRequestHandler = (err, req, res, next) => {
    const type = typeof err?.type === 'string' ? err.type : '';
    if ((req.path !== path && req.path !== options.alsoAt) || !type) return next(err);
    res.setHeader('Cache-Control', 'no-store');
    if (type === 'entity.too.large' || err.status === 413) return res.status(413).json({ ok: false, error: messages.tooLarge });
    if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return res.status(415).json({ ok: false, error: messages.unsupportedType });
    }
    if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
      return res.status(400).json({ ok: false, error: messages.unreadable });
    }
    next(err);
  };

  router.post(
    options.alsoAt ? [path, options.alsoAt] : path,
    noStore,
    requireSupportedType,
    refuseCrossSite,
    express.json({ limit: options.bodyLimit, type: JSON_TYPE }),
    express.urlencoded({ limit: options.bodyLimit, extended: false, type: FORM_TYPE, parameterLimit: 20 }),
    limiter,
    honeypot,
    options.handler,
  );
  router.all(path, noStore, (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json({ ok: false, error: messages.methodNotAllowed });
  });
  router.use(bodyErrors);
  return router;
}

/**
 * The one start-up warning when rate limits are on and TRUST_PROXY is off:
 * behind a proxy every visitor then shares one budget per endpoint.
 */
export function trustProxyWarning(trustProxy: TrustProxy, budgets: { noun: string; limit: number; per: string }[]): string | undefined {
  if (trustProxy !== false) return undefined;
  const on = budgets.filter((budget) => budget.limit > 0);
  if (on.length === 0) return undefined;
  const described = on.map((budget) => `one ${budget.noun} budget (${budget.limit} per ${budget.per})`).join(' and ');
  return `TRUST_PROXY is off: behind a reverse proxy every visitor shares ${described}; set TRUST_PROXY to the proxy's hop count or address`;
}
