/**
 * Run-time configuration, read from the environment once at start-up.
 * A bad value stops start-up with one line naming the variable.
 */
import express from 'express';
import path from 'node:path';
import { checkEmail } from '../shared/rules/email';

export type TrustProxy = boolean | number | string;
export type NewsletterProviderName = 'klaviyo-form' | 'klaviyo-api' | 'file';

export interface AppConfig {
  port: number;
  host: string;
  /** Public origin without a trailing slash, e.g. https://www.example.com */
  siteUrl: string;
  trustProxy: TrustProxy;
  logLevel: string;
  /** Production hides error details from visitors and caches the asset manifest. */
  isProduction: boolean;
  /** Folder holding dist/ and public/. */
  rootDir: string;
  /**
   * After SIGTERM, how long the server keeps answering (with `Connection: close`,
   * /readyz failing) before it stops accepting connections. Longer than the
   * proxy's upstream keep-alive timeout, so the proxy drops its idle
   * connections itself (deploy/nginx.conf: 4 s).
   */
  drainSeconds: number;
  /** Port of the second listener that serves GET /metrics; undefined: no metrics. */
  metricsPort?: number;
  /**
   * FAST_LANE: whether pages and hashed assets held in memory are answered
   * before Express (server/http/fast-lane.ts). On unless FAST_LANE=off; turning it
   * off changes no answer, only what one costs.
   */
  fastLane: boolean;
  /** ARCHIVE_DIR: where the server archives itself after start when its content changed (server/archive/); undefined: never. */
  archiveDir?: string;
  /**
   * DATABASE_URL: keep sign-ups, messages and rate limits in PostgreSQL, shared
   * by every replica (server/forms/storage/storage.ts); undefined: the ledger files.
   */
  databaseUrl?: string;
  /** OUTBOX_LEASE_SECONDS: how long a replica's claim on a record it is sending keeps the others off (server/forms/outbox/outbox.ts). */
  outboxLeaseSeconds: number;
  newsletter: {
    provider: NewsletterProviderName;
    listId?: string;
    endpoint: string;
    file: string;
    companyId?: string;
    apiUrl: string;
    /** Sign-ups per client per minute; 0 turns the limit off. */
    rateLimit: number;
  };
  contact: {
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
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const PROVIDERS: NewsletterProviderName[] = ['klaviyo-form', 'klaviyo-api', 'file'];

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(env: Env, name = 'PORT'): number | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535 (got "${raw}")`);
  }
  return Number(raw);
}

/** The metrics listener must be a port of its own: the public one never serves /metrics. */
function parseMetricsPort(env: Env, port: number): number | undefined {
  const metricsPort = parsePort(env, 'METRICS_PORT');
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT, so the public port never serves metrics (both are ${port})`);
  }
  return metricsPort;
}

const MAX_DRAIN_SECONDS = 60;

function parseDrainSeconds(env: Env): number {
  const raw = read(env, 'DRAIN_SECONDS');
  if (raw === undefined) return 5;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > MAX_DRAIN_SECONDS) {
    throw new ConfigError(
      `DRAIN_SECONDS must be a number of seconds from 0 to ${MAX_DRAIN_SECONDS}, how long to keep answering after SIGTERM (got "${raw}")`,
    );
  }
  return Number(raw);
}

function parseDatabaseUrl(env: Env): string | undefined {
  const raw = read(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL, such as postgres://harbor:PASSWORD@db.internal:5432/harbor');
  }
  return raw;
}

const MAX_LEASE_SECONDS = 3600;

function parseLeaseSeconds(env: Env): number {
  const raw = read(env, 'OUTBOX_LEASE_SECONDS');
  if (raw === undefined) return 120;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LEASE_SECONDS) {
    throw new ConfigError(
      `OUTBOX_LEASE_SECONDS must be a whole number of seconds from 1 to ${MAX_LEASE_SECONDS}, longer than a send can take (got "${raw}")`,
    );
  }
  return Number(raw);
}

function parseFastLane(env: Env): boolean {
  const raw = read(env, 'FAST_LANE')?.toLowerCase();
  if (raw === undefined || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`FAST_LANE must be "on" or "off" (got "${read(env, 'FAST_LANE')}")`);
}

function parseUrl(env: Env, name: string, fallback: string): string {
  const raw = read(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

function parseSiteUrl(env: Env): string {
  const value = parseUrl(env, 'SITE_URL', 'http://localhost:3000');
  const url = new URL(value);
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`SITE_URL must be an origin such as https://www.example.com, without a path (got "${value}")`);
  }
  return url.origin;
}

/** Accepts what Express's 'trust proxy' accepts: true/false, a hop count, or addresses and subnets. */
function parseTrustProxy(env: Env): TrustProxy {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  try {
    // Let Express's own parser judge the address list, so what passes here works there.
    express().set('trust proxy', raw);
  } catch {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses/subnets (got "${raw}")`,
    );
  }
  return raw;
}

function parseLogLevel(env: Env): string {
  const raw = read(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return raw;
}

function parseRateLimit(env: Env): number {
  const raw = read(env, 'NEWSLETTER_RATE_LIMIT');
  if (raw === undefined) return 5;
  if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000) {
    throw new ConfigError(`NEWSLETTER_RATE_LIMIT must be a whole number of sign-ups per client per minute, 0 for no limit (got "${raw}")`);
  }
  return Number(raw);
}

/** A list of addresses separated by commas; each must pass the site's email rule. */
function parseAddresses(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  const addresses = raw.split(',').map((part) => part.trim()).filter(Boolean);
  for (const address of addresses) {
    if (!checkEmail(address).ok) throw new ConfigError(`${name} must be email addresses separated by commas (got "${address}")`);
  }
  return addresses;
}

function parseContact(env: Env, rootDir: string): AppConfig['contact'] {
  const url = read(env, 'CONTACT_SMTP_URL');
  const to = parseAddresses(env, 'CONTACT_TO');
  const from = parseAddresses(env, 'CONTACT_FROM');
  const copyTo = parseAddresses(env, 'CONTACT_COPY_TO');
  let smtp: AppConfig['contact']['smtp'];
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
    if (from.length !== 1) throw new ConfigError('CONTACT_FROM must be one address when CONTACT_SMTP_URL is: the sender the SMTP server accepts');
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

function parseNewsletter(env: Env, rootDir: string): AppConfig['newsletter'] {
  const listId = read(env, 'NEWSLETTER_LIST_ID');
  const companyId = read(env, 'NEWSLETTER_COMPANY_ID');
  const rawProvider = read(env, 'NEWSLETTER_PROVIDER');
  const provider = (rawProvider ?? (listId ? 'klaviyo-form' : 'file')) as NewsletterProviderName;
  if (!PROVIDERS.includes(provider)) {
    throw new ConfigError(`NEWSLETTER_PROVIDER must be one of ${PROVIDERS.join(', ')} (got "${rawProvider}")`);
  }
  if (provider !== 'file' && !listId) {
    throw new ConfigError(`NEWSLETTER_LIST_ID must be set when NEWSLETTER_PROVIDER is ${provider}`);
  }
  if (provider === 'klaviyo-api' && !companyId) {
    throw new ConfigError('NEWSLETTER_COMPANY_ID must be set when NEWSLETTER_PROVIDER is klaviyo-api');
  }
  return {
    provider,
    listId,
    companyId,
    endpoint: parseUrl(env, 'NEWSLETTER_ENDPOINT', 'https://manage.kmail-lists.com/ajax/subscriptions/subscribe'),
    apiUrl: parseUrl(env, 'NEWSLETTER_API_URL', 'https://a.klaviyo.com'),
    file: path.resolve(rootDir, read(env, 'NEWSLETTER_FILE') ?? 'data/subscribers.jsonl'),
    rateLimit: parseRateLimit(env),
  };
}

export function parseConfig(env: Env, rootDir: string = process.cwd()): AppConfig {
  const port = parsePort(env) ?? 3000;
  return {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    siteUrl: parseSiteUrl(env),
    trustProxy: parseTrustProxy(env),
    logLevel: parseLogLevel(env),
    isProduction: env.NODE_ENV === 'production',
    rootDir,
    drainSeconds: parseDrainSeconds(env),
    metricsPort: parseMetricsPort(env, port),
    fastLane: parseFastLane(env),
    archiveDir: read(env, 'ARCHIVE_DIR') === undefined ? undefined : path.resolve(rootDir, read(env, 'ARCHIVE_DIR')!),
    databaseUrl: parseDatabaseUrl(env),
    outboxLeaseSeconds: parseLeaseSeconds(env),
    newsletter: parseNewsletter(env, rootDir),
    contact: parseContact(env, rootDir),
  };
}
