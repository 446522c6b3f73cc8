/**
 * The head follows client-side navigation (issue 8): title, description,
 * canonical, Open Graph URL and JSON-LD change with the page, without a
 * document load.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { episodes } from '../support/content';
import { useBrowserAndServer, withoutBlockedThumbnails } from '../support/browser';

const ctx = useBrowserAndServer();

async function headOf(page: Page) {
  return page.evaluate(() => {
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
    const ld = document.head.querySelectorAll('script[type="application/ld+json"]');
    const graph = ld.length === 1 ? (JSON.parse(ld[0]!.textContent ?? '{}') as { '@graph'?: Array<{ '@type': string }> }) : null;
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      canonicalCount: document.head.querySelectorAll('link[rel="canonical"]').length,
      ogUrl: content('meta[property="og:url"]'),
      ogImage: content('meta[property="og:image"]'),
      jsonLdTypes: graph?.['@graph']?.map((node) => node['@type']) ?? null,
    };
  });
}

describe('document head on client-side navigation', () => {
  it('changes title, description, canonical, og tags and JSON-LD with the page, and back again', async () => {
    const { page, problems, close } = await ctx.open('/', { viewport: { width: 1280, height: 800 } });
    const site = ctx.server.config.siteUrl;
    // A full document load would lose this marker; a client-side navigation keeps it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    const home = await headOf(page);
    expect(home.canonical).toBe(`${site}/`);
    expect(home.jsonLdTypes).toEqual(expect.arrayContaining(['FinancialService', 'WebSite']));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Podcast' }).click();
    await page.waitForURL('**/podcast');
    await expect.poll(async () => (await headOf(page)).canonical, { timeout: 30_000 }).toBe(`${site}/podcast`);
    const podcast = await headOf(page);
    expect(podcast.title).toBe('Podcast Episodes | Harbor Ledger Advisors');
    expect(podcast.description).not.toBe(home.description);
    expect(podcast.ogUrl).toBe(`${site}/podcast`);
    expect(podcast.canonicalCount).toBe(1);
    expect(podcast.jsonLdTypes).toEqual(['PodcastSeries', 'BreadcrumbList']);
    expect(await sameDocument()).toBe(true);

    const first = episodes[0]!;
    await page.locator(`a[href="/podcast/${first.id}"]`).first().click();
    await page.waitForURL(`**/podcast/${first.id}`);
    await expect.poll(async () => (await headOf(page)).canonical, { timeout: 30_000 }).toBe(`${site}/podcast/${first.id}`);
    const episode = await headOf(page);
    expect(episode.title).toBe(`${first.title} | Harbor Ledger Advisors`);
    // The episode's own text, cut to search-result length.
    expect(first.description.startsWith(episode.description!.replace(/…$/, ''))).toBe(true);
    expect(episode.description!.length).toBeGreaterThan(100);
    expect(episode.ogImage).toMatch(new RegExp(`^${site}/assets/share/episode-`));
    expect(episode.jsonLdTypes).toEqual(['PodcastEpisode', 'BreadcrumbList']);
    expect(await sameDocument()).toBe(true);

    await page.goBack();
    await page.waitForURL('**/podcast');
    await expect.poll(async () => (await headOf(page)).canonical, { timeout: 30_000 }).toBe(`${site}/podcast`);
    expect((await headOf(page)).title).toBe(podcast.title);
    expect(await sameDocument()).toBe(true);
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });
});
