import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer } from '../support/app';
import { launchBrowser, openPage, waitForHydration, withoutBlockedThumbnails, withoutDocumentStatus } from '../support/browser';

const EPISODE = '/podcast/mastering-money-with-mindfulness-three-step-approach-jordan-reyes';
const LEGACY = '/2024/03/12/mastering-money-with-mindfulness-three-step-approach';

let browser: Browser;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

describe('hydration', () => {
  it.each([
    ['/', 200],
    ['/podcast', 200],
    [EPISODE, 200],
    ['/no/such/page', 404],
    ['/podcast/no-such-episode', 404],
  ])('%s hydrates with no console or page errors', async (path, status) => {
    const { page, problems, close } = await openPage(browser);
    const response = await page.goto(server.origin + path);
    expect(response?.status()).toBe(status);
    await waitForHydration(page);
    // Give effects and lazy chunks a moment to report anything.
    await page.waitForLoadState('networkidle');
    expect(withoutBlockedThumbnails(withoutDocumentStatus(problems, status))).toEqual([]);
    await close();
  });

  it('navigates client-side after hydration without reloading the document', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(server.origin + '/');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same document'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Press' }).click();
    await page.waitForURL('**/press');
    await expect.poll(() => page.title()).toContain('Press & Publications');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the not-found page for an unknown link followed in the browser', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(server.origin + '/');
    await waitForHydration(page);
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/no/such/page';
      link.textContent = 'broken';
      document.querySelector('footer')!.append(link);
    });
    // A plain anchor triggers a full load; the server answers 404 with the same page.
    const response = await Promise.all([page.waitForNavigation(), page.getByText('broken').click()]).then(([r]) => r);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Oops! Page not found');
    expect(withoutDocumentStatus(problems, 404)).toEqual([]);
    await close();
  });
});

describe('legacy address in the browser', () => {
  it('lands on the episode and keeps the old address out of the history', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(server.origin + '/');
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    // A client-side navigation through the router, as an in-app link would do.
    await page.evaluate((legacy) => {
      window.history.pushState(null, '', legacy);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, LEGACY);
    await page.waitForURL('**' + EPISODE);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');
    await page.goBack();
    await page.waitForURL(server.origin + '/');
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });

  it('follows the server’s 301 on a direct visit', async () => {
    const { page, close } = await openPage(browser);
    const response = await page.goto(server.origin + LEGACY + '/');
    expect(page.url()).toBe(server.origin + EPISODE);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBe(server.origin + LEGACY + '/');
    await close();
  });
});
