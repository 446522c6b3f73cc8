/**
 * The page cache's keys (./page-cache.ts), and what a request URL asks for.
 *
 * Keys are canonical, never raw URLs: the key of a page is its canonical path
 * (from the head its loader computed) plus only the query parameters the page
 * really reads (`page` on /podcast, via its loader; the sign-up outcome on
 * pages with the form; the contact form's `message=received`). So `/podcast?page=2&utm_source=x` and `/PODCAST?page=2`
 * share one entry, and every unknown path shares the one not-found entry.
 * What a visitor sends can only add aliases (request URL → key) to a bounded
 * map, never entries.
 *
 * Searches (/podcast?q=…) are the exception: any words make a page, so their
 * keys are marked (isSearchKey) and kept apart (./kept-pages.ts).
 */
import { matchRoutes } from 'react-router-dom';
import type { StaticHandlerContext } from 'react-router-dom';
import type { PageData } from '../../shared/page-head';
import type { ContactFormState } from '../../shared/rules/contact-message';
import type { NewsletterFormState } from '../../shared/rules/newsletter';
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import { paths } from '../../shared/paths';
import { readSearchRequest, searchHref } from '../../shared/rules/episode-search';
import { pageDataOf } from './render-page';

const SEARCH_PREFIX = 'search:';

/** Whether a key is a search's (kept in the searches' LRU, never for good). */
export const isSearchKey = (key: string) => key.startsWith(SEARCH_PREFIX);

/** Any origin: only the path the renderer's Request would have is read from it. */
const ROUTING_ORIGIN = 'http://routing.invalid';
const PODCAST_ROUTE = [{ path: paths.podcast }];

/**
 * Whether `path` (a request URL's path, as sent) is the podcast list's to the
 * route tree. Judged as the renderer judges it, not by its spelling: parsed
 * as its Request parses it (dot segments and %2e resolved, a backslash read as '/',
 * ./render-page.tsx), then matched by React Router's own matchRoutes (each
 * segment decoded, any case, trailing slashes), so /%70odcast, /./podcast
 * and /PODCAST// are the podcast page here as they are there (decision 018).
 */
function routesToPodcast(path: string): boolean {
  const lower = path.toLowerCase();
  if (lower === paths.podcast || lower === `${paths.podcast}/`) return true;
  // Not a path at all (GET http://…, GET *): refused before any page (server/http/malformed-path.ts).
  if (!path.startsWith('/')) return false;
  let pathname: string;
  try {
    pathname = new URL(ROUTING_ORIGIN + path).pathname;
  } catch {
    return false;
  }
  return matchRoutes(PODCAST_ROUTE, pathname) !== null;
}

/** Whether a request URL asks /podcast for a search (valid or not), judged before any route runs. */
export function isSearchUrl(url: string): boolean {
  const query = url.indexOf('?');
  if (query === -1) return false;
  if (!routesToPodcast(url.slice(0, query))) return false;
  return readSearchRequest(new URLSearchParams(url.slice(query + 1))).kind !== 'list';
}

/** The key of the page a route query came to; undefined for a page never kept (it is made per request). */
export function pageKeyOf(context: StaticHandlerContext, siteUrl: string, exposeErrors: boolean): string | undefined {
  const data = pageDataOf(context, exposeErrors) as Partial<
    PageData & { newsletter: NewsletterFormState; contactForm: ContactFormState; search: PodcastPageData['search'] }
  > | null;
  if (context.statusCode === 200 && data?.search) return SEARCH_PREFIX + searchHref(paths.podcast, data.search, data.search.results.page);
  if (context.statusCode === 200) {
    const canonical = data?.head?.canonicalUrl;
    if (!canonical?.startsWith(siteUrl)) return undefined;
    const outcome = data?.newsletter?.outcome;
    const messageSent = data?.contactForm?.sent;
    return canonical.slice(siteUrl.length) + (outcome ? `#newsletter=${outcome}` : '') + (messageSent ? '#message=received' : '');
  }
  // Every unknown path, and every unknown episode, renders the same screen.
  if (context.statusCode === 404) return `404:${Object.keys(context.errors ?? {}).join(',')}`;
  return undefined;
}
