/**
 * Recognising the platform links an episode's listenUrl may hold (spec §2
 * 'Episode detail page', §5 'YouTube link recognition', §9).
 * Pure functions: no DOM, no network; the same answer on server and client.
 */
import { YOUTUBE_ID_LENGTH } from '../constants';
import type { ListenPlatform } from '../content/types';

// Pure, so a bundle that uses none of the parsers leaves it out.
const YOUTUBE_ID = /* @__PURE__ */ new RegExp(`^[A-Za-z0-9_-]{${YOUTUBE_ID_LENGTH}}$`);
/** Spotify ids are 22 base-62 characters. */
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const YOUTUBE_NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const SPOTIFY_HOSTS = new Set(['open.spotify.com']);
const APPLE_PODCAST_HOSTS = new Set(['podcasts.apple.com']);

/** An absolute http(s) URL, or null for anything else ('#', '', relative paths, other schemes). */
function parseWebUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

/** The non-empty path segments, so '/embed/abc/' and '/embed/abc' read the same. */
function segments(url: URL): string[] {
  return url.pathname.split('/').filter(Boolean);
}

function validYouTubeId(candidate: string | null | undefined): string | null {
  return candidate != null && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/**
 * The video id of a YouTube link, or null. Accepted forms, on youtube.com
 * (www., m., music.) and youtube-nocookie.com:
 *   /watch?v=<id>, /embed/<id>, /shorts/<id>, /live/<id>, and youtu.be/<id>.
 * The id must be exactly YOUTUBE_ID_LENGTH characters of [A-Za-z0-9_-].
 */
export function parseYouTubeId(raw: string): string | null {
  const url = parseWebUrl(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const parts = segments(url);

  if (YOUTUBE_SHORT_HOSTS.has(host)) {
    return parts.length === 1 ? validYouTubeId(parts[0]) : null;
  }
  if (YOUTUBE_NOCOOKIE_HOSTS.has(host)) {
    return parts.length === 2 && parts[0] === 'embed' ? validYouTubeId(parts[1]) : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (parts.length === 1 && parts[0] === 'watch') return validYouTubeId(url.searchParams.get('v'));
    if (parts.length === 2 && ['embed', 'shorts', 'live'].includes(parts[0]!)) return validYouTubeId(parts[1]);
  }
  return null;
}

/**
 * The episode id of a Spotify episode link (open.spotify.com/episode/<id>,
 * also with a locale prefix such as /intl-de/ or as /embed/episode/<id>), or null.
 */
export function parseSpotifyEpisodeId(raw: string): string | null {
  const url = parseWebUrl(raw);
  if (!url || !SPOTIFY_HOSTS.has(url.hostname.toLowerCase())) return null;
  let parts = segments(url);
  if (parts[0]?.startsWith('intl-')) parts = parts.slice(1);
  if (parts[0] === 'embed') parts = parts.slice(1);
  if (parts.length !== 2 || parts[0] !== 'episode') return null;
  return SPOTIFY_ID.test(parts[1]!) ? parts[1]! : null;
}

/** Which platform a listen link points to, by its host; null for '#', unknown hosts and non-web URLs. */
export function listenPlatform(raw: string): ListenPlatform | null {
  const url = parseWebUrl(raw);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  if (YOUTUBE_HOSTS.has(host) || YOUTUBE_SHORT_HOSTS.has(host) || YOUTUBE_NOCOOKIE_HOSTS.has(host)) return 'youtube';
  if (SPOTIFY_HOSTS.has(host)) return 'spotify';
  if (APPLE_PODCAST_HOSTS.has(host)) return 'apple';
  return null;
}

/** True for a link a visitor can actually follow (an absolute http(s) URL); false for '#' and the like. */
export function isFollowableUrl(raw: string): boolean {
  return parseWebUrl(raw) !== null;
}

export const platformNames: Record<ListenPlatform, string> = {
  youtube: 'YouTube',
  spotify: 'Spotify',
  apple: 'Apple Podcasts',
};

/** The privacy-enhanced player (the CSP allows frames from this origin only, with Spotify). */
export function youTubeEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${videoId}`;
}

/** The video's maximum-resolution thumbnail (spec §7 'YouTube thumbnail'). */
export function youTubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/maxresdefault.jpg`;
}

/**
 * The embed as the page's own script drives it (the episode's transcript and chapters seek it):
 * YouTube's player takes its IFrame API's messages only with enablejsapi=1 and the page's origin in
 * its address; each starts at `start` seconds when given (YouTube `start`, Spotify `t`).
 */
export function drivenEmbedUrl(embed: { kind: 'youtube' | 'spotify-video'; embedUrl: string }, pageOrigin: string, start?: number): string {
  const url = new URL(embed.embedUrl);
  const youTube = embed.kind === 'youtube';
  if (youTube) {
    url.searchParams.set('enablejsapi', '1');
    url.searchParams.set('origin', pageOrigin);
  }
  if (start) url.searchParams.set(youTube ? 'start' : 't', String(start));
  return url.href;
}

export function spotifyEpisodeEmbedUrl(episodeId: string): string {
  return `https://open.spotify.com/embed/episode/${episodeId}`;
}
