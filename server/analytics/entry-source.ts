/**
 * Where a visitor-day came from, read from its first page: the `Referer`'s
 * host when it is another site's (a link within the site is not a source),
 * the campaign from the landing address's utm_ parameters, and one channel
 * for both. Only hosts are kept, never a referring path or query: those can
 * carry another site's search words or a person's identifiers.
 */
import { AI_HOSTS, EMAIL_HOSTS, GOOGLE_SEARCH_HOST, SEARCH_HOSTS, SOCIAL_HOSTS } from './referrer-hosts';

export const CHANNELS = ['search', 'social', 'email', 'ai', 'referral', 'direct', 'campaign'] as const;
export type Channel = (typeof CHANNELS)[number];

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'content', 'term'] as const;
export type Campaign = Record<(typeof UTM_FIELDS)[number], string | null>;

export interface EntrySource {
  channel: Channel;
  /** The referring host (www. dropped), else the campaign's utm_source; null: direct. */
  source: string | null;
  campaign: Campaign | null;
}

/** Longer than any real campaign name; what is longer is someone filling the store. */
export const MAX_UTM_LENGTH = 100;
const MAX_REFERER_LENGTH = 4096;
// Control characters and invisible formatting (bidi overrides, zero-width): a report must show what it counts.
const UNPRINTABLE = /[\p{Cc}\p{Cf}]/u;

function bareHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/** The referring host, or null when there is none, it is not a web or app address, or it is this site. */
export function referrerHost(referer: string | undefined, siteOrigin: string): string | null {
  if (!referer || referer.length > MAX_REFERER_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (!['http:', 'https:', 'android-app:'].includes(url.protocol) || !url.hostname) return null;
  const host = bareHost(url.hostname);
  return host === bareHost(new URL(siteOrigin).hostname) ? null : host;
}

function lookUp(table: Record<string, string>, host: string): boolean {
  const labels = host.split('.');
  return labels.some((_, index) => labels.slice(index).join('.') in table);
}

/** The channel a referring host belongs to; AI and webmail first, as they live under search engines' domains. */
export function channelOfHost(host: string): Channel {
  if (lookUp(AI_HOSTS, host)) return 'ai';
  if (lookUp(EMAIL_HOSTS, host)) return 'email';
  if (lookUp(SEARCH_HOSTS, host) || GOOGLE_SEARCH_HOST.test(host)) return 'search';
  if (lookUp(SOCIAL_HOSTS, host)) return 'social';
  return 'referral';
}

function utmValue(params: URLSearchParams, field: string): string | null {
  const value = params.get(`utm_${field}`)?.trim();
  if (!value || value.length > MAX_UTM_LENGTH || UNPRINTABLE.test(value)) return null;
  return value;
}

/** The utm_ parameters of the landing address (a path with its query, or a full URL); null when none is usable. */
export function campaignOf(landing: string): Campaign | null {
  const query = landing.indexOf('?');
  if (query < 0) return null;
  const params = new URLSearchParams(landing.slice(query + 1).replace(/#.*$/, ''));
  const campaign = Object.fromEntries(UTM_FIELDS.map((field) => [field, utmValue(params, field)])) as Campaign;
  return UTM_FIELDS.some((field) => campaign[field] !== null) ? campaign : null;
}

const EMAIL_MEDIUMS = new Set(['email', 'e-mail', 'e_mail', 'newsletter']);
const SOCIAL_MEDIUMS = new Set(['social', 'social-network', 'social_network', 'social-media', 'social_media', 'sm']);

/** A tagged link says what it is (its medium) before the referrer does: mail clients and apps send none. */
export function entrySource(referer: string | undefined, landing: string, siteOrigin: string): EntrySource {
  const host = referrerHost(referer, siteOrigin);
  const campaign = campaignOf(landing);
  const source = host ?? campaign?.source ?? null;
  if (campaign) {
    const medium = campaign.medium?.toLowerCase() ?? '';
    const channel = EMAIL_MEDIUMS.has(medium) ? 'email' : SOCIAL_MEDIUMS.has(medium) ? 'social' : 'campaign';
    return { channel, source, campaign };
  }
  return { channel: host ? channelOfHost(host) : 'direct', source, campaign: null };
}
