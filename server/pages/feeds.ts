/**
 * /feed.xml (Atom 1.0: the newest episodes and press articles) and
 * /podcast/feed.json (JSON Feed 1.1: the newest episodes, for apps), written
 * by the `feed` package from the published content, once per content version
 * like the sitemap, so a draft or a scheduled item is in neither until it is
 * public. Every date comes from the content, never the clock: the same
 * content gives the same bytes.
 */
import type { Router } from 'express';
import express from 'express';
import { Feed } from 'feed';
import type { Item } from 'feed';
import { paths } from '../../shared/paths';
import type { SiteContent } from '../content/publication';

/** How many entries each feed carries. */
export const FEED_SIZE = 20;
/** Feeds change when content is published; readers poll, so an hour is plenty and keeps CDNs from asking often. */
export const FEED_CACHE_CONTROL = 'public, max-age=3600';

const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

/** Midnight UTC of a publication date, or the moment it was scheduled for. */
const dateOf = (published: string, publishAt?: string) => new Date(publishAt ?? `${published}T00:00:00Z`);

interface Entry {
  sortKey: string;
  item: Item;
}

function episodeEntries(siteUrl: string, { episodes }: Pick<SiteContent, 'episodes'>): Entry[] {
  const absolute = (url: string) => (url.startsWith('/') ? siteUrl + url : url);
  return episodes.slice(0, FEED_SIZE).map((episode) => {
    const url = siteUrl + paths.episode(episode.id);
    const date = dateOf(episode.published);
    return {
      sortKey: `${episode.published}|${episode.id}`,
      item: {
        id: url,
        link: url,
        title: episode.title,
        description: episode.description,
        date,
        published: date,
        image: absolute(episode.image),
        ...(episode.audioUrl ? { audio: { url: episode.audioUrl, type: 'audio/mpeg' } } : {}),
      },
    };
  });
}

function atomFeed(siteUrl: string, content: SiteContent): string {
  const { firm } = content.site;
  const articles: Entry[] = content.press.slice(0, FEED_SIZE).map((article) => ({
    sortKey: `${article.published}|${article.id}`,
    item: {
      id: article.link,
      link: article.link,
      title: article.title,
      description: `${article.publication}, ${article.date}.`,
      date: dateOf(article.published),
      published: dateOf(article.published),
      author: [{ name: article.publication }],
    },
  }));
  const entries = [...episodeEntries(siteUrl, content), ...articles].sort((a, b) => b.sortKey.localeCompare(a.sortKey)).slice(0, FEED_SIZE);
  const feed = new Feed({
    id: `${siteUrl}/`,
    title: firm.name,
    description: firm.tagline,
    link: `${siteUrl}/`,
    language: 'en',
    copyright: firm.copyright,
    updated: entries[0]?.item.date ?? new Date(0),
    generator: false,
    feedLinks: { atom: siteUrl + paths.atomFeed },
    author: { name: firm.name, link: `${siteUrl}/` },
  });
  for (const { item } of entries) feed.addItem(item);
  // The package names an enclosure's type after its file extension; these two are not MIME types.
  return feed.atom1().replaceAll('type="image/svg"', 'type="image/svg+xml"').replaceAll('type="audio/mp3"', 'type="audio/mpeg"');
}

/**
 * The `feed` package writes JSON Feed 1 (an `author` object, HTML content);
 * 1.1 has `authors` and the descriptions are plain text, so they go in
 * `content_text`, where a reader will not read them as markup.
 */
function jsonFeed(siteUrl: string, content: SiteContent): string {
  const { firm, podcast } = content.site;
  const entries = episodeEntries(siteUrl, content);
  const feed = new Feed({
    id: siteUrl + paths.podcast,
    title: podcast.name,
    description: content.podcastPage.intro,
    link: siteUrl + paths.podcast,
    feedLinks: { json: siteUrl + paths.episodeFeed },
    author: { name: firm.name, link: `${siteUrl}/` },
  });
  for (const { item } of entries) feed.addItem(item);
  const json = JSON.parse(feed.json1()) as Record<string, unknown> & { author?: unknown; items: Array<Record<string, unknown>> };
  const { author, ...rest } = json;
  return JSON.stringify({
    ...rest,
    version: JSON_FEED_VERSION,
    language: 'en',
    ...(author ? { authors: [author] } : {}),
    items: json.items.map(({ content_html: _html, ...item }, index) => {
      const episode = content.episodes[index]!;
      return {
        ...item,
        content_text: episode.description,
        ...(episode.audioUrl ? { attachments: [{ url: episode.audioUrl, mime_type: 'audio/mpeg' }] } : {}),
      };
    }),
  });
}

/** GET/HEAD of both feeds, from text built once per content version. */
export function feedsRouter(siteUrl: string, content: SiteContent): Router {
  const atom = atomFeed(siteUrl, content);
  const json = jsonFeed(siteUrl, content);
  const router = express.Router();
  router.get(paths.atomFeed, (_req, res) => {
    res.setHeader('Cache-Control', FEED_CACHE_CONTROL);
    res.type('application/atom+xml').send(atom);
  });
  router.get(paths.episodeFeed, (_req, res) => {
    res.setHeader('Cache-Control', FEED_CACHE_CONTROL);
    res.type('application/feed+json').send(json);
  });
  return router;
}
