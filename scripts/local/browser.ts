/**
 * Real Chromium, driven by playwright-core, for the browser tests and for
 * scripts/ops/screenshots.ts. Pages may only reach loopback; every console
 * error and page error is recorded so a test can insist on none.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/**
 * Chromium's headless shell where it is installed: the same Blink, V8 and network stack as the full browser
 * (it is the build Playwright itself runs headless), without the desktop browser's layers, so a page costs
 * about half the CPU and the test suite half the time (docs/decisions/020-headless-shell-for-tests.md).
 * Otherwise the full Chromium; CHROMIUM_PATH names another binary.
 */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? CHROMIUM_CANDIDATES.find((file) => existsSync(file)) ?? '/usr/bin/chromium';

/** The flags every Chromium these scripts start gets (scripts/bench/hydration-tasks.ts starts its own over a pipe). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium-headless-shell" (or chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  });
}

export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

export interface ConsoleProblem {
  kind: 'console.error' | 'pageerror';
  text: string;
  url?: string;
}

export interface TestPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: ConsoleProblem[];
  /** Non-loopback URLs the page tried to reach (all of them were refused). */
  blocked: string[];
  close: () => Promise<void>;
}

export async function openPage(browser: Browser, options: BrowserContextOptions & { javaScriptEnabled?: boolean } = {}): Promise<TestPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const tab: TestPage = { page, problems: [], blocked: [], close: () => context.close() };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLoopback(url)) return route.continue().catch(unlessHandledElsewhere);
    tab.blocked.push(url);
    return route.abort('blockedbyclient').catch(unlessHandledElsewhere);
  });
  recordProblems(tab);
  return tab;
}

/**
 * Two ends of a request that are not errors: a page's own route (a test's), removed while its handler still
 * ran, passes the request on to this context's route too, and the test's handler then answers it first; or
 * the tab closed while the request was on its way. Any other failure is an error.
 */
function unlessHandledElsewhere(error: Error): void {
  if (!/Route is already handled|has been closed/.test(error.message)) throw error;
}

/** Records the page's console errors and uncaught exceptions in `tab.problems` (whichever array it holds then). */
export function recordProblems(tab: TestPage): void {
  tab.page.on('console', (message) => {
    if (message.type() === 'error') tab.problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
  });
  tab.page.on('pageerror', (error) => tab.problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}` }));
}

/**
 * True once the whole page has hydrated: the root route's effect has marked <html> (the page's top has hydrated)
 * and React has claimed every link, button, form and field in <body>, the parts it hydrates later
 * (shared/components/hydrate-later.ts) too. React puts a `__reactFiber$…` property on each element it hydrates;
 * <noscript> copies are text to a browser with JavaScript. Builds before 2026-11-28 added the timed transcript's
 * search outside React's tree, marked data-outside-react; scripts/bench/hydration-tasks.ts still measures them as
 * references. Run in the page: no function declarations inside
 * (tsx would wrap them in a helper the page lacks), and its source is evaluated as is over CDP by
 * scripts/bench/hydration-tasks.ts.
 */
export const hydratedEverywhere = (): boolean =>
  document.documentElement?.dataset.hydrated === 'true' &&
  Array.from(document.body.querySelectorAll('a[href], button, input, select, textarea, form, summary')).every(
    (element) => element.closest('noscript') !== null || Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
  );

/**
 * Resolves once React has hydrated the whole document. React claims an element as it renders it, before the
 * render commits, so this also waits for the first idle moment after, by when that commit and its effects ran.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(hydratedEverywhere);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

/** Scrolls from top to bottom in steps, so lazy images and videos start loading, then back to the top. */
export async function scrollThroughPage(page: Page, step = 700): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

export interface HorizontalOverflow {
  /** How far the document scrolls sideways, in CSS pixels. */
  px: number;
  /** Up to five elements that stick out past the right edge of the viewport (none clipped by an ancestor). */
  offenders: string[];
}

/**
 * Sideways overflow, measured strictly: site.css sets `overflow-x: hidden` on
 * <body> as a safety net, which would mask real overflow, so the guard is
 * lifted while measuring. Besides the scroll width it lists every element
 * that pokes out past the right edge and is not clipped by an ancestor (such
 * as the logo marquee), which also catches fixed elements that never scroll.
 */
export async function horizontalOverflow(page: Page): Promise<HorizontalOverflow> {
  // No function declarations inside: tsx (the screenshot script) would wrap them in a helper the page lacks.
  return page.evaluate(() => {
    const root = document.documentElement;
    const { body } = document;
    const saved = [root.style.overflowX, body.style.overflowX] as const;
    root.style.overflowX = 'visible';
    body.style.overflowX = 'visible';
    try {
      const width = root.clientWidth;
      const offenders: string[] = [];
      for (const element of Array.from(body.querySelectorAll('*'))) {
        if (element.closest('.visually-hidden')) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.right <= width + 0.5) continue;
        let clipped = false;
        for (let ancestor = element.parentElement; ancestor && ancestor !== body && !clipped; ancestor = ancestor.parentElement) {
          clipped = getComputedStyle(ancestor).overflowX !== 'visible';
        }
        if (!clipped) {
          const className = typeof element.className === 'string' ? element.className : '';
          offenders.push(`${element.tagName.toLowerCase()}.${className} (right ${Math.round(rect.right)})`);
        }
      }
      return { px: Math.max(0, root.scrollWidth - width), offenders: offenders.slice(0, 5) };
    } finally {
      root.style.overflowX = saved[0];
      body.style.overflowX = saved[1];
    }
  });
}
