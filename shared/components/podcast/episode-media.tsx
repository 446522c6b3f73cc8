import { EMBED_HEIGHT_PX } from '../../constants';
import type { EpisodeMedia } from '../../rules/episode-media';

type PlayerMedia = Exclude<EpisodeMedia, { kind: 'cover' }>;

/** What each player may use (the rest of the page grants nothing), and how it is named and styled. */
const players: Record<
  PlayerMedia['kind'],
  { name: string; className: string; allow: string; referrerPolicy?: 'strict-origin-when-cross-origin' }
> = {
  youtube: {
    name: 'YouTube',
    className: 'episode-player__frame',
    allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
    referrerPolicy: 'strict-origin-when-cross-origin',
  },
  'spotify-video': {
    name: 'Spotify',
    className: 'episode-player__frame episode-player__frame--spotify',
    allow: 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture',
  },
};

interface EpisodePlayerProps {
  media: PlayerMedia;
  title: string;
}

/**
 * The embedded player of a video episode, EMBED_HEIGHT_PX high and as wide as
 * its column (CSS; the CSP allows no style attributes). Only the two player
 * origins are allowed as frames by the CSP.
 */
export function EpisodePlayer({ media, title }: EpisodePlayerProps) {
  const player = players[media.kind];
  return (
    <iframe
      className={player.className}
      src={media.embedUrl}
      title={`${player.name} video player: ${title}`}
      height={EMBED_HEIGHT_PX}
      loading="lazy"
      referrerPolicy={player.referrerPolicy}
      allow={player.allow}
      allowFullScreen
    />
  );
}
