/**
 * The one route tree, rendered by the server (createStaticHandler) and hydrated
 * by the browser (createBrowserRouter).
 *
 * The tree is the same on both sides; only the loaders differ, so they are
 * passed in: on the server they pick from the content files (server/pages/route-loaders.ts),
 * in the browser they fetch the same data as a JSON document
 * (client/fetch-page-data.ts). That keeps every word of content out of the
 * JavaScript bundles.
 *
 * Page modules load lazily so each page is its own chunk. A route's id is
 * '<page module file>' or '<page module file>:<variant>'; the build manifest is
 * keyed by that file name, which is how the server knows which chunks to
 * preload for a URL (see server/pages/asset-manifest.ts).
 */
import { replace } from 'react-router-dom';
import type { LoaderFunction, RouteObject } from 'react-router-dom';
import { Document } from './components/document';
import { NotFound } from './components/not-found';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { SiteLayout } from './components/site-layout';
import { SITE_ROUTE_ID } from './site-data';
import { SERVICE_SLUGS } from './content/service-slugs';
import type { ServiceSlug } from './content/service-slugs';

/** The route whose error element shows errors inside the nav bar and footer. */
export const ERROR_BOUNDARY_ROUTE_ID = 'page-boundary';

/** A service page's route id: 'service-page:estate-planning'. */
export type ServicePageRouteId = `service-page:${ServiceSlug}`;

export const servicePageRouteIds: readonly ServicePageRouteId[] = /* @__PURE__ */ SERVICE_SLUGS.map(
  (slug) => `service-page:${slug}` as const,
);

/** Every route that has page data, and so a loader on each side. */
export type PageRouteId =
  | 'home-page'
  | 'podcast-page'
  | 'episode-page'
  | 'person-page'
  | 'press-page'
  | 'contact-page'
  | ServicePageRouteId
  | 'legal-page:privacy'
  | 'terms-page'
  | 'legal-page:accessibility'
  | 'not-found';

export interface RouteLoaders {
  /** The root route's SiteData (nav, footer, firm). */
  site: LoaderFunction;
  page: (routeId: PageRouteId) => LoaderFunction;
}

/** The path a service page's route id stands for: 'service-page:estate-planning' → 'estate-planning'. */
export const servicePathOf = (routeId: ServicePageRouteId) => routeId.split(':')[1]!;

function pageRoutes(loaders: RouteLoaders, redirects: RouteOptions['redirects']): RouteObject[] {
  const page = (path: string | undefined, id: PageRouteId, lazy: RouteObject['lazy']): RouteObject => ({
    ...(path === undefined ? { index: true } : { path }),
    id,
    loader: loaders.page(id),
    lazy,
  });
  return [
    page(undefined, 'home-page', () => import('./pages/home-page')),
    page('podcast', 'podcast-page', () => import('./pages/podcast-page')),
    page('podcast/:episodeId', 'episode-page', () => import('./pages/episode-page')),
    page('people/:personId', 'person-page', () => import('./pages/person-page')),
    page('press', 'press-page', () => import('./pages/press-page')),
    page('contact', 'contact-page', () => import('./pages/contact-page')),
    ...servicePageRouteIds.map((id) => page(servicePathOf(id), id, () => import('./pages/service-page'))),
    page('privacy', 'legal-page:privacy', () => import('./pages/legal-page')),
    page('terms', 'terms-page', () => import('./pages/terms-page')),
    page('accessibility', 'legal-page:accessibility', () => import('./pages/legal-page')),
    // Express answers these with a 301 before React runs. Should a request reach
    // the static handler anyway, the loader redirects; in the browser it replaces
    // the old address in the history, so Back never lands on it again.
    ...redirects.map(({ from, to }, index): RouteObject => ({
      path: from,
      id: `legacy-redirect:${index}`,
      loader: () => replace(to, 301),
    })),
    // Its loader throws a 404 (carrying the not-found page's head), which sends
    // the boundary to <NotFound />; the element is never reached.
    { path: '*', id: 'not-found', loader: loaders.page('not-found'), element: <NotFound /> },
  ];
}

export interface RouteOptions {
  /** Old addresses that now live elsewhere (content/redirects.yaml, carried by the site data). */
  redirects: { from: string; to: string }[];
  /** Lets tests add routes (one that fails, say) inside the real layout. */
  extraPages?: RouteObject[];
}

export function createRoutes(loaders: RouteLoaders, { redirects, extraPages = [] }: RouteOptions): RouteObject[] {
  return [
    {
      id: SITE_ROUTE_ID,
      element: <Document />,
      loader: loaders.site,
      // Site data never changes while a page is open: fetched once, with the first page.
      shouldRevalidate: () => false,
      children: [
        {
          id: 'layout',
          element: <SiteLayout />,
          children: [
            {
              id: ERROR_BOUNDARY_ROUTE_ID,
              errorElement: <RouteErrorBoundary />,
              children: [...extraPages, ...pageRoutes(loaders, redirects)],
            },
          ],
        },
      ],
    },
  ];
}
