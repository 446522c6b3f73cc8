import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';

import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();

const headerIsSolid = (page: Page) =>
  page.locator('header.site-header').evaluate((header) => header.classList.contains('site-header--solid'));

describe('navigation bar', () => {
  it('turns solid past 50 px of scroll and transparent again when scrolled back', async () => {
    const { page, problems, close } = await ctx.open('/privacy', { viewport: { width: 1280, height: 800 } });
    const background = () => page.locator('header.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);

    expect(await headerIsSolid(page)).toBe(false);
    expect(await background()).toBe('rgba(0, 0, 0, 0)');

    await page.evaluate(() => window.scrollTo(0, 50));
    await page.waitForTimeout(100);
    expect(await headerIsSolid(page)).toBe(false);

    await page.evaluate(() => window.scrollTo(0, 51));
    await expect.poll(() => headerIsSolid(page)).toBe(true);
    await expect.poll(background).toBe('rgb(255, 255, 255)');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => headerIsSolid(page)).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it('marks the current page', async () => {
    const { page, close } = await ctx.open('/podcast', { viewport: { width: 1280, height: 800 } });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Podcast' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBeNull();
    await close();
  });

  it('collapses into a menu button on narrow screens that opens, and closes when a link is chosen', async () => {
    const { page, problems, close } = await ctx.open('/', { viewport: { width: 390, height: 800 } });
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#main-menu');

    expect(await toggle.getAttribute('aria-controls')).toBe('main-menu');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    const close_ = page.getByRole('button', { name: 'Close menu' });
    expect(await close_.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.isVisible()).toBe(true);

    await close_.click();
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the links inline on wide screens without a menu button', async () => {
    const { page, close } = await ctx.open('/', { viewport: { width: 1280, height: 800 } });
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.locator('#main-menu').getByRole('link').count()).toBe(4);
    expect(await page.locator('#main-menu').isVisible()).toBe(true);
    await close();
  });
});

describe('footer', () => {
  it('links every group and leaves the social placeholders without a target', async () => {
    const { page, close } = await ctx.tab();
    await page.goto(ctx.server.origin + '/');
    const footer = page.locator('footer');
    for (const [group, count] of [
      ['Quick Links', 4],
      ['Services', 6],
      ['Legal', 3],
    ] as const) {
      expect(await footer.getByRole('navigation', { name: group }).getByRole('link').count()).toBe(count);
    }
    expect(await footer.locator('a[href="#"], a:not([href])').count()).toBe(0);
    expect(await footer.locator('.social-link--placeholder').count()).toBe(2);
    for (const link of await footer.locator('a[target="_blank"]').all()) {
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(await footer.textContent()).toContain('© 2025 Harbor Ledger Advisors. All rights reserved.');
    await close();
  });
});
