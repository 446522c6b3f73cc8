/**
 * Every internal URL of the site, typed, so no component builds one by hand.
 * The route tree (routes.tsx) is declared from the same table.
 */
export const paths = {
  home: '/',
  podcast: '/podcast',
  podcastPage: (page: number) => (page <= 1 ? '/podcast' : `/podcast?page=${page}`),
  episode: (id: string) => `/podcast/${encodeURIComponent(id)}`,
  press: '/press',
  contact: '/contact',
  investmentManagement: '/investment-management',
  financialPlanning: '/financial-planning',
  retirementPlanning: '/retirement-planning',
  estatePlanning: '/estate-planning',
  mergerAdvisory: '/merger-advisory',
  familyOffice: '/family-office',
  privacy: '/privacy',
  terms: '/terms',
  accessibility: '/accessibility',
  subscribeApi: '/api/subscribe',
  health: '/healthz',
} as const;

/** Anchor ids that other pages link to. */
export const anchors = {
  services: 'services',
  newsletter: 'contact',
  episodes: 'episodes-section',
} as const;
