/**
 * The podcast list in a real browser: paging in place, scrolling to the list,
 * focus, the disabled ends, and the same links working without JavaScript.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { episodes } from '../support/content';
import { horizontalOverflow, waitForHydration } from '../../scripts/local/browser';
import { isSameDocument, markDocument, useBrowserAndServer, withoutBlockedThumbnails } from '../support/browser';

const ctx = useBrowserAndServer();

const VIEWPORT = { width: 1280, height: 800 };

const pager = (page: Page) => page.getByRole('navigation', { name: 'Episode pages' });
const status = (page: Page) => page.locator('.episodes-section__status').textContent();
const cardTitles = (page: Page) => page.locator('.episode-card__title').allTextContents();
/** Where the episodes section sits relative to the top of the viewport. */
const sectionTop = (page: Page) => page.locator('#episodes-section').evaluate((section) => Math.round(section.getBoundingClientRect().top));
/** The scroll padding that keeps the section clear of the fixed header. */
const scrollPaddingTop = (page: Page) => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0);
const titlesOfPage = (n: number) => episodes.slice((n - 1) * 6, n * 6).map((e) => e.title);

async function expectListScrolledIntoView(page: Page) {
  const padding = await scrollPaddingTop(page);
  await expect.poll(() => sectionTop(page), { timeout: 5_000 }).toBeGreaterThanOrEqual(Math.floor(padding) - 2);
  await expect.poll(() => sectionTop(page), { timeout: 5_000 }).toBeLessThanOrEqual(Math.ceil(padding) + 2);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
}

describe('podcast list', () => {
  it('loads and hydrates with no console or page errors', async () => {
    const { page, problems, close } = await ctx.tab({ viewport: VIEWPORT });
    const response = await page.goto(ctx.server.origin + '/podcast');
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await status(page)).toBe('Page 1 of 9 (50 total episodes)');
    expect(await cardTitles(page)).toEqual(titlesOfPage(1));
    expect(problems).toEqual([]);
    await close();
  });

  it('changes page in place, scrolls to the list and puts focus on its heading', async () => {
    const { page, problems, close } = await ctx.open('/podcast', { viewport: VIEWPORT });
    await markDocument(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await pager(page).getByRole('link', { name: 'Go to page 2', exact: true }).click();
    await page.waitForURL(ctx.server.origin + '/podcast?page=2');
    await expect.poll(() => status(page)).toBe('Page 2 of 9 (50 total episodes)');
    expect(await cardTitles(page)).toEqual(titlesOfPage(2));
    expect(await isSameDocument(page)).toBe(true);
    await expectListScrolledIntoView(page);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('episodes-heading');
    expect(await pager(page).getByRole('link', { name: 'Page 2', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.title()).toContain('page 2 of 9');
    expect(problems).toEqual([]);
    await close();
  });

  it('steps with Next and Previous, disabled at the ends', async () => {
    const { page, problems, close } = await ctx.open('/podcast', { viewport: VIEWPORT });
    await markDocument(page);

    const previousDisabled = pager(page).locator('[aria-disabled="true"]', { hasText: 'Previous' });
    expect(await previousDisabled.count()).toBe(1);
    expect(await previousDisabled.evaluate((el) => el.tagName)).not.toBe('A');
    expect(await pager(page).locator('a', { hasText: 'Previous' }).count()).toBe(0);

    await pager(page).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(ctx.server.origin + '/podcast?page=2');
    await expect.poll(() => status(page)).toBe('Page 2 of 9 (50 total episodes)');

    await pager(page).getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(ctx.server.origin + '/podcast');
    await expect.poll(() => status(page)).toBe('Page 1 of 9 (50 total episodes)');
    expect(await cardTitles(page)).toEqual(titlesOfPage(1));

    await pager(page).getByRole('link', { name: 'Go to page 8', exact: true }).click();
    await page.waitForURL(ctx.server.origin + '/podcast?page=8');
    await pager(page).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(ctx.server.origin + '/podcast?page=9');
    await expect.poll(() => status(page)).toBe('Page 9 of 9 (50 total episodes)');
    expect(await cardTitles(page)).toEqual(titlesOfPage(9));
    const nextDisabled = pager(page).locator('[aria-disabled="true"]', { hasText: 'Next' });
    expect(await nextDisabled.count()).toBe(1);
    expect(await pager(page).locator('a', { hasText: 'Next' }).count()).toBe(0);
    // Clicking the disabled end does nothing (force: Playwright itself refuses to click a disabled control).
    await nextDisabled.click({ force: true });
    await page.waitForTimeout(200);
    expect(page.url()).toBe(ctx.server.origin + '/podcast?page=9');

    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('goes back through the pages with the browser history', async () => {
    const { page, close } = await ctx.open('/podcast', { viewport: VIEWPORT });
    await pager(page).getByRole('link', { name: 'Go to page 3', exact: true }).click();
    await expect.poll(() => status(page)).toBe('Page 3 of 9 (50 total episodes)');
    await page.goBack();
    await page.waitForURL(ctx.server.origin + '/podcast');
    await expect.poll(() => status(page)).toBe('Page 1 of 9 (50 total episodes)');
    await close();
  });

  it('scrolls to the list without animation for visitors who ask for reduced motion', async () => {
    const { page, problems, close } = await ctx.open('/podcast', { viewport: VIEWPORT, reducedMotion: 'reduce' });
    await pager(page).getByRole('link', { name: 'Go to page 4', exact: true }).click();
    await expect.poll(() => status(page)).toBe('Page 4 of 9 (50 total episodes)');
    // No animation: two frames after the new list is in, the list is already in place.
    const padding = await scrollPaddingTop(page);
    const topAfterTwoFrames = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(document.getElementById('episodes-section')!.getBoundingClientRect().top)),
          ),
        ),
    );
    expect(Math.abs(topAfterTwoFrames - padding)).toBeLessThanOrEqual(2);
    await expectListScrolledIntoView(page);
    expect(problems).toEqual([]);
    await close();
  });

  it('opens an episode from its card, anywhere on the card, without a reload', async () => {
    const { page, problems, close } = await ctx.open('/podcast', { viewport: VIEWPORT });
    await markDocument(page);
    const first = episodes[0]!;
    // The card's only link stretches over it: a real click on the description lands on the link.
    // (force: the click goes to those coordinates even though the link covers the paragraph.)
    await page.locator('.episode-card').first().locator('.episode-card__description').click({ force: true });
    await page.waitForURL(`${ctx.server.origin}/podcast/${first.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(first.title);
    expect(await isSameDocument(page)).toBe(true);
    // The one expected error: Chromium reporting the refused YouTube thumbnail (the page falls back to the cover).
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });

  it('reaches page 2 through the same links with JavaScript disabled', async () => {
    const { page, problems, close } = await ctx.tab({ viewport: VIEWPORT, javaScriptEnabled: false });
    await page.goto(ctx.server.origin + '/podcast');
    expect(await status(page)).toBe('Page 1 of 9 (50 total episodes)');
    const response = await Promise.all([
      page.waitForNavigation(),
      pager(page).getByRole('link', { name: 'Go to page 2', exact: true }).click(),
    ]).then(([r]) => r);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(ctx.server.origin + '/podcast?page=2');
    expect(await status(page)).toBe('Page 2 of 9 (50 total episodes)');
    expect(await cardTitles(page)).toEqual(titlesOfPage(2));
    await Promise.all([page.waitForNavigation(), pager(page).getByRole('link', { name: 'Next' }).click()]);
    expect(page.url()).toBe(ctx.server.origin + '/podcast?page=3');
    expect(problems).toEqual([]);
    await close();
  });

  it.each([
    [360, 1],
    [768, 2],
    [1440, 3],
  ])('lays the cards out without horizontal scrolling at %i px (%i per row)', async (width, columns) => {
    const { page, close } = await ctx.open('/podcast', { viewport: { width, height: 900 } });
    expect(await horizontalOverflow(page)).toEqual({ px: 0, offenders: [] });
    const lefts = await page
      .locator('.episode-card')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(columns);
    await close();
  });
});
