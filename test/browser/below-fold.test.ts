/**
 * What is below the fold (.below-fold, the podcast list's later cards) is
 * left out of the browser's first layout and laid out as it comes near the
 * screen (docs/decisions/022-hydration-in-slices.md). `checkVisibility`
 * with `contentVisibilityAuto` says whether Chromium is skipping an element
 * for content-visibility: auto.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths';
import { latestEpisode } from '../support/content';
import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();

/** Whether the first element matching `selector` is left unrendered because its part is off screen. */
const skipped = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => !element.checkVisibility({ contentVisibilityAuto: true }));

describe.each([
  { path: paths.home, top: '.home-hero h1', below: '.cta-band h2', part: '.cta-band' },
  { path: paths.podcast, top: 'main h1', below: '.episode-grid__item:nth-child(4) h3', part: '.episode-grid__item:nth-child(4)' },
  // An episode's transcript starts within reach of the first screen here, so it is laid out at once; the footer is not.
  { path: paths.episode(latestEpisode.id), top: 'main h1', below: '.site-footer h2', part: '.site-footer' },
])('$path', ({ path, top, below, part }) => {
  it('leaves what is below the fold out of the first layout, and lays it out when it comes near the screen', async () => {
    const { page, close } = await ctx.open(path, { viewport: { width: 390, height: 800 } });
    try {
      expect(await skipped(page, top)).toBe(false);
      expect(await skipped(page, below)).toBe(true);
      expect(await skipped(page, '.site-footer h2')).toBe(true);
      await page.locator(part).first().scrollIntoViewIfNeeded();
      await expect.poll(() => skipped(page, below)).toBe(false);
    } finally {
      await close();
    }
  });
});
