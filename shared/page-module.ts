/**
 * The page module a route id names: a route's id is '<page module file>' or
 * '<page module file>:<variant>' (shared/routes.tsx), and the build manifest
 * is keyed by the page module. Apart from the route tree, so the browser's
 * stylesheet switch (client/page-styles.ts) does not import the tree.
 */
export const pageModuleOf = (routeId: string) => routeId.split(':')[0]!;
