/**
 * The browser tests' side of real Chromium: one browser (and app server) per
 * test file, vitest hooks included, and the checks the tests make. Launching
 * Chromium and opening a loopback-only page live in scripts/local/browser.ts.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, openPage, recordProblems, waitForHydration } from '../../scripts/local/browser';
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

export type TabOptions = Parameters<typeof openPage>[1];

/**
 * One Chromium for the whole test file: launched before its first test,
 * closed after its last. Read `browser` inside tests and hooks; `tab()` gives
 * a tab that the test's `close()` hands back for the next test to reuse.
 */
export function useBrowser(): SharedBrowser {
  let browser: Browser | undefined;
  const kept = new Map<string, TestPage[]>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    kept.clear();
    await browser?.close();
  });
  return {
    get browser() {
      return readyOrThrow(browser, 'the browser');
    },
    tab: (options) => keptTab(readyOrThrow(browser, 'the browser'), kept, options),
  };
}

export interface SharedBrowser {
  readonly browser: Browser;
  /**
   * A tab with its own context (cookies, routes, media emulation, viewport as `options` say) that only reaches
   * loopback and records console errors, like openPage's. Its `close()` resets it and keeps it for the next
   * test asking for the same options.
   */
  tab(options?: TabOptions): Promise<TestPage>;
}

/**
 * Tabs kept between the tests of one file. A page loaded in a tab that already exists costs Chromium about
 * half the CPU of one in a new context (no new renderer process, scripts not compiled again), and CI's time
 * is mostly Chromium's. A kept tab stays on the page its last test left (going to a blank page in between
 * costs as much as a new context); everything a test may have changed is put back on release: routes,
 * listeners, cookies, permissions, timeouts, the mouse. The viewport and the emulated media are set when a
 * tab is handed out, so a test asking for another size or for reduced motion still gets a kept tab; what a
 * context fixes for good (scale factor, JavaScript on or off, CSP bypass) needs a tab of its own. A test that
 * adds init scripts opens its own context with openPage instead.
 */
async function keptTab(browser: Browser, kept: Map<string, TestPage[]>, options: TabOptions = {}): Promise<TestPage> {
  const key = contextKey(options);
  const reused = kept.get(key)?.pop();
  const tab = reused ?? (await openPage(browser, options));
  if (reused) await applyPerTab(tab.page, options);
  tab.problems = [];
  tab.blocked = [];
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    try {
      await resetTab(tab);
    } catch {
      await tab.close(); // a tab that cannot be put back is not reused
      return;
    }
    kept.set(key, [...(kept.get(key) ?? []), tab]);
  };
  return { page: tab.page, problems: tab.problems, blocked: tab.blocked, close: release };
}

/** The options a tab can change after it is made (applyPerTab); the rest name the context. */
const PER_TAB = ['viewport', 'colorScheme', 'reducedMotion', 'forcedColors', 'contrast'] as const;

function contextKey(options: NonNullable<TabOptions>): string {
  const fixed: Record<string, unknown> = { ...options };
  for (const name of PER_TAB) if (!(name === 'viewport' && options.viewport === null)) delete fixed[name];
  return JSON.stringify(fixed);
}

const DEFAULT_VIEWPORT = { width: 1280, height: 720 };
const DEFAULT_TIMEOUT_MS = 30_000;

/** Gives a kept tab the viewport and media the next test asked for, as a new context with them would have. */
async function applyPerTab(page: Page, options: NonNullable<TabOptions>): Promise<void> {
  await page.emulateMedia({
    media: null,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'no-preference',
    forcedColors: options.forcedColors ?? 'none',
    contrast: options.contrast ?? 'no-preference',
  });
  const viewport = options.viewport === undefined ? DEFAULT_VIEWPORT : options.viewport;
  const now = page.viewportSize();
  if (viewport && (now?.width !== viewport.width || now.height !== viewport.height)) await page.setViewportSize(viewport);
}

/** Puts back what a test may have changed in a tab, but its viewport and media (see keptTab). */
async function resetTab(tab: TestPage): Promise<void> {
  const { page } = tab;
  if (page.isClosed()) throw new Error('the test closed the page');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  page.removeAllListeners();
  recordProblems(tab);
  const context = page.context();
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  page.setDefaultTimeout(DEFAULT_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(DEFAULT_TIMEOUT_MS);
  await page.mouse.move(0, 0);
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
    tab: shared.tab,
    async open(path, pageOptions) {
      const tab = await shared.tab(pageOptions);
      await tab.page.goto(readyOrThrow(server, 'the server').origin + path);
      await waitForHydration(tab.page);
      return tab;
    },
  };
}

export interface BrowserAndServer extends SharedBrowser {
  readonly server: TestServer;
  /** A tab (see SharedBrowser.tab) at `path` on the server, once React has hydrated it. */
  open(path: string, options?: TabOptions): Promise<TestPage>;
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

/**
 * Renders every part the browser leaves unrendered off screen (content-visibility: auto: .below-fold, the
 * podcast list's later cards). Until it is rendered such a part is as tall as its guessed height while its
 * content, measured, runs past it over what follows; checks of the page's geometry (axe's colours, target
 * sizes and spacing, clipping) judge each part as a visitor sees it once it is on screen.
 */
export async function renderOffScreenParts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
}
