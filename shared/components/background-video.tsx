import { useEffect, useRef, useState } from 'react';
import type { VideoAsset } from '../content/types';

/**
 * A muted, looping, decorative hero video. Visitors can pause it (WCAG 2.2.2),
 * and it starts paused for those who ask the system for reduced motion.
 */
export function BackgroundVideo({ video: { src, poster } }: { video: VideoAsset }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      video.pause();
      setPaused(true);
    }
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
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
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
