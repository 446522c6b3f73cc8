import { useEffect, useRef, useState } from 'react';
import type { VideoAsset } from '../content/types';

/** Visitors who ask for less motion, or for less data, get the still poster. */
function wantsStillPicture(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches || connection?.saveData === true;
}

/**
 * A muted, looping, decorative hero video (spec: hero videos autoplay muted
 * and loop). It starts once the page has loaded, so its bytes never compete
 * with what the first paint needs; until then, and for visitors who ask for
 * reduced motion or Save-Data, the poster shows. Visitors can pause it
 * (WCAG 2.2.2).
 */
export function BackgroundVideo({ video: { src, poster } }: { video: VideoAsset }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (wantsStillPicture()) {
      // The preference exists only in the browser: read once after hydration, so the server's HTML and the
      // hydration agree. useSyncExternalStore would say the same, at 0.3 kB more framework on every page.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setPaused(true);
      return;
    }
    // Browsers may refuse to play; the poster stays and the button offers Play.
    const start = () => void video.play().catch(() => setPaused(true));
    // In a task of its own: starting the media pipeline cost a third of the task that ran hydration's effects.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => (timer = setTimeout(start, 0));
    if (document.readyState === 'complete') soon();
    else window.addEventListener('load', soon, { once: true });
    return () => {
      window.removeEventListener('load', soon);
      clearTimeout(timer);
    };
  }, []);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      void video.play().catch(() => setPaused(true));
      setPaused(false);
    } else {
      video.pause();
      setPaused(true);
    }
  };

  return (
    <>
      <video
        ref={videoRef}
        className="background-video"
        src={src}
        poster={poster}
        width={1280}
        height={720}
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
      />
      {/* The label names what the button will do; it changes with the state, so no aria-pressed as well. */}
      <button type="button" className="background-video__toggle" onClick={toggle}>
        {paused ? 'Play background video' : 'Pause background video'}
      </button>
    </>
  );
}
