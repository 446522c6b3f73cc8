/**
 * Forced colours (Windows High Contrast), emulated by Chromium: backgrounds
 * and shadows are flattened to system colours, so whatever they carried
 * (focus rings, button shapes, the current page, badges, the menu icon) must
 * be drawn with outlines, borders or system colours instead.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { episodes } from '../support/content';
import { paths } from '../../shared/paths';
import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();
const FORCED = { forcedColors: 'active' as const, viewport: { width: 1280, height: 800 } };

/** Computed border of an element, all four sides. */
const borders = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const style = getComputedStyle(el);
      return ['Top', 'Right', 'Bottom', 'Left'].map((side) => ({
        style: style.getPropertyValue(`border-${side.toLowerCase()}-style`),
        width: parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)),
      }));
    });

const hasFullBorder = async (page: Page, selector: string) =>
  (await borders(page, selector)).every((side) => side.style !== 'none' && side.width >= 1);

describe('forced colours', () => {
  it('is really emulated', async () => {
    const { page, close } = await ctx.open(paths.home, FORCED);
    expect(await page.evaluate(() => matchMedia('(forced-colors: active)').matches)).toBe(true);
    await close();
  });

  it('draws a focus outline on every kind of control reached with Tab', async () => {
    const { page, close } = await ctx.open(paths.podcast, FORCED);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const drawn = (style: CSSStyleDeclaration) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        const card = element.closest('.episode-card');
        return {
          kind: `${element.tagName.toLowerCase()}.${element.className.split(' ')[0] ?? ''}`,
          drawn:
            drawn(getComputedStyle(element)) ||
            drawn(getComputedStyle(element, '::after')) ||
            (card !== null && drawn(getComputedStyle(card))),
        };
      });
      expect(stop.drawn, stop.kind).toBe(true);
      seen.add(stop.kind);
    }
    // Links in the nav bar, buttons, the show links and the episode cards were all among them.
    expect(seen.size).toBeGreaterThanOrEqual(5);
    await close();
  });

  it('keeps the shape of every button and of the pagination links', async () => {
    const { page, close } = await ctx.open(paths.home, FORCED);
    for (const selector of ['.button--primary', '.button--ghost', '.background-video__toggle', '.featured-strip__toggle']) {
      expect(await hasFullBorder(page, selector), selector).toBe(true);
    }
    await page.goto(ctx.server.origin + paths.podcast);
    expect(await hasFullBorder(page, '.pagination__link[aria-current="page"]')).toBe(true);
    expect(await hasFullBorder(page, 'a.pagination__link')).toBe(true);
    await close();
  });

  it('marks the current page in the nav bar and the pagination in system colours', async () => {
    const { page, close } = await ctx.open(paths.podcast, FORCED);
    const navStyles = await page.locator('.site-nav__link').evaluateAll((links) =>
      links.map((link) => {
        const style = getComputedStyle(link);
        return {
          current: link.getAttribute('aria-current') === 'page',
          underline: style.textDecorationLine.includes('underline'),
          border: `${style.borderBottomStyle} ${style.borderBottomWidth} ${style.borderBottomColor}`,
        };
      }),
    );
    const current = navStyles.filter((link) => link.current);
    const others = navStyles.filter((link) => !link.current);
    expect(current).toHaveLength(1);
    expect(current[0]!.underline).toBe(true);
    for (const other of others) {
      expect(other.underline).toBe(false);
      expect(other.border).not.toBe(current[0]!.border);
    }

    // The current page number keeps a highlight that the other numbers do not have.
    const background = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    const currentBackground = await background('.pagination__link[aria-current="page"]');
    expect(currentBackground).not.toBe(await background('a.pagination__link:not([aria-current])'));
    expect(currentBackground).not.toBe('rgba(0, 0, 0, 0)');
    await close();
  });

  it('outlines the badges that were only a coloured background', async () => {
    const numbered = episodes.find((episode) => episode.number && episode.isYouTube)!;
    const { page, close } = await ctx.open(paths.episode(numbered.id), FORCED);
    expect(await hasFullBorder(page, '.episode-number')).toBe(true);
    expect(await hasFullBorder(page, '.platform-badge')).toBe(true);
    await page.goto(ctx.server.origin + paths.podcast);
    expect(await hasFullBorder(page, '.episode-card__kind')).toBe(true);
    expect(await hasFullBorder(page, '.episode-card .platform-badge')).toBe(true);
    await close();
  });

  it('keeps the three bars of the menu icon visible against the header', async () => {
    const { page, close } = await ctx.open(paths.home, { ...FORCED, viewport: { width: 390, height: 800 } });
    const colours = await page.locator('.site-nav__toggle-bars').evaluate((bars) => {
      const header = document.querySelector('header.site-header')!;
      const canvas = getComputedStyle(document.body).backgroundColor;
      return {
        bars: [
          getComputedStyle(bars).backgroundColor,
          getComputedStyle(bars, '::before').backgroundColor,
          getComputedStyle(bars, '::after').backgroundColor,
        ],
        header: getComputedStyle(header).backgroundColor,
        canvas,
      };
    });
    for (const bar of colours.bars) {
      expect(bar).not.toBe('rgba(0, 0, 0, 0)');
      expect(bar).not.toBe(colours.canvas);
    }
    await close();
  });
});
