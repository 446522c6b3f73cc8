/**
 * A budget per client on the sign-in's routes (/admin/auth/*): a person signing in makes two or three
 * requests, so a client past CMS_SIGN_IN_RATE_LIMIT a minute is a script, told to wait in words (429)
 * and no longer costing the provider a round trip. Clients are told apart as every budget tells them
 * apart (clientKey: the address as 'trust proxy' reads it, an IPv6 client by its /64).
 * In this process's memory, like the sessions: the one editing replica answers every sign-in.
 */
import { rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { clientKey } from '../../config/http';
import { tooManyAttemptsPage } from './sign-in-pages';

const WINDOW_MS = 60 * 1000;

/** `limit` requests per client a minute; 0 for none. */
export function signInRateLimit(limit: number, logger: Logger): RequestHandler {
  if (limit === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    keyGenerator: (req) => clientKey(req.ip ?? ''),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    logger,
    // The site's one start-up warning about TRUST_PROXY covers this too (server/forms/intake/form-endpoint.ts).
    // clientKey groups IPv6 by /64 itself, which the library cannot see from its source.
    validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler(req, res) {
      ((req as { log?: Logger }).log ?? logger).warn('editor sign-in refused: client rate limit reached');
      const retryAfter = Number(res.getHeader('Retry-After')) || WINDOW_MS / 1000;
      res.status(429).setHeader('Cache-Control', 'no-store');
      res.type('html').send(tooManyAttemptsPage(retryAfter));
    },
  });
}
