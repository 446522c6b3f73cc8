import { describe, expect, it } from 'vitest';
import { content, episodes } from '../support/content';
import { robotsTxt, sitemapEntries, sitemapXml } from '../../server/pages/sitemap';

const SITE = 'https://example.test';

describe('sitemapEntries', () => {
  it('builds every URL on the given origin, each episode with its publication date as lastmod', () => {
    const entries = sitemapEntries(SITE, content);
    const newest = [...episodes.map((episode) => episode.published), ...content.press.map((item) => item.published)].sort().at(-1);
    expect(entries[0]).toEqual({ loc: `${SITE}/`, lastmod: newest });
    for (const entry of entries) expect(entry.loc.startsWith(`${SITE}/`)).toBe(true);
    const dated = episodes.find((episode) => episode.date === 'March 7, 2023')!;
    const undated = episodes.find((episode) => episode.date === '')!;
    expect(entries).toContainEqual({ loc: `${SITE}/podcast/${dated.id}`, lastmod: '2023-03-07' });
    // The page does not show this one's date, but it has one: the order of the lists, and the sitemap's lastmod.
    expect(entries).toContainEqual({ loc: `${SITE}/podcast/${undated.id}`, lastmod: undated.published });
  });
});

describe('sitemapXml', () => {
  it('escapes XML in locations', () => {
    const xml = sitemapXml([{ loc: `${SITE}/podcast?page=2&x=<y>` }]);
    expect(xml).toContain('<loc>https://example.test/podcast?page=2&amp;x=&lt;y&gt;</loc>');
    expect(xml).not.toContain('<lastmod>');
  });
});

describe('robotsTxt', () => {
  it('names the sitemap on the origin', () => {
    expect(robotsTxt(SITE)).toContain('Sitemap: https://example.test/sitemap.xml');
  });
});
