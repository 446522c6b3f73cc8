/**
 * A play of the episode's own player, told by a beacon (decision 044, server/analytics/lead-routes.ts):
 * once per episode shown, however often it is paused and played again. Only the episode page loads it.
 */

/** Where a play is told: a POST of the episode page's path as plain text (the body a beacon sends a string as). */
export const PLAY_PATH = '/play';

/** The page last told of: a second play on it is the same listen. */
let told = '';

/** Tells the server the page's episode was played (no answer is read; a browser without beacons tells nothing). */
export const countPlay = () => told === location.pathname || navigator.sendBeacon?.(PLAY_PATH, (told = location.pathname));
