/**
 * The show's cover art for podcast apps: a square PNG the build draws from the content
 * (scripts/build/render-podcast-cover.tsx) under /assets/share/, named by the manifest the
 * server reads once at start-up.
 */
import { readBuildOutput } from './asset-manifest';

export const PODCAST_COVER_MANIFEST_PATH = 'dist/podcast-cover.json';
/** Apple Podcasts takes 1400 to 3000 pixels square, and recommends 3000. */
export const PODCAST_COVER_SIZE = 3000;

export interface PodcastCover {
  /** Site-relative, e.g. /assets/share/podcast-cover-1a2b3c4d5e6f.png */
  url: string;
  width: number;
  height: number;
}

export function readPodcastCover(file: string): PodcastCover {
  return readBuildOutput<PodcastCover>(file, 'podcast cover');
}
