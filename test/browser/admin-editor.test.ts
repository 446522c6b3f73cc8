/**
 * The editor at /admin in real Chromium, under its own Content-Security-Policy:
 * Decap's in-memory `test-repo` backend stands in for the git host (the page's
 * config, fetched from /admin/config.json, is the server's own with only the
 * backend swapped), so nothing leaves the machine. Checks that the required
 * fields and patterns generated from the schema stop a save with the editor's
 * messages, that the preview pane renders the episode with the site's markup
 * and stylesheet, and that nothing the page does is refused by its CSP.
 */
import { describe, expect, it } from 'vitest';
import { openPage } from '../../scripts/local/browser';
import type { TestPage } from '../../scripts/local/browser';
import { useBrowserAndServer } from '../support/browser';

const shared = useBrowserAndServer();

/** The admin page with the server's config, the backend swapped for Decap's in-memory one. */
async function openEditor(): Promise<TestPage> {
  const tab = await openPage(shared.browser);
  await tab.page.route('**/admin/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    delete config.local_backend;
    await route.fulfill({ response, json: { ...config, backend: { name: 'test-repo' } } });
  });
  await tab.page.goto(`${shared.server.origin}/admin/`);
  await tab.page.getByRole('button', { name: 'Login' }).click();
  return tab;
}

const cspProblems = (tab: TestPage) => tab.problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem.text));

describe('the editor at /admin', () => {
  it('refuses to save an episode with a required field left empty and a malformed URL, with the schema’s messages', async () => {
    const tab = await openEditor();
    try {
      const { page } = tab;
      await page.goto(`${shared.server.origin}/admin/#/collections/episodes/new`);
      await page.getByLabel('Listen url', { exact: true }).fill('htp://example.com/x');
      await page.getByLabel('Date', { exact: true }).fill('20 May 2025');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText("Oops, you've missed a required field").count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByText('Title is required').count()).toBeGreaterThan(0);
      // The pattern's message is the schema's own, as `npm run content:check` says it.
      expect(await page.getByText('must be an https URL, or "#" while the episode is not on a platform yet').count()).toBeGreaterThan(0);
      expect(await page.getByText('must be a date written as YYYY-MM-DD, such as 2025-05-20').count()).toBeGreaterThan(0);
      expect(cspProblems(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  it('previews an episode as its page: the site’s markup and stylesheet in the preview pane', async () => {
    const tab = await openEditor();
    try {
      const { page } = tab;
      await page.goto(`${shared.server.origin}/admin/#/collections/episodes/new`);
      await page.getByLabel('Title', { exact: true }).fill('Fee Schedules That Clients Understand');
      const preview = page.frameLocator('iframe').first();
      await expect
        .poll(
          () =>
            preview
              .locator('h1.episode-hero__title')
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toBe('Fee Schedules That Clients Understand');
      const stylesheets = await preview
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(stylesheets.some((href) => /^\/assets\/entry-[A-Z0-9]+\.css$/.test(href ?? ''))).toBe(true);
      // The site's stylesheet applies: the hero is laid out by it, not by the browser's defaults.
      const display = await preview.locator('.episode-hero__grid').evaluate((element) => getComputedStyle(element).display);
      expect(display).toBe('grid');
      expect(cspProblems(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});
