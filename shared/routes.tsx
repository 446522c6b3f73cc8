/**
 * The one route tree, rendered by the server (createStaticHandler) and hydrated
 * by the browser (createBrowserRouter).
 *
 * Page modules load lazily so each page is its own chunk. A route's id is
 * '<page module file>' or '<page module file>:<variant>'; the build manifest is
 * keyed by that file name, which is how the server knows which chunks to
 * preload for a URL (see server/asset-manifest.ts).
 */
import { data, Navigate, redirect } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Document } from './components/document';
import { NotFound } from './components/not-found';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { SiteLayout } from './components/site-layout';
import { legacyRedirects } from './content/site';
import type { ServiceSlug } from './content/service-pages';
import type { RouteHandle } from './page-meta';

/** The route whose error element shows errors inside the nav bar and footer. */
export const ERROR_BOUNDARY_ROUTE_ID = 'page-boundary';

const notFoundHandle: RouteHandle = {
  meta: () => ({ title: 'Page not found', description: 'The page you were looking for does not exist.' }),
};

function servicePageRoute(slug: ServiceSlug): RouteObject {
  return {
    path: slug,
    id: `service-page:${slug}`,
    loader: () => ({ slug }),
    lazy: () => import('./pages/service-page'),
  };
}

/** Routes rendered inside the layout. Exported so tests can extend the tree. */
export const pageRoutes: RouteObject[] = [
  { index: true, id: 'home-page', lazy: () => import('./pages/home-page') },
  { path: 'podcast', id: 'podcast-page', lazy: () => import('./pages/podcast-page') },
  { path: 'podcast/:episodeId', id: 'episode-page', lazy: () => import('./pages/episode-page') },
  { path: 'press', id: 'press-page', lazy: () => import('./pages/press-page') },
  { path: 'contact', id: 'contact-page', lazy: () => import('./pages/contact-page') },
  servicePageRoute('investment-management'),
  servicePageRoute('financial-planning'),
  servicePageRoute('retirement-planning'),
  servicePageRoute('estate-planning'),
  servicePageRoute('merger-advisory'),
  servicePageRoute('family-office'),
  { path: 'privacy', id: 'privacy-page', lazy: () => import('./pages/privacy-page') },
  { path: 'terms', id: 'terms-page', lazy: () => import('./pages/terms-page') },
  { path: 'accessibility', id: 'accessibility-page', lazy: () => import('./pages/accessibility-page') },
  // Express answers these with a 301 before React runs. Should a request reach
  // the static handler anyway, the loader redirects; in the browser the element
  // swaps the old address for the new one, so Back never lands on it again.
  ...legacyRedirects.map(
    ({ from, to }, index): RouteObject => ({
      path: from,
      id: `legacy-redirect:${index}`,
      loader: () => (typeof document === 'undefined' ? redirect(to, 301) : null),
      element: <Navigate to={to} replace />,
    }),
  ),
  {
    path: '*',
    id: 'not-found',
    handle: notFoundHandle,
    // The loader's 404 sends the boundary to <NotFound />; the element is never reached.
    element: <NotFound />,
    loader: () => {
      throw data(null, { status: 404, statusText: 'Not Found' });
    },
  },
];

export function buildRouteTree(pages: RouteObject[]): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Document />,
      children: [
        {
          id: 'layout',
          element: <SiteLayout />,
          children: [{ id: ERROR_BOUNDARY_ROUTE_ID, errorElement: <RouteErrorBoundary />, children: pages }],
        },
      ],
    },
  ];
}

export const routes = buildRouteTree(pageRoutes);
