/**
 * /sitemap.xml and /robots.txt, built once at start-up from the path table
 * (shared/paths.ts), the episode list and SITE_URL. No URL is listed by hand:
 * a new fixed page joins staticPagePaths, a new episode joins the content.
 */
import type { Router } from 'express';
import express from 'express';
import { EPISODES_PER_PAGE } from '../shared/constants';
import { episodes } from '../shared/content/episodes';
import { pressItems } from '../shared/content/press';
import { PAGE_DATA_PREFIX, paths, staticPagePaths } from '../shared/paths';
import { isoDate } from '../shared/rules/display-date';
import { pageCount } from '../shared/rules/pagination';

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';
/** Both change only with a deploy; an hour keeps crawlers and CDNs from asking often. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';

export interface SitemapEntry {
  /** Absolute URL on SITE_URL. */
  loc: string;
  /** YYYY-MM-DD, when the content carries a date. */
  lastmod?: string;
}

/** The newest of some display dates, as an ISO date ('June 10, 2025' sorts as '2025-06-10'). */
function newest(dates: string[]): string | undefined {
  return dates
    .map(isoDate)
    .filter((date): date is string => date !== undefined)
    .sort()
    .at(-1);
}

/** Every canonical page: the fixed pages, podcast pages 2…N, and every episode. */
export function sitemapEntries(siteUrl: string): SitemapEntry[] {
  const lastmodOf: Partial<Record<string, string>> = {
    [paths.podcast]: newest(episodes.map((episode) => episode.date)),
    [paths.press]: newest(pressItems.map((item) => item.date)),
  };
  const entry = (path: string, lastmod?: string): SitemapEntry => ({
    loc: siteUrl + path,
    ...(lastmod ? { lastmod } : {}),
  });
  const podcastPages = Array.from({ length: pageCount(episodes.length, EPISODES_PER_PAGE) - 1 }, (_, index) =>
    entry(paths.podcastPage(index + 2)),
  );
  return [
    ...staticPagePaths.map((path) => entry(path, lastmodOf[path])),
    ...podcastPages,
    ...episodes.map((episode) => entry(paths.episode(episode.id), isoDate(episode.date))),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}

/** Crawl everything that is a page; page data (JSON for client navigations) and the API are not pages. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${PAGE_DATA_PREFIX}/`,
    `Disallow: ${paths.subscribeApi}`,
    '',
    `Sitemap: ${siteUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

/** GET/HEAD /sitemap.xml and /robots.txt, from text built once. */
export function sitemapRouter(siteUrl: string): Router {
  const xml = sitemapXml(sitemapEntries(siteUrl));
  const robots = robotsTxt(siteUrl);
  const router = express.Router();
  router.get(SITEMAP_PATH, (_req, res) => {
    res.setHeader('Cache-Control', SITEMAP_CACHE_CONTROL);
    res.type('application/xml').send(xml);
  });
  router.get(ROBOTS_PATH, (_req, res) => {
    res.setHeader('Cache-Control', SITEMAP_CACHE_CONTROL);
    res.type('text/plain').send(robots);
  });
  return router;
}
