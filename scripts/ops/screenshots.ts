/**
 * Full-page screenshots of every route at a phone and a desktop width, for a
 * person to look at: npx tsx scripts/ops/screenshots.ts [outDir]
 * Writes to artifacts/screenshots/ (git-ignored). Needs a build (npm run build).
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { closeGracefully, createHttpServer, listen } from '../../server/http/http-server';
import { siteListener } from '../../server/http/fast-lane';
import { EPISODES_PER_PAGE } from '../../shared/constants';
import { readPublishedContent } from '../../server/content/content-store';
import { paths, staticPagePaths } from '../../shared/paths';
import { pageCount } from '../../shared/rules/pagination';
import { horizontalOverflow, launchBrowser, openPage, scrollThroughPage, waitForHydration } from '../local/browser';

/** The episodes the public sees now, read from content/ as the server reads them. */
const { episodes } = readPublishedContent(process.cwd());

const lastPodcastPage = pageCount(episodes.length, EPISODES_PER_PAGE);
const ROUTES = [
  ...staticPagePaths,
  paths.podcastPage(lastPodcastPage),
  paths.episode('mastering-money-with-mindfulness-three-step-approach-jordan-reyes'),
  '/no-such-page',
];
const WIDTHS = [390, 1280];

const outDir = path.resolve(process.argv[2] ?? 'artifacts/screenshots');
await mkdir(outDir, { recursive: true });

const logger = pino({ level: 'silent' });
const config = parseConfig({ NODE_ENV: 'production' });
const server = createHttpServer(siteListener(createApp(config, { logger }), config));
await listen(server, 0, '127.0.0.1');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchBrowser();

for (const width of WIDTHS) {
  const { page, problems, close } = await openPage(browser, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  for (const route of ROUTES) {
    await page.goto(origin + route, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    // Scroll through once so lazy images load, then wait for them.
    await scrollThroughPage(page);
    await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
    // Let the nav bar settle back to its top-of-page look.
    await page.waitForTimeout(300);
    const name = (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_')).slice(0, 60);
    const file = path.join(outDir, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const overflow = await horizontalOverflow(page);
    const note = overflow.px > 0 || overflow.offenders.length > 0 ? `  (horizontal overflow: ${JSON.stringify(overflow)})` : '';
    console.log(`${file}${note}`);
  }
  if (problems.length) console.log('console problems:', problems);
  await close();
}

await browser.close();
await closeGracefully(server, 1_000, logger);
