/** The contact form's configuration (server/forms/contact/): CONTACT_*, the message ledger and where messages are sent. */
import path from 'node:path';
import { checkEmail } from '../../shared/rules/email';
import { ConfigError, read } from './env-values';
import type { Env } from './env-values';

export interface ContactConfig {
  /** The message ledger (CONTACT_FILE): every message, on disk first. */
  file: string;
  /** Where messages are sent; absent, the ledger is the inbox. */
  smtp?: {
    url: string;
    /** Recipients (CONTACT_TO), and who gets the compliance copy (CONTACT_COPY_TO, Bcc). */
    to: string[];
    from: string;
    copyTo: string[];
  };
  /** Messages per client per hour; 0 turns the limit off. */
  rateLimit: number;
}

/** A list of addresses separated by commas; each must pass the site's email rule. */
function parseAddresses(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const addresses = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const address of addresses) {
    if (!checkEmail(address).ok) throw new ConfigError(`${name} must be email addresses separated by commas (got "${address}")`);
  }
  return addresses;
}

export function parseContact(env: Env, rootDir: string): ContactConfig {
  const url = read(env, 'CONTACT_SMTP_URL');
  const to = parseAddresses(env, 'CONTACT_TO');
  const from = parseAddresses(env, 'CONTACT_FROM');
  const copyTo = parseAddresses(env, 'CONTACT_COPY_TO');
  let smtp: ContactConfig['smtp'];
  if (url !== undefined) {
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = '';
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') {
      throw new ConfigError('CONTACT_SMTP_URL must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example.com:465');
    }
    if (to.length === 0) throw new ConfigError('CONTACT_TO must be set when CONTACT_SMTP_URL is: the address that receives the messages');
    if (from.length !== 1)
      throw new ConfigError('CONTACT_FROM must be one address when CONTACT_SMTP_URL is: the sender the SMTP server accepts');
    smtp = { url, to, from: from[0]!, copyTo };
  } else if (to.length > 0 || copyTo.length > 0) {
    throw new ConfigError('CONTACT_SMTP_URL must be set for CONTACT_TO and CONTACT_COPY_TO to take effect');
  }
  const rawLimit = read(env, 'CONTACT_RATE_LIMIT');
  if (rawLimit !== undefined && (!/^\d+$/.test(rawLimit) || Number(rawLimit) > 1_000_000)) {
    throw new ConfigError(`CONTACT_RATE_LIMIT must be a whole number of messages per client per hour, 0 for no limit (got "${rawLimit}")`);
  }
  return {
    file: path.resolve(rootDir, read(env, 'CONTACT_FILE') ?? 'data/messages.jsonl'),
    smtp,
    rateLimit: rawLimit === undefined ? 5 : Number(rawLimit),
  };
}
