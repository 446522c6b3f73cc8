/**
 * Hydrate the server's document with the same route tree. Loaded by
 * client/entry.ts once the page has painted.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { APP_PAYLOAD_ELEMENT_ID, deserializeRouteErrors } from '../shared/app-payload';
import type { AppPayload } from '../shared/app-payload';
import { DocumentContext, INLINE_STYLES_ELEMENT_ID } from '../shared/document-context';
import { createRoutes } from '../shared/routes';
import { SITE_ROUTE_ID } from '../shared/site-data';
import type { SiteData } from '../shared/site-data';
import { browserLoaders } from './fetch-page-data';
import type { PageStyles } from './page-styles';

/**
 * Lets the browser run input, rendering and other tasks before the next step:
 * starting hydration is several steps of work (the route tree and its lazy
 * modules, the router, react-dom's first evaluation and the root), and in one
 * task they held the main thread longer than anything else in a page load.
 * scheduler.yield() continues ahead of other queued tasks where there is one.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Load the lazy page modules of the current URL before hydrating; otherwise
 * the router would render nothing while they load and hydration would fail.
 */
async function loadMatchedRoutes(tree: RouteObject[]) {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

const payloadJson = document.getElementById(APP_PAYLOAD_ELEMENT_ID)?.textContent ?? '';
const payload = JSON.parse(payloadJson) as AppPayload;
// The inline stylesheet, read back so hydration renders the very same text.
const styleElement = document.getElementById(INLINE_STYLES_ELEMENT_ID);
const inlineStyles = styleElement?.textContent ?? '';
// Each page's stylesheet in place of the last one's (client/page-styles.ts): loaded with the first link followed.
let pageStyles: PageStyles | undefined;
const stylesFor = async (routeId: string) =>
  (pageStyles ??= (await import('./page-styles')).createPageStyles(payload.assets, styleElement!)).load(routeId);
const site = payload.router.loaderData?.[SITE_ROUTE_ID] as SiteData;
const routes = createRoutes(browserLoaders(site, stylesFor), { redirects: site.redirects });

await loadMatchedRoutes(routes);
await nextTask();
const router = createBrowserRouter(routes, {
  hydrationData: { ...payload.router, errors: deserializeRouteErrors(payload.router.errors) },
});

await nextTask();
// Hydrating inside a transition lets React yield to the browser between
// chunks of work instead of holding the main thread in one long task.
startTransition(() => {
  hydrateRoot(
    document,
    <DocumentContext.Provider
      value={{ assets: payload.assets, payloadJson, inlineStyles, showStylesFor: (routeId) => pageStyles?.show(routeId) }}
    >
      <RouterProvider router={router} />
    </DocumentContext.Provider>,
    {
      // Make hydration mismatches loud in every build; browser tests fail on them.
      onRecoverableError(error) {
        console.error('Recoverable rendering error:', error);
      },
    },
  );
});
