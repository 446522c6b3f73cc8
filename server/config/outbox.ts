/**
 * The outbox's configuration (server/forms/outbox/): OUTBOX_LEASE_SECONDS, how
 * long a replica's claim on a record it is sending keeps the others off, and
 * the check that it outlasts every send the newsletter and contact
 * configurations turn on.
 */
import type { ContactConfig } from './contact';
import { ConfigError, read } from './env-values';
import type { Env } from './env-values';
import type { NewsletterConfig } from './newsletter';

const MAX_LEASE_SECONDS = 3600;

export function parseLeaseSeconds(env: Env): number {
  const raw = read(env, 'OUTBOX_LEASE_SECONDS');
  if (raw === undefined) return 120;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LEASE_SECONDS) {
    throw new ConfigError(
      `OUTBOX_LEASE_SECONDS must be a whole number of seconds from 1 to ${MAX_LEASE_SECONDS}, longer than a send can take (got "${raw}")`,
    );
  }
  return Number(raw);
}

/**
 * The time limits a send is held to, which a claim's lease must outlast: the
 * newsletter provider's whole answer (DEFAULT_UPSTREAM_TIMEOUT_MS,
 * forms/newsletter/sign-ups.ts) and each exchange with the SMTP server
 * (DEFAULT_SMTP_TIMEOUT_MS, forms/contact/smtp-mailer.ts; test/unit/config.test.ts
 * checks the numbers agree).
 */
export const SEND_TIME_LIMIT_SECONDS = { newsletter: 8, smtpExchange: 15 } as const;
/** Beyond the send: recording its answer while the claim still holds (a store write, on a loaded machine). */
const RECORD_SECONDS = 5;

/**
 * A lease that can run out while its send is still within its time limit
 * lets another replica take the record and send it again: refused, for the
 * senders this configuration turns on (none: nothing is sent, any lease does).
 */
export function checkLease(leaseSeconds: number, newsletter: NewsletterConfig, contact: ContactConfig): void {
  const senders = [
    ...(newsletter.provider !== 'file'
      ? [{ when: `NEWSLETTER_PROVIDER is ${newsletter.provider}`, what: 'a provider call', seconds: SEND_TIME_LIMIT_SECONDS.newsletter }]
      : []),
    ...(contact.smtp ? [{ when: 'CONTACT_SMTP_URL is set', what: 'an SMTP exchange', seconds: SEND_TIME_LIMIT_SECONDS.smtpExchange }] : []),
  ];
  const longest = senders.sort((a, b) => b.seconds - a.seconds)[0];
  if (!longest || leaseSeconds >= longest.seconds + RECORD_SECONDS) return;
  throw new ConfigError(
    `OUTBOX_LEASE_SECONDS must be at least ${longest.seconds + RECORD_SECONDS} when ${longest.when}: ` +
      `a claim must outlast ${longest.what} (${longest.seconds} s at most) and the writing of its answer, ` +
      `or another replica sends it again (got ${leaseSeconds})`,
  );
}
