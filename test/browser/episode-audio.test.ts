/**
 * An audio episode whose file the content names gets the browser's own
 * player: in the media area, above the transcript, reachable by keyboard,
 * fetching nothing until the visitor presses play, and allowed by the CSP
 * for that one origin.
 */
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { rootDir } from '../support/app';
import { useBrowserAndServer } from '../support/browser';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';

const AUDIO_URL = 'https://audio.podcast-host.example/advisory-edge/fee-schedules.mp3';
const contentDir = copyOfContent();
writeEpisode(
  contentDir,
  'fee-schedules-clients-understand-avery-holt',
  { ...sampleEpisode, audioUrl: AUDIO_URL },
  'Avery Holt explains how to write a fee schedule a client can read in a minute.',
);

const ctx = useBrowserAndServer({
  config: { isProduction: true },
  content: createContentStore({ rootDir, contentDir, preview: false, watch: false }),
});

describe('an audio episode', () => {
  it('has a native player that never autoplays, fetches nothing before play and is reached by keyboard', async () => {
    const { page, blocked, problems, close } = await ctx.open('/podcast/fee-schedules-clients-understand-avery-holt', {
      viewport: { width: 1280, height: 800 },
    });
    try {
      const audio = page.locator('.episode-player audio');
      await expect(audio.count()).resolves.toBe(1);
      expect(
        await audio.evaluate((el: HTMLAudioElement) => ({
          controls: el.controls,
          preload: el.preload,
          autoplay: el.autoplay,
          paused: el.paused,
          src: el.currentSrc || el.src,
        })),
      ).toEqual({
        controls: true,
        preload: 'none',
        autoplay: false,
        paused: true,
        src: AUDIO_URL,
      });
      expect(await audio.getAttribute('aria-label')).toBe('Episode audio: Fee Schedules That Clients Understand with Avery Holt');
      // The transcript (here: the offer of one) comes after the player.
      expect(
        await page.evaluate(() => {
          const player = document.querySelector('.episode-player')!;
          const transcript = document.querySelector('.episode-transcript')!;
          return Boolean(player.compareDocumentPosition(transcript) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
      ).toBe(true);

      let reached = false;
      for (let press = 0; press < 40 && !reached; press += 1) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement?.tagName === 'AUDIO');
      }
      expect(reached).toBe(true);
      await page.waitForTimeout(300);
      expect(blocked.filter((url) => url.startsWith('https://audio.podcast-host.example/'))).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('is allowed by the CSP for its own origin and no other', async () => {
    const response = await fetch(`${ctx.server.origin}/podcast/fee-schedules-clients-understand-avery-holt`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("media-src 'self' https://audio.podcast-host.example;");
  });
});
