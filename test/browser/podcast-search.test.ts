/**
 * Searching the podcast in real Chromium: with JavaScript the results replace
 * the list without a reload (the URL shareable, the heading focused); without
 * it the form is a plain GET the server answers. axe on results and on none.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, axeViolationsWithoutScript } from '../support/axe';
import { waitForHydration } from '../../scripts/local/browser';
import { isSameDocument, markDocument, useBrowserAndServer } from '../support/browser';
import { content, episodes } from '../support/content';
import { episodeFormat } from '../../shared/rules/episode-search';

const ctx = useBrowserAndServer();
const copy = content.podcastPage.search;
const retirement = episodes.filter((episode) => /retirement/i.test(episode.title));

const heading = (page: Page) => page.locator('#episodes-heading');
const cardTitles = (page: Page) => page.locator('.episode-card__title').allTextContents();
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function searchFor(page: Page, words: string, format?: string) {
  await page.getByRole('searchbox', { name: copy.label }).fill(words);
  if (format) await page.getByLabel(copy.formatLabel).selectOption({ label: format });
  await page.getByRole('search').getByRole('button', { name: copy.submit }).click();
}

describe.each([390, 1280])('at %i px', (width) => {
  it('with JavaScript: "retirment" finds the retirement episodes without a reload; the URL is shareable and the heading takes focus', async () => {
    const { page, problems, close } = await ctx.open('/podcast', { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await markDocument(page);
    await searchFor(page, 'retirment');
    await expect.poll(() => heading(page).textContent()).toMatch(/episodes? match “retirment”$/);
    expect(await isSameDocument(page)).toBe(true);
    expect(new URL(page.url()).searchParams.get('q')).toBe('retirment');
    await expect.poll(() => focusedId(page)).toBe('episodes-heading');
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    for (const episode of retirement.slice(0, titles.length)) expect(titles).toContain(episode.title);
    expect(await page.locator('.episode-card mark').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    // The same address, opened afresh, shows the same results: it can be shared.
    const shared = await ctx.tab({ viewport: { width, height: 900 } });
    await shared.page.goto(page.url());
    await waitForHydration(shared.page);
    expect(await cardTitles(shared.page)).toEqual(titles);
    await shared.close();
    expect(problems).toEqual([]);
    await close();
  });

  it('with JavaScript: the format filter lists only audio episodes; no match says so and offers the list, with no axe violations', async () => {
    const { page, problems, close } = await ctx.open('/podcast', { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await searchFor(page, '', copy.audio);
    await expect.poll(() => heading(page).textContent()).toMatch(new RegExp(`^\\d+ ${copy.audioEpisodes}$`));
    const audioTitles = new Set(episodes.filter((episode) => episodeFormat(episode) === 'audio').map((episode) => episode.title));
    for (const title of await cardTitles(page)) expect(audioTitles.has(title), title).toBe(true);
    expect(await page.locator('.episode-card__kind').allTextContents()).toEqual(expect.arrayContaining(['Audio']));

    await searchFor(page, 'zzqxjv');
    // The format chosen before stays chosen.
    await expect.poll(() => heading(page).textContent()).toBe(`0 ${copy.matchMany} “zzqxjv” (${copy.audio})`);
    expect(await page.locator('.episode-search__empty').textContent()).toContain(copy.noneHint);
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.episode-search__empty').getByRole('link', { name: copy.showAll }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Latest Episodes');
    expect(problems).toEqual([]);
    await close();
  });

  it('without JavaScript: the form is a GET the server answers with the results', async () => {
    const { page, close } = await ctx.tab({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    await page.goto(`${ctx.server.origin}/podcast`);
    await Promise.all([page.waitForURL(/q=retirment/), searchFor(page, 'retirment')]);
    expect(new URL(page.url()).pathname).toBe('/podcast');
    expect(await heading(page).textContent()).toMatch(/episodes? match “retirment”$/);
    const titles = await cardTitles(page);
    for (const episode of retirement.slice(0, titles.length)) expect(titles).toContain(episode.title);
    expect(await page.getByRole('searchbox', { name: copy.label }).inputValue()).toBe('retirment');
    expect(await axeViolationsWithoutScript(ctx.browser, page)).toEqual([]);
    await close();
  });
});
