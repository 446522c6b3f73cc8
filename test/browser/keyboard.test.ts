/**
 * The site with real key presses only (page.keyboard): the skip link, the
 * mobile menu as a disclosure, a visible focus indicator on every stop that
 * the fixed nav bar never hides (WCAG 2.4.7, 2.4.11), the pagination's stops,
 * the background videos' pause buttons and the transcript's disclosure.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { episodes } from '../support/content';
import { paths } from '../../shared/paths';

import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();

// A Markdown transcript, folded in a <details> (a timed transcript is shown open, with its moments: episode-transcript.test.ts).
const withTranscript = episodes.find((episode) => episode.transcript && !episode.timedTranscript && episode.isYouTube)!;

interface FocusStop {
  name: string;
  tag: string;
  /** A ring drawn by the element, by its ::after (stretched links) or by the card around it. */
  indicator: boolean;
  /** Some of it is on screen and on top: not covered by the fixed nav bar or anything else. */
  unobscured: boolean;
  inHeader: boolean;
}

/** What has focus now, whether its focus indicator is drawn, and whether the fixed header covers it. */
function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const drawn = (style: CSSStyleDeclaration) => style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const card = element.closest('.episode-card');
    const indicator =
      drawn(getComputedStyle(element)) || drawn(getComputedStyle(element, '::after')) || (card !== null && drawn(getComputedStyle(card)));
    const inHeader = document.querySelector('header.site-header')!.contains(element);
    // Probe the centre and points near the corners: whatever is topmost there must be the element itself.
    const rect = element.getBoundingClientRect();
    const xs = [rect.left + 2, rect.left + rect.width / 2, rect.right - 2];
    const ys = [rect.top + 2, rect.top + rect.height / 2, rect.bottom - 2];
    const unobscured = xs.some((x) =>
      ys.some((y) => {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (element === hit || element.contains(hit));
      }),
    );
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return { name, tag: element.tagName.toLowerCase(), indicator, unobscured, inHeader };
  });
}

/** Presses Tab until focus leaves the page's last stop (or `limit` presses), recording each stop. */
async function tabThrough(page: Page, limit = 250): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    let stop = await focusStop(page);
    if (stop?.tag === 'iframe' && !stop.indicator) {
      // The page learns of focus in another origin's frame a moment later (a window blur); give it that moment.
      await page
        .waitForFunction(() => getComputedStyle(document.activeElement!).outlineStyle !== 'none', null, { timeout: 2_000 })
        .catch(() => undefined);
      stop = await focusStop(page);
    }
    if (!stop) break;
    // Back at the start: the whole page has been walked.
    if (i > 0 && stop.name === 'Skip to main content') break;
    stops.push(stop);
  }
  return stops;
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim();
  });

describe('skip link', () => {
  it('is the first Tab stop, shows itself, and Enter moves focus to main', async () => {
    const { page, close } = await ctx.open(paths.press, { viewport: { width: 1280, height: 800 } });
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Skip to main content');
    const box = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next stop is inside main, past the nav bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);
    await close();
  });
});

describe('mobile menu', () => {
  const menu = (page: Page) => page.locator('#main-menu');
  const toggle = (page: Page) => page.locator('.site-nav__toggle');

  it('opens with Enter and with Space, closes with Escape and gives focus back to its button', async () => {
    const { page, problems, close } = await ctx.open('/', { viewport: { width: 390, height: 800 } });
    await page.keyboard.press('Tab'); // skip link
    await page.keyboard.press('Tab'); // brand
    await page.keyboard.press('Tab'); // menu button
    expect(await focusedName(page)).toBe('Open menu');

    await page.keyboard.press('Enter');
    await expect.poll(() => menu(page).isVisible()).toBe(true);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Home');

    await page.keyboard.press('Escape');
    await expect.poll(() => menu(page).isVisible()).toBe(false);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await focusedName(page)).toBe('Open menu');

    await page.keyboard.press('Space');
    await expect.poll(() => menu(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu(page).isVisible()).toBe(false);
    expect(await focusedName(page)).toBe('Open menu');
    expect(problems).toEqual([]);
    await close();
  });

  it('never lets focus sit on the page behind the open menu', async () => {
    const { page, close } = await ctx.open('/', { viewport: { width: 390, height: 800 } });
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => menu(page).isVisible()).toBe(true);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      names.push(await focusedName(page));
      const state = await page.evaluate(() => ({
        inHeader: document.querySelector('header')!.contains(document.activeElement),
        menuOpen: document.querySelector('.site-nav__toggle')!.getAttribute('aria-expanded') === 'true',
      }));
      // Either focus is in the menu, or the menu has closed: never both "open" and "behind it".
      expect(state.inHeader || !state.menuOpen, names.join(' › ')).toBe(true);
    }
    expect(names.slice(0, 4)).toEqual(['Home', 'Podcast', 'Press', 'Contact']);
    expect(await menu(page).isVisible()).toBe(false);
    // Shift+Tab back into the header does not reopen it; the button does.
    await page.keyboard.press('Shift+Tab');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    await close();
  });
});

describe('focus is visible and never hidden behind the nav bar', () => {
  const pages = [
    paths.home,
    paths.podcast,
    paths.episode(withTranscript.id),
    paths.press,
    paths.contact,
    paths.retirementPlanning,
    paths.privacy,
    paths.accessibility,
  ];

  it.each([
    [1280, 800],
    [390, 740],
  ])(
    'at %i × %i px, on every Tab stop of every page',
    async (width, height) => {
      const tab = await ctx.open(paths.home, { viewport: { width, height } });
      try {
        for (const path of pages) {
          await tab.page.goto(ctx.server.origin + path);
          await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
          const stops = await tabThrough(tab.page);
          expect(stops.length, path).toBeGreaterThan(10);
          expect(
            stops.filter((stop) => !stop.indicator),
            `${path}: stops without a focus indicator`,
          ).toEqual([]);
          expect(
            stops.filter((stop) => !stop.unobscured),
            `${path}: stops hidden by the nav bar`,
          ).toEqual([]);
        }
      } finally {
        await tab.close();
      }
    },
    180_000,
  );

  it('Shift+Tab upwards through a long page keeps each stop clear of the nav bar', async () => {
    const { page, close } = await ctx.open(paths.privacy, { viewport: { width: 1280, height: 700 } });
    await page.locator('footer a').last().focus();
    const stops: FocusStop[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Shift+Tab');
      const stop = await focusStop(page);
      if (!stop || stop.inHeader) break;
      stops.push(stop);
    }
    expect(stops.length).toBeGreaterThan(20);
    expect(stops.filter((stop) => !stop.unobscured)).toEqual([]);
    await close();
  });
});

describe('pagination by keyboard', () => {
  it('names each page "Go to page N", marks the current one, and skips a disabled end', async () => {
    const { page, close } = await ctx.open(paths.podcast, { viewport: { width: 1280, height: 800 } });
    const pager = page.getByRole('navigation', { name: 'Episode pages' });
    // Start on the last card and Tab into the pager.
    await page.locator('.episode-card__link').last().focus();
    const names: string[] = [];
    for (;;) {
      await page.keyboard.press('Tab');
      const inPager = await page.evaluate(() => document.activeElement?.closest('nav.pagination') !== null);
      if (!inPager) break;
      names.push(await focusedName(page));
    }
    // Page 1: Previous is disabled and is no stop at all.
    expect(names).toEqual(['Page 1', ...[2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Go to page ${n}`), 'Next']);
    expect(await pager.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    const previous = pager.locator('[aria-disabled="true"]');
    expect(await previous.textContent()).toBe('Previous');
    expect(await previous.evaluate((el) => (el as HTMLElement).tabIndex)).toBe(-1);
    expect(await previous.evaluate((el) => el.hasAttribute('href'))).toBe(false);

    // Enter on "Go to page 3" pages the list; focus lands on its heading.
    await pager.getByRole('link', { name: 'Go to page 3' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${ctx.server.origin}/podcast?page=3`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('episodes-heading');
    expect(await pager.getByRole('link', { name: 'Page 3', exact: true }).getAttribute('aria-current')).toBe('page');
    await close();
  });
});

describe('background video pause buttons', () => {
  it.each([paths.home, paths.podcast])('%s: Enter and Space pause and play; the label says which', async (path) => {
    const { page, problems, close } = await ctx.open(path, { viewport: { width: 1280, height: 800 } });
    const video = page.locator('video.background-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

    // Reach the button with Tab, as a keyboard user would.
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await page.keyboard.press('Tab');
      found = (await focusedName(page)) === 'Pause background video';
    }
    expect(found).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');

    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Play background video');
    expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // The state is in the accessible name, not also in aria-pressed (which would read "Play ..., pressed").
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('aria-pressed'))).toBe(false);

    await page.keyboard.press('Space');
    await expect.poll(() => focusedName(page)).toBe('Pause background video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('transcript', () => {
  it("opens without JavaScript, and the browser's text search finds its words while it is closed", async () => {
    const { page, close } = await ctx.tab({ javaScriptEnabled: false });
    await page.goto(ctx.server.origin + paths.episode(withTranscript.id));
    const details = page.locator('details.episode-transcript__details');
    await page.getByText('Read the transcript').click();
    expect(await details.evaluate((el: HTMLDetailsElement) => el.open)).toBe(true);
    await page.getByText('Read the transcript').click();
    expect(await details.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    await close();

    // Closed, its text is still in the page for the browser's search (window.find uses the same text search).
    // (Chromium's Ctrl+F also opens a closed <details> on a match; no automation API reaches that dialog.)
    const tab = await ctx.open(paths.episode(withTranscript.id), { viewport: { width: 1280, height: 800 } });
    const phrase = withTranscript.transcript![2]!.text.split(' ').slice(0, 6).join(' ');
    expect(await tab.page.locator('details.episode-transcript__details').evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    const found = await tab.page.evaluate((text) => (window as unknown as { find: (s: string) => boolean }).find(text), phrase);
    expect(found).toBe(true);
    await tab.close();
  });

  it('opens and closes from the keyboard, and its text is in the page while closed', async () => {
    const { page, close } = await ctx.open(paths.episode(withTranscript.id), { viewport: { width: 1280, height: 800 } });
    const details = page.locator('details.episode-transcript__details');
    expect(await details.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    // Closed, yet in the document (so find-in-page can reach it).
    expect(await details.textContent()).toContain(withTranscript.transcript![0]!.text);
    await page.getByText('Read the transcript').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => details.evaluate((el: HTMLDetailsElement) => el.open)).toBe(true);
    expect(await page.getByText(withTranscript.transcript![1]!.text).isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => details.evaluate((el: HTMLDetailsElement) => el.open)).toBe(false);
    await close();
  });
});
