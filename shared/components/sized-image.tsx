import type { ImageAsset } from '../content/types';

interface SizedImageProps {
  image: ImageAsset;
  alt: string;
  className?: string;
  /** For images that may be in view at load; the others load lazily. */
  eager?: boolean;
}

/** An image with its intrinsic size declared, so the layout does not shift while it loads. */
export function SizedImage({ image, alt, className, eager = false }: SizedImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
