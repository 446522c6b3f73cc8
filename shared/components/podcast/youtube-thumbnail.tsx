import { useEffect, useRef, useState } from 'react';

/** YouTube's maxresdefault is 1280×720 when it exists. */
const THUMBNAIL_WIDTH = 1280;
const THUMBNAIL_HEIGHT = 720;
/** Where a video has no max-resolution frame, YouTube serves a 120×90 grey placeholder instead of an error. */
const PLACEHOLDER_MAX_WIDTH = 120;

interface YouTubeThumbnailProps {
  src: string;
  fallbackSrc: string;
  fallbackSize: { width: number; height: number };
  alt: string;
  className?: string;
}

/**
 * The video's max-resolution thumbnail, replaced by the episode's own cover
 * when it cannot be shown: a load error, YouTube's placeholder frame, or a
 * failure that happened before hydration (React's onError was not attached
 * yet, so the mount effect checks the image's state itself).
 */
export function YouTubeThumbnail({ src, fallbackSrc, fallbackSize, alt, className }: YouTubeThumbnailProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  const isUnusable = (image: HTMLImageElement) =>
    image.complete && (image.naturalWidth === 0 || image.naturalWidth <= PLACEHOLDER_MAX_WIDTH);

  useEffect(() => {
    const image = imageRef.current;
    if (image && isUnusable(image)) setFailed(true);
  }, []);

  const classes = ['youtube-thumbnail', failed ? 'youtube-thumbnail--fallback' : '', className ?? '']
    .filter(Boolean)
    .join(' ');

  return (
    <img
      ref={imageRef}
      className={classes}
      src={failed ? fallbackSrc : src}
      alt={alt}
      width={failed ? fallbackSize.width : THUMBNAIL_WIDTH}
      height={failed ? fallbackSize.height : THUMBNAIL_HEIGHT}
      decoding="async"
      data-source={failed ? 'cover' : 'youtube'}
      onError={() => setFailed(true)}
      onLoad={(event) => {
        if (!failed && isUnusable(event.currentTarget)) setFailed(true);
      }}
    />
  );
}
