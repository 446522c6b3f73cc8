/**
 * A podcast's RSS 2.0 feed, with the iTunes and Podcasting 2.0 tags the site
 * uses, read with fast-xml-parser into plain typed items. A feed that is not
 * XML, not RSS, or declares its own entities (the way to billion-laughs and
 * external-entity tricks) is refused with one sentence.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export class FeedError extends Error {
  override name = 'FeedError';
}

export interface FeedItem {
  title: string;
  link?: string;
  guid?: string;
  pubDate?: string;
  duration?: string;
  episode?: string;
  /** content:encoded, else description, else itunes:summary: HTML or text. */
  notes: string;
  image?: string;
  enclosure?: { url: string; type?: string };
  transcripts: Array<{ url: string; type: string }>;
}

export interface Feed {
  title: string;
  image?: string;
  items: FeedItem[];
}

type Node = Record<string, unknown>;

/** The text of an element however the parser gave it: a string, a number, or an object with #text. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as Node)['#text']);
  const text = String(value).trim();
  return text || undefined;
}

const attribute = (value: unknown, name: string): string | undefined => {
  const node = Array.isArray(value) ? value[0] : value;
  return node && typeof node === 'object' ? textOf((node as Node)[`@_${name}`]) : undefined;
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'item' || name === 'podcast:transcript',
});

export function parseFeed(xml: string, name: string): Feed {
  if (/<!ENTITY/i.test(xml)) throw new FeedError(`${name} declares its own XML entities, which are not read`);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FeedError(`${name} is not valid XML (line ${valid.err.line}: ${valid.err.msg})`);
  const document = parser.parse(xml) as Node;
  const channel = (document.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel || typeof channel !== 'object') throw new FeedError(`${name} is not an RSS feed: no <rss><channel> element`);
  const items = (channel.item as Node[] | undefined) ?? [];
  if (items.length === 0) throw new FeedError(`${name} has no <item> elements: there is nothing to import`);
  return {
    title: textOf(channel.title) ?? name,
    image: attribute(channel['itunes:image'], 'href') ?? textOf((channel.image as Node | undefined)?.url),
    items: items.map((item) => ({
      title: textOf(item.title) ?? '',
      link: textOf(item.link),
      guid: textOf(item.guid),
      pubDate: textOf(item.pubDate),
      duration: textOf(item['itunes:duration']),
      episode: textOf(item['itunes:episode']),
      notes: textOf(item['content:encoded']) ?? textOf(item.description) ?? textOf(item['itunes:summary']) ?? '',
      image: attribute(item['itunes:image'], 'href'),
      enclosure: attribute(item.enclosure, 'url') ? { url: attribute(item.enclosure, 'url')!, type: attribute(item.enclosure, 'type') } : undefined,
      transcripts: ((item['podcast:transcript'] as Node[] | undefined) ?? [])
        .map((node) => ({ url: textOf(node['@_url']) ?? '', type: textOf(node['@_type']) ?? '' }))
        .filter((transcript) => transcript.url),
    })),
  };
}
