import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { EMBED_HEIGHT_PX } from '../../constants';
import { countPlay } from '../../rules/play-beacon';
import type { EpisodeMedia } from '../../content/types';
import { momentOf } from '../../rules/episode-moment';
import { drivenEmbedUrl } from '../../rules/youtube';
import { useIsHydrated } from '../use-is-hydrated';

type PlayerMedia = Extract<EpisodeMedia, { kind: 'youtube' | 'spotify-video' }>;

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
  /** The page moves the player (transcript-live.tsx): its embed takes messages, and starts at the address's moment. */
  driven?: boolean;
}

/**
 * True while keyboard focus is inside the player. The player is another
 * origin's document, so this page's :focus never matches the frame; what it
 * does see is its own window losing focus to the frame. The frame is then
 * scrolled into view (below the fixed nav bar, thanks to scroll-padding).
 */
function useFocusInFrame(frame: RefObject<HTMLIFrameElement | null>): boolean {
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    const check = () => {
      const element = frame.current;
      const inFrame = element !== null && document.activeElement === element;
      // Chromium does not scroll a focused cross-origin frame into view; bring it out from under the nav bar (2.4.11).
      if (inFrame) element.scrollIntoView({ block: 'nearest' });
      setFocused(inFrame);
    };
    // activeElement is updated just after the window's blur event.
    const onBlur = () => window.setTimeout(check, 0);
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', check);
    document.addEventListener('focusin', check);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', check);
      document.removeEventListener('focusin', check);
    };
  }, [frame]);
  return focused;
}

/**
 * The embedded player of a video episode, EMBED_HEIGHT_PX high and as wide as
 * its column (CSS; the CSP allows no style attributes). Only the two player
 * origins are allowed as frames by the CSP.
 */
export function EpisodePlayer({ media, title, driven = false }: EpisodePlayerProps) {
  const player = players[media.kind];
  const frameRef = useRef<HTMLIFrameElement>(null);
  const focused = useFocusInFrame(frameRef);
  const hydrated = useIsHydrated();
  // The moment the address had when the page came, not later ones: a seek changes the address, never the frame.
  const [start] = useState(() => (typeof window === 'undefined' ? undefined : momentOf(window.location)));
  // Only the live frame, made in the browser, names the page's origin and the moment: the HTML is the same for every address.
  const src = hydrated && driven ? drivenEmbedUrl(media, location.origin, start) : media.embedUrl;
  const frame = (
    <iframe
      ref={frameRef}
      className={`${player.className}${focused ? ' episode-player__frame--focused' : ''}`}
      src={src}
      title={`${player.name} video player: ${title}`}
      height={EMBED_HEIGHT_PX}
      loading="lazy"
      referrerPolicy={player.referrerPolicy}
      allow={player.allow}
      allowFullScreen
    />
  );
  // The player's page and scripts (another origin, hundreds of kB) are
  // requested once this page has painted and hydrated, not alongside its own
  // first paint; the section keeps the player's place meanwhile (CSS).
  // Without JavaScript the <noscript> copy is the player.
  return hydrated ? frame : <noscript>{frame}</noscript>;
}

/**
 * An audio episode's own player: the browser's native controls (keyboard
 * operable, labelled by the episode title), nothing fetched until the visitor
 * presses play, and never autoplaying. The CSP's media-src allows the file's
 * origin (server/pages/published-site.ts, contentSourcesOf). The link is there for browsers
 * that cannot play the file. Its first play on a page is a lead, told once (decision 044).
 */
export function EpisodeAudio({ src, title }: { src: string; title: string }) {
  return (
    <figure className="episode-audio">
      <figcaption className="episode-audio__caption">Listen to the episode</figcaption>
      <audio className="episode-audio__player" controls preload="none" src={src} aria-label={`Episode audio: ${title}`} onPlay={countPlay}>
        <a href={src}>Download the episode audio</a>
      </audio>
    </figure>
  );
}
