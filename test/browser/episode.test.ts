/**
 * Episode pages in a real browser. Only loopback is reachable here, so the
 * YouTube thumbnail always fails to load: exactly the case where the page
 * must fall back to the episode's own cover, whether the failure comes
 * after hydration or before it.
 */
import { countedHref } from '../../shared/counted-links';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { EMBED_HEIGHT_PX } from '../../shared/constants';
import { episodes } from '../support/content';
import type { Episode } from '../../shared/content/types';
import { paths } from '../../shared/paths';
import { listenPlatform, parseYouTubeId } from '../../shared/rules/youtube';
import { horizontalOverflow, waitForHydration } from '../../scripts/local/browser';
import { isSameDocument, markDocument, useBrowserAndServer, withoutBlockedThumbnails } from '../support/browser';

const ctx = useBrowserAndServer();

const VIEWPORT = { width: 1280, height: 800 };
const THUMBNAIL_HOST = 'https://i.ytimg.com/';

function find(predicate: (episode: Episode) => boolean): Episode {
  const episode = episodes.find(predicate);
  if (!episode) throw new Error('no such episode in the data');
  return episode;
}

const youtubeEpisode = find((e) => e.isYouTube && !e.isSpotifyVideo);
const spotifyVideoEpisode = find((e) => e.isSpotifyVideo);
const appleEpisode = find((e) => !e.isYouTube && !e.isSpotifyVideo && listenPlatform(e.listenUrl) === 'apple');
const spotifyAudioEpisode = find((e) => !e.isYouTube && !e.isSpotifyVideo && listenPlatform(e.listenUrl) === 'spotify');
const comingSoonEpisode = find((e) => e.listenUrl === '#');
const url = (episode: Episode) => `${ctx.server.origin}/podcast/${episode.id}`;

const cover = (page: Page) => page.locator('img.episode-cover');

/** White-on-colour contrast of an element's own text, from its computed colours (WCAG formula). */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const parse = (value: string) =>
        value
          .match(/[\d.]+/g)!
          .slice(0, 3)
          .map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r!, g!, b!].map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      const style = getComputedStyle(el);
      const [a, b] = [luminance(parse(style.color)), luminance(parse(style.backgroundColor))].sort((x, y) => y - x);
      return (a! + 0.05) / (b! + 0.05);
    });
}

/** The YouTube episode's media frame: the video's thumbnail over the episode's own cover. */
const frame = (page: Page) => page.locator('.youtube-thumbnail');
const thumbnail = (page: Page) => page.locator('img.youtube-thumbnail__frame');
const frameCover = (page: Page) => page.locator('img.youtube-thumbnail__cover');
const boxOf = async (locator: Locator) => {
  const { width, height } = (await locator.boundingBox())!;
  return { width: Math.round(width), height: Math.round(height) };
};

/** Holds the client entry's download until the returned function is called: the page stays as its HTML made it. */
async function holdClientEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/entry-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Only the episode's cover is left in the frame, really loaded, and the frame is still video-shaped. */
async function expectCoverOnly(page: Page) {
  await expect.poll(() => thumbnail(page).count()).toBe(0);
  expect(await frameCover(page).getAttribute('src')).toBe(youtubeEpisode.image);
  expect(await frameCover(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await frameCover(page).isVisible()).toBe(true);
  const { width, height } = await boxOf(frame(page));
  expect(Math.abs(width / height - 16 / 9)).toBeLessThan(0.02);
}

describe('YouTube thumbnail', () => {
  it("shows the video's thumbnail over the whole frame when it loads", async () => {
    const { page, problems, close } = await ctx.tab({ viewport: VIEWPORT });
    // A 1280x720 JPEG of our own stands in for YouTube's, which this machine cannot reach.
    await page.route(`${THUMBNAIL_HOST}**`, (route) =>
      route.fulfill({ path: 'public/media/video/hero-home.jpg', contentType: 'image/jpeg' }),
    );
    await page.goto(url(youtubeEpisode));
    await waitForHydration(page);
    await page.waitForLoadState('load');
    expect(await thumbnail(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
    expect(await thumbnail(page).isVisible()).toBe(true);
    expect(await boxOf(thumbnail(page))).toEqual(await boxOf(frame(page)));
    // The thumbnail is the top layer: the cover under it does not show.
    const topmost = await frame(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.className;
    });
    expect(topmost).toBe('youtube-thumbnail__frame');
    expect(problems).toEqual([]);
    await close();
  });

  it('leaves the episode image when the thumbnail fails to load', async () => {
    const { page, problems, blocked, close } = await ctx.open(paths.episode(youtubeEpisode.id), { viewport: VIEWPORT });
    const id = parseYouTubeId(youtubeEpisode.listenUrl)!;
    // The page did ask for the max-resolution thumbnail...
    expect(blocked).toContain(`https://i.ytimg.com/vi/${id}/maxresdefault.jpg`);
    // ...and shows the local cover, really loaded, instead.
    await expectCoverOnly(page);
    await page.waitForLoadState('networkidle');
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });

  it('shows the cover before hydration, and drops a thumbnail that failed before it', async () => {
    const { page, problems, close } = await ctx.tab({ viewport: VIEWPORT });
    // Hold the client entry back until the image has already failed: React's onError is not attached then.
    const release = await holdClientEntry(page);
    await page.goto(url(youtubeEpisode), { waitUntil: 'commit' });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.youtube-thumbnail__frame');
      return img !== null && img.complete && img.naturalWidth === 0;
    });
    // Without any JavaScript yet, the cover is there under the failed thumbnail.
    await expect.poll(() => frameCover(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const before = await boxOf(frame(page));
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();

    release();
    await waitForHydration(page);
    await expectCoverOnly(page);
    // The frame kept its size: nothing below it moved.
    expect(await boxOf(frame(page))).toEqual(before);
    await page.waitForLoadState('networkidle');
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });

  it('leaves the cover when the failure comes after hydration (an episode opened from the list)', async () => {
    const { page, problems, close } = await ctx.tab({ viewport: VIEWPORT });
    // Slow the refusal down so the image fails while React is listening.
    await page.route(`${THUMBNAIL_HOST}**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.abort('blockedbyclient');
    });
    await page.goto(`${ctx.server.origin}/podcast`);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('link', { name: youtubeEpisode.title }).click();
    await page.waitForURL(url(youtubeEpisode));
    await expectCoverOnly(page);
    expect(await isSameDocument(page)).toBe(true);
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });
});

describe('episode media and links', () => {
  it('embeds the YouTube player with the agreed attributes, sized by CSS', async () => {
    const { page, close } = await ctx.open(paths.episode(youtubeEpisode.id), { viewport: VIEWPORT });
    const frame = page.locator('iframe');
    expect(await frame.count()).toBe(1);
    const attributes = await frame.evaluate((el: HTMLIFrameElement) => ({
      src: el.getAttribute('src'),
      height: el.getAttribute('height'),
      referrerPolicy: el.getAttribute('referrerpolicy'),
      loading: el.getAttribute('loading'),
      title: el.getAttribute('title'),
      allow: el.getAttribute('allow'),
      allowFullscreen: el.hasAttribute('allowfullscreen'),
      style: el.getAttribute('style'),
      width: el.getBoundingClientRect().width,
      parentWidth: el.parentElement!.getBoundingClientRect().width,
      renderedHeight: el.getBoundingClientRect().height,
    }));
    expect(attributes).toMatchObject({
      src: `https://www.youtube-nocookie.com/embed/${parseYouTubeId(youtubeEpisode.listenUrl)}`,
      height: String(EMBED_HEIGHT_PX),
      referrerPolicy: 'strict-origin-when-cross-origin',
      loading: 'lazy',
      allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
      allowFullscreen: true,
      style: null,
      renderedHeight: EMBED_HEIGHT_PX,
    });
    expect(attributes.title).toBeTruthy();
    expect(attributes.width).toBe(attributes.parentWidth);
    await close();
  });

  it('requests the player only once the page has hydrated, in the place kept for it', async () => {
    const { page, blocked, close } = await ctx.tab({ viewport: VIEWPORT });
    const player = page.locator('section.episode-player');
    // Hold the client entry back: the page paints as its HTML alone makes it.
    const release = await holdClientEntry(page);
    await page.goto(url(youtubeEpisode), { waitUntil: 'commit' });
    // The whole document is parsed (the footer closes it) while the entry is still held.
    await page.locator('footer').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(blocked.filter((address) => address.startsWith('https://www.youtube-nocookie.com/'))).toEqual([]);
    const before = await boxOf(player);
    expect(before.height).toBe(EMBED_HEIGHT_PX);

    release();
    await waitForHydration(page);
    await page.locator('iframe').waitFor();
    await expect
      .poll(() => blocked.filter((address) => address.startsWith('https://www.youtube-nocookie.com/')))
      .toEqual([`https://www.youtube-nocookie.com/embed/${parseYouTubeId(youtubeEpisode.listenUrl)}`]);
    // The player took the place kept for it: nothing below moved.
    expect(await boxOf(player)).toEqual(before);
    await close();
  });

  it('is there without JavaScript', async () => {
    const { page, close } = await ctx.tab({ viewport: VIEWPORT, javaScriptEnabled: false });
    await page.goto(url(spotifyVideoEpisode));
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/open\.spotify\.com\/embed\/episode\//);
    expect((await frame.boundingBox())?.height).toBe(EMBED_HEIGHT_PX);
    await close();
  });

  it('embeds the Spotify player for a Spotify video episode', async () => {
    const { page, close } = await ctx.open(paths.episode(spotifyVideoEpisode.id), { viewport: VIEWPORT });
    const spotifyId = /\/episode\/([A-Za-z0-9]+)/.exec(spotifyVideoEpisode.listenUrl)![1];
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('src')).toBe(`https://open.spotify.com/embed/episode/${spotifyId}`);
    expect(await frame.getAttribute('height')).toBe(String(EMBED_HEIGHT_PX));
    expect(await frame.getAttribute('title')).toBeTruthy();
    expect(await cover(page).getAttribute('src')).toBe(spotifyVideoEpisode.image);
    await close();
  });

  it.each([
    ['YouTube', () => youtubeEpisode, 'Watch Episode', 'Open in YouTube', 'youtube'],
    ['Spotify video', () => spotifyVideoEpisode, 'Watch Episode', 'Open in Spotify', 'spotify'],
    ['Apple Podcasts audio', () => appleEpisode, 'Listen Now', 'Open in Apple Podcasts', 'apple'],
    ['Spotify audio', () => spotifyAudioEpisode, 'Listen Now', 'Open in Spotify', 'spotify'],
  ])('%s: badge, main button and secondary link, in new tabs', async (_kind, episodeOf, main, secondary, platform) => {
    const episode = episodeOf();
    const { page, problems, close } = await ctx.open(paths.episode(episode.id), { viewport: VIEWPORT });

    const badge = page.locator(`.episode-hero .platform-badge--${platform}`);
    expect(await badge.count()).toBe(1);
    expect(await contrastOf(page, `.episode-hero .platform-badge--${platform}`)).toBeGreaterThanOrEqual(4.5);
    const colour = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
    if (platform === 'youtube') expect(colour).toBe('rgb(179, 38, 30)');
    if (platform === 'spotify') expect(colour).toBe('rgb(21, 122, 58)');

    for (const name of [main, secondary]) {
      const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
      expect(await link.count(), name).toBe(1);
      expect(await link.getAttribute('href')).toBe(countedHref(episode.listenUrl, paths.episode(episode.id)));
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    if (main === 'Listen Now') expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByText('Published:').count()).toBe(episode.date ? 1 : 0);

    // Every link that leaves the site opens a new tab without handing over window.opener.
    const external = await page
      .locator('a[href^="http"]')
      .evaluateAll((links) => links.map((a) => ({ target: a.getAttribute('target'), rel: a.getAttribute('rel') })));
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) expect(link).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
    expect(withoutBlockedThumbnails(problems)).toEqual([]);
    await close();
  });

  it('shows a note, and no link to nowhere, for the episode without a recording', async () => {
    const { page, problems, close } = await ctx.open(paths.episode(comingSoonEpisode.id), { viewport: VIEWPORT });
    expect(await page.locator("a[href='#']").count()).toBe(0);
    expect(await page.getByRole('link', { name: /Watch Episode|Listen Now|Open in/ }).count()).toBe(0);
    expect(await page.getByText('Recording coming soon').isVisible()).toBe(true);
    expect(await cover(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await close();
  });

  it("returns to the list with 'Back to All Episodes' without a reload", async () => {
    const { page, problems, close } = await ctx.open(paths.episode(appleEpisode.id), { viewport: VIEWPORT });
    await markDocument(page);
    await page.getByRole('link', { name: 'Back to All Episodes' }).click();
    await page.waitForURL(ctx.server.origin + '/podcast');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Podcast Episodes');
    expect(await isSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await close();
  });

  it.each([360, 1440])('has no horizontal scrolling at %i px', async (width) => {
    const { page, close } = await ctx.tab({ viewport: { width, height: 900 } });
    for (const episode of [youtubeEpisode, spotifyVideoEpisode, appleEpisode, comingSoonEpisode]) {
      await page.goto(url(episode));
      await waitForHydration(page);
      expect(await horizontalOverflow(page), episode.id).toEqual({ px: 0, offenders: [] });
    }
    await close();
  });
});
