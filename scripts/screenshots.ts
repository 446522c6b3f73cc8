/**
 * Full-page screenshots of every route at a phone and a desktop width, for a
 * person to look at: npx tsx scripts/screenshots.ts [outDir]
 * Writes to artifacts/screenshots/ (git-ignored). Needs a build (npm run build).
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../server/app';
import { parseConfig } from '../server/config';
import { closeGracefully, createHttpServer, listen } from '../server/http-server';
import { launchBrowser, openPage, waitForHydration } from '../test/support/browser';

const ROUTES = [
  '/',
  '/podcast',
  '/podcast?page=9',
  '/podcast/mastering-money-with-mindfulness-three-step-approach-jordan-reyes',
  '/press',
  '/contact',
  '/investment-management',
  '/financial-planning',
  '/retirement-planning',
  '/estate-planning',
  '/merger-advisory',
  '/family-office',
  '/privacy',
  '/terms',
  '/accessibility',
  '/no-such-page',
];
const WIDTHS = [390, 1280];

const outDir = path.resolve(process.argv[2] ?? 'artifacts/screenshots');
await mkdir(outDir, { recursive: true });

const logger = pino({ level: 'silent' });
const config = parseConfig({ NODE_ENV: 'production' });
const server = createHttpServer(createApp(config, { logger }));
await listen(server, 0, '127.0.0.1');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchBrowser();

for (const width of WIDTHS) {
  const { page, problems, close } = await openPage(browser, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  for (const route of ROUTES) {
    await page.goto(origin + route, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    const name = (route === '/' ? 'home' : route.slice(1).replace(/[^\w-]+/g, '_')).slice(0, 60);
    const file = path.join(outDir, `${name}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(`${file}${overflow > 0 ? `  (horizontal overflow: ${overflow}px)` : ''}`);
  }
  if (problems.length) console.log('console problems:', problems);
  await close();
}

await browser.close();
await closeGracefully(server, 1_000, logger);
