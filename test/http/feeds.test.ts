/**
 * /feed.xml (Atom) and /podcast/feed.json (JSON Feed 1.1), read by real feed
 * parsers: the newest episodes and articles, each with what a reader shows,
 * nothing unpublished, and a link to them from every page.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { parseJsonFeed } from 'feedsmith';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { FEED_SIZE } from '../../server/pages/feeds';
import { paths } from '../../shared/paths';
import { makeApp, rootDir } from '../support/app';
import { content } from '../support/content';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';

const SITE_URL = 'https://www.harborledger.example';
const { app } = makeApp({ env: { SITE_URL }, config: { isProduction: true } });

describe('/feed.xml', () => {
  it('is Atom that a feed parser reads: the newest episodes and articles, newest first', async () => {
    const res = await request(app).get('/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const feed = parseFeed(res.text);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe(content.site.firm.name);
    expect(feed.items).toHaveLength(FEED_SIZE);
    const dates = feed.items.map((item) => item.published!.toISOString());
    expect(dates).toEqual([...dates].sort().reverse());

    const newest = [...content.episodes.map((e) => e.published), ...content.press.map((p) => p.published)].sort().reverse();
    expect(dates[0]!.slice(0, 10)).toBe(newest[0]);

    const episode = content.episodes[0]!;
    const entry = feed.items.find((item) => item.url === SITE_URL + paths.episode(episode.id))!;
    expect(entry.title).toBe(episode.title);
    expect(entry.description).toBe(episode.description);
    expect(entry.published!.toISOString().slice(0, 10)).toBe(episode.published);
    expect(entry.media.map((media) => media.url)).toContain(SITE_URL + episode.image);

    const article = content.press[0]!;
    const articleEntry = feed.items.find((item) => item.url === article.link)!;
    expect(articleEntry.title).toBe(article.title);
    expect(articleEntry.authors.map((author) => author.name)).toEqual([article.publication]);
  });

  it('is linked from every page', async () => {
    for (const path of ['/', '/press', paths.episode(content.episodes.at(-1)!.id)]) {
      const html = (await request(app).get(path)).text;
      expect(html, path).toContain(
        `<link rel="alternate" type="application/atom+xml" href="/feed.xml" title="${content.site.firm.name}"/>`,
      );
      expect(html, path).toContain(
        `<link rel="alternate" type="application/feed+json" href="/podcast/feed.json" title="${content.site.podcast.name}"/>`,
      );
    }
  });
});

describe('/podcast/feed.json', () => {
  it('is JSON Feed 1.1 that a feed parser reads, with the newest episodes', async () => {
    const res = await request(app).get('/podcast/feed.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = parseJsonFeed(JSON.parse(res.text));
    expect(JSON.parse(res.text).version).toBe('https://jsonfeed.org/version/1.1');
    expect(feed.title).toBe(content.site.podcast.name);
    expect(feed.items?.map((item) => item.url)).toEqual(content.episodes.slice(0, FEED_SIZE).map((e) => SITE_URL + paths.episode(e.id)));
    expect(feed.items?.[0]).toMatchObject({ title: content.episodes[0]!.title, content_text: content.episodes[0]!.description });
    expect(feed.authors?.[0]?.name).toBe(content.site.firm.name);
  });
});

describe('feeds and publication', () => {
  it('leave drafts out, and take a scheduled episode in when its time comes', async () => {
    const dir = copyOfContent();
    writeEpisode(dir, 'a-draft-episode', { ...sampleEpisode, date: '2099-01-02', draft: true }, 'Draft.');
    writeEpisode(
      dir,
      'a-scheduled-episode',
      { ...sampleEpisode, date: '2099-01-01', publishAt: '2099-01-01T09:00:00Z', audioUrl: 'https://media.example-host.com/a.mp3' },
      'Soon.',
    );
    let now = Date.parse('2098-12-31T00:00:00Z');
    const store = createContentStore({ rootDir, contentDir: dir, preview: false, watch: false, now: () => now });
    const scheduled = makeApp({ env: { SITE_URL }, config: { isProduction: true }, content: store }).app;
    const urls = async () => ({
      atom: parseFeed((await request(scheduled).get('/feed.xml')).text).items.map((item) => item.url),
      json: (
        JSON.parse((await request(scheduled).get('/podcast/feed.json')).text) as { items: Array<{ url: string; attachments?: unknown }> }
      ).items,
    });
    const before = await urls();
    expect(before.atom.some((url) => url?.includes('a-draft-episode') || url?.includes('a-scheduled-episode'))).toBe(false);
    now = Date.parse('2099-01-01T09:00:00Z');
    const after = await urls();
    expect(after.atom[0]).toBe(`${SITE_URL}/podcast/a-scheduled-episode`);
    expect(after.json[0]).toMatchObject({
      url: `${SITE_URL}/podcast/a-scheduled-episode`,
      attachments: [{ url: 'https://media.example-host.com/a.mp3', mime_type: 'audio/mpeg' }],
    });
    expect(after.atom.some((url) => url?.includes('a-draft-episode'))).toBe(false);
  });
});
