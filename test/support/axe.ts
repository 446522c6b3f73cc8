/**
 * axe-core's WCAG 2.x A/AA rules (2.2 included), run in a real page. The
 * script is evaluated through DevTools, so the page's CSP (rightly) does not
 * apply to the test's own code.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { renderOffScreenParts } from './browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Every WCAG 2.2 AA violation axe finds in the page as it is now (up to five nodes each). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Else axe would judge a part's text against whatever its guessed height puts behind it.
  await renderOffScreenParts(page);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      // Only violations are judged: axe then writes a selector for one passing node per rule, not for every one.
      resultTypes: ['violations'],
    });
    return result.violations.map(({ id, help, nodes }) => ({
      id,
      help,
      nodes: nodes.slice(0, 5).map(({ target, failureSummary }) => ({ target: target as string[], failureSummary })),
    }));
  });
}

/**
 * The same check for a page opened without JavaScript, where axe (which
 * needs timers) cannot run: the document as it stands is copied into a tab
 * that runs only axe, with the site's own scripts refused, so what is judged
 * is exactly the markup and styles the script-less visitor got.
 */
export async function axeViolationsWithoutScript(browser: Browser, page: Page): Promise<AxeViolation[]> {
  const html = await page.content();
  const viewport = page.viewportSize() ?? undefined;
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  try {
    await context.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort('blockedbyclient') : route.continue(),
    );
    const copy = await context.newPage();
    // Same origin and path, so the copy's stylesheets and images resolve as they did.
    await copy.goto(new URL('/robots.txt', page.url()).href);
    await copy.setContent(html, { waitUntil: 'load' });
    return await axeViolations(copy);
  } finally {
    await context.close();
  }
}
