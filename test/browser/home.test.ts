/**
 * The home page in real Chromium: it hydrates cleanly, its in-page and
 * client-side links work, external links open a new tab, the logo marquee
 * respects reduced motion, and nothing scrolls sideways from 360 px to 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { services } from '../support/content';
import { paths } from '../../shared/paths';
import { horizontalOverflow, scrollThroughPage } from '../../scripts/local/browser';
import { clickAtCentre, clickOpensNewTab, isSameDocument, linkTargets, markDocument, useBrowserAndServer } from '../support/browser';
import type { TabOptions } from '../support/browser';
import type { TestPage } from '../../scripts/local/browser';

const ctx = useBrowserAndServer();

function openHome(options: TabOptions = {}): Promise<TestPage> {
  return ctx.open(paths.home, { viewport: { width: 1280, height: 900 }, ...options });
}

describe('home page in the browser', () => {
  it('hydrates without console errors or outside requests', async () => {
    const { page, problems, blocked, close } = await openHome();
    try {
      // Scroll through the page so lazy images and the video load too.
      await scrollThroughPage(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      expect(blocked).toEqual([]);
      expect(await page.locator('main section').count()).toBe(10);
    } finally {
      await close();
    }
  });

  it("'Learn More' scrolls to the services section", async () => {
    const { page, problems, close } = await openHome();
    try {
      await page.getByRole('link', { name: 'Learn More', exact: true }).click();
      await page.waitForFunction(() => {
        const top = document.getElementById('services')!.getBoundingClientRect().top;
        return window.location.hash === '#services' && window.scrollY > 200 && top >= 0 && top < 120;
      });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('makes each linked service card one link that navigates client-side, from anywhere on the card', async () => {
    const { page, problems, close } = await openHome();
    try {
      const linked = services.filter((service) => !service.ownLink);
      expect(linked).toHaveLength(5);
      for (const service of linked) {
        const card = page.locator('.services-grid__card', { has: page.getByRole('heading', { name: service.title }) });
        // A single tab stop per card, no nested interactive elements.
        expect(await card.locator('a, button, input, select, textarea, [tabindex]').count()).toBe(1);

        await markDocument(page);
        // Click the description, not the title: the whole card is the target.
        await clickAtCentre(page, card.locator('.services-grid__description'));
        await page.waitForURL(`${ctx.server.origin}${service.link}`);
        expect(await isSameDocument(page)).toBe(true);

        await page.goBack();
        await page.waitForURL(`${ctx.server.origin}/`);
        await page.locator('#services').waitFor();
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps the Investment Management card plain, with its own 'Learn more about pathways' link", async () => {
    const { page, problems, close } = await openHome();
    try {
      const card = page.locator('.services-grid__card', {
        has: page.getByRole('heading', { name: 'Investment Management' }),
      });
      expect(await card.locator('a').count()).toBe(1);

      // The card body is not a link.
      await clickAtCentre(page, card.locator('.services-grid__description'));
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/');

      await markDocument(page);
      await card.getByRole('link', { name: 'Learn more about pathways' }).click();
      await page.waitForURL(`${ctx.server.origin}${paths.investmentManagement}`);
      expect(await isSameDocument(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it("'View All Articles' and the latest-episode links navigate client-side", async () => {
    const { page, problems, close } = await openHome();
    try {
      await markDocument(page);
      await page.getByRole('link', { name: 'View All Articles' }).click();
      await page.waitForURL(`${ctx.server.origin}${paths.press}`);
      await page.getByRole('heading', { level: 1, name: 'Press & Publications' }).waitFor();
      expect(await isSameDocument(page)).toBe(true);

      await page.goBack();
      await page.waitForURL(`${ctx.server.origin}/`);
      await page.getByRole('link', { name: 'Browse All Episodes' }).click();
      await page.waitForURL(`${ctx.server.origin}${paths.podcast}`);
      expect(await isSameDocument(page)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens every external link in a new tab, without a handle on this page', async () => {
    const { page, problems, close } = await openHome();
    try {
      // The scheduler and the listening platforms go by /out, which counts the click (decision 044).
      const external = await linkTargets(page, 'main a[href^="http"], main a[href^="/out?"]');
      // Scheduler ×2, Buy Now, three articles, Apple Podcasts, Spotify.
      expect(external.length).toBeGreaterThanOrEqual(8);
      for (const link of external) expect(link).toMatchObject({ target: '_blank', rel: 'noopener noreferrer' });

      for (const name of ['Buy Now', 'Apple Podcasts']) {
        const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
        expect(await clickOpensNewTab(page, () => link.click())).toBe(true);
        expect(new URL(page.url()).pathname).toBe('/');
      }
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('scrolls the featured logos in a seamless loop that can be paused', async () => {
    const { page, close } = await openHome();
    try {
      const rail = page.locator('.featured-strip__rail');
      expect(await rail.evaluate((el) => getComputedStyle(el).animationName)).toBe('featured-strip-scroll');
      // The two copies are the same width, so moving by half the rail loops seamlessly.
      const widths = await page.$$eval('.featured-strip__list', (lists) => lists.map((list) => list.getBoundingClientRect().width));
      expect(widths).toHaveLength(2);
      expect(Math.abs(widths[0]! - widths[1]!)).toBeLessThan(1);

      await page.getByRole('button', { name: 'Pause logo scroll' }).click();
      expect(await rail.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
      await page.getByRole('button', { name: 'Play logo scroll' }).click();
      expect(await rail.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running');
    } finally {
      await close();
    }
  });

  it('stops the marquee and shows one static set of logos under prefers-reduced-motion', async () => {
    const { page, problems, close } = await openHome({ reducedMotion: 'reduce' });
    try {
      const rail = page.locator('.featured-strip__rail');
      expect(await rail.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
      expect(await page.locator('.featured-strip__list--clone').isVisible()).toBe(false);
      expect(await page.locator('.featured-strip__list:not(.featured-strip__list--clone) img').count()).toBe(6);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it.each([360, 390, 768, 1280, 1440])('has no horizontal scroll at %i px', async (width) => {
    const { page, problems, close } = await openHome({ viewport: { width, height: 800 } });
    try {
      expect(await horizontalOverflow(page)).toEqual({ px: 0, offenders: [] });
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('keeps the hero text on a dark overlay above the video', async () => {
    const { page, close } = await openHome();
    try {
      const layers = await page.evaluate(() => {
        const z = (selector: string) => Number(getComputedStyle(document.querySelector(selector)!).zIndex);
        const overlay = getComputedStyle(document.querySelector('.home-hero__overlay')!).backgroundImage;
        return {
          video: z('.home-hero .background-video'),
          overlay: z('.home-hero__overlay'),
          text: z('.home-hero__inner'),
          overlayImage: overlay,
        };
      });
      expect(layers.video).toBeLessThan(layers.overlay);
      expect(layers.overlay).toBeLessThan(layers.text);
      // The lightest stop of the navy overlay is at least 72 % opaque: white text stays above 4.5:1.
      const alphas = [...layers.overlayImage.matchAll(/rgba\(11, 31, 51, ([\d.]+)\)/g)].map((m) => Number(m[1]));
      expect(alphas.length).toBeGreaterThan(0);
      expect(Math.min(...alphas)).toBeGreaterThanOrEqual(0.72);
    } finally {
      await close();
    }
  });
});
