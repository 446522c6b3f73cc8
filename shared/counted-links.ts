/**
 * The addresses a lead is counted through (decision 044): a click out to the
 * scheduler or a listening platform goes by this site's `/out`, which counts it
 * and answers 303 to the outside URL; a play of the episode's own player is one
 * beacon to `/play`. Both work the same whether or not the page's script runs
 * (a click-out needs none; a play needs the player, which needs none to show
 * but the beacon is sent by the hydrated page).
 */

/** The first-party redirect a counted outside link goes through (server/analytics/lead-routes.ts). */
export const OUT_PATH = '/out';
/** Where a play of the episode's player is told (sendBeacon, urlencoded `path`). */
export const PLAY_PATH = '/play';
/** Where the privacy page's form sets or clears the analytics opt-out cookie. */
export const ANALYTICS_CHOICE_PATH = '/privacy/analytics';

/** The fragment the opt-out form's answer comes back to: the confirmation the page shows (CSS :target). */
export const choiceAnchor = (section: string, choice: 'off' | 'on') => `${section}-${choice}`;

/** The click-outs counted, by what the link leads to. */
export type ClickOut = 'schedule' | 'listen';

/** `/out?to=<outside URL>&from=<page path>`: the raw URL, so the address still says where it goes. */
export const countedHref = (to: string, from: string | undefined) =>
  `${OUT_PATH}?${new URLSearchParams(from ? { to, from } : { to }).toString()}`;

/** Tells the server the episode at `path` was played (no answer is read; a browser without beacons tells nothing). */
export const countPlay = (path: string) => navigator.sendBeacon?.(PLAY_PATH, new URLSearchParams({ path }));
