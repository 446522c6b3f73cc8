/**
 * What the episode page shows for an episode (spec §2 'Episode detail page',
 * §4 'Episode page: media type is Spotify video, YouTube or audio, chosen by
 * the flags'). Pure: the page renders whatever these return.
 */
import type { Episode } from '../content/types';
import {
  isFollowableUrl,
  listenPlatform,
  parseSpotifyEpisodeId,
  parseYouTubeId,
  platformNames,
  spotifyEpisodeEmbedUrl,
  youTubeEmbedUrl,
  youTubeThumbnailUrl,
} from './youtube';
import type { ListenPlatform } from './youtube';

export type EpisodeMedia =
  | { kind: 'spotify-video'; spotifyId: string; embedUrl: string }
  | { kind: 'youtube'; videoId: string; embedUrl: string; thumbnailUrl: string }
  /** The page's own <audio> player, for an audio episode whose file the content names. */
  | { kind: 'audio'; audioUrl: string; image: string }
  | { kind: 'cover'; image: string };

/**
 * The media area: an embedded Spotify video if isSpotifyVideo (and the link
 * names a Spotify episode), else an embedded YouTube video if isYouTube (and
 * the link carries a valid 11-character id), else the episode's own audio
 * player if it has an audioUrl (the cover stays in the page's header), else
 * the episode's cover image.
 */
export function chooseEpisodeMedia(episode: Episode): EpisodeMedia {
  if (episode.isSpotifyVideo) {
    const spotifyId = parseSpotifyEpisodeId(episode.listenUrl);
    if (spotifyId) return { kind: 'spotify-video', spotifyId, embedUrl: spotifyEpisodeEmbedUrl(spotifyId) };
  }
  if (episode.isYouTube) {
    const videoId = parseYouTubeId(episode.listenUrl);
    if (videoId) {
      return { kind: 'youtube', videoId, embedUrl: youTubeEmbedUrl(videoId), thumbnailUrl: youTubeThumbnailUrl(videoId) };
    }
  }
  if (episode.audioUrl) return { kind: 'audio', audioUrl: episode.audioUrl, image: episode.image };
  return { kind: 'cover', image: episode.image };
}

/** Video episodes are watched, the rest listened to. */
export function isVideoEpisode(episode: Pick<Episode, 'isYouTube' | 'isSpotifyVideo'>): boolean {
  return episode.isYouTube || episode.isSpotifyVideo;
}

export interface EpisodeActions {
  href: string;
  /** 'Watch Episode' for video, 'Listen Now' for audio. */
  mainLabel: 'Watch Episode' | 'Listen Now';
  /** 'Open in YouTube' and the like; null when the link's platform is not one we name. */
  secondaryLabel: string | null;
  platform: ListenPlatform | null;
}

/**
 * The main and secondary links of an episode, or null when its listenUrl
 * leads nowhere yet ('#'): then the page shows a note instead of a dead link.
 */
export function episodeActions(episode: Episode): EpisodeActions | null {
  if (!isFollowableUrl(episode.listenUrl)) return null;
  const platform = listenPlatform(episode.listenUrl);
  return {
    href: episode.listenUrl,
    mainLabel: isVideoEpisode(episode) ? 'Watch Episode' : 'Listen Now',
    secondaryLabel: platform ? `Open in ${platformNames[platform]}` : null,
    platform,
  };
}
