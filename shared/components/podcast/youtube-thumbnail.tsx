import { useEffect, useRef, useState } from 'react';
import type { ImageAsset } from '../../content/types';

/** YouTube's maxresdefault is 1280×720 when it exists. */
const THUMBNAIL_WIDTH = 1280;
const THUMBNAIL_HEIGHT = 720;
/** Where a video has no max-resolution frame, YouTube serves a 120×90 grey placeholder instead of an error. */
const PLACEHOLDER_MAX_WIDTH = 120;

interface YouTubeThumbnailProps {
  src: string;
  /** The episode's own cover: shown from the first paint, and all that stays when the thumbnail cannot be shown. */
  cover: ImageAsset;
  alt: string;
  className?: string;
}

/**
 * The video's max-resolution thumbnail in a video-shaped frame, laid over the
 * episode's own cover. The cover is in the HTML and paints with the page, so
 * the frame is never empty while a third-party image is on its way, and never
 * changes size. Where the thumbnail cannot be shown (a load error, a network
 * that blocks YouTube, YouTube's placeholder frame) it is removed and the
 * cover is what remains; a failure that happened before hydration is caught
 * by the mount effect, as React's onError was not attached yet.
 */
export function YouTubeThumbnail({ src, cover, alt, className }: YouTubeThumbnailProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  const isUnusable = (image: HTMLImageElement) =>
    image.complete && (image.naturalWidth === 0 || image.naturalWidth <= PLACEHOLDER_MAX_WIDTH);

  useEffect(() => {
    const image = imageRef.current;
    if (image && isUnusable(image)) setFailed(true);
  }, []);

  return (
    <div className={['youtube-thumbnail', className ?? ''].filter(Boolean).join(' ')}>
      <img
        className="youtube-thumbnail__cover"
        src={cover.src}
        width={cover.width}
        height={cover.height}
        alt={failed ? alt : ''}
        decoding="async"
      />
      {!failed && (
        <img
          ref={imageRef}
          className="youtube-thumbnail__frame"
          src={src}
          width={THUMBNAIL_WIDTH}
          height={THUMBNAIL_HEIGHT}
          alt={alt}
          decoding="async"
          // The picture the page paints largest, where YouTube is reachable.
          fetchPriority="high"
          onError={() => setFailed(true)}
          onLoad={(event) => {
            if (isUnusable(event.currentTarget)) setFailed(true);
          }}
        />
      )}
    </div>
  );
}
