import { EMBED_HEIGHT_PX } from '../../constants';
import type { EpisodeMedia } from '../../rules/episode-media';

/** What the YouTube player may use; the rest of the page grants nothing. */
const YOUTUBE_ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
const SPOTIFY_ALLOW = 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture';

interface EpisodePlayerProps {
  media: Exclude<EpisodeMedia, { kind: 'cover' }>;
  title: string;
}

/**
 * The embedded player of a video episode, EMBED_HEIGHT_PX high and as wide as
 * its column (CSS; the CSP allows no style attributes). Only the two player
 * origins are allowed as frames by the CSP.
 */
export function EpisodePlayer({ media, title }: EpisodePlayerProps) {
  if (media.kind === 'youtube') {
    return (
      <iframe
        className="episode-player__frame"
        src={media.embedUrl}
        title={`YouTube video player: ${title}`}
        height={EMBED_HEIGHT_PX}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow={YOUTUBE_ALLOW}
        allowFullScreen
      />
    );
  }
  return (
    <iframe
      className="episode-player__frame episode-player__frame--spotify"
      src={media.embedUrl}
      title={`Spotify video player: ${title}`}
      height={EMBED_HEIGHT_PX}
      loading="lazy"
      allow={SPOTIFY_ALLOW}
      allowFullScreen
    />
  );
}
