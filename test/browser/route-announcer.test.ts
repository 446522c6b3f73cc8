/**
 * Client-side navigation that tells people it happened (WCAG 2.4.3, 4.1.3):
 * focus on the new h1 without a ring, the title in a polite live region, the
 * new page at its top at once, Back and Forward restoring the scroll position;
 * and none of it on the first load, on paging, or on a same-page #hash link,
 * which scrolls smoothly unless reduced motion is asked for.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { firm } from '../support/content';
import { isSameDocument, markDocument, useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();
const VIEWPORT = { width: 1280, height: 800 };

const announcer = (page: Page) => page.locator('[data-route-announcer]');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** What has focus: its tag, id and text, and whether a focus ring is drawn on it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      tag: element?.tagName.toLowerCase() ?? null,
      id: element?.id ?? null,
      text: element?.textContent?.trim() ?? null,
      ring: style ? style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 : false,
    };
  });

/** Waits until the page's h1 reads `title`, and reports the scroll position in that same frame. */
async function scrollWhenHeadingReads(page: Page, title: string): Promise<number> {
  const handle = await page.waitForFunction((text) => {
    const h1 = document.querySelector('main h1');
    return h1?.textContent?.trim() === text ? { y: window.scrollY } : null;
  }, title);
  const { y } = (await handle.jsonValue()) as { y: number };
  return y;
}

describe('route changes', () => {
  it('says nothing and moves no focus on the first load', async () => {
    const { page, close } = await ctx.open('/press', { viewport: VIEWPORT });
    expect(await announcer(page).getAttribute('role')).toBe('status');
    expect(await announcer(page).getAttribute('aria-live')).toBe('polite');
    expect(await announcer(page).textContent()).toBe('');
    expect((await focused(page)).tag).toBe('body');
    await close();
  });

  it('after a click in the nav bar: focus on the new h1 without a ring, title announced, page at its top at once', async () => {
    const { page, problems, close } = await ctx.open('/privacy', { viewport: VIEWPORT });
    await markDocument(page);
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);

    await nav(page).getByRole('link', { name: 'Podcast' }).click();
    // No smooth scroll: in the very frame the new page is in, it is already at its top.
    expect(await scrollWhenHeadingReads(page, 'Podcast Episodes')).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', id: expect.any(String), text: 'Podcast Episodes', ring: false });
    expect(await page.locator('main h1').getAttribute('tabindex')).toBe('-1');
    await expect.poll(() => announcer(page).textContent()).toBe(`Podcast Episodes | ${firm.name}`);
    expect(await page.title()).toBe(`Podcast Episodes | ${firm.name}`);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
    expect(problems).toEqual([]);
    await close();
  });

  it('with the keyboard: Enter on a link lands on the new h1 (still no ring), and the next Tab continues in the page', async () => {
    const { page, problems, close } = await ctx.open('/', { viewport: VIEWPORT });
    await nav(page).getByRole('link', { name: 'Press' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${ctx.server.origin}/press`);
    await expect.poll(async () => (await focused(page)).tag).toBe('h1');
    expect((await focused(page)).ring).toBe(false);
    await expect.poll(() => announcer(page).textContent()).toBe(await page.title());

    await page.keyboard.press('Tab');
    const next = await page.evaluate(() => ({
      inMain: document.querySelector('main')!.contains(document.activeElement),
      inNav: document.querySelector('header')!.contains(document.activeElement),
    }));
    expect(next).toEqual({ inMain: true, inNav: false });
    expect(problems).toEqual([]);
    await close();
  });

  it('announces every page it lands on, footer links and the 404 page included', async () => {
    const { page, close } = await ctx.open('/', { viewport: VIEWPORT });
    await page.locator('footer').getByRole('link', { name: 'Accessibility' }).click();
    await page.waitForURL(`${ctx.server.origin}/accessibility`);
    await expect.poll(() => announcer(page).textContent()).toBe(`Web Accessibility | ${firm.name}`);
    expect((await focused(page)).text).toBe('Web Accessibility Statement');

    // An address that does not exist, reached inside the app (as a history step the router follows).
    await page.evaluate(() => {
      window.history.pushState(null, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => announcer(page).textContent()).toBe(`Page not found | ${firm.name}`);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Oops! Page not found' });
    await close();
  });

  it('Back and Forward restore the scroll position of each page', async () => {
    const { page, problems, close } = await ctx.open('/privacy', { viewport: VIEWPORT });
    await page.evaluate(() => window.scrollTo(0, 1800));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800);

    await nav(page).getByRole('link', { name: 'Press' }).click();
    expect(await scrollWhenHeadingReads(page, 'Press & Publications')).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

    await page.goBack();
    await page.waitForURL(`${ctx.server.origin}/privacy`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800);
    await page.goForward();
    await page.waitForURL(`${ctx.server.origin}/press`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    expect(problems).toEqual([]);
    await close();
  });

  it('leaves focus and the live region alone when paging the episode list', async () => {
    const { page, close } = await ctx.open('/podcast', { viewport: VIEWPORT });
    await page.getByRole('navigation', { name: 'Episode pages' }).getByRole('link', { name: 'Go to page 2' }).click();
    await page.waitForURL(`${ctx.server.origin}/podcast?page=2`);
    await expect.poll(async () => (await focused(page)).id).toBe('episodes-heading');
    expect(await announcer(page).textContent()).toBe('');
    await close();
  });
});

/** Scroll positions frame by frame from a click on `name` until the page settles. */
async function scrollTrail(page: Page, name: string): Promise<number[]> {
  await page.evaluate(() => {
    const trail: number[] = [];
    (window as unknown as { __trail: number[] }).__trail = trail;
    let still = 0;
    const sample = () => {
      const last = trail[trail.length - 1];
      trail.push(window.scrollY);
      still = last === window.scrollY && window.scrollY > 0 ? still + 1 : 0;
      if (still < 10 && trail.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByRole('link', { name, exact: true }).click();
  await page.waitForFunction(() => {
    const trail = (window as unknown as { __trail: number[] }).__trail;
    return trail.length >= 600 || (trail.length > 10 && trail.slice(-10).every((y) => y === trail[trail.length - 1] && y > 0));
  });
  return page.evaluate(() => (window as unknown as { __trail: number[] }).__trail);
}

describe('same-page links', () => {
  it("'Learn More' glides to #services, without moving focus to the h1 or announcing a page", async () => {
    const { page, close } = await ctx.open('/', { viewport: VIEWPORT });
    const trail = await scrollTrail(page, 'Learn More');
    const final = trail[trail.length - 1]!;
    const between = new Set(trail.filter((y) => y > 0 && y < final));
    // A position on the way: an animation, not a jump (which goes from the top to the end in one frame).
    // Not several: the glide is timed, and with the machine busy its frames can be so far apart that only
    // one falls inside it (three test workers on two cores once left one).
    expect(between.size).toBeGreaterThanOrEqual(1);
    expect(new URL(page.url()).hash).toBe('#services');
    expect(await announcer(page).textContent()).toBe('');
    expect((await focused(page)).tag).not.toBe('h1');
    // The smooth-scroll switch is off again once the scroll is over.
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('smooth-scrolling'))).toBe(false);
    await close();
  });

  it("'Learn More' jumps at once under reduced motion", async () => {
    const { page, close } = await ctx.open('/', { viewport: VIEWPORT, reducedMotion: 'reduce' });
    const trail = await scrollTrail(page, 'Learn More');
    const final = trail[trail.length - 1]!;
    expect(final).toBeGreaterThan(200);
    expect(trail.filter((y) => y > 0 && y < final)).toEqual([]);
    await close();
  });
});
