/**
 * Counting visits on the server (server/analytics/, decision 038): ANALYTICS
 * (on unless off), ANALYTICS_DIR (the store's folder, data/analytics by
 * default) and ANALYTICS_RETENTION_MONTHS (how long the daily aggregates are
 * kept; 25 by default, the most the CNIL allows for consent-exempt measurement)
 * and ANALYTICS_READERS (who may read the report at /admin/analytics, signed in
 * with OIDC_*: ./sign-in.ts, decision 042).
 */
import path from 'node:path';
import { ConfigError, read } from './env-values';
import { parsePeople } from './sign-in';
import type { Env } from './env-values';

export interface AnalyticsConfig {
  enabled: boolean;
  dir: string;
  retentionMonths: number;
  /** ANALYTICS_READERS: the email addresses, lower-cased, of the people who may read the report; none: no report. */
  readers: string[];
}

export const MAX_RETENTION_MONTHS = 25;

export function parseAnalytics(env: Env, rootDir: string): AnalyticsConfig {
  const switched = read(env, 'ANALYTICS')?.toLowerCase() ?? 'on';
  if (switched !== 'on' && switched !== 'off') throw new ConfigError(`ANALYTICS must be on or off (got "${read(env, 'ANALYTICS')}")`);
  const months = read(env, 'ANALYTICS_RETENTION_MONTHS') ?? String(MAX_RETENTION_MONTHS);
  if (!/^\d+$/.test(months) || Number(months) < 1 || Number(months) > MAX_RETENTION_MONTHS) {
    throw new ConfigError(
      `ANALYTICS_RETENTION_MONTHS must be a whole number of months from 1 to ${MAX_RETENTION_MONTHS}, the longest audience measurement may be kept without consent (got "${months}")`,
    );
  }
  if (switched === 'off' && read(env, 'ANALYTICS_READERS') !== undefined) {
    throw new ConfigError('ANALYTICS_READERS has nothing to show while ANALYTICS is off: unset one of them');
  }
  return {
    enabled: switched === 'on',
    dir: path.resolve(rootDir, read(env, 'ANALYTICS_DIR') ?? 'data/analytics'),
    retentionMonths: Number(months),
    readers: parsePeople(env, 'ANALYTICS_READERS'),
  };
}
