/**
 * Publishing without a developer: a new episode file is served everywhere it
 * belongs, a draft nowhere, a scheduled one from its publishAt on (with no
 * restart, through the page cache), and in development an edited or broken
 * file shows on the next page load.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { rootDir, makeApp } from '../support/app';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';

const episode = sampleEpisode;
const body = 'Avery Holt explains how to write a **fee schedule** a client can read in a minute.\n\n- Flat fees\n- Retainers';

function productionApp(contentDir: string, now: () => number = Date.now) {
  const content = createContentStore({ rootDir, contentDir, preview: false, watch: false, now });
  return makeApp({ config: { isProduction: true }, content }).app;
}

/** What a visitor would find: the episode page, its place on /podcast and the home page, and the sitemap. */
async function whereItShows(app: ReturnType<typeof productionApp>, id: string, title: string) {
  const [page, list, home, sitemap] = await Promise.all(
    [`/podcast/${id}`, '/podcast', '/', '/sitemap.xml'].map((url) => request(app).get(url)),
  );
  const firstCard = /<h3 class="episode-card__title"[^>]*>\s*<a[^>]*href="([^"]+)"/.exec(list!.text)?.[1];
  const featured = /class="podcast-intro__card"[\s\S]*?href="(\/podcast\/[^"]+)"/.exec(home!.text)?.[1];
  return {
    page: page!.status,
    pageHasTitle: page!.text.includes(title),
    firstOnPodcast: firstCard === `/podcast/${id}`,
    featuredOnHome: featured === `/podcast/${id}`,
    inSitemap: sitemap!.text.includes(`/podcast/${id}</loc>`),
  };
}

describe('a new episode file', () => {
  it('is served at its address, first on /podcast, as the home page latest episode and in the sitemap', async () => {
    const dir = copyOfContent();
    writeEpisode(dir, 'fee-schedules-clients-understand-avery-holt', episode, body);
    const app = productionApp(dir);
    expect(await whereItShows(app, 'fee-schedules-clients-understand-avery-holt', episode.title)).toEqual({
      page: 200,
      pageHasTitle: true,
      firstOnPodcast: true,
      featuredOnHome: true,
      inSitemap: true,
    });
    const page = (await request(app).get('/podcast/fee-schedules-clients-understand-avery-holt')).text;
    // Its Markdown, rendered on the server: bold and a list in the About section; the date shown as the pages show dates.
    expect(page).toContain('<strong>fee schedule</strong>');
    expect(page).toMatch(/<ul><li>Flat fees<\/li><li>Retainers<\/li><\/ul>/);
    expect(page).toContain('<time dateTime="2026-11-20">November 20, 2026</time>');
  });

  it('as a draft is never served, listed or mapped', async () => {
    const dir = copyOfContent();
    writeEpisode(dir, 'a-draft-episode', { ...episode, draft: true }, body);
    const app = productionApp(dir);
    expect(await whereItShows(app, 'a-draft-episode', episode.title)).toEqual({
      page: 404,
      pageHasTitle: false,
      firstOnPodcast: false,
      featuredOnHome: false,
      inSitemap: false,
    });
  });
});

describe('an episode with publishAt a minute ahead', () => {
  it('appears on its page, /podcast, the home page and the sitemap when the minute has passed, with no restart', async () => {
    const dir = copyOfContent();
    let now = Date.parse('2026-12-01T13:59:00Z');
    writeEpisode(dir, 'scheduled-for-nine', { ...episode, date: '2026-12-01', publishAt: '2026-12-01T09:00:00-05:00' }, body);
    const app = productionApp(dir, () => now);

    // Before: nowhere, and the pages that do not show it are rendered and kept in the cache.
    const hidden = { page: 404, pageHasTitle: false, firstOnPodcast: false, featuredOnHome: false, inSitemap: false };
    expect(await whereItShows(app, 'scheduled-for-nine', episode.title)).toEqual(hidden);
    expect(await whereItShows(app, 'scheduled-for-nine', episode.title)).toEqual(hidden);

    now += 60_000;
    expect(await whereItShows(app, 'scheduled-for-nine', episode.title)).toEqual({
      page: 200,
      pageHasTitle: true,
      firstOnPodcast: true,
      featuredOnHome: true,
      inSitemap: true,
    });
  });
});

describe('in development', () => {
  function developmentApp(contentDir: string) {
    const content = createContentStore({ rootDir, contentDir, preview: true, watch: true });
    return makeApp({ content }).app;
  }

  it('shows drafts and scheduled items with a badge', async () => {
    const dir = copyOfContent();
    writeEpisode(dir, 'a-draft-episode', { ...episode, draft: true }, body);
    writeEpisode(dir, 'a-later-episode', { ...episode, date: '2026-11-19', publishAt: '2099-01-01T09:00:00Z' }, body);
    const app = developmentApp(dir);
    const draft = await request(app).get('/podcast/a-draft-episode');
    expect(draft.status).toBe(200);
    expect(draft.text).toContain('<span class="publication-badge publication-badge--draft">Draft</span>');
    const list = await request(app).get('/podcast');
    expect(list.text).toContain('<span class="publication-badge publication-badge--scheduled">Scheduled</span>');
  });

  it('picks up an edited, added or removed file on the next page load, and shows a broken one on the page', async () => {
    const dir = copyOfContent();
    const app = developmentApp(dir);
    const file = path.join(dir, 'pages', 'press.yaml');
    const original = readFileSync(file, 'utf8');
    expect((await request(app).get('/press')).text).not.toContain('Freshly edited introduction.');

    writeFileSync(file, original.replace(/^intro: .*$/m, 'intro: Freshly edited introduction.'));
    expect((await request(app).get('/press')).text).toContain('Freshly edited introduction.');

    writeEpisode(dir, 'added-while-running', episode, body);
    expect((await request(app).get('/podcast/added-while-running')).status).toBe(200);

    writeFileSync(file, original.replace(/^intro: .*$/m, 'intro: ""'));
    const broken = await request(app).get('/press');
    expect(broken.status).toBe(500);
    expect(broken.text).toContain('content/pages/press.yaml: intro must not be empty');

    writeFileSync(file, original);
    expect((await request(app).get('/press')).status).toBe(200);
  });
});
