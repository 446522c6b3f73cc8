/**
 * Motion under control (WCAG 2.2.2, 2.3.3): with `prefers-reduced-motion:
 * reduce` no background video plays and nothing animates; without it, the
 * featured-logo strip still stops while the pointer is over it or focus is in it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paths, staticPagePaths } from '../../shared/paths';
import { scrollThroughPage } from '../../scripts/local/browser';
import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();

/** Animations and transitions still running on the page (finished ones are not listed by getAnimations). */
const runningAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target as Element | null;
        const name = (animation as CSSAnimation).animationName ?? (animation as CSSTransition).transitionProperty;
        return `${name} on ${target?.tagName.toLowerCase()}.${target?.className}`;
      }),
  );

const videoStates = (page: Page) =>
  page
    .locator('video')
    .evaluateAll((videos) =>
      videos.map((video) => ({ paused: (video as HTMLVideoElement).paused, time: (video as HTMLVideoElement).currentTime })),
    );

describe('without a preference for reduced motion', () => {
  it.each([paths.home, paths.podcast])('%s: the background video starts by itself once the page has loaded', async (path) => {
    const { page, close } = await ctx.open(path, { viewport: { width: 1280, height: 800 } });
    await page.waitForFunction(() => document.readyState === 'complete');
    await expect.poll(async () => (await videoStates(page))[0]?.paused, { timeout: 10_000 }).toBe(false);
    expect(await page.getByRole('button', { name: 'Pause background video' }).count()).toBe(1);
    await close();
  });
});

describe('prefers-reduced-motion: reduce', () => {
  it.each([paths.home, paths.podcast])('%s: the background video stays still', async (path) => {
    const { page, close } = await ctx.open(path, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    const first = await videoStates(page);
    expect(first).toHaveLength(1);
    expect(first[0]!.paused).toBe(true);
    // It does not creep forward either.
    await page.waitForTimeout(500);
    const later = await videoStates(page);
    expect(later).toEqual(first);
    expect(await page.getByRole('button', { name: 'Play background video' }).count()).toBe(1);
    await close();
  });

  it('nothing animates on any page, even while hovering and focusing things', async () => {
    const tab = await ctx.open(paths.home, { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    try {
      for (const path of staticPagePaths) {
        await tab.page.goto(ctx.server.origin + path);
        await tab.page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
        await scrollThroughPage(tab.page);
        // Hover a card and Tab a few times: hover and focus transitions are the usual culprits.
        const card = tab.page.locator('.card, .episode-card').first();
        if (await card.count()) await card.hover();
        for (let i = 0; i < 5; i++) await tab.page.keyboard.press('Tab');
        // Transitions are cut to 0.01 ms, so they end almost as soon as they start (the nav bar's colour change,
        // set off by the scrolling, may start a frame or two late); an endless marquee or a real transition would not.
        await expect.poll(() => runningAnimations(tab.page), { message: path, timeout: 2_000 }).toEqual([]);
      }
    } finally {
      await tab.close();
    }
  }, 180_000);
});

describe('featured-logo strip', () => {
  const railState = (page: Page) =>
    page.locator('.featured-strip__rail').evaluate((rail) => rail.getAnimations().map((animation) => animation.playState));

  it('scrolls, pauses while the pointer is over it, and goes on when it leaves', async () => {
    const { page, close } = await ctx.open(paths.home, { viewport: { width: 1280, height: 800 } });
    expect(await railState(page)).toEqual(['running']);
    await page.locator('.featured-strip__marquee').hover();
    await expect.poll(() => railState(page)).toEqual(['paused']);
    // Paused means still: the logos do not move while the pointer rests on them.
    const x = () => page.locator('.featured-strip__rail').evaluate((rail) => rail.getBoundingClientRect().left);
    const before = await x();
    await page.waitForTimeout(300);
    expect(await x()).toBe(before);
    await page.mouse.move(5, 5);
    await expect.poll(() => railState(page)).toEqual(['running']);
    await close();
  });

  it('pauses while keyboard focus is in the strip', async () => {
    const { page, close } = await ctx.open(paths.home, { viewport: { width: 1280, height: 800 } });
    await page.mouse.move(5, 5);
    expect(await railState(page)).toEqual(['running']);
    // Tab until focus reaches the strip's own button.
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.closest('.featured-strip') !== null);
    }
    expect(reached).toBe(true);
    await expect.poll(() => railState(page)).toEqual(['paused']);
    await page.keyboard.press('Tab');
    await expect.poll(() => railState(page)).toEqual(['running']);
    await close();
  });
});
