/**
 * /sitemap.xml and /robots.txt as served (issue 8): right content types and
 * caching, every URL on SITE_URL and answering 200, every episode listed.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EPISODES_PER_PAGE } from '../../shared/constants';
import { content, episodes } from '../support/content';
import { paths, staticPagePaths } from '../../shared/paths';
import { isoDate } from '../../shared/rules/display-date';
import { pageCount } from '../../shared/rules/pagination';
import { makeApp } from '../support/app';

const SITE_URL = 'https://www.harborledger.example';
/** Tests that walk every page render about seventy of them; a loaded machine needs time, never a timed assertion. */
const EVERY_PAGE_TIMEOUT = 180_000;
const { app } = makeApp({ env: { SITE_URL, NODE_ENV: 'production' } });

function sitemapUrls(xml: string): Array<{ loc: string; lastmod: string | undefined }> {
  return [...xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/url>/g)].map((m) => ({
    loc: m[1]!.replace(/&amp;/g, '&'),
    lastmod: m[2],
  }));
}

describe('/sitemap.xml', () => {
  it(
    'is XML, cached for an hour, and lists every canonical page once, each answering 200 with that canonical',
    async () => {
      const res = await request(app).get('/sitemap.xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.text).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
      );

      const urls = sitemapUrls(res.text);
      expect((res.text.match(/<url>/g) ?? []).length).toBe(urls.length);
      const locs = urls.map((url) => url.loc);
      expect(new Set(locs).size).toBe(locs.length);
      const extraPodcastPages = pageCount(episodes.length, EPISODES_PER_PAGE) - 1;
      expect(locs.length).toBe(staticPagePaths.length + extraPodcastPages + episodes.length + content.people.length);

      for (const { loc, lastmod } of urls) {
        expect(loc.startsWith(`${SITE_URL}/`), loc).toBe(true);
        if (lastmod !== undefined) expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const page = await request(app).get(loc.slice(SITE_URL.length));
        expect(page.status, loc).toBe(200);
        expect(page.text).toContain(`<link rel="canonical" href="${loc.replace(/&/g, '&amp;')}"/>`);
      }
    },
    EVERY_PAGE_TIMEOUT,
  );

  it('lists every episode, with its publication date as lastmod, and podcast pages 2…N but never ?page=1', async () => {
    const urls = sitemapUrls((await request(app).get('/sitemap.xml')).text);
    const byLoc = new Map(urls.map((url) => [url.loc, url.lastmod]));
    for (const episode of episodes) {
      const loc = SITE_URL + paths.episode(episode.id);
      expect(byLoc.has(loc), episode.id).toBe(true);
      expect(byLoc.get(loc)).toBe(episode.published);
      if (episode.date) expect(episode.published).toBe(isoDate(episode.date));
    }
    expect(byLoc.has(`${SITE_URL}/podcast?page=2`)).toBe(true);
    expect([...byLoc.keys()].some((loc) => loc.includes('page=1'))).toBe(false);
    expect(byLoc.get(`${SITE_URL}/press`)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers HEAD as GET without a body', async () => {
    const res = await request(app).head('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  });
});

describe('/robots.txt', () => {
  it('allows crawling and names the sitemap on SITE_URL', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(res.text).toContain(`\nSitemap: ${SITE_URL}/sitemap.xml\n`);
    // The pages themselves are never disallowed.
    for (const line of res.text.split('\n').filter((l) => l.startsWith('Disallow:'))) {
      const prefix = line.slice('Disallow:'.length).trim();
      expect(prefix).not.toBe('');
      for (const path of staticPagePaths) expect(path.startsWith(prefix), `${path} vs ${prefix}`).toBe(false);
    }
  });
});
