/**
 * The press page in real Chromium: it hydrates cleanly, its grid is two
 * columns on wide screens and one on narrow ones, every article opens in a new
 * tab, and 'Subscribe to Newsletter' leads to the sign-up form.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pressItems } from '../support/content';
import { paths } from '../../shared/paths';
import { horizontalOverflow, scrollThroughPage } from '../../scripts/local/browser';
import { clickAtCentre, clickOpensNewTab, linkTargets, useBrowserAndServer } from '../support/browser';
import type { TestPage } from '../../scripts/local/browser';

const ctx = useBrowserAndServer();

function openPress(width = 1280, height = 900): Promise<TestPage> {
  return ctx.open(paths.press, { viewport: { width, height } });
}

async function cardBoxes(page: Page) {
  return page.$$eval('.press-page__grid > li', (items) =>
    items.map((item) => {
      const box = item.getBoundingClientRect();
      return { top: Math.round(box.top + window.scrollY), left: Math.round(box.left), width: Math.round(box.width) };
    }),
  );
}

describe('press page in the browser', () => {
  it('hydrates without console errors or outside requests and shows all 12 articles', async () => {
    const { page, problems, blocked, close } = await openPress();
    try {
      await scrollThroughPage(page);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Press & Publications');
      expect(await page.locator('.press-card').count()).toBe(pressItems.length);
      // Every image has loaded and declares its size.
      const images = await page.$$eval('.press-card img', (imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          loaded: img.complete && img.naturalWidth > 0,
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
        })),
      );
      for (const image of images) expect(image).toEqual({ loaded: true, width: '800', height: '450' });
      expect(problems).toEqual([]);
      expect(blocked).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lays the cards out in two columns at 1280 px', async () => {
    const { page, close } = await openPress(1280);
    try {
      const boxes = await cardBoxes(page);
      expect(boxes).toHaveLength(12);
      for (let row = 0; row < 6; row++) {
        const [left, right] = [boxes[row * 2]!, boxes[row * 2 + 1]!];
        expect(right.top).toBe(left.top);
        expect(right.left).toBeGreaterThan(left.left + left.width - 1);
        if (row > 0) expect(left.top).toBeGreaterThan(boxes[row * 2 - 2]!.top);
      }
      expect(new Set(boxes.map((box) => box.left)).size).toBe(2);
    } finally {
      await close();
    }
  });

  it.each([390, 767])('lays the cards out in one column at %i px', async (width) => {
    const { page, close } = await openPress(width);
    try {
      const boxes = await cardBoxes(page);
      expect(boxes).toHaveLength(12);
      expect(new Set(boxes.map((box) => box.left)).size).toBe(1);
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.top);
    } finally {
      await close();
    }
  });

  it('opens every article in a new tab, from the Read Article link or anywhere on the card', async () => {
    const { page, problems, close } = await openPress();
    try {
      const links = await linkTargets(page, '.press-card a');
      const expected = pressItems.map((item) => ({ href: item.link, target: '_blank', rel: 'noopener noreferrer' }));
      expect(links).toEqual(expected);

      // A real click on the card's title, which the stretched 'Read Article' link covers.
      const title = page.locator('.press-card__title').nth(2);
      expect(await clickOpensNewTab(page, () => clickAtCentre(page, title))).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/press');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("'Subscribe to Newsletter' moves to the newsletter form", async () => {
    const { page, problems, close } = await openPress(390, 800);
    try {
      await page.getByRole('link', { name: 'Subscribe to Newsletter' }).click();
      await page.waitForFunction(() => {
        const top = document.getElementById('contact')!.getBoundingClientRect().top;
        return window.location.hash === '#contact' && top >= 0 && top < 120;
      });
      expect(new URL(page.url()).pathname).toBe('/press');
      expect(await page.getByLabel('Email Address').isVisible()).toBe(true);
      expect(
        await page.getByLabel('Email Address').evaluate((input) => {
          const box = input.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      ).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([360, 1280])('has no horizontal scroll at %i px', async (width) => {
    const { page, problems, close } = await openPress(width, 800);
    try {
      expect(await horizontalOverflow(page)).toEqual({ px: 0, offenders: [] });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});
