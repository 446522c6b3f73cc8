/**
 * The tabs test/support/browser.ts keeps between tests: the next test asking for the same context options gets
 * the same page back, with nothing the last test changed left in it and its own viewport and media applied.
 */
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths';
import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();
const OPTIONS = { viewport: { width: 800, height: 600 }, reducedMotion: 'reduce' as const };

describe('a kept tab', () => {
  it('comes back to the next test with the same options, with what the last test changed put back', async () => {
    const first = await ctx.open(paths.privacy, OPTIONS);
    const { page } = first;
    await page.context().addCookies([{ name: 'left', value: 'over', url: ctx.server.origin }]);
    await page.route('**/*', (route) => route.abort());
    let heard = 0;
    page.on('request', () => (heard += 1));
    await page.setViewportSize({ width: 400, height: 300 });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'no-preference' });
    first.problems.push({ kind: 'console.error', text: 'from the first test' });
    await first.close();

    const second = await ctx.open(paths.terms, OPTIONS);
    expect(second.page).toBe(page);
    expect(second.problems).toEqual([]);
    expect(heard).toBe(0); // the first test's listener is gone; the page loaded (its route is gone too)
    expect(await page.context().cookies()).toEqual([]);
    expect(page.viewportSize()).toEqual(OPTIONS.viewport);
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    await page.evaluate(() => console.error('from the second test'));
    expect(second.problems.map((problem) => problem.text)).toEqual(['from the second test']);
    await second.close();
  });

  it('is given to a test asking for another size or other media, with them applied', async () => {
    const a = await ctx.open(paths.privacy, OPTIONS);
    await a.close();
    const b = await ctx.open(paths.terms, { viewport: { width: 390, height: 700 }, colorScheme: 'dark' });
    expect(b.page).toBe(a.page);
    expect(b.page.viewportSize()).toEqual({ width: 390, height: 700 });
    expect(await b.page.evaluate(() => innerWidth)).toBe(390);
    expect(await b.page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    // Not asked for, so back to what a new context has.
    expect(await b.page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(false);
    await b.close();
  });

  it('is not given to a test asking for what only a new context can have', async () => {
    const a = await ctx.tab(OPTIONS);
    await a.close();
    const b = await ctx.tab({ ...OPTIONS, javaScriptEnabled: false });
    expect(b.page).not.toBe(a.page);
    const c = await ctx.tab({ ...OPTIONS, deviceScaleFactor: 2 });
    expect(c.page).not.toBe(a.page);
    await Promise.all([b.close(), c.close()]);
  });
});
