/**
 * Sends one contact message to the firm over SMTP with nodemailer
 * (CONTACT_SMTP_URL), and says what became of it in the outbox's terms.
 *
 * The email is built so that nothing the visitor typed can become a header
 * or markup:
 * - plain text only; the visitor's words are in the body, never in HTML;
 * - the subject names the topic by its label from the content files (the
 *   visitor only picks its id), never the visitor's own text;
 * - Reply-To is the visitor's address, which passed the email rule (no line
 *   breaks, no display name);
 * - nodemailer encodes every header it writes.
 *
 * The compliance copy (CONTACT_COPY_TO) travels in the same SMTP transaction
 * as a Bcc, so the firm and compliance get one message, sent once. The
 * Message-ID is made from the message's id: should a crash make the outbox
 * send a message twice, mail systems can tell it is the same one.
 *
 * SMTP answers: 2xx → delivered; 4xx, no connection, a time-out → tried again
 * with backoff; 5xx → refused for good (marked failed for the operator).
 */
import nodemailer from 'nodemailer';
import type { SendOutcome } from '../outbox/outbox-queue';
import type { MessageEntry } from './message-ledger';

export interface SmtpSettings {
  url: string;
  to: string[];
  from: string;
  copyTo: string[];
}

export interface MailerOptions {
  smtp: SmtpSettings;
  /** SITE_URL: its host names the Message-ID's domain and the site in the text. */
  siteUrl: string;
  /** The label of each topic id the form offers, from the content of the moment. */
  topicLabel: (id: string) => string | undefined;
  /** Limits for connecting, the greeting and each exchange. */
  timeoutMs?: number;
}

export const DEFAULT_SMTP_TIMEOUT_MS = 15_000;

/** The email for one message: what nodemailer is given. */
export function composeEmail(entry: MessageEntry, options: Pick<MailerOptions, 'smtp' | 'siteUrl' | 'topicLabel'>) {
  const host = new URL(options.siteUrl).hostname;
  const topic = entry.topic ? (options.topicLabel(entry.topic) ?? entry.topic) : undefined;
  const lines = [
    `A message from the contact form on ${options.siteUrl}/contact`,
    '',
    `Name:     ${entry.name}`,
    `Email:    ${entry.email}`,
    `Firm:     ${entry.company || '(not given)'}`,
    `Phone:    ${entry.phone || '(not given)'}`,
    `Interest: ${topic ?? '(not chosen)'}`,
    `Received: ${entry.at}`,
    `Reference: ${entry.id}`,
    '',
    '----- Message -----',
    '',
    entry.message,
    '',
    '-------------------',
    'Reply to this email to answer the visitor (Reply-To is their address).',
  ];
  return {
    from: options.smtp.from,
    to: options.smtp.to,
    bcc: options.smtp.copyTo.length > 0 ? options.smtp.copyTo : undefined,
    replyTo: entry.email,
    subject: topic ? `Website enquiry: ${topic}` : 'Website enquiry (no topic chosen)',
    text: `${lines.join('\n')}\n`,
    messageId: `<${entry.id}@${host}>`,
    date: new Date(entry.at),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** The SMTP server's words, on one line and short, for the operator. */
function described(error: SmtpError): string {
  const text = (error.response ?? error.message ?? 'SMTP error').replace(/\s+/g, ' ').trim();
  const shortened = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  return error.code ? `${error.code}: ${shortened}` : shortened;
}

/** Reads a failed send: a 5xx answer is final, anything else is worth another try. */
export function outcomeOfSmtpError(error: unknown): SendOutcome {
  const smtpError = (error && typeof error === 'object' ? error : { message: String(error) }) as SmtpError;
  const code = smtpError.responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) {
    return { kind: 'refused', detail: `SMTP server refused the message: ${described(smtpError)}`, cause: `smtp-${code}` };
  }
  return {
    kind: 'retry',
    detail: `SMTP not available: ${described(smtpError)}`,
    cause: typeof code === 'number' ? `smtp-${code}` : (smtpError.code ?? 'error').toLowerCase(),
  };
}

export function createSmtpMailer(options: MailerOptions) {
  const timeout = options.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    url: options.smtp.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(entry: MessageEntry): Promise<SendOutcome> {
      try {
        const info = await transport.sendMail(composeEmail(entry, options));
        const refused = info.rejected.length;
        return refused > 0
          ? { kind: 'delivered', detail: `SMTP server accepted the message but refused ${refused} of its recipients` }
          : { kind: 'delivered' };
      } catch (error) {
        return outcomeOfSmtpError(error);
      }
    },
    close: () => transport.close(),
  };
}
