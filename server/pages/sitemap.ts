/**
 * /sitemap.xml and /robots.txt, built once at start-up from the path table
 * (shared/paths.ts), the published episodes and SITE_URL. No URL is listed by
 * hand: a new fixed page joins staticPagePaths, a new episode joins the
 * content. Built again when a scheduled item is published (server/pages/published-site.ts).
 */
import type { Router } from 'express';
import express from 'express';
import { EPISODES_PER_PAGE } from '../../shared/constants';
import { OUT_PATH } from '../../shared/counted-links';
import { PAGE_DATA_PREFIX, paths, staticPagePaths } from '../../shared/paths';
import { pageCount } from '../../shared/rules/pagination';
import type { SiteContent } from '../content/publication';

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

/** The newest of some ISO dates. */
function newest(dates: string[]): string | undefined {
  return dates.toSorted().at(-1);
}

/** Every canonical page: the fixed pages, podcast pages 2…N, every episode, and every host's and guest's page. */
export function sitemapEntries(
  siteUrl: string,
  { episodes, press, people }: Pick<SiteContent, 'episodes' | 'press' | 'people'>,
): SitemapEntry[] {
  const newestEpisode = newest(episodes.map((episode) => episode.published));
  const lastmodOf: Partial<Record<string, string>> = {
    [paths.home]: newest([newestEpisode ?? '', ...press.map((item) => item.published)].filter(Boolean)),
    [paths.podcast]: newestEpisode,
    [paths.press]: newest(press.map((item) => item.published)),
  };
  const publishedOf = new Map(episodes.map((episode) => [episode.id, episode.published]));
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
    ...episodes.map((episode) => entry(paths.episode(episode.id), episode.published)),
    // A person's page changes when a new episode names them: their newest episode's date.
    ...people.map((person) => entry(paths.person(person.id), newest(person.episodes.map((id) => publishedOf.get(id) ?? '')))),
  ];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) => `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.join('') +
    '</urlset>\n'
  );
}

/**
 * Crawl everything that is a page; page data (JSON for client navigations), the API and the counted
 * click-outs (/out, a redirect that would count a crawler's visit as a bot's, decision 044) are not pages.
 */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${PAGE_DATA_PREFIX}/`,
    `Disallow: ${paths.subscribeApi}`,
    `Disallow: ${OUT_PATH}`,
    '',
    `Sitemap: ${siteUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

/** GET/HEAD /sitemap.xml and /robots.txt, from text built once. */
export function sitemapRouter(siteUrl: string, content: SiteContent): Router {
  const xml = sitemapXml(sitemapEntries(siteUrl, content));
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
