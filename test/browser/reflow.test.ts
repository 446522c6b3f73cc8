/**
 * Reflow, zoom, text spacing and target size on every page:
 * - 1.4.10 / 1.4.4: at 320 CSS px wide, and at 1280 × 1024 px zoomed to 400 %
 *   (a 320 × 256 px viewport at device scale 4), nothing scrolls sideways and
 *   no box clips its own content;
 * - 1.4.12: with the WCAG text-spacing overrides as a user style sheet, no
 *   text is clipped;
 * - 2.5.8: every link and button outside running text is at least 24 × 24 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { episodes } from '../support/content';
import { paths, staticPagePaths } from '../../shared/paths';
import { horizontalOverflow, waitForHydration } from '../../scripts/local/browser';
import { renderOffScreenParts, useBrowserAndServer } from '../support/browser';
import type { HorizontalOverflow } from '../../scripts/local/browser';

const ctx = useBrowserAndServer();

const pages = [
  ...staticPagePaths,
  `${paths.podcast}?page=2`,
  paths.episode(episodes.find((episode) => episode.transcript && episode.isYouTube)!.id),
  paths.episode(episodes.find((episode) => episode.transcript && episode.isSpotifyVideo)!.id),
  paths.episode(episodes.find((episode) => !episode.transcript && !episode.isYouTube && !episode.isSpotifyVideo)!.id),
  '/no-such-page',
];

/** The WCAG 1.4.12 test values, applied the way a user style sheet or bookmarklet would. */
const TEXT_SPACING_CSS = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

async function load(page: Page, path: string) {
  await page.goto(ctx.server.origin + path);
  await waitForHydration(page);
  // Transcripts are part of the page: open them so their text is measured too.
  await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)));
  await renderOffScreenParts(page);
}

/**
 * Boxes that hide part of their own content: overflow hidden or clip, and
 * content larger than the box. Left out on purpose: the visually hidden
 * helpers (1 px by design), the off-screen honeypot, pictures cropped by their
 * frame (no text), the logo marquee (it moves its content through the window,
 * and each logo has its name as alt text), and the card descriptions clamped
 * to three lines (each card leads to its episode, where the whole text is).
 */
function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (element.closest('.visually-hidden, .newsletter-form__trap, .featured-strip__marquee')) continue;
      const style = getComputedStyle(element);
      const clipsX = style.overflowX === 'hidden' || style.overflowX === 'clip';
      const clipsY = style.overflowY === 'hidden' || style.overflowY === 'clip';
      if (!clipsX && !clipsY) continue;
      if (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '') continue;
      if (element === document.body) continue; // overflow-x: hidden as a safety net; measured by horizontalOverflow
      const hasText = Array.from(element.querySelectorAll('*'))
        .concat(element)
        .some((node) => Array.from(node.childNodes).some((child) => child.nodeType === Node.TEXT_NODE && child.textContent!.trim() !== ''));
      if (!hasText) continue;
      const overX = clipsX && element.scrollWidth > element.clientWidth + 1;
      const overY = clipsY && element.scrollHeight > element.clientHeight + 1;
      if (overX || overY) {
        const className = typeof element.className === 'string' ? element.className : '';
        found.push(
          `${element.tagName.toLowerCase()}.${className} ${overX ? `width ${element.scrollWidth}>${element.clientWidth}` : ''}` +
            `${overY ? ` height ${element.scrollHeight}>${element.clientHeight}` : ''}`,
        );
      }
    }
    return found.slice(0, 8);
  });
}

/**
 * Rendered text set in neither of the site's two stacks (`--font-sans`, `--font-serif`): a control left in the
 * browser's own font (13.33 px Arial on Linux), which looks foreign and costs a phone a font face for it alone.
 * Visually hidden labels count: they are laid out, and shaped, like any text.
 */
function foreignFonts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const normalise = (stack: string) => stack.replace(/["'\s]/g, '');
    const root = getComputedStyle(document.documentElement);
    const stacks = new Set(['--font-sans', '--font-serif'].map((name) => normalise(root.getPropertyValue(name))));
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent!.trim() || element.closest('noscript') || element.getClientRects().length === 0) continue;
      const family = getComputedStyle(element).fontFamily;
      if (!stacks.has(normalise(family)))
        found.add(`${element.tagName.toLowerCase()}.${element.className} "${node.textContent!.trim().slice(0, 30)}": ${family}`);
    }
    return [...found].slice(0, 8);
  });
}

/**
 * Links and buttons that fail 2.5.8: smaller than 24 × 24 px and not saved by
 * either exception. Inline: a link laid out inline in a block with other text
 * around it (a link in a sentence). Spacing: a 24 px circle centred on the
 * small target touches no other target and no other small target's circle.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const targets: { rect: DOMRect; label: string; small: boolean }[] = [];
    const selector = 'a[href], button, summary, input:not([type="hidden"]), [role="button"], [role="link"]:not([aria-disabled="true"])';
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (element.closest('.visually-hidden, .newsletter-form__trap, [aria-hidden="true"]')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue; // not rendered (a closed menu, the skip link's twin)
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      if (style.display === 'inline') {
        let block = element.parentElement!;
        while (getComputedStyle(block).display === 'inline' && block.parentElement) block = block.parentElement;
        const others = (block.textContent ?? '').replace(element.textContent ?? '', '').trim();
        if (others.length > 0) continue; // a link in a sentence
      }
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const label = `${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      targets.push({ rect, label, small: rect.width < 24 - 0.5 || rect.height < 24 - 0.5 });
    }
    const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) =>
      Math.hypot(Math.max(rect.left - point.x, 0, point.x - rect.right), Math.max(rect.top - point.y, 0, point.y - rect.bottom));
    for (const target of targets.filter((candidate) => candidate.small)) {
      const c = centre(target.rect);
      const crowded = targets.some((other) => {
        if (other === target) return false;
        if (other.small) return Math.hypot(centre(other.rect).x - c.x, centre(other.rect).y - c.y) < 24;
        return distanceToRect(c, other.rect) < 12;
      });
      if (crowded) found.push(target.label);
    }
    return found.slice(0, 10);
  });
}

describe.each([
  ['320 px wide', { viewport: { width: 320, height: 640 } }],
  ['1280 × 1024 at 400 % zoom', { viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 }],
])('reflow at %s', (_label, options) => {
  it('no page scrolls sideways or clips its content', async () => {
    const tab = await ctx.tab({ ...options, reducedMotion: 'reduce' });
    try {
      for (const path of pages) {
        await load(tab.page, path);
        expect(await horizontalOverflow(tab.page), path).toEqual({ px: 0, offenders: [] });
        expect(await clippedBoxes(tab.page), path).toEqual([]);
      }
    } finally {
      await tab.close();
    }
  }, 180_000);
});

/**
 * Text spacing and target size share one sweep per width: targets are measured
 * on each page first, then the spacing overrides are added to the same page.
 */
describe.each([320, 1280])('at %i px', (width) => {
  interface Measured {
    smallTargets: string[];
    foreignFonts: string[];
    letterSpacing: string;
    clippedWithSpacing: string[];
    overflowWithSpacing: HorizontalOverflow;
  }
  const measured = new Map<string, Measured>();
  let smallTargetsInOpenMenu: string[] = [];

  beforeAll(async () => {
    // The site's CSP rightly refuses injected styles; a user style sheet is not bound by it.
    const tab = await ctx.tab({ viewport: { width, height: 800 }, bypassCSP: true });
    try {
      for (const path of pages) {
        await load(tab.page, path);
        const small = await smallTargets(tab.page);
        const foreign = await foreignFonts(tab.page);
        await tab.page.addStyleTag({ content: TEXT_SPACING_CSS });
        measured.set(path, {
          smallTargets: small,
          foreignFonts: foreign,
          letterSpacing: await tab.page.evaluate(() => getComputedStyle(document.querySelector('main p')!).letterSpacing),
          clippedWithSpacing: await clippedBoxes(tab.page),
          overflowWithSpacing: await horizontalOverflow(tab.page),
        });
      }
      // The menu's links, open on a narrow screen.
      if (width < 768) {
        await load(tab.page, paths.home);
        await tab.page.locator('.site-nav__toggle').click();
        smallTargetsInOpenMenu = await smallTargets(tab.page);
      }
    } finally {
      await tab.close();
    }
  }, 180_000);

  it('every link and button outside running text is at least 24 × 24 px or spaced as 2.5.8 allows', () => {
    expect([...measured.keys()]).toEqual(pages);
    for (const [path, result] of measured) expect(result.smallTargets, path).toEqual([]);
    expect(smallTargetsInOpenMenu, 'open menu').toEqual([]);
  });

  it("every text is set in one of the site's two font stacks, a control's hidden label too", () => {
    expect([...measured.keys()]).toEqual(pages);
    for (const [path, result] of measured) expect(result.foreignFonts, path).toEqual([]);
  });

  it('the WCAG spacing overrides (1.4.12) clip no text and add no sideways scroll', () => {
    expect([...measured.keys()]).toEqual(pages);
    for (const [path, result] of measured) {
      // The overrides really apply.
      expect(result.letterSpacing, path).not.toBe('normal');
      expect(result.clippedWithSpacing, path).toEqual([]);
      expect(result.overflowWithSpacing, path).toEqual({ px: 0, offenders: [] });
    }
  });
});
