/**
 * The leads of issue 59 in real Chromium (decision 044), with JavaScript on and off: "Schedule a
 * Consultation" opens the scheduler in a new tab by way of /out (the outside request is blocked, as
 * every non-loopback one is, but seen), and the click is counted on its page; a play of the episode's
 * own player is told once; the privacy page's opt-out form works without JavaScript, and axe finds
 * nothing on the page, with or without its confirmation showing.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { utcDay } from '../../server/analytics/day';
import { report } from '../../server/analytics/report';
import { createContentStore } from '../../server/content/content-store';
import { rootDir } from '../support/app';
import { axeViolations } from '../support/axe';
import { useBrowserAndServer } from '../support/browser';
import { externalUrls, privacyPolicy } from '../support/content';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';

const agents = JSON.parse(readFileSync(new URL('../fixtures/isbot-user-agents.json', import.meta.url), 'utf8')) as { browsers: string[] };
// Chromium's own headless User-Agent is a bot's; a person's browser is what is counted.
const userAgent = agents.browsers[0]!;
const EPISODE = 'fee-schedules-clients-understand-avery-holt';
const AUDIO_URL = 'https://audio.podcast-host.example/advisory-edge/fee-schedules.wav';
const choice = privacyPolicy.analyticsChoice!;

const contentDir = copyOfContent();
writeEpisode(
  contentDir,
  EPISODE,
  { ...sampleEpisode, audioUrl: AUDIO_URL },
  'Avery Holt explains how to write a fee schedule a client can read.',
);

const ctx = useBrowserAndServer({
  env: { ANALYTICS_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'analytics-leads-browser-')), 'analytics') },
  config: { isProduction: true },
  content: createContentStore({ rootDir, contentDir, preview: false, watch: false }),
});

async function figures() {
  const analytics = ctx.server.app.analytics!;
  await analytics.flush();
  const day = utcDay(Date.now());
  return report(analytics.store, day, day);
}
const leadsOn = async (action: string, page: string) =>
  (await figures()).leads.find((lead) => lead.action === action)?.byPage.find((item) => item.path === page)?.count ?? 0;

/** Clicks the first "Schedule a Consultation" and returns the outside address its new tab was sent to. */
async function scheduleInNewTab(page: Page): Promise<string> {
  const context = page.context();
  const outside = context.waitForEvent('request', { predicate: (request) => !request.url().startsWith(ctx.server.origin) });
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page
      .getByRole('link', { name: /^Schedule a Consultation/ })
      .first()
      .click(),
  ]);
  const request = await outside;
  // The new tab went by this site's /out, which sent it on.
  expect(request.redirectedFrom()?.url()).toMatch(new RegExp(`^${ctx.server.origin}/out\\?to=`));
  expect(popup).not.toBe(page);
  await popup.close();
  return request.url();
}

/** Seconds of silence, 8-bit mono at 4 kHz: a real file the browser plays. */
function silentWav(seconds: number): Buffer {
  const rate = 4000;
  const data = rate * seconds;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data, 0x80)]);
}
const wav = silentWav(30);

describe('leads in the browser', () => {
  it('counts "Schedule a Consultation" with JavaScript on: a new tab at the scheduler, counted on the page, by its campaign', async () => {
    const { page, close } = await ctx.tab({ userAgent });
    try {
      await page.goto(`${ctx.server.origin}/?utm_source=podcast&utm_medium=audio&utm_campaign=winter`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(await scheduleInNewTab(page)).toBe(externalUrls.scheduler);
      const schedule = (await figures()).leads.find((lead) => lead.action === 'schedule')!;
      expect(schedule.byPage).toEqual([{ path: '/', count: 1 }]);
      expect(schedule.bySource).toEqual([{ channel: 'campaign', source: 'podcast', campaign: 'winter', count: 1 }]);
    } finally {
      await close();
    }
  });

  it('counts it with JavaScript off too', async () => {
    const { page, close } = await ctx.tab({ userAgent, javaScriptEnabled: false });
    try {
      await page.goto(`${ctx.server.origin}/contact`);
      expect(await scheduleInNewTab(page)).toBe(externalUrls.scheduler);
      expect(await leadsOn('schedule', '/contact')).toBe(1);
    } finally {
      await close();
    }
  });

  it('counts one play of the episode’s own player, however often it is paused and played', async () => {
    const { page, close } = await ctx.tab({ userAgent });
    try {
      await page.route(AUDIO_URL, (route) => {
        const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? '');
        const start = range ? Number(range[1]) : 0;
        const end = range?.[2] ? Number(range[2]) : wav.length - 1;
        return route.fulfill({
          status: range ? 206 : 200,
          headers: {
            'content-type': 'audio/wav',
            'accept-ranges': 'bytes',
            ...(range ? { 'content-range': `bytes ${start}-${end}/${wav.length}` } : {}),
          },
          body: wav.subarray(start, end + 1),
        });
      });
      const beacons: string[] = [];
      page.on('request', (request) => {
        if (request.url() === `${ctx.server.origin}/play`) beacons.push(request.postData() ?? '');
      });
      await page.goto(`${ctx.server.origin}/podcast/${EPISODE}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const audio = page.locator('.episode-player audio');
      for (let round = 0; round < 2; round++) {
        await audio.evaluate((element: HTMLAudioElement) => {
          element.muted = true;
          return element.play();
        });
        await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.2);
        await audio.evaluate((element: HTMLAudioElement) => element.pause());
      }
      await expect.poll(() => leadsOn('play', `/podcast/${EPISODE}`)).toBe(1);
      expect(beacons).toEqual([`/podcast/${EPISODE}`]);
    } finally {
      await close();
    }
  });

  it('stops and restarts counting with the privacy page’s form, without JavaScript', async () => {
    const { page, close } = await ctx.tab({ userAgent, javaScriptEnabled: false });
    try {
      await page.goto(`${ctx.server.origin}/privacy`);
      const stopped = page.getByText(choice.stop.done);
      const resumed = page.getByText(choice.resume.done);
      expect([await stopped.isVisible(), await resumed.isVisible()]).toEqual([false, false]);

      await page.getByRole('button', { name: choice.stop.button }).click();
      await page.waitForURL(`${ctx.server.origin}/privacy?analytics=off#${choice.section}-off`);
      expect([await stopped.isVisible(), await resumed.isVisible()]).toEqual([true, false]);
      const cookies = await page.context().cookies();
      expect(
        cookies.map(({ name, value, httpOnly, sameSite, path: cookiePath }) => ({ name, value, httpOnly, sameSite, cookiePath })),
      ).toEqual([{ name: 'analytics-opt-out', value: '1', httpOnly: true, sameSite: 'Lax', cookiePath: '/' }]);

      // Opted out: a page and a click-out leave no trace.
      await page.goto(`${ctx.server.origin}/terms`);
      // (Its request, sent as the tab would, with the tab's cookie: the scheduler itself is not reachable here.)
      const out = await page.request.get(`${ctx.server.origin}/out?to=${encodeURIComponent(externalUrls.scheduler)}&from=/terms`, {
        maxRedirects: 0,
      });
      expect([out.status(), out.headers().location]).toEqual([303, externalUrls.scheduler]);
      let now = await figures();
      expect(now.pages.find((item) => item.path === '/terms')).toBeUndefined();
      expect(now.leads.find((lead) => lead.action === 'schedule')?.byPage.find((item) => item.path === '/terms')).toBeUndefined();

      await page.goto(`${ctx.server.origin}/privacy`);
      await page.getByRole('button', { name: choice.resume.button }).click();
      await page.waitForURL(`${ctx.server.origin}/privacy?analytics=on#${choice.section}-on`);
      expect([await stopped.isVisible(), await resumed.isVisible()]).toEqual([false, true]);
      expect(await page.context().cookies()).toEqual([]);
      await page.goto(`${ctx.server.origin}/terms`);
      now = await figures();
      expect(now.pages.find((item) => item.path === '/terms')?.pageviews).toBe(1);
    } finally {
      await close();
    }
  });

  it('has a privacy page axe finds nothing on, with and without a confirmation showing', async () => {
    for (const address of ['/privacy', `/privacy?analytics=off#${choice.section}-off`]) {
      // Reduced motion: the nav bar's change of colours as the page scrolls to the confirmation is not caught half-way.
      const { page, close } = await ctx.open(address, { reducedMotion: 'reduce' });
      try {
        expect(await axeViolations(page), address).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
