/**
 * Run-time configuration, read from the environment once at start-up.
 * A bad value stops start-up with one line naming the variable (ConfigError).
 *
 * Each area reads its own variables in a file of this folder, beside the room
 * that uses them: ./http.ts (the edge), ./pages.ts, ./storage.ts, ./outbox.ts,
 * ./newsletter.ts, ./contact.ts, ./cms.ts (the editor), ./content-sync.ts (the followed branch) and ./analytics.ts; ./env-values.ts
 * holds the shapes they share. This file composes them into one AppConfig,
 * and reads the few values no area owns: LOG_LEVEL, NODE_ENV, HOST and ARCHIVE_DIR.
 */
import path from 'node:path';
import { parseAnalytics } from './analytics';
import type { AnalyticsConfig } from './analytics';
import { parseCms } from './cms';
import type { CmsConfig } from './cms';
import { parseContact } from './contact';
import { parseContentSync } from './content-sync';
import type { ContentSyncConfig } from './content-sync';
import type { ContactConfig } from './contact';
import { ConfigError, parsePort, read } from './env-values';
import type { Env } from './env-values';
import { parseDrainSeconds, parseFastLane, parseMetricsPort, parseSiteUrl, parseTrustProxy } from './http';
import type { TrustProxy } from './http';
import { parseNewsletter } from './newsletter';
import type { NewsletterConfig } from './newsletter';
import { checkLease, parseLeaseSeconds } from './outbox';
import { parseRenders } from './pages';
import type { RenderLimits } from './pages';
import { parseSignIn } from './sign-in';
import type { SignInConfig } from './sign-in';
import { parseDatabaseUrl } from './storage';

// What parseConfig throws is part of what it is: callers catch it without knowing which area threw.
export { ConfigError };

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
  renders: RenderLimits;
  /** ARCHIVE_DIR: where the server archives itself after start when its content changed (server/archive/); undefined: never. */
  archiveDir?: string;
  /**
   * DATABASE_URL: keep sign-ups, messages and rate limits in PostgreSQL, shared
   * by every replica (server/forms/storage/storage.ts); undefined: the ledger files.
   */
  databaseUrl?: string;
  /**
   * OUTBOX_LEASE_SECONDS: how long a replica's claim on a record it is sending keeps the others off
   * (server/forms/outbox/outbox.ts); longer than the time limit of every send configured (./outbox.ts, checkLease).
   */
  outboxLeaseSeconds: number;
  /** The editor at /admin (server/admin/). */
  cms: CmsConfig;
  newsletter: NewsletterConfig;
  contact: ContactConfig;
  /** CONTENT_REPO and the rest: the content branch the site follows (server/content-sync/); undefined: the image's content/. */
  contentSync?: ContentSyncConfig;
  /** ANALYTICS and the rest: counting visits on the server (server/analytics/). */
  analytics: AnalyticsConfig;
  /**
   * OIDC_*: the staff's sign-in (server/admin/sign-in/), when the editor's backend is the site or
   * ANALYTICS_READERS names who may read the report; undefined: no one signs in here.
   */
  signIn?: SignInConfig;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseLogLevel(env: Env): string {
  const raw = read(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(raw)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}")`);
  return raw;
}

export function parseConfig(env: Env, rootDir: string = process.cwd()): AppConfig {
  const port = parsePort(env) ?? 3000;
  const isProduction = env.NODE_ENV === 'production';
  const config: AppConfig = {
    port,
    host: read(env, 'HOST') ?? '0.0.0.0',
    siteUrl: parseSiteUrl(env, { port, isProduction }),
    trustProxy: parseTrustProxy(env),
    logLevel: parseLogLevel(env),
    isProduction,
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
    contentSync: parseContentSync(env, rootDir),
    analytics: parseAnalytics(env, rootDir),
  };
  const { backend } = config.cms;
  if (backend?.name === 'site') config.signIn = backend;
  else if (config.analytics.readers.length > 0) config.signIn = parseSignIn(env, 'ANALYTICS_READERS is set');
  checkLease(config.outboxLeaseSeconds, config.newsletter, config.contact);
  return config;
}
