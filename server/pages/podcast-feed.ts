/**
 * /podcast/feed.xml: the show's own feed for podcast apps, RSS 2.0 with Apple's itunes: tags and
 * the Podcast Namespace's podcast: tags (guid, locked, person, transcript, chapters), written by
 * fast-xml-parser's XMLBuilder (which escapes every text and attribute) from the published
 * content, once per content version like the other feeds: the same content gives the same bytes.
 *
 * Every public episode is an item, newest first: apps want the whole back catalogue. What the
 * content cannot say is left out rather than made up:
 * - an enclosure only for an episode with an audio file (`audioUrl`); its length is the file's
 *   size when the site serves it itself (under public/), else 0, which the RSS Advisory Board's
 *   profile gives for a size that cannot be known (the app reads it from the response). A video
 *   on YouTube or Spotify is a page, not a media file, so it gets neither an enclosure nor a
 *   podcast:alternateEnclosure; podcast apps skip such items.
 * - an item's itunes:image only when its cover is a PNG or JPEG (Apple reads no SVG); the show's
 *   cover is the square PNG the build draws (./podcast-cover.ts).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import express from 'express';
import { XMLBuilder } from 'fast-xml-parser';
import { v5 as uuidv5 } from 'uuid';
import type { Episode, PersonRef } from '../../shared/content/types';
import { paths } from '../../shared/paths';
import { durationSeconds } from '../../shared/rules/episode-moment';
import type { SiteContent } from '../content/publication';
import type { PodcastCover } from './podcast-cover';
import { episodeFilePaths, podcastFilesRouter, setPodcastFileHeaders } from './podcast-files';

export const RSS_NAMESPACES = {
  itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  podcast: 'https://podcastindex.org/namespace/1.0',
  atom: 'http://www.w3.org/2005/Atom',
} as const;

export interface PodcastFeedOptions {
  siteUrl: string;
  /** Where the site's own files are: an audio file it serves is measured there. */
  rootDir: string;
  cover: PodcastCover;
}

type XmlNode = Record<string, unknown>;

/** RFC 2822, as RSS and Apple want it: 'Tue, 21 Feb 2023 00:00:00 +0000'. */
export const rfc2822 = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

/** `00:08:05`: how Apple and Spotify read a chapter from a description line. */
export function chapterStamp(seconds: number): string {
  const whole = Math.floor(seconds);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(whole / 3600))}:${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`;
}

const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/x-m4a',
  '.aac': 'audio/aac',
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/opus',
};

/** The size of an audio file the site serves itself (the build's copy of public/, or public/), else undefined. */
function ownFileBytes(rootDir: string, siteUrl: string, url: URL): number | undefined {
  if (url.origin !== new URL(siteUrl).origin) return undefined;
  const relative = decodeURIComponent(url.pathname);
  if (relative.split('/').includes('..')) return undefined;
  for (const dir of ['dist/public', 'public']) {
    try {
      const stats = statSync(path.join(rootDir, dir, relative));
      if (stats.isFile()) return stats.size;
    } catch {
      // Not in this folder: the next one, or a file the site does not serve.
    }
  }
  return undefined;
}

function enclosureOf({ rootDir, siteUrl }: PodcastFeedOptions, audioUrl: string): XmlNode {
  const url = new URL(audioUrl);
  return {
    '@_url': audioUrl,
    '@_length': String(ownFileBytes(rootDir, siteUrl, url) ?? 0),
    '@_type': AUDIO_TYPES[path.extname(url.pathname).toLowerCase()] ?? 'audio/mpeg',
  };
}

/** The description, then each chapter on a line of its own. */
function descriptionOf(episode: Episode): string {
  const chapters = (episode.chapters ?? []).map((chapter) => `${chapterStamp(chapter.start)} ${chapter.title}`);
  return chapters.length > 0 ? `${episode.description}\n\n${chapters.join('\n')}` : episode.description;
}

export function podcastFeedXml(options: PodcastFeedOptions, content: SiteContent): string {
  const { siteUrl, cover } = options;
  const { firm, podcast } = content.site;
  const settings = podcast.feed;
  const absolute = (url: string) => (url.startsWith('/') ? siteUrl + url : url);
  const photos = new Map(content.people.flatMap((person) => (person.photo ? [[person.id, absolute(person.photo)] as const] : [])));
  const personNode = (person: Pick<PersonRef, 'id' | 'name'>, role: 'host' | 'guest'): XmlNode => ({
    '@_role': role,
    '@_href': siteUrl + paths.person(person.id),
    ...(photos.has(person.id) ? { '@_img': photos.get(person.id) } : {}),
    '#text': person.name,
  });
  const hostIds = new Set(content.episodes.flatMap((episode) => (episode.hosts ?? []).map((host) => host.id)));
  const hosts = content.people.filter((person) => hostIds.has(person.id));
  const newest = content.episodes[0];
  const lastDate = newest ? rfc2822(new Date(`${newest.published}T00:00:00Z`)) : undefined;

  const item = (episode: Episode): XmlNode => {
    const number = /\d+/.exec(episode.number)?.[0];
    const seconds = durationSeconds(episode.duration);
    const transcriptUrl = (format: 'vtt' | 'json') => siteUrl + episodeFilePaths.transcript(episode.id, format);
    return {
      title: episode.title,
      link: siteUrl + paths.episode(episode.id),
      // Kept from the feed it was imported from; else a name for it under the show's own guid, which survives a move of the site.
      guid: { '@_isPermaLink': 'false', '#text': episode.guid ?? uuidv5(episode.id, settings.guid) },
      pubDate: rfc2822(new Date(`${episode.published}T00:00:00Z`)),
      description: descriptionOf(episode),
      ...(episode.audioUrl ? { enclosure: enclosureOf(options, episode.audioUrl) } : {}),
      ...(/\.(png|jpe?g)$/i.test(episode.image) ? { 'itunes:image': { '@_href': absolute(episode.image) } } : {}),
      ...(seconds !== undefined ? { 'itunes:duration': seconds } : {}),
      // Apple's episode numbers start at 1; the Podcast Namespace's take the show's own (0 for a welcome).
      ...(number !== undefined && Number(number) > 0 ? { 'itunes:episode': Number(number) } : {}),
      'itunes:episodeType': 'full',
      ...(number !== undefined ? { 'podcast:episode': Number(number) } : {}),
      'podcast:person': [
        ...(episode.hosts ?? []).map((person) => personNode(person, 'host')),
        ...(episode.guests ?? []).map((person) => personNode(person, 'guest')),
      ],
      'podcast:transcript': episode.timedTranscript
        ? [
            { '@_url': transcriptUrl('vtt'), '@_type': 'text/vtt', '@_language': settings.language, '@_rel': 'captions' },
            { '@_url': transcriptUrl('json'), '@_type': 'application/json', '@_language': settings.language },
          ]
        : [],
      ...(episode.chapters?.length
        ? { 'podcast:chapters': { '@_url': siteUrl + episodeFilePaths.chapters(episode.id), '@_type': 'application/json+chapters' } }
        : {}),
    };
  };

  const channel: XmlNode = {
    'atom:link': { '@_href': siteUrl + paths.podcastFeed, '@_rel': 'self', '@_type': 'application/rss+xml' },
    title: podcast.name,
    link: siteUrl + paths.podcast,
    description: content.podcastPage.intro,
    language: settings.language,
    copyright: firm.copyright,
    ...(lastDate ? { pubDate: lastDate, lastBuildDate: lastDate } : {}),
    image: { url: siteUrl + cover.url, title: podcast.name, link: siteUrl + paths.podcast },
    'itunes:author': firm.name,
    'itunes:owner': { 'itunes:name': firm.name, 'itunes:email': firm.email },
    'itunes:image': { '@_href': siteUrl + cover.url },
    'itunes:category': {
      '@_text': settings.category,
      ...(settings.subcategory ? { 'itunes:category': { '@_text': settings.subcategory } } : {}),
    },
    'itunes:explicit': String(settings.explicit),
    'itunes:type': 'episodic',
    'podcast:guid': settings.guid,
    'podcast:locked': { '@_owner': firm.email, '#text': settings.locked ? 'yes' : 'no' },
    'podcast:person': hosts.map((person) => personNode(person, 'host')),
    item: content.episodes.map(item),
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: '  ',
    suppressEmptyNode: true,
  });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      ...Object.fromEntries(Object.entries(RSS_NAMESPACES).map(([prefix, uri]) => [`@_xmlns:${prefix}`, uri])),
      channel,
    },
  }) as string;
}

/** GET/HEAD of /podcast/feed.xml and of each episode's files (./podcast-files.ts), built once per content version. */
export function podcastRouter(options: PodcastFeedOptions, content: SiteContent): Router {
  const xml = podcastFeedXml(options, content);
  const router = express.Router();
  router.use(podcastFilesRouter(options.siteUrl, content));
  router.get(paths.podcastFeed, (_req, res) => {
    // Web players read feeds from other origins too.
    setPodcastFileHeaders(res);
    res.type('application/rss+xml').send(xml);
  });
  return router;
}
