/**
 * The podcast list and episode pages as the server sends them: what a
 * visitor without JavaScript, a crawler or a link preview gets.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EMBED_HEIGHT_PX, EPISODES_PER_PAGE } from '../../shared/constants';
import { countedHref } from '../../shared/counted-links';
import { episodes } from '../support/content';
import { externalUrls } from '../support/content';
import type { Episode } from '../../shared/content/types';
import { listenPlatform, parseYouTubeId } from '../../shared/rules/youtube';
import { makeApp } from '../support/app';

/** A listen link as the page writes it: by way of /out, which counts it on the page (decision 044). */
const listenHref = (url: string, page: string) => countedHref(url, page).replace(/&/g, '&amp;');

const { app } = makeApp();

async function html(path: string, status = 200): Promise<string> {
  const res = await request(app).get(path);
  expect(res.status, path).toBe(status);
  return res.text;
}

/** The markup of each episode card, in order. */
function cards(page: string): string[] {
  return [...page.matchAll(/<article class="episode-card[ "][\s\S]*?<\/article>/g)].map((match) => match[0]);
}

function cardIds(page: string): string[] {
  return cards(page).map((card) => /href="\/podcast\/([^"]+)"/.exec(card)?.[1] ?? '');
}

/** The pagination <nav>. */
function pagination(page: string): string {
  const nav = /<nav class="pagination" aria-label="Episode pages">[\s\S]*?<\/nav>/.exec(page)?.[0];
  expect(nav, 'pagination nav').toBeDefined();
  return nav!;
}

/** Opening tags of every element with the given class token. */
function tagsWithClass(markup: string, className: string): string[] {
  return [...markup.matchAll(new RegExp(`<[a-z]+ [^>]*class="[^"]*\\b${className}\\b[^"]*"[^>]*>`, 'g'))].map((m) => m[0]);
}

/** The pagination link whose text is the page number. */
function numberLink(nav: string, n: number): string {
  const link = [...nav.matchAll(/<a [^>]*>(\d+)<\/a>/g)].find((m) => m[1] === String(n))?.[0];
  expect(link, `link to page ${n}`).toBeDefined();
  return link!;
}

function linkTag(markup: string, text: string): string | undefined {
  return [...markup.matchAll(/<a [^>]*>[\s\S]*?<\/a>/g)].map((m) => m[0]).find((a) => a.replace(/<[^>]+>/g, '').includes(text));
}

const NO_DEAD_LINK = /href=["']#["']/;

function find(predicate: (episode: Episode) => boolean, what: string): Episode {
  const episode = episodes.find(predicate);
  if (!episode) throw new Error(`the data has no ${what}`);
  return episode;
}

const youtubeEpisode = find((e) => e.isYouTube && !e.isSpotifyVideo && e.date !== '', 'dated YouTube episode');
const spotifyVideoEpisode = find((e) => e.isSpotifyVideo, 'Spotify video episode');
const appleEpisode = find((e) => !e.isYouTube && !e.isSpotifyVideo && listenPlatform(e.listenUrl) === 'apple', 'Apple audio episode');
const spotifyAudioEpisode = find(
  (e) => !e.isYouTube && !e.isSpotifyVideo && listenPlatform(e.listenUrl) === 'spotify',
  'Spotify audio episode',
);
const comingSoonEpisode = find((e) => e.listenUrl === '#', "'#' episode");
const undatedEpisode = find((e) => e.date === '' && e.listenUrl !== '#', 'undated episode');

describe('/podcast', () => {
  it('opens with the hero, the show links and the episodes section', async () => {
    const page = await html('/podcast');
    expect(page).toMatch(/<h1[^>]*>Podcast Episodes<\/h1>/);
    expect(page).toMatch(/<video[^>]*src="\/media\/video\/hero-podcast\.mp4"[^>]*poster="\/media\/video\/hero-podcast\.jpg"/);
    const video = /<video [^>]*>/.exec(page)?.[0] ?? '';
    for (const attribute of ['muted', 'loop', 'playsinline']) {
      expect(video).toMatch(new RegExp(` ${attribute}=""`, 'i'));
    }
    // It starts from script once the page has loaded (and never under reduced motion or Save-Data).
    expect(video).not.toMatch(/ autoplay/i);
    expect(video).toContain('preload="none"');
    const showLinks: [string, string][] = [
      ['Apple Podcasts', externalUrls.applePodcasts],
      ['Spotify', externalUrls.spotifyShow],
    ];
    for (const [label, href] of showLinks) {
      const link = linkTag(page, label);
      expect(link, label).toContain(`href="${listenHref(href, '/podcast')}"`);
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
    expect(page).toMatch(/<section id="episodes-section"[^>]*>/);
    expect(page).toMatch(/<h2[^>]*>Latest Episodes<\/h2>/);
  });

  it('shows page 1: six cards, the status line, and Previous disabled', async () => {
    const page = await html('/podcast');
    expect(page).toContain('Page 1 of 9 (50 total episodes)');
    expect(cards(page)).toHaveLength(EPISODES_PER_PAGE);
    expect(cardIds(page)).toEqual(episodes.slice(0, 6).map((e) => encodeURIComponent(e.id)));

    const nav = pagination(page);
    for (let n = 1; n <= 9; n++) {
      expect(numberLink(nav, n)).toContain(n === 1 ? 'href="/podcast"' : `href="/podcast?page=${n}"`);
    }
    expect(numberLink(nav, 1)).toContain('aria-current="page"');
    expect((nav.match(/aria-current="page"/g) ?? []).length).toBe(1);
    // The disabled end is not a link at all.
    expect(nav).toMatch(/<span [^>]*aria-disabled="true"[^>]*>[\s\S]*?Previous<\/span>/);
    expect(linkTag(nav, 'Previous')).toBeUndefined();
    expect(linkTag(nav, 'Next')).toMatch(/href="\/podcast\?page=2"/);
  });

  it('makes every card one link to its episode, with its details and image', async () => {
    const page = await html('/podcast');
    cards(page).forEach((card, index) => {
      const episode = episodes[index]!;
      const links = card.match(/<a /g) ?? [];
      expect(links, episode.id).toHaveLength(1);
      expect(card).toContain(`href="/podcast/${encodeURIComponent(episode.id)}"`);
      expect(card).toContain(episode.title.replace(/&/g, '&amp;'));
      expect(card).toContain(episode.description.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      if (episode.number) expect(card).toContain(episode.number);
      if (episode.date) expect(card).toContain(episode.date);
      if (episode.duration) expect(card).toContain(episode.duration);
      const image = /<img [^>]*>/.exec(card)?.[0] ?? '';
      expect(image).toContain(`src="${episode.image}"`);
      expect(image).toMatch(/width="\d+"/);
      expect(image).toMatch(/height="\d+"/);
    });
  });

  it('loads the images of the lower rows lazily', async () => {
    const images = cards(await html('/podcast')).map((card) => /<img [^>]*>/.exec(card)?.[0] ?? '');
    expect(images.slice(3).every((image) => image.includes('loading="lazy"'))).toBe(true);
  });

  it('shows numbered episodes with their number', async () => {
    const page = await html('/podcast?page=9');
    expect(page).toContain('Episode 0');
    expect(page).toContain('Episode 1');
  });

  it('shows the remaining episodes on the last page, with Next disabled', async () => {
    const page = await html('/podcast?page=9');
    expect(page).toContain('Page 9 of 9 (50 total episodes)');
    expect(cardIds(page)).toEqual(episodes.slice(48).map((e) => encodeURIComponent(e.id)));
    const nav = pagination(page);
    expect(numberLink(nav, 9)).toContain('aria-current="page"');
    expect(numberLink(nav, 9)).toContain('href="/podcast?page=9"');
    expect((nav.match(/aria-current="page"/g) ?? []).length).toBe(1);
    expect(nav).toMatch(/<span [^>]*aria-disabled="true"[^>]*>\s*Next/);
    expect(linkTag(nav, 'Next')).toBeUndefined();
    expect(linkTag(nav, 'Previous')).toMatch(/href="\/podcast\?page=8"/);
  });

  it('shows a middle page with both ends enabled', async () => {
    const page = await html('/podcast?page=4');
    expect(page).toContain('Page 4 of 9 (50 total episodes)');
    expect(cardIds(page)).toEqual(episodes.slice(18, 24).map((e) => encodeURIComponent(e.id)));
    const nav = pagination(page);
    expect(nav).not.toContain('aria-disabled');
    expect(linkTag(nav, 'Previous')).toMatch(/href="\/podcast\?page=3"/);
    expect(linkTag(nav, 'Next')).toMatch(/href="\/podcast\?page=5"/);
  });

  it.each([
    ['abc', 1],
    ['', 1],
    ['0', 1],
    ['-1', 1],
    ['2.5', 1],
    ['1e1', 1],
    ['%00', 1],
    ['999', 9],
    ['999999999999', 9],
  ])('answers ?page=%s with 200 and page %i', async (raw, expected) => {
    const page = await html(`/podcast?page=${raw}`);
    expect(page).toContain(`Page ${expected} of 9 (50 total episodes)`);
    expect(cards(page).length).toBeGreaterThan(0);
  });

  it('titles later pages with their number', async () => {
    expect(await html('/podcast?page=3')).toMatch(/<title>Podcast Episodes \(page 3 of 9\)/);
  });

  it('renders no dead links', async () => {
    for (let n = 1; n <= 9; n++) expect(await html(`/podcast?page=${n}`)).not.toMatch(NO_DEAD_LINK);
  });
});

describe('/podcast/:id', () => {
  const path = (episode: Episode) => `/podcast/${encodeURIComponent(episode.id)}`;

  it('has the back link, the title and the description on every episode page', async () => {
    for (const episode of [youtubeEpisode, spotifyVideoEpisode, appleEpisode, comingSoonEpisode]) {
      const page = await html(path(episode));
      expect(linkTag(page, 'Back to All Episodes'), episode.id).toMatch(/href="\/podcast"/);
      expect(page).toMatch(new RegExp(`<h1[^>]*>${episode.title.replace(/&/g, '&amp;').replace(/[?()]/g, '\\$&')}</h1>`));
      expect(page).toMatch(/<h2[^>]*>About This Episode<\/h2>/);
      expect(page).toContain(episode.description.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      expect(page).not.toMatch(NO_DEAD_LINK);
    }
  });

  it('embeds a YouTube episode with the privacy-enhanced player', async () => {
    const page = await html(path(youtubeEpisode));
    const id = parseYouTubeId(youtubeEpisode.listenUrl)!;
    const iframe = /<iframe [^>]*>/.exec(page)?.[0] ?? '';
    expect(iframe).toContain(`src="https://www.youtube-nocookie.com/embed/${id}"`);
    expect(iframe).toContain(`height="${EMBED_HEIGHT_PX}"`);
    expect(iframe).toMatch(/referrerpolicy="strict-origin-when-cross-origin"/i);
    expect(iframe).toMatch(/title="[^"]+"/);
    expect(iframe).toContain('loading="lazy"');
    expect(iframe).toContain('allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"');
    expect(iframe).toMatch(/allowfullscreen/i);
    expect(iframe).not.toContain('style=');
    // In the HTML the player is for browsers without JavaScript only: the others
    // add it once the page has hydrated, so it never competes with the first paint.
    expect(page.match(/<iframe /g)).toHaveLength(1);
    expect(page).toMatch(/<noscript><iframe [^>]*><\/iframe><\/noscript>/);
    // The video's thumbnail lies over the episode's own cover, which paints with
    // the page and is what remains if the thumbnail fails. Both are preloaded
    // (React does that for images that do not load lazily), the thumbnail at high priority.
    const thumbnail = `https://i.ytimg.com/vi/${id}/maxresdefault.jpg`;
    const images = page.match(/<img [^>]*>/g) ?? [];
    expect(images.find((tag) => tag.includes('class="youtube-thumbnail__cover"'))).toContain(`src="${youtubeEpisode.image}"`);
    const frame = images.find((tag) => tag.includes('class="youtube-thumbnail__frame"'));
    expect(frame).toContain(`src="${thumbnail}"`);
    expect(frame).toMatch(/fetchpriority="high"/i);
    const preloads = page.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preloads.filter((tag) => tag.includes(`href="${thumbnail}"`))).toHaveLength(1);
    expect(preloads.find((tag) => tag.includes(`href="${thumbnail}"`))).toMatch(/fetchpriority="high"/i);
  });

  it("offers 'Watch Episode' and 'Open in YouTube' for a YouTube episode, in new tabs", async () => {
    const page = await html(path(youtubeEpisode));
    for (const label of ['Watch Episode', 'Open in YouTube']) {
      const link = linkTag(page, label);
      expect(link, label).toContain(`href="${listenHref(youtubeEpisode.listenUrl, path(youtubeEpisode))}"`);
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
    expect(tagsWithClass(page, 'platform-badge--youtube')).toHaveLength(1);
  });

  it('embeds a Spotify video episode', async () => {
    const page = await html(path(spotifyVideoEpisode));
    const spotifyId = /\/episode\/([A-Za-z0-9]+)/.exec(spotifyVideoEpisode.listenUrl)![1];
    const iframe = /<iframe [^>]*>/.exec(page)?.[0] ?? '';
    expect(iframe).toContain(`src="https://open.spotify.com/embed/episode/${spotifyId}"`);
    expect(iframe).toContain(`height="${EMBED_HEIGHT_PX}"`);
    expect(iframe).toMatch(/title="[^"]+"/);
    expect(page).toMatch(/<noscript><iframe [^>]*><\/iframe><\/noscript>/);
    expect(linkTag(page, 'Watch Episode')).toContain(`href="${listenHref(spotifyVideoEpisode.listenUrl, path(spotifyVideoEpisode))}"`);
    expect(linkTag(page, 'Open in Spotify')).toContain(`href="${listenHref(spotifyVideoEpisode.listenUrl, path(spotifyVideoEpisode))}"`);
    expect(tagsWithClass(page, 'platform-badge--spotify')).toHaveLength(1);
    expect(page).not.toContain('youtube-nocookie');
  });

  it.each([
    ['Apple Podcasts', appleEpisode, 'apple'],
    ['Spotify', spotifyAudioEpisode, 'spotify'],
  ] as const)("shows an audio episode on %s with its cover and 'Listen Now'", async (platform, episode, badge) => {
    const page = await html(path(episode));
    expect(page).not.toContain('<iframe');
    expect(page).toMatch(new RegExp(`<img [^>]*class="episode-cover"[^>]*src="${episode.image}"`));
    expect(linkTag(page, 'Listen Now')).toContain(`href="${listenHref(episode.listenUrl, path(episode))}"`);
    expect(linkTag(page, `Open in ${platform}`)).toContain('target="_blank"');
    expect(page).not.toContain('Watch Episode');
    expect(tagsWithClass(page, `platform-badge--${badge}`)).toHaveLength(1);
  });

  it("shows the '#' episode with a note and no link to nowhere", async () => {
    const page = await html(path(comingSoonEpisode));
    expect(page).not.toMatch(NO_DEAD_LINK);
    expect(page).not.toContain('Watch Episode');
    expect(page).not.toContain('Listen Now');
    expect(page).not.toMatch(/Open in (YouTube|Spotify|Apple Podcasts)/);
    expect(page).toContain('Recording coming soon');
    expect(page).toMatch(new RegExp(`<img [^>]*src="${comingSoonEpisode.image}"`));
  });

  it('shows the number badge and duration when the episode has them', async () => {
    const numbered = find((e) => e.number !== '' && e.duration !== '', 'numbered episode with a duration');
    const page = await html(path(numbered));
    expect(page).toMatch(new RegExp(`<span class="episode-number[^"]*">${numbered.number}</span>`));
    expect(page).toContain(numbered.duration);
    const plain = await html(path(undatedEpisode));
    expect(tagsWithClass(plain, 'episode-number')).toHaveLength(0);
    expect(tagsWithClass(plain, 'episode-hero__duration')).toHaveLength(0);
  });

  it("shows 'Published:' only for dated episodes", async () => {
    // The date is machine-readable too: <time datetime="YYYY-MM-DD">.
    expect(await html(path(youtubeEpisode))).toMatch(
      new RegExp(`Published: <time dateTime="\\d{4}-\\d{2}-\\d{2}">${youtubeEpisode.date}</time>`),
    );
    expect(await html(path(undatedEpisode))).not.toContain('Published:');
  });

  it('never uses a style attribute (the CSP forbids inline styles)', async () => {
    for (const page of [await html('/podcast'), await html(path(youtubeEpisode)), await html(path(spotifyVideoEpisode))]) {
      expect(page).not.toMatch(/<[^>]+\sstyle=/);
    }
  });

  it("answers an unknown id with 404, 'Episode Not Found' and a way back", async () => {
    const page = await html('/podcast/no-such-episode', 404);
    expect(page).toContain('Episode Not Found');
    expect(linkTag(page, '← Back to Podcast')).toMatch(/href="\/podcast"/);
  });
});
