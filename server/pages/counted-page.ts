/**
 * What a view of a rendered page counts as (server/analytics/, decision 038),
 * read once when the page is made, from what its route computed: the
 * canonical path (so /PODCAST and /podcast/ are one page), and for a search
 * its words and whether it found anything. The 404 page has none: each view
 * of it counts the path that was asked for (./page-answers.ts countView).
 */
import type { StaticHandlerContext } from 'react-router-dom';
import type { PageData } from '../../shared/page-head';
import type { PodcastPageData } from '../../shared/pages/podcast-page';
import { paths } from '../../shared/paths';
import type { CountedPage } from './page-answers';
import { pageDataOf } from './render-page';

export function countedPageOf(context: StaticHandlerContext, siteUrl: string, exposeErrors: boolean): CountedPage | undefined {
  if (context.statusCode !== 200) return undefined;
  const data = pageDataOf(context, exposeErrors) as Partial<PageData & { search: PodcastPageData['search'] }> | null;
  const search = data?.search;
  if (search) {
    const query = search.q?.trim();
    return { path: paths.podcast, notFound: false, search: query ? { query, found: search.results.totalItems > 0 } : undefined };
  }
  const canonical = data?.head?.canonicalUrl;
  if (!canonical?.startsWith(siteUrl)) return undefined;
  const path = new URL(canonical).pathname;
  return { path, notFound: false };
}
