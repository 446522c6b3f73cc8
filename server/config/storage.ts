/** Where what visitors send is kept (server/forms/storage/storage.ts): DATABASE_URL, else the ledger files. */
import { ConfigError, read } from './env-values';
import type { Env } from './env-values';

export function parseDatabaseUrl(env: Env): string | undefined {
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
