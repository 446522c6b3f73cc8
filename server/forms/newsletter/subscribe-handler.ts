/**
 * POST /api/subscribe: the newsletter sign-up, for the page's script (JSON)
 * and for the plain form without JavaScript (urlencoded, answered with a 303
 * back to the page). Behind the shared guards (server/forms/intake/: type,
 * cross-site, 10 kB body, NEWSLETTER_RATE_LIMIT per minute, honeypot), then:
 *
 *   400  the shared email rule (shared/rules/email.ts)
 *   then `submit` (./sign-ups.ts: ledger and provider), whose result
 *   answerFor() maps to HTTP.
 *
 * The address is personal data: it is never logged at info or above (at
 * debug only its domain).
 */
import type express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { paths } from '../../../shared/paths';
import { checkEmail } from '../../../shared/rules/email';
import type { EmailProblem } from '../../../shared/rules/email';
import { newsletterMessages, RETURN_TO_FIELD } from '../../../shared/rules/newsletter';
import type { NewsletterOutcomeCode } from '../../../shared/rules/newsletter';
import { fieldsOf, formEndpoint, isFormPost } from '../intake/form-endpoint';
import { answerFor } from './outcome';
import type { SignUpResult, SubscribeResponseBody } from './outcome';
import { redirectLocation } from './return-path';

export interface SubscribeRouterDeps {
  logger: Logger;
  /** Records and delivers a valid address; never rejects. */
  submit: (email: string, log: Logger) => Promise<SignUpResult>;
  /** For log lines. */
  providerName: string;
  rateLimit: { limit: number; windowMs: number; store?: Store };
  /** Told each outcome with its request (metrics; analytics counts an accepted sign-up as a lead). */
  onOutcome?: (outcome: string, req: Request) => void;
}

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const BODY_LIMIT = '10kb';

const problemCodes: Record<EmailProblem, NewsletterOutcomeCode> = {
  missing: 'missing',
  'too-long': 'too-long',
  invalid: 'invalid',
};

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function subscribeRouter(config: AppConfig, deps: SubscribeRouterDeps): express.Router {
  const providerName = deps.providerName;

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
    deps.onOutcome?.(outcome, req);
    if (isFormPost(req)) {
      // Retry-After on a redirect would mean "wait before following it".
      res.removeHeader('Retry-After');
      res.redirect(303, redirectLocation(req, config.siteUrl, fieldsOf(req)[RETURN_TO_FIELD], code));
      return;
    }
    if (retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(retryAfterSeconds));
    res.status(status).json(body);
  }

  const subscribe: RequestHandler = async (req, res) => {
    const check = checkEmail(fieldsOf(req).email);
    if (!check.ok) {
      req.log.info({ problem: check.problem }, 'newsletter sign-up refused: invalid address');
      return answer(req, res, 400, problemCodes[check.problem], { ok: false, error: check.message });
    }

    req.log.debug({ provider: providerName, emailDomain: emailDomain(check.email) }, 'newsletter sign-up received');
    const result = await deps.submit(check.email, req.log.child({ reqId: req.id }));
    const { status, code, body, retryAfter } = answerFor(result);
    answer(req, res, status, code, body, retryAfter);
  };

  return formEndpoint({
    path: paths.subscribeApi,
    noun: 'newsletter sign-up',
    siteUrl: config.siteUrl,
    logger: deps.logger,
    bodyLimit: BODY_LIMIT,
    rateLimit: deps.rateLimit,
    messages: newsletterMessages,
    onRateLimited: (req, res, retryAfter) =>
      answer(req, res, 429, 'rate-limited', { ok: false, error: newsletterMessages.rateLimited }, retryAfter),
    onHoneypot(req, res) {
      // Bots are told it worked, so they learn nothing.
      const { status, code, body } = answerFor({ kind: 'subscribed' });
      answer(req, res, status, code, body, undefined, 'honeypot');
    },
    handler: subscribe,
  });
}
