/**
 * axe-core's WCAG 2.x A/AA rules (2.2 included) on every page at a phone and a
 * desktop width: contrast (also over the hero videos), names, landmarks, ids.
 */
import { describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import { paths, staticPagePaths } from '../../shared/paths';
import { axeViolations } from '../support/axe';
import { scrollThroughPage } from '../../scripts/local/browser';
import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();

const pages = [
  ...staticPagePaths,
  `${paths.podcast}?page=2`,
  paths.episode(episodes.find((episode) => episode.isYouTube)!.id),
  paths.episode(episodes.find((episode) => episode.isSpotifyVideo)!.id),
  paths.episode(episodes.find((episode) => !episode.isYouTube && !episode.isSpotifyVideo)!.id),
  paths.episode(episodes.find((episode) => episode.transcript)!.id),
  '/no-such-page',
];

const WIDTHS = [390, 1280];

describe(`WCAG 2.2 AA at ${WIDTHS.join(' and ')} px`, () => {
  it.each(pages)('%s has no axe violations', async (path) => {
    // Reduced motion pauses the hero videos, so contrast is judged against a still frame.
    const { page, close } = await ctx.open(path, { viewport: { width: WIDTHS[0]!, height: 900 }, reducedMotion: 'reduce' });
    // One load serves both widths: the layout follows the viewport (CSS only), as when a tablet turns.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await scrollThroughPage(page);
      // Transcripts open, so their text is checked too.
      await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    }
    await close();
  });
});

describe.each(WIDTHS)('WCAG 2.2 AA at %i px', (width) => {
  it('with a newsletter toast showing', async () => {
    const { page, close } = await ctx.open(paths.home, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await page.locator('#contact button[type="submit"]').press('Enter');
    await page.locator('.toast-region').getByRole('alert').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('after a client-side navigation (focus on the h1, the route announced)', async () => {
    const { page, close } = await ctx.open(paths.home, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    await page.locator('footer').getByRole('link', { name: 'Accessibility' }).click();
    await expect.poll(() => page.locator('[data-route-announcer]').textContent()).not.toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});

describe.each([320, 390])('WCAG 2.2 AA with the mobile menu open at %i px', (width) => {
  it.each([paths.home, paths.podcast, paths.contact])('%s', async (path) => {
    const { page, close } = await ctx.open(path, { viewport: { width, height: 800 }, reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Open menu' }).press('Enter');
    await expect.poll(() => page.locator('#main-menu').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
