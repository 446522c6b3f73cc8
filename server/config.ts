/**
 * Run-time configuration, read from the environment once at start-up.
 * A bad value stops start-up with one line naming the variable.
 */
import express from 'express';
import path from 'node:path';
import { checkEmail } from '../shared/rules/email';

export type TrustProxy = boolean | number | string;
export type NewsletterProviderName = 'klaviyo-form' | 'klaviyo-api' | 'file';
export type CmsBackendName = 'github' | 'gitlab' | 'gitea';

/** Where the editor at /admin (server/admin/) reads and writes content/ in production: the git host and how editors log in. */
export type CmsBackend =
  /** GitHub has no PKCE for browser apps: logins go through the operator's OAuth helper at authUrl (Decap's base_url). */
  | { name: 'github'; repo: string; branch: string; authUrl: string }
  /** GitLab logs in with PKCE: an OAuth application's id, no secret; baseUrl for a self-hosted GitLab. */
  | { name: 'gitlab'; repo: string; branch: string; appId: string; baseUrl: string }
  /** Gitea (or Forgejo's Gitea API) logs in with PKCE too, on the operator's own instance. */
  | { name: 'gitea'; repo: string; branch: string; appId: string; baseUrl: string };

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
  /**
   * What the site makes per request (server/pages/render-admission.ts):
   * RENDER_RATE_LIMIT pages a second per client (bursts of twice that; 0: no
   * budget), RENDER_QUEUE renders waiting at most for everyone (past it, 503),
   * RENDER_SHARE the percent of one core they may take together (100: no limit).
   */
  renders: { perSecond: number; burst: number; queue: number; share: number };
  /** ARCHIVE_DIR: where the server archives itself after start when its content changed (server/archive/); undefined: never. */
  archiveDir?: string;
  /**
   * DATABASE_URL: keep sign-ups, messages and rate limits in PostgreSQL, shared
   * by every replica (server/forms/storage/storage.ts); undefined: the ledger files.
   */
  databaseUrl?: string;
  /**
   * OUTBOX_LEASE_SECONDS: how long a replica's claim on a record it is sending keeps the others off
   * (server/forms/outbox/outbox.ts); longer than the time limit of every send configured (checkLease).
   */
  outboxLeaseSeconds: number;
  /** The editor at /admin (server/admin/). */
  cms: {
    /** CMS_BACKEND and the rest; undefined: no production editor (/admin is a 404 in production). */
    backend?: CmsBackend;
    /** CMS_PROXY_PORT: decap-server's port on this machine, which /admin uses outside production. */
    proxyPort: number;
  };
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
function checkLease(leaseSeconds: number, newsletter: AppConfig['newsletter'], contact: AppConfig['contact']): void {
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

function parseFastLane(env: Env): boolean {
  const raw = read(env, 'FAST_LANE')?.toLowerCase();
  if (raw === undefined || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`FAST_LANE must be "on" or "off" (got "${read(env, 'FAST_LANE')}")`);
}

/** A whole number from `name`, `fallback` when unset; `what` says what it counts, for the error. */
function parseCount(env: Env, name: string, fallback: number, what: string, max = 1_000_000): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new ConfigError(`${name} must be a whole number of ${what} (got "${raw}")`);
  return Number(raw);
}

function parseRenders(env: Env): AppConfig['renders'] {
  const perSecond = parseCount(env, 'RENDER_RATE_LIMIT', 10, 'new pages a second per client, 0 for no limit', 100_000);
  const queue = parseCount(env, 'RENDER_QUEUE', 32, 'renders that may wait for a turn', 100_000);
  const percent = parseCount(env, 'RENDER_SHARE', 10, 'percent of one core, 1 to 100', 100);
  if (percent < 1) throw new ConfigError(`RENDER_SHARE must be a whole number of percent of one core, 1 to 100 (got "0")`);
  return { perSecond, burst: perSecond * 2, queue, share: percent / 100 };
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
    throw new ConfigError(`TRUST_PROXY must be true, false, a hop count, or a comma-separated list of addresses/subnets (got "${raw}")`);
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
  const addresses = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
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

const CMS_BACKENDS: CmsBackendName[] = ['github', 'gitlab', 'gitea'];

/** An https URL with no query or fragment, without its trailing slash: where a git host or an OAuth helper lives. */
function parseHostUrl(env: Env, name: string, example: string): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.search || url.hash || url.username) {
    throw new ConfigError(`${name} must be an https URL such as ${example} (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
}

function parseCms(env: Env): AppConfig['cms'] {
  const proxyPort = parsePort(env, 'CMS_PROXY_PORT') ?? 8081;
  const rawBackend = read(env, 'CMS_BACKEND');
  if (rawBackend === undefined) {
    const stray = ['CMS_REPO', 'CMS_BRANCH', 'CMS_APP_ID', 'CMS_BASE_URL', 'CMS_AUTH_URL'].filter((name) => read(env, name) !== undefined);
    if (stray.length > 0) throw new ConfigError(`CMS_BACKEND must be set (github, gitlab or gitea) for ${stray.join(', ')} to take effect`);
    return { proxyPort };
  }
  const name = rawBackend.toLowerCase() as CmsBackendName;
  if (!CMS_BACKENDS.includes(name)) throw new ConfigError(`CMS_BACKEND must be one of ${CMS_BACKENDS.join(', ')} (got "${rawBackend}")`);
  const repo = read(env, 'CMS_REPO');
  // GitLab repositories may sit in subgroups (group/subgroup/name); the others are owner/name.
  const repoPattern = name === 'gitlab' ? /^[\w.-]+(\/[\w.-]+)+$/ : /^[\w.-]+\/[\w.-]+$/;
  if (repo === undefined || !repoPattern.test(repo)) {
    throw new ConfigError(
      `CMS_REPO must be the repository as owner/name, such as harbor-ledger/site, when CMS_BACKEND is ${name} (got ${repo === undefined ? 'nothing' : `"${repo}"`})`,
    );
  }
  const branch = read(env, 'CMS_BRANCH') ?? 'main';
  if (!/^[\w./-]+$/.test(branch) || branch.includes('..'))
    throw new ConfigError(`CMS_BRANCH must be a branch name such as main (got "${branch}")`);
  const appId = read(env, 'CMS_APP_ID');
  const baseUrl = parseHostUrl(env, 'CMS_BASE_URL', name === 'gitea' ? 'https://git.example.com' : 'https://gitlab.example.com');
  const authUrl = parseHostUrl(env, 'CMS_AUTH_URL', 'https://cms-auth.example.com');
  if (name === 'github') {
    if (!authUrl) {
      throw new ConfigError(
        'CMS_AUTH_URL must be set when CMS_BACKEND is github: the https address of the OAuth helper that logs editors in to GitHub',
      );
    }
    return { proxyPort, backend: { name, repo, branch, authUrl } };
  }
  if (!appId) {
    throw new ConfigError(
      `CMS_APP_ID must be set when CMS_BACKEND is ${name}: the id of the OAuth application editors log in with (PKCE, no secret)`,
    );
  }
  if (name === 'gitea') {
    if (!baseUrl)
      throw new ConfigError(
        'CMS_BASE_URL must be set when CMS_BACKEND is gitea: the https address of the Gitea server, such as https://git.example.com',
      );
    return { proxyPort, backend: { name, repo, branch, appId, baseUrl } };
  }
  return { proxyPort, backend: { name, repo, branch, appId, baseUrl: baseUrl ?? 'https://gitlab.com' } };
}

export function parseConfig(env: Env, rootDir: string = process.cwd()): AppConfig {
  const port = parsePort(env) ?? 3000;
  const config: AppConfig = {
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
    renders: parseRenders(env),
    archiveDir: read(env, 'ARCHIVE_DIR') === undefined ? undefined : path.resolve(rootDir, read(env, 'ARCHIVE_DIR')!),
    databaseUrl: parseDatabaseUrl(env),
    outboxLeaseSeconds: parseLeaseSeconds(env),
    cms: parseCms(env),
    newsletter: parseNewsletter(env, rootDir),
    contact: parseContact(env, rootDir),
  };
  checkLease(config.outboxLeaseSeconds, config.newsletter, config.contact);
  return config;
}
