/**
 * Intrinsic sizes of the artwork families under /media whose files all share
 * one size. Single pictures (book cover, portrait, logos) carry their own size
 * beside their path.
 */
import type { ImageSize } from './types';

export const mediaSizes = {
  /** /media/press/*: 16∶9 article artwork. */
  pressImage: { width: 800, height: 450 },
  /** /media/episodes/*: square cover art. */
  episodeCover: { width: 600, height: 600 },
} as const satisfies Record<string, ImageSize>;
