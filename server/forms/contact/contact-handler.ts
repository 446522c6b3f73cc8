/**
 * POST /api/contact: the contact form's messages, as JSON (the page's script,
 * integrations) or urlencoded (the form without JavaScript, which posts to
 * /contact itself so the answer stays on the page's address). Behind the
 * shared guards (server/forms/intake/: type, cross-site, 64 kB body,
 * CONTACT_RATE_LIMIT per hour, honeypot), then:
 *
 *   400  the shared rule (shared/rules/contact-message.ts), naming each field
 *   503  the ledger could not be written: nothing was kept, and we say so
 *   200  recorded (fsync'd) in the message ledger: received. Sending by SMTP
 *        happens after, in the outbox; the visitor's answer never waits on it.
 *
 * JSON gets `{ ok, message | error, fields? }`. The form without
 * JavaScript gets a 303 to /contact?message=received on success; on any
 * refusal, the contact page itself with what the visitor typed and what is
 * wrong, so nothing typed is lost and nothing travels in a URL.
 *
 * What visitors write is personal data: it is never logged; log lines carry
 * the message id only.
 */
import type express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { anchors, paths } from '../../../shared/paths';
import { checkContactMessage, CONTACT_OUTCOME_PARAM, CONTACT_RECEIVED, contactValuesOf } from '../../../shared/rules/contact-message';
import type { ContactErrors, ContactFormState, ContactValues } from '../../../shared/rules/contact-message';
import { errorCode } from '../intake/error-code';
import { fieldsOf, formEndpoint, isFormPost } from '../intake/form-endpoint';
import type { MessageEntry } from './message-ledger';

export const CONTACT_BODY_LIMIT = '64kb';
export const CONTACT_RATE_WINDOW_MS = 60 * 60_000;

export const contactApiMessages = {
  received: 'Thank you. Your message has been received, and we will reply by email within two business days.',
  invalid: 'Some fields need correcting',
  rateLimited: 'You have sent several messages in a short time. Please wait an hour and try again, or email us directly.',
  unavailable: 'Your message could not be saved just now, so it has not reached us. Please try again in a minute, or email us directly.',
  crossSite: 'Messages are only accepted from the contact form on this website. Please write to us there.',
  unsupportedType:
    'Please send the message as JSON, like {"name": "…", "email": "name@example.com", "message": "…"}, or from the form on this website.',
  tooLarge: 'The message was too large. Please keep it under 5,000 characters.',
  unreadable: 'The message could not be read. Please send JSON like {"name": "…", "email": "name@example.com", "message": "…"}.',
  methodNotAllowed: 'Messages are sent with POST, from the contact form on this website.',
  formRefused:
    'The form could not be shown again just now: too many pages were asked for at once. Go back (your browser keeps what you typed), wait a few seconds and send it again, or email us directly.',
} as const;

export interface ContactRouterDeps {
  siteUrl: string;
  logger: Logger;
  rateLimit: { limit: number; windowMs: number; store?: Store };
  /** The topic ids the form offers now (content/pages/contact.yaml). */
  topics: () => readonly string[];
  /** Records a valid message, fsync'd, and queues it for sending; rejects when it could not be written. */
  record: (values: ContactValues, log: Logger) => Promise<MessageEntry>;
  /**
   * The contact page showing this form state, for the form without JavaScript,
   * made for `req`'s client within the render budget (server/pages/render-admission.ts),
   * or that the budget or the queue refused it.
   */
  renderForm: (
    state: ContactFormState,
    req: Request,
  ) => Promise<{ html: string } | { refused: { status: 429 | 503; retryAfterSeconds: number } }>;
  /** Called once per message with its outcome (for metrics). */
  /** Told each outcome with its request (metrics; analytics counts the received ones as leads). */
  onOutcome?: (outcome: 'received' | 'invalid' | 'rate-limited' | 'unavailable' | 'honeypot', req: Request) => void;
}

/** "name: Please enter your name. message: …", for integrations reading `error`. */
function describeErrors(errors: ContactErrors): string {
  return `${contactApiMessages.invalid}: ${Object.entries(errors)
    .map(([field, message]) => `${field}: ${message}`)
    .join(' ')}`;
}

const RECEIVED_LOCATION = `${paths.contact}?${CONTACT_OUTCOME_PARAM}=${CONTACT_RECEIVED}#${anchors.contactForm}`;

export function contactRouter(deps: ContactRouterDeps): express.Router {
  /** The form without JavaScript, refused: the page again, with what was typed and why it was refused. */
  async function showForm(req: Request, res: Response, status: number, state: ContactFormState) {
    const page = await deps.renderForm(state, req);
    if ('refused' in page) {
      // Past the render budget: said in words, not with the page (the browser's Back keeps what was typed).
      res.setHeader('Retry-After', String(page.refused.retryAfterSeconds));
      res.status(page.refused.status).type('text/plain').send(contactApiMessages.formRefused);
      return;
    }
    res.status(status).type('html').send(page.html);
  }

  function received(req: Request, res: Response) {
    if (isFormPost(req)) return res.redirect(303, RECEIVED_LOCATION);
    res.status(200).json({ ok: true, message: contactApiMessages.received });
  }

  async function refused(req: Request, res: Response, status: number, error: string, state: Omit<ContactFormState, 'sent'>) {
    if (isFormPost(req)) return showForm(req, res, status, { sent: false, ...state });
    res.status(status).json({ ok: false, error, ...(state.errors ? { fields: state.errors } : {}) });
  }

  const contact: RequestHandler = async (req, res, next) => {
    try {
      const check = checkContactMessage(fieldsOf(req), deps.topics());
      if (!check.ok) {
        deps.onOutcome?.('invalid', req);
        req.log.info({ fields: Object.keys(check.errors) }, 'contact message refused: fields need correcting');
        return await refused(req, res, 400, describeErrors(check.errors), { values: check.values, errors: check.errors });
      }
      let entry: MessageEntry;
      try {
        entry = await deps.record(check.values, req.log);
      } catch (error) {
        deps.onOutcome?.('unavailable', req);
        req.log.error({ code: errorCode(error) ?? 'error' }, 'contact message could not be recorded');
        res.setHeader('Retry-After', '60');
        return await refused(req, res, 503, contactApiMessages.unavailable, {
          values: check.values,
          problem: contactApiMessages.unavailable,
        });
      }
      deps.onOutcome?.('received', req);
      req.log.info({ messageId: entry.id, status: entry.status }, 'contact message received');
      received(req, res);
    } catch (error) {
      next(error);
    }
  };

  return formEndpoint({
    path: paths.contactApi,
    alsoAt: paths.contact,
    noun: 'contact message',
    siteUrl: deps.siteUrl,
    logger: deps.logger,
    bodyLimit: CONTACT_BODY_LIMIT,
    rateLimit: deps.rateLimit,
    countOnlyAccepted: true,
    messages: contactApiMessages,
    onRateLimited(req, res, retryAfter) {
      deps.onOutcome?.('rate-limited', req);
      res.setHeader('Retry-After', String(retryAfter));
      const values = contactValuesOf(fieldsOf(req));
      void refused(req, res, 429, contactApiMessages.rateLimited, { values, problem: contactApiMessages.rateLimited }).catch(
        (error: unknown) => {
          req.log.error({ err: error }, 'contact page could not be rendered');
          if (!res.headersSent) res.status(429).type('text/plain').send(contactApiMessages.rateLimited);
        },
      );
    },
    onHoneypot(req, res) {
      // Bots are told it worked, so they learn nothing; nothing is kept or sent.
      deps.onOutcome?.('honeypot', req);
      received(req, res);
    },
    handler: contact,
  });
}
