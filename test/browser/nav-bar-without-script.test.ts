/**
 * The navigation bar without JavaScript: nothing can tell it the page has
 * scrolled, so it is solid from the start and scrolled text never runs under
 * it. With JavaScript it keeps the spec's behaviour (transparent at the top).
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths';
import { content } from '../support/content';

import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();
const VIEWPORT = { width: 1280, height: 800 };
const episodePath = paths.episode(content.episodes[0]!.id);

describe('the navigation bar', () => {
  it('without JavaScript stays solid: the bar looks the same whatever has scrolled under it', async () => {
    const { page, close } = await ctx.tab({ viewport: VIEWPORT, javaScriptEnabled: false });
    try {
      await page.goto(ctx.server.origin + episodePath);
      const header = page.locator('.site-header');
      const box = (await header.boundingBox())!;
      const atTop = await page.screenshot({ clip: box });
      await page.mouse.wheel(0, 350);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThanOrEqual(350);
      await page.waitForTimeout(400); // past the bar's colour transition
      const scrolled = await page.screenshot({ clip: box });
      // A transparent bar would show the dark hero first, then the page's text, under its links.
      expect(scrolled.equals(atTop)).toBe(true);
      expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    } finally {
      await close();
    }
  });

  it('with JavaScript is transparent at the top and turns solid past 50 px, as before', async () => {
    const { page, close } = await ctx.open(episodePath, { viewport: VIEWPORT });
    try {
      const background = () => page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await background()).toBe('rgba(0, 0, 0, 0)');
      await page.mouse.wheel(0, 350);
      await expect.poll(background, { timeout: 2_000 }).toBe('rgb(255, 255, 255)');
    } finally {
      await close();
    }
  });
});
