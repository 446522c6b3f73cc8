/** The newsletter's configuration (server/forms/newsletter/): NEWSLETTER_*, the provider and the sign-up ledger. */
import path from 'node:path';
import { ConfigError, parseUrl, read } from './env-values';
import type { Env } from './env-values';

export type NewsletterProviderName = 'klaviyo-form' | 'klaviyo-api' | 'file';

export interface NewsletterConfig {
  provider: NewsletterProviderName;
  listId?: string;
  endpoint: string;
  file: string;
  companyId?: string;
  apiUrl: string;
  /** Sign-ups per client per minute; 0 turns the limit off. */
  rateLimit: number;
}

const PROVIDERS: NewsletterProviderName[] = ['klaviyo-form', 'klaviyo-api', 'file'];

function parseRateLimit(env: Env): number {
  const raw = read(env, 'NEWSLETTER_RATE_LIMIT');
  if (raw === undefined) return 5;
  if (!/^\d+$/.test(raw) || Number(raw) > 1_000_000) {
    throw new ConfigError(`NEWSLETTER_RATE_LIMIT must be a whole number of sign-ups per client per minute, 0 for no limit (got "${raw}")`);
  }
  return Number(raw);
}

export function parseNewsletter(env: Env, rootDir: string): NewsletterConfig {
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
