/**
 * Each page carries its own stylesheet (scripts/build/page-stylesheets.ts,
 * shared/page-stylesheet.ts): the files of shared/styles/ its elements use.
 * What a page must look like is what the whole site's stylesheet made of it,
 * so: no rule of a file left out of a page's stylesheet matches anything on
 * that page, and a page reached by a link looks as it does loaded on its own
 * (client/page-styles.ts swaps the stylesheets).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE_STYLE_FILES, PAGE_STYLE_FILES } from '../../scripts/build/page-stylesheets';
import { paths } from '../../shared/paths';
import { SERVICE_SLUGS } from '../../shared/content/service-slugs';
import { content, latestEpisode } from '../support/content';
import { useBrowserAndServer } from '../support/browser';

const ctx = useBrowserAndServer();
const stylesDir = path.resolve(import.meta.dirname, '../../shared/styles');
const styleFiles = readdirSync(stylesDir).filter((file) => file.endsWith('.css'));

const PAGES: { path: string; page: string }[] = [
  { path: paths.home, page: 'home-page' },
  { path: paths.podcast, page: 'podcast-page' },
  { path: `${paths.podcast}?q=tax`, page: 'podcast-page' },
  { path: paths.episode(latestEpisode.id), page: 'episode-page' },
  { path: paths.person(content.people[0]!.id), page: 'person-page' },
  { path: paths.press, page: 'press-page' },
  { path: paths.contact, page: 'contact-page' },
  { path: `/${SERVICE_SLUGS[0]}`, page: 'service-page' },
  { path: paths.privacy, page: 'legal-page' },
  { path: paths.terms, page: 'terms-page' },
];

/**
 * The selectors of `css` that match an element of the page, read as Chromium parses them: state
 * (:hover, :focus…) and pseudo-elements left out, since a rule for a link's hover applies to a link.
 */
function matchingSelectors(page: Page, css: string): Promise<string[]> {
  return page.evaluate((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    const found: string[] = [];
    const STATE =
      /::?(?:hover|focus-visible|focus-within|focus|active|visited|target|before|after|placeholder|marker|selection|backdrop|-webkit-[\w-]+)\b/g;
    const visit = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          for (const selector of rule.selectorText.split(/,(?![^(]*\))/)) {
            const structural =
              selector
                .replace(STATE, '')
                .replace(/:not\(\)/g, '')
                .trim() || '*';
            if (document.querySelector(structural)) found.push(selector.trim());
          }
        } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
      }
    };
    visit(sheet.cssRules);
    return found;
  }, css);
}

describe.each(PAGES)('$path', ({ path: pagePath, page: pageModule }) => {
  it('uses no rule of a style file its stylesheet leaves out', async () => {
    const { page, close } = await ctx.open(pagePath);
    try {
      const own = new Set(['site.css', ...EVERY_PAGE_STYLE_FILES, ...PAGE_STYLE_FILES[pageModule]!]);
      const strays: string[] = [];
      for (const file of styleFiles.filter((name) => !own.has(name))) {
        const matched = await matchingSelectors(page, readFileSync(path.join(stylesDir, file), 'utf8'));
        strays.push(...matched.map((selector) => `${file}: ${selector}`));
      }
      // A stray here: add its file to the page's list in scripts/build/page-stylesheets.ts.
      expect(strays).toEqual([]);
    } finally {
      await close();
    }
  });
});

/** What each element of <main> looks like: a few computed properties that a missing rule would change. */
function mainLook(page: Page): Promise<string[]> {
  return page.$$eval('main *', (elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      return [
        element.tagName,
        element.className,
        style.display,
        style.color,
        style.backgroundColor,
        style.fontSize,
        style.fontWeight,
        style.paddingTop,
        style.marginBottom,
        style.gridTemplateColumns,
      ].join(' ');
    }),
  );
}

/** The stylesheets applied now: the inline one and those the swap added, with media not "not all". */
const appliedStylesheets = (page: Page) =>
  page.$$eval('style#page-styles, link[rel="stylesheet"]', (elements) =>
    elements.filter((element) => element.getAttribute('media') !== 'not all').map((element) => element.getAttribute('href') ?? 'inline'),
  );

describe('a page reached by a link', () => {
  it('looks as it does loaded on its own, with its own stylesheet alone applied from its first paint, and so does the first page gone back to', async () => {
    const { page, problems, close } = await ctx.open(paths.home);
    try {
      const homeLook = await mainLook(page);
      const { page: fresh, close: closeFresh } = await ctx.open(paths.podcast);
      const podcastLook = await mainLook(fresh);
      await closeFresh();

      // What is applied when the new page first stands in the document: a mutation observer's callback runs
      // after React's commit and its effects of the commit (insertion, layout), before the browser paints.
      await page.evaluate(() => {
        const record = window as unknown as { appliedAtSwap?: string[] };
        const observer = new MutationObserver(() => {
          if (document.querySelector('.home-hero')) return;
          observer.disconnect();
          record.appliedAtSwap = [...document.querySelectorAll('style#page-styles, link[rel="stylesheet"]')]
            .filter((element) => element.getAttribute('media') !== 'not all')
            .map((element) => element.getAttribute('href') ?? 'inline');
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Podcast' }).click();
      await page.waitForURL('**/podcast');
      // The address changes before React commits the new page (and the home page has a <main h1> too): wait for the commit.
      await page.locator('.home-hero').waitFor({ state: 'detached' });
      const podcastStylesheet = expect.stringMatching(/^\/assets\/page-podcast-[\w-]+\.css$/);
      expect(await page.evaluate(() => (window as unknown as { appliedAtSwap?: string[] }).appliedAtSwap)).toEqual([podcastStylesheet]);
      expect(await appliedStylesheets(page)).toEqual([podcastStylesheet]);
      expect(await mainLook(page)).toEqual(podcastLook);

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator('.home-hero').waitFor();
      expect(await appliedStylesheets(page)).toEqual(['inline']);
      expect(await mainLook(page)).toEqual(homeLook);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('whose stylesheet cannot come still shows, in the last page’s stylesheet, and gets its own once it can', async () => {
    const { page, close } = await ctx.open(paths.home);
    try {
      const refused = (url: URL) => /\/assets\/page-podcast-[\w-]+\.css$/.test(url.pathname);
      await page.route(refused, (route) => route.abort());
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Podcast' }).click();
      await page.waitForURL('**/podcast');
      await page.locator('.home-hero').waitFor({ state: 'detached' });
      expect(await appliedStylesheets(page)).toEqual(['inline']);
      // Not an unstyled page: the header keeps the rules every page shares.
      expect(await page.locator('.site-header').evaluate((header) => getComputedStyle(header).position)).toBe('fixed');

      await page.unroute(refused);
      await nav.getByRole('link', { name: 'Home', exact: true }).click();
      await page.locator('.home-hero').waitFor();
      await nav.getByRole('link', { name: 'Podcast' }).click();
      await page.waitForURL('**/podcast');
      await expect.poll(() => appliedStylesheets(page)).toEqual([expect.stringMatching(/^\/assets\/page-podcast-[\w-]+\.css$/)]);
    } finally {
      await close();
    }
  });
});
