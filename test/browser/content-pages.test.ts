/**
 * The service, contact and legal pages in real Chromium: they hydrate without
 * console errors, 'Get Started Today' navigates inside the app, and nothing
 * scrolls sideways on a 360 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, waitForHydration } from '../support/browser';
import type { TestPage } from '../support/browser';
import { startServer } from '../support/app';

const SERVICE_PAGES = [
  '/investment-management',
  '/financial-planning',
  '/retirement-planning',
  '/estate-planning',
  '/merger-advisory',
  '/family-office',
];
const OTHER_PAGES = ['/contact', '/privacy', '/terms', '/accessibility'];
const ALL_PAGES = [...SERVICE_PAGES, ...OTHER_PAGES];

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function withPage(
  options: Parameters<typeof openPage>[1],
  run: (testPage: TestPage) => Promise<void>,
): Promise<void> {
  const testPage = await openPage(browser, options);
  try {
    await run(testPage);
  } finally {
    await testPage.close();
  }
}

async function load(page: Page, path: string) {
  const response = await page.goto(server.origin + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

/** Elements whose box pokes out past the right edge of the viewport. */
function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element.closest('.visually-hidden')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width > 0 && rect.right > width + 0.5) {
        offenders.push(`${element.tagName.toLowerCase()}.${element.className} (right ${Math.round(rect.right)})`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders: offenders.slice(0, 5) };
  });
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

  it.each(SERVICE_PAGES)('%s: Get Started Today navigates to /contact without reloading the page', async (path) => {
    await withPage({ viewport: { width: 1280, height: 900 } }, async ({ page, problems }) => {
      await load(page, path);
      // A marker on window survives a client-side navigation but not a document load.
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await page.getByRole('link', { name: 'Get Started Today' }).click();
      await page.waitForURL(`${server.origin}/contact`);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Contact Us');
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(await page.title()).toMatch(/^Contact \|/);
      expect(problems).toEqual([]);
    });
  });

  it.each(ALL_PAGES)('%s has no horizontal scroll at 360 px', async (path) => {
    await withPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, async ({ page, problems }) => {
      await load(page, path);
      const { scrollWidth, width, offenders } = await overflowingElements(page);
      expect(offenders).toEqual([]);
      expect(scrollWidth).toBeLessThanOrEqual(width);
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
