/**
 * The six service pages, in the order of the route table: the one list every
 * other place derives from. A slug names the content file
 * (content/services/<slug>.yaml), the page's path (/<slug>, shared/paths.ts)
 * and its route (service-page:<slug>, shared/routes.tsx).
 */
export const SERVICE_SLUGS = [
  'investment-management',
  'financial-planning',
  'retirement-planning',
  'estate-planning',
  'merger-advisory',
  'family-office',
] as const;

export type ServiceSlug = (typeof SERVICE_SLUGS)[number];
