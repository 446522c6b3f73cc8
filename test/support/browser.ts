/**
 * Real Chromium, driven by playwright-core. Pages may only reach loopback;
 * every console error and page error is recorded so tests can insist on none.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

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
