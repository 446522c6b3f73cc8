/**
 * The service, contact and legal pages in real Chromium: they hydrate without
 * console errors, 'Get Started Today' navigates inside the app, and nothing
 * scrolls sideways on a 360 px phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { paths, servicePagePaths, staticPagePaths } from '../../shared/paths';
import { horizontalOverflow, waitForHydration } from '../../scripts/local/browser';
import { isSameDocument, markDocument, useBrowserAndServer } from '../support/browser';
import type { TabOptions } from '../support/browser';
import type { TestPage } from '../../scripts/local/browser';

const ctx = useBrowserAndServer();

/** Every fixed page except the three that have test files of their own. */
const OWN_TEST_FILES: readonly string[] = [paths.home, paths.podcast, paths.press];
const ALL_PAGES = staticPagePaths.filter((path) => !OWN_TEST_FILES.includes(path));

async function withPage(options: TabOptions, run: (testPage: TestPage) => Promise<void>): Promise<void> {
  const testPage = await ctx.tab(options);
  try {
    await run(testPage);
  } finally {
    await testPage.close();
  }
}

async function load(page: Page, path: string) {
  const response = await page.goto(ctx.server.origin + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

describe('content pages in the browser', () => {
  it.each(ALL_PAGES)('%s hydrates without console errors or outside requests', async (path) => {
    await withPage({ viewport: { width: 1280, height: 900 } }, async ({ page, problems, blocked }) => {
      await load(page, path);
      expect(await page.locator('h1').count()).toBe(1);
      // Anchors and aria-labelledby rely on ids being unique.
      const duplicateIds = await page.evaluate(() => {
        const ids = Array.from(document.querySelectorAll('[id]'), (element) => element.id);
        return ids.filter((id, index) => ids.indexOf(id) !== index);
      });
      expect(duplicateIds).toEqual([]);
      // Give late effects a moment to report.
      await page.waitForTimeout(100);
      expect(problems).toEqual([]);
      expect(blocked).toEqual([]);
    });
  });

  it.each(servicePagePaths)('%s: Get Started Today navigates to /contact without reloading the page', async (path) => {
    await withPage({ viewport: { width: 1280, height: 900 } }, async ({ page, problems }) => {
      await load(page, path);
      await markDocument(page);
      await page.getByRole('link', { name: 'Get Started Today' }).click();
      await page.waitForURL(`${ctx.server.origin}/contact`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Contact Us');
      expect(await isSameDocument(page)).toBe(true);
      expect(await page.title()).toMatch(/^Contact \|/);
      expect(problems).toEqual([]);
    });
  });

  it.each(ALL_PAGES)('%s has no horizontal scroll at 360 px', async (path) => {
    await withPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, async ({ page, problems }) => {
      await load(page, path);
      expect(await horizontalOverflow(page)).toEqual({ px: 0, offenders: [] });
      expect(problems).toEqual([]);
    });
  });

  it('the privacy table of contents brings a section into view below the fixed header', async () => {
    await withPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' }, async ({ page, problems }) => {
      await load(page, '/privacy');
      await page.locator('.legal-toc').getByRole('link', { name: 'Do Not Track Signals' }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#do-not-track');
      const heading = page.getByRole('heading', { level: 2, name: 'Do Not Track Signals' });
      await expect
        .poll(async () => {
          const box = await heading.boundingBox();
          return box !== null && box.y >= 72 && box.y < 800 / 2;
        })
        .toBe(true);
      expect(problems).toEqual([]);
    });
  });
});
