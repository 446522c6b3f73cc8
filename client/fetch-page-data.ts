/**
 * The browser side of the route loaders: a page's data comes from the server
 * as one small JSON document (/_data/<path>), the same object the server
 * rendered the page from. The first page's data arrives with the HTML. A
 * page is shown once its data and its stylesheet have both come.
 */
import { data } from 'react-router-dom';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { paths } from '../shared/paths';
import type { RouteLoaders } from '../shared/routes';
import type { SiteData } from '../shared/site-data';

/** `stylesheet`: resolves once the page's stylesheet has come (client/page-styles.ts); the page waits for it too. */
async function fetchPageData({ request }: LoaderFunctionArgs, stylesheet: Promise<void>): Promise<unknown> {
  const url = new URL(request.url);
  let response: Response | undefined;
  try {
    response = await fetch(paths.pageData(url.pathname + url.search), {
      signal: request.signal,
      headers: { Accept: 'application/json' },
    });
    await stylesheet;
    if (response.status === 404) throw data(await response.json(), { status: 404, statusText: 'Not Found' });
    if (response.ok) return await response.json();
  } catch (error) {
    if (request.signal.aborted || !(error instanceof Error)) throw error;
  }
  // Offline, or the server failed: load the page itself, so the visitor sees
  // what the server has to say (or the browser's own offline page).
  window.location.assign(url.href);
  return new Promise(() => {});
}

/** `stylesFor`: resolves once the route's page can be shown in its own stylesheet (client/page-styles.ts). */
export function browserLoaders(site: SiteData, stylesFor: (routeId: string) => Promise<void>): RouteLoaders {
  return {
    site: () => site,
    page: (routeId) => (args) => fetchPageData(args, stylesFor(routeId)),
  };
}
