/**
 * What the episode page shows for an episode (spec §2 'Episode detail page',
 * §4 'Episode page: media type is Spotify video, YouTube or audio, chosen by
 * the flags'). Pure: the page renders whatever these return.
 */
import type { Episode, EpisodeActions, EpisodeMedia } from '../content/types';
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

/** What the rules read of an episode. */
type EpisodeLinkFields = Pick<Episode, 'listenUrl' | 'isYouTube' | 'isSpotifyVideo' | 'audioUrl' | 'image'>;

/**
 * The media area: an embedded Spotify video if isSpotifyVideo (and the link
 * names a Spotify episode), else an embedded YouTube video if isYouTube (and
 * the link carries a valid 11-character id), else the episode's own audio
 * player if it has an audioUrl (the cover stays in the page's header), else
 * the episode's cover image.
 */
export function chooseEpisodeMedia(episode: EpisodeLinkFields): EpisodeMedia {
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

/**
 * The main and secondary links of an episode, or null when its listenUrl
 * leads nowhere yet ('#'): then the page shows a note instead of a dead link.
 */
export function episodeActions(episode: EpisodeLinkFields): EpisodeActions | null {
  if (!isFollowableUrl(episode.listenUrl)) return null;
  const platform = listenPlatform(episode.listenUrl);
  return {
    href: episode.listenUrl,
    mainLabel: isVideoEpisode(episode) ? 'Watch Episode' : 'Listen Now',
    secondaryLabel: platform ? `Open in ${platformNames[platform]}` : null,
    platform,
  };
}
