/**
 * The privacy page's opt-out form's address and answer (decision 044, server/analytics/lead-routes.ts).
 * The play beacon's are in ./play-beacon.ts: a module two pages share becomes a chunk, and a request, of its own.
 */

/** Where the privacy page's form sets or clears the analytics opt-out cookie. */
export const ANALYTICS_CHOICE_PATH = '/privacy/analytics';

/** The fragment the opt-out form's answer comes back to: the confirmation the page shows (CSS :target). */
export const choiceAnchor = (section: string, choice: 'off' | 'on') => `${section}-${choice}`;
