/**
 * The contact form put together: the message ledger (CONTACT_FILE, every
 * message on disk first), its queue in the one outbox when SMTP is set
 * (CONTACT_SMTP_URL, CONTACT_TO, CONTACT_FROM, CONTACT_COPY_TO), and
 * POST /api/contact. Without SMTP settings the ledger is the inbox, read
 * with `npm run messages`, and the server says so once at start-up.
 */
import { paths } from '../../../shared/paths';
import type { AppConfig } from '../../config';
import type { ContactFormContent } from '../../../shared/content/types';
import { createFormIntake } from '../intake/form-intake';
import type { FormIntake, IntakeDeps, IntakeRateLimit } from '../intake/form-intake';
import { CONTACT_RATE_WINDOW_MS, contactRouter } from './contact-handler';
import type { ContactRouterDeps } from './contact-handler';
import { recordMessage } from './message-ledger';
import type { MessageEntry } from './message-ledger';
import { createSmtpMailer } from './smtp-mailer';

export interface ContactOptions {
  /** Messages per client per window. Default CONTACT_RATE_LIMIT per hour; a limit of 0 is none. */
  rateLimit?: IntakeRateLimit;
  /** Time limit of each SMTP exchange. Default 15 s. */
  smtpTimeoutMs?: number;
}

export type ContactMessages = FormIntake<MessageEntry>;

export function createContactMessages(
  config: AppConfig,
  deps: IntakeDeps<MessageEntry> & {
    /** The form's words of the moment (topics and their labels). */
    form: () => ContactFormContent;
    renderForm: ContactRouterDeps['renderForm'];
    onOutcome?: ContactRouterDeps['onOutcome'];
  } & ContactOptions,
): ContactMessages {
  const { smtp } = config.contact;
  const { store } = deps;
  const topicLabel = (id: string) => deps.form().topics.find((topic) => topic.id === id)?.label;

  // With SMTP the ledger is the contact queue of the one outbox; without, it is the inbox.
  const mailer = smtp && createSmtpMailer({ smtp, siteUrl: config.siteUrl, topicLabel, timeoutMs: deps.smtpTimeoutMs });
  return createFormIntake(deps, {
    defaultRateLimit: { limit: config.contact.rateLimit, windowMs: CONTACT_RATE_WINDOW_MS },
    // The form without JavaScript posts to the contact page itself (./contact-handler.ts).
    pagePaths: [paths.contact],
    sender: mailer && { name: 'contact', noun: 'contact message', deliveredStatus: 'sent', refusedStatus: 'failed', send: mailer.send },
    router({ queue, rateLimit, record }) {
      if (!queue) {
        deps.logger.warn(
          { where: store.where },
          'CONTACT_SMTP_URL is not set: contact messages are kept, not sent; read them with `npm run messages -- list`',
        );
      }
      return contactRouter({
        siteUrl: config.siteUrl,
        logger: deps.logger,
        rateLimit,
        topics: () => deps.form().topics.map((topic) => topic.id),
        renderForm: deps.renderForm,
        onOutcome: deps.onOutcome,
        async record(values, log) {
          const entry = await record((firstAttemptAt) => recordMessage(store, values, firstAttemptAt));
          // Sent in the background: the visitor is told it is received, which is already true.
          if (queue) void queue.deliverNow(entry.id, log);
          return entry;
        },
      });
    },
  });
}
