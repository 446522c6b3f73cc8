/**
 * One environment variable at a time, as every area of the configuration
 * reads it: its trimmed value (blank is unset), and the shapes several areas
 * share (a port, an http(s) URL, a count). A bad value is a ConfigError whose
 * message names the variable: start-up stops with that one line.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

export function parsePort(env: Env, name = 'PORT'): number | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535 (got "${raw}")`);
  }
  return Number(raw);
}

/** A whole number from `name`, `fallback` when unset; `what` says what it counts, for the error. */
export function parseCount(env: Env, name: string, fallback: number, what: string, max = 1_000_000): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new ConfigError(`${name} must be a whole number of ${what} (got "${raw}")`);
  return Number(raw);
}

export function parseUrl(env: Env, name: string, fallback: string): string {
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
