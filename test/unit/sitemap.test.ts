import { describe, expect, it } from 'vitest';
import { episodes } from '../../shared/content/episodes';
import { robotsTxt, sitemapEntries, sitemapXml } from '../../server/sitemap';

const SITE = 'https://example.test';

describe('sitemapEntries', () => {
  it('builds every URL on the given origin, with ISO lastmods only where a date is known', () => {
    const entries = sitemapEntries(SITE);
    expect(entries[0]).toEqual({ loc: `${SITE}/` });
    for (const entry of entries) expect(entry.loc.startsWith(`${SITE}/`)).toBe(true);
    const dated = episodes.find((episode) => episode.date === 'March 7, 2023')!;
    const undated = episodes.find((episode) => episode.date === '')!;
    expect(entries).toContainEqual({ loc: `${SITE}/podcast/${dated.id}`, lastmod: '2023-03-07' });
    expect(entries).toContainEqual({ loc: `${SITE}/podcast/${undated.id}` });
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
