/**
 * The browser tests' side of real Chromium: one browser (and app server) per
 * test file, vitest hooks included, and the checks the tests make. Launching
 * Chromium and opening a loopback-only page live in scripts/local/browser.ts.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage, waitForHydration } from '../../scripts/local/browser';
import type { ConsoleProblem, TestPage } from '../../scripts/local/browser';
import { startServer } from './app';

export type TestServer = Awaited<ReturnType<typeof startServer>>;

/** Chromium reports the document's own 404 status as a console error; that one is expected. */
export function withoutDocumentStatus(problems: ConsoleProblem[], status: number): ConsoleProblem[] {
  return problems.filter((problem) => !problem.text.includes(`the server responded with a status of ${status}`));
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
