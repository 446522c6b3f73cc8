/**
 * The click-outs counted as leads (decision 044): a link to the scheduler or a listening platform goes
 * by this site's `/out`, which counts it and answers 303 to the outside URL, with or without the page's
 * script. Kept apart from the play beacon and the opt-out (shared/rules/lead-actions.ts): every page
 * loads this file (the footer's links), so it holds only what every page's links need.
 */

/** The first-party redirect a counted outside link goes through (server/analytics/lead-routes.ts). */
export const OUT_PATH = '/out';

/**
 * `/out?to=<outside URL>&from=<page path>`: the raw URL, so the address still says where it goes. The
 * path is a location's, already percent-encoded; one with `&` in it is a page of no counted link.
 */
export const countedHref = (to: string, from: string) => `${OUT_PATH}?to=${encodeURIComponent(to)}&from=${from}`;
