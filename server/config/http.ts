/**
 * The edge's configuration (server/http/): where the server listens and is
 * found (PORT, SITE_URL), whom it believes about the client (TRUST_PROXY),
 * how it leaves (DRAIN_SECONDS), where it serves its metrics (METRICS_PORT)
 * and whether the fast lane answers first (FAST_LANE).
 */
import express from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { ConfigError, parsePort, parseUrl, read } from './env-values';
import type { Env } from './env-values';

export type TrustProxy = boolean | number | string;

/** How many leading bits of an IPv6 address name one client: a /64 is what one home or host is given. */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * The key every per-client budget counts a client's address under (the render
 * budget, the forms' rate limits): an IPv4 address (or an IPv4-mapped IPv6
 * one) as itself, an IPv6 address by its /64, so one client cannot step past
 * a budget by rotating through the addresses of its own network.
 */
export function clientKey(ip: string): string {
  return ipKeyGenerator(ip, IPV6_CLIENT_PREFIX);
}

/** The metrics listener must be a port of its own: the public one never serves /metrics. */
export function parseMetricsPort(env: Env, port: number): number | undefined {
  const metricsPort = parsePort(env, 'METRICS_PORT');
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT, so the public port never serves metrics (both are ${port})`);
  }
  return metricsPort;
}

const MAX_DRAIN_SECONDS = 60;

export function parseDrainSeconds(env: Env): number {
  const raw = read(env, 'DRAIN_SECONDS');
  if (raw === undefined) return 5;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > MAX_DRAIN_SECONDS) {
    throw new ConfigError(
      `DRAIN_SECONDS must be a number of seconds from 0 to ${MAX_DRAIN_SECONDS}, how long to keep answering after SIGTERM (got "${raw}")`,
    );
  }
  return Number(raw);
}

export function parseFastLane(env: Env): boolean {
  const raw = read(env, 'FAST_LANE')?.toLowerCase();
  if (raw === undefined || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`FAST_LANE must be "on" or "off" (got "${read(env, 'FAST_LANE')}")`);
}

/**
 * SITE_URL, or without it this machine: in development on the port the server listens on (npm run dev
 * and npm run edit on PORT=4000 link to and preview http://localhost:4000); in production on 3000, as
 * before, since the compliance archive records pages under it (docs/compliance-archive.md).
 */
export function parseSiteUrl(env: Env, { port, isProduction }: { port: number; isProduction: boolean }): string {
  const fallback = `http://localhost:${!isProduction && port !== 0 ? port : 3000}`;
  const value = parseUrl(env, 'SITE_URL', fallback);
  const url = new URL(value);
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(`SITE_URL must be an origin such as https://www.example.com, without a path (got "${value}")`);
  }
  return url.origin;
}

/** Accepts what Express's 'trust proxy' accepts: true/false, a hop count, or addresses and subnets. */
export function parseTrustProxy(env: Env): TrustProxy {
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
