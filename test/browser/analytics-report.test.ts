/**
 * The report at /admin/analytics in real Chromium with JavaScript off, at a phone's width and a desktop's:
 * axe finds nothing, nothing scrolls sideways, the chart is an image with a name, its table opens, and the
 * range links and form work without a script. Screenshots go to /tmp/analytics-report-<width>.png.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileStore } from '../../server/analytics/file-store';
import { analyticsReportRoutes } from '../../server/analytics-report/report-routes';
import { horizontalOverflow, launchBrowser, openPage } from '../../scripts/local/browser';
import { storeDays } from '../support/analytics-days';
import type { Visit } from '../support/analytics-days';
import { axeViolationsWithoutScript } from '../support/axe';

const NOW = Date.parse('2026-12-10T12:00:00Z');
let dir: string;
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'analytics-page-'));
  const store = openFileStore(dir, { retentionMonths: 25 });
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(NOW - (index + 1) * 86_400_000).toISOString().slice(0, 10);
    const visits: Visit[] = Array.from({ length: 5 + ((index * 7) % 11) }, (_, n) => ({
      key: `v${n}`,
      url:
        n % 3 === 0
          ? '/podcast/estate-planning-basics'
          : n % 3 === 1
            ? '/?utm_source=newsletter&utm_medium=email&utm_campaign=dec-tips'
            : '/press',
      ...(n % 4 === 0 ? { referer: 'https://www.google.com/' } : {}),
      ...(n % 5 === 0 ? { leads: ['play' as const, 'schedule' as const] } : {}),
    }));
    visits.push({ key: 'q', url: '/podcast?q=trusts', search: { query: 'dynasty trusts', found: index % 2 === 0 } });
    visits.push({
      key: 'z',
      url: '/old-article-with-a-rather-long-address-that-wraps',
      notFound: true,
      referer: 'https://blog.example.org/',
    });
    return { day, visits, bots: { 'user-agent': 2, head: 1 } };
  });
  await storeDays(store, days);
  // axe's copy of the page opens on /robots.txt, as the site serves it (a 404 would bring a CSP refusing the stylesheet).
  const app = express()
    .get('/robots.txt', (_req, res) => void res.type('text/plain').send('User-agent: *\nDisallow: /admin/\n'))
    .use(analyticsReportRoutes({ store, gate: (_req, _res, next) => next(), gateJson: (_req, _res, next) => next(), now: () => NOW }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('the report page without JavaScript', () => {
  it.each([390, 1280])(
    'at %i px: axe 0, no sideways scroll, the chart named, its table and the ranges usable',
    { timeout: 60_000 },
    async (width) => {
      const tab = await openPage(browser, { javaScriptEnabled: false, viewport: { width, height: 900 } });
      try {
        const { page } = tab;
        const res = await page.goto(`${origin}/admin/analytics?range=30d`);
        expect(res!.status()).toBe(200);
        expect(await axeViolationsWithoutScript(browser, page)).toEqual([]);
        expect(await horizontalOverflow(page)).toEqual({ px: 0, offenders: [] });
        await expect(page.getByRole('img', { name: /^Visitors per day, 11 Nov 2026 to 10 Dec 2026, at most/ }).count()).resolves.toBe(1);
        await page.locator('summary', { hasText: 'The figures of each day' }).click();
        await expect(page.getByRole('table', { name: 'The figures of each day' }).isVisible()).resolves.toBe(true);
        await page.screenshot({ path: `/tmp/analytics-report-${width}.png`, fullPage: width === 1280 });
        await page.getByRole('link', { name: 'Last 7 days' }).click();
        expect(page.url()).toBe(`${origin}/admin/analytics?range=7d`);
        await page.getByLabel('From', { exact: true }).fill('2026-12-01');
        await page.getByLabel('To', { exact: true }).fill('2026-12-05');
        await page.getByRole('button', { name: 'Show' }).click();
        expect(page.url()).toBe(`${origin}/admin/analytics?from=2026-12-01&to=2026-12-05`);
        await expect(page.getByText('1 Dec 2026 to 5 Dec 2026 (UTC days)').isVisible()).resolves.toBe(true);
        expect(tab.problems).toEqual([]);
      } finally {
        await tab.close();
      }
    },
  );

  it('a bad range is a page a person can act on, axe 0', { timeout: 60_000 }, async () => {
    const tab = await openPage(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 700 } });
    try {
      const res = await tab.page.goto(`${origin}/admin/analytics?from=2026-12-09&to=2026-12-01`);
      expect(res!.status()).toBe(400);
      expect(await axeViolationsWithoutScript(browser, tab.page)).toEqual([]);
      await tab.page.screenshot({ path: '/tmp/analytics-report-400.png' });
      await expect(tab.page.getByText('swap them').isVisible()).resolves.toBe(true);
    } finally {
      await tab.close();
    }
  });
});
