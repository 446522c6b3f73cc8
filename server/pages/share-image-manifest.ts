/**
 * The share images (Open Graph / Twitter cards) the build renders from the
 * content (scripts/build/render-share-images.tsx): one for the site, one per episode and
 * one per service page. The build writes their hashed files under
 * /assets/share/ and this manifest; the server reads it once at start-up.
 */
import { readBuildOutput } from './asset-manifest';
import type { ServiceSlug } from '../../shared/content/types';

export const SHARE_IMAGE_MANIFEST_PATH = 'dist/share-images.json';
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface ShareImage {
  /** Site-relative, e.g. /assets/share/site-1a2b3c4d5e.png */
  url: string;
  width: number;
  height: number;
  alt: string;
}

export type ShareImageKey = 'site' | `episode:${string}` | `service:${ServiceSlug}`;
export type ShareImageManifest = Record<string, ShareImage>;

export const shareImageKeys = {
  site: 'site' as const,
  episode: (id: string): ShareImageKey => `episode:${id}`,
  service: (slug: ServiceSlug): ShareImageKey => `service:${slug}`,
};

export function readShareImageManifest(file: string): ShareImageManifest {
  return readBuildOutput<ShareImageManifest>(file, 'share images');
}

/** The image for a key, falling back to the site's card (a page added since the last build still shares well). */
export function shareImageFor(manifest: ShareImageManifest, key: ShareImageKey): ShareImage {
  const image = manifest[key] ?? manifest[shareImageKeys.site];
  if (!image) throw new Error(`The share image manifest has no '${shareImageKeys.site}' entry: rebuild with "npm run build".`);
  return image;
}
