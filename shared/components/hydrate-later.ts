import { Suspense } from 'react';

/**
 * A part of the page below the fold that the browser hydrates after the rest:
 * a Suspense boundary, so React's selective hydration leaves it as the
 * server's HTML while the page's top hydrates and commits, then hydrates each
 * such part in renders of their own (docs/decisions/022-hydration-in-slices.md).
 * A click, key or input inside one before then hydrates that part at once
 * and is handled as usual.
 *
 * Nothing inside may suspend: the server awaits the whole page, and no
 * fallback is ever shown, in the HTML or in the browser. Only the boundary's
 * comment markers (<!--$-->…<!--/$-->) reach the HTML.
 */
export const HydrateLater = Suspense;
