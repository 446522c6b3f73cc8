import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../../scripts/local/browser';
import { isSameDocument, markDocument, useBrowserAndServer, withoutBlockedThumbnails, withoutDocumentStatus } from '../support/browser';

const ctx = useBrowserAndServer();

const EPISODE = '/podcast/mastering-money-with-mindfulness-three-step-approach-jordan-reyes';
const LEGACY = '/2024/03/12/mastering-money-with-mindfulness-three-step-approach';

describe('hydration', () => {
  it.each([
    ['/', 200],
    ['/podcast', 200],
    // Searches are laid into a shell (server/pages/search-pages.tsx): they must hydrate as a whole render would.
    ['/podcast?q=retirement&format=audio', 200],
    ['/podcast?q=estate+planning&page=2', 200],
    ['/podcast?q=zzqxjv', 200],
    [EPISODE, 200],
    ['/no/such/page', 404],
    ['/podcast/no-such-episode', 404],
  ])('%s hydrates with no console or page errors', async (path, status) => {
    const { page, problems, close } = await ctx.tab();
    const response = await page.goto(ctx.server.origin + path);
    expect(response?.status()).toBe(status);
    await waitForHydration(page);
    // Give effects and lazy chunks a moment to report anything.
    await page.waitForLoadState('networkidle');
    expect(withoutBlockedThumbnails(withoutDocumentStatus(problems, status))).toEqual([]);
    await close();
  });

  it('fetches nothing but the small entry script before the page has painted', async () => {
    const { page, close } = await ctx.open('/press');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'img' && /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    const early = timing.scripts.filter((script) => script.start < timing.paint).map((script) => script.url);
    expect(early).toEqual([expect.stringMatching(/^\/assets\/entry-\w+\.js$/)]);
    // Hydration then loads the framework, the hydrating module and the page's own chunk.
    expect(timing.scripts.map((script) => script.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/framework-/),
        expect.stringMatching(/hydrate-/),
        expect.stringMatching(/press-page-/),
      ]),
    );
    await close();
  });

  it('navigates client-side after hydration without reloading the document', async () => {
    const { page, problems, close } = await ctx.open('/');
    await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Press' }).click();
    await page.waitForURL('**/press');
    await expect.poll(() => page.title()).toContain('Press & Publications');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it('shows the not-found page for an unknown link followed in the browser', async () => {
    const { page, problems, close } = await ctx.open('/');
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
    const { page, problems, close } = await ctx.open('/');
    await markDocument(page);
    // A client-side navigation through the router, as an in-app link would do.
    await page.evaluate((legacy) => {
      window.history.pushState(null, '', legacy);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, LEGACY);
    await page.waitForURL('**' + EPISODE);
    expect(await isSameDocument(page)).toBe(true);
    await page.goBack();
    await page.waitForURL(ctx.server.origin + '/');
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });

  it('follows the server’s 301 on a direct visit', async () => {
    const { page, close } = await ctx.tab();
    const response = await page.goto(ctx.server.origin + LEGACY + '/');
    expect(page.url()).toBe(ctx.server.origin + EPISODE);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()?.url()).toBe(ctx.server.origin + LEGACY + '/');
    await close();
  });
});
