/**
 * Real Chromium, driven by playwright-core. Pages may only reach loopback;
 * every console error and page error is recorded so tests can insist on none.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from './app';

export type TestServer = Awaited<ReturnType<typeof startServer>>;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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

export async function openPage(
  browser: Browser,
  options: BrowserContextOptions & { javaScriptEnabled?: boolean } = {},
): Promise<TestPage> {
  const context = await browser.newContext(options);
  const problems: ConsoleProblem[] = [];
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLoopback(url)) return route.continue();
    blocked.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => problems.push({ kind: 'pageerror', text: `${error.name}: ${error.message}` }));
  return { page, problems, blocked, close: () => context.close() };
}

/** Chromium reports the document's own 404 status as a console error; that one is expected. */
export function withoutDocumentStatus(problems: ConsoleProblem[], status: number): ConsoleProblem[] {
  return problems.filter((problem) => !problem.text.includes(`the server responded with a status of ${status}`));
}

/** Resolves once React has hydrated the document (the client entry marks <html>). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * YouTube thumbnails are refused by the loopback-only rule (the episode page
 * then falls back to its own cover); Chromium reports each refusal as a console error.
 */
export function withoutBlockedThumbnails(problems: ConsoleProblem[]): ConsoleProblem[] {
  return problems.filter(
    (problem) => !(problem.text.startsWith('Failed to load resource') && problem.url?.startsWith('https://i.ytimg.com/')),
  );
}

/** A value that a beforeAll hook sets; reading it before then is a mistake in the test file. */
function readyOrThrow<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not ready: read it inside a test or hook, not at load time`);
  return value;
}

/**
 * One Chromium for the whole test file: launched before its first test,
 * closed after its last. Read `browser` inside tests and hooks.
 */
export function useBrowser(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      return readyOrThrow(browser, 'the browser');
    },
  };
}

/**
 * One Chromium and one app server (listening on a free loopback port) for the
 * whole test file, started before its first test and closed after its last.
 * Read `browser` and `server` inside tests and hooks.
 */
export function useBrowserAndServer(options?: Parameters<typeof startServer>[0]): BrowserAndServer {
  const shared = useBrowser();
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get browser() {
      return shared.browser;
    },
    get server() {
      return readyOrThrow(server, 'the server');
    },
    async open(path, pageOptions) {
      const tab = await openPage(shared.browser, pageOptions);
      await tab.page.goto(readyOrThrow(server, 'the server').origin + path);
      await waitForHydration(tab.page);
      return tab;
    },
  };
}

export interface BrowserAndServer {
  readonly browser: Browser;
  readonly server: TestServer;
  /** A new tab (its own context) at `path` on the server, once React has hydrated it. */
  open(path: string, options?: Parameters<typeof openPage>[1]): Promise<TestPage>;
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

export interface LinkTarget {
  href: string | null;
  target: string | null;
  rel: string | null;
}

/** href, target and rel of every link matching `selector`, in document order. */
export function linkTargets(page: Page, selector: string): Promise<LinkTarget[]> {
  return page.$$eval(selector, (links) =>
    links.map((a) => ({ href: a.getAttribute('href'), target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
  );
}

/** A real mouse click in the middle of an element, whatever covers it (a stretched link does). */
export async function clickAtCentre(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to click is not visible');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Runs `click`, which must open a new tab, and closes that tab again. True when the tab is not the page itself. */
export async function clickOpensNewTab(page: Page, click: () => Promise<void>): Promise<boolean> {
  const [popup] = await Promise.all([page.context().waitForEvent('page'), click()]);
  const isNewTab = popup !== page;
  await popup.close();
  return isNewTab;
}

/** Marks the current document: a client-side navigation keeps the mark, a full page load loses it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

/** Whether the page is still the document markDocument marked (no reload happened since). */
export function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}
