/**
 * A podcast's RSS 2.0 feed, with the iTunes and Podcasting 2.0 tags the site
 * uses, read with fast-xml-parser into plain typed items.
 *
 * Safe on hostile XML: a DOCTYPE with an internal subset (where entities are
 * declared: billion laughs, external entities) is refused before parsing, and
 * fast-xml-parser never reads files or the network. The five XML entities and
 * numeric character references are decoded; CDATA is read as text.
 *
 * Namespaced tags are found by their namespace URI, not by the prefix a feed
 * happens to use, so `<itunes:duration>` is read under any prefix bound to the
 * iTunes namespace (and under the usual prefix when a feed forgets to declare it).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export class FeedError extends Error {
  override name = 'FeedError';
}

export interface TranscriptLink {
  url: string;
  /** The MIME type the feed names ('' when it names none). */
  type: string;
}

export interface FeedItem {
  title: string;
  link?: string;
  guid?: string;
  pubDate?: string;
  duration?: string;
  episode?: string;
  episodeType?: string;
  /** Show notes, best first: content:encoded, description, itunes:summary (HTML or text). */
  notes: string[];
  image?: string;
  enclosure?: { url: string; type?: string };
  transcripts: TranscriptLink[];
  /** `podcast:chapters`: the URL of the item's JSON Chapters file. */
  chapters?: string;
}

export interface Feed {
  title: string;
  /** The channel's artwork, in the order to try: itunes:image, then image/url. */
  images: string[];
  items: FeedItem[];
}

export const NAMESPACES = {
  itunes: ['http://www.itunes.com/dtds/podcast-1.0.dtd'],
  podcast: [
    'https://podcastindex.org/namespace/1.0',
    'http://podcastindex.org/namespace/1.0',
    'https://github.com/podcastindex-org/podcast-namespace/blob/main/docs/1.0.md',
  ],
  content: ['http://purl.org/rss/1.0/modules/content/'],
} as const;
type Namespace = keyof typeof NAMESPACES;

/** Every element is a list (so a repeated tag is never a surprise); attributes are '@_name'. */
type Node = { [key: string]: Node[] | string | undefined };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  // Trimmed by textOf instead, so words either side of a CDATA section keep their space.
  trimValues: false,
  processEntities: true,
  // Numeric character references (&#8217;) are common in feeds; named HTML ones come in sloppy ones.
  htmlEntities: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** The prefixes declared for each namespace we read, from the attributes of the given elements. */
function prefixesOf(...elements: Array<Node | undefined>): Record<Namespace, string[]> {
  const found: Record<Namespace, string[]> = { itunes: [], podcast: [], content: [] };
  for (const element of elements) {
    for (const [key, value] of Object.entries(element ?? {})) {
      if (!key.startsWith('@_xmlns') || typeof value !== 'string') continue;
      const prefix = key.startsWith('@_xmlns:') ? key.slice('@_xmlns:'.length) : '';
      const uri = value
        .trim()
        .toLowerCase()
        .replace(/^https?:/, '');
      for (const namespace of Object.keys(NAMESPACES) as Namespace[]) {
        if (NAMESPACES[namespace].some((known) => known.toLowerCase().replace(/^https?:/, '') === uri)) found[namespace].push(prefix);
      }
    }
  }
  // An undeclared prefix is a mistake feeds make; the usual name is still what it means.
  for (const namespace of Object.keys(found) as Namespace[]) if (!found[namespace].includes(namespace)) found[namespace].push(namespace);
  return found;
}

const children = (node: Node | undefined, key: string): Node[] => {
  const value = node?.[key];
  return Array.isArray(value) ? value : [];
};

/** The text of an element however the parser gave it: a string, or an object with #text. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'object') return textOf((value as Node)['#text']);
  const text = String(value).trim();
  return text || undefined;
}

function attributeOf(value: unknown, name: string): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  return node && typeof node === 'object' ? textOf((node as Node)[`@_${name}`]) : undefined;
}

/** Reads an element's namespaced children by namespace and local name. */
function reader(prefixes: Record<Namespace, string[]>) {
  const keys = (namespace: Namespace, local: string) => prefixes[namespace].map((prefix) => (prefix ? `${prefix}:${local}` : local));
  return {
    all: (node: Node, namespace: Namespace, local: string): Node[] => keys(namespace, local).flatMap((key) => children(node, key)),
    text: (node: Node, namespace: Namespace, local: string): string | undefined =>
      keys(namespace, local)
        .map((key) => textOf(node[key]))
        .find((text) => text !== undefined),
    attribute: (node: Node, namespace: Namespace, local: string, name: string): string | undefined =>
      keys(namespace, local)
        .map((key) => attributeOf(node[key], name))
        .find((text) => text !== undefined),
  };
}

/** A DOCTYPE with an internal subset is where entities are declared; a plain one (RSS 0.91's) is harmless. */
function declaresEntities(xml: string): boolean {
  const firstElement = xml.search(/<[A-Za-z_]/);
  const prolog = firstElement < 0 ? xml : xml.slice(0, firstElement);
  return /<!DOCTYPE[^>[]*\[/i.test(prolog) || /<!ENTITY/i.test(prolog);
}

/** `name` is how the feed is called in messages: its file name or URL. */
export function parseFeed(xml: string, name: string): Feed {
  const source = xml.replace(/^\uFEFF/, '');
  if (!source.trim()) throw new FeedError(`${name} is empty`);
  if (declaresEntities(source))
    throw new FeedError(`${name} declares its own XML entities (a DOCTYPE with an internal subset), which are not read`);
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new FeedError(`${name} is not valid XML (line ${valid.err.line}: ${valid.err.msg})`);
  let document: Node;
  try {
    document = parser.parse(source) as Node;
  } catch (error) {
    throw new FeedError(`${name} cannot be read as XML (${(error as Error).message})`);
  }
  const rss = children(document, 'rss')[0];
  const channel = children(rss, 'channel')[0];
  if (!rss || !channel) throw new FeedError(`${name} is not an RSS feed: no <rss><channel> element`);
  const channelPrefixes = prefixesOf(rss, channel);
  const read = reader(channelPrefixes);
  const items = children(channel, 'item');
  if (items.length === 0) throw new FeedError(`${name} has no <item> elements: there is nothing to import`);

  const images = [read.attribute(channel, 'itunes', 'image', 'href'), textOf(children(children(channel, 'image')[0], 'url'))].filter(
    (url): url is string => !!url,
  );
  return {
    title: textOf(channel.title) ?? name,
    images,
    items: items.map((item) => {
      // An item may declare a namespace itself (some hosts do it per element).
      const own = reader(prefixesOf(rss, channel, item));
      const enclosureUrl = attributeOf(item.enclosure, 'url');
      return {
        title: textOf(item.title) ?? own.text(item, 'itunes', 'title') ?? '',
        link: textOf(item.link),
        guid: textOf(item.guid),
        pubDate: textOf(item.pubDate),
        duration: own.text(item, 'itunes', 'duration'),
        // itunes:episode, else Podcasting 2.0's podcast:episode (which may be a decimal such as 315.5).
        episode: own.text(item, 'itunes', 'episode') ?? own.text(item, 'podcast', 'episode'),
        episodeType: own.text(item, 'itunes', 'episodeType'),
        notes: [own.text(item, 'content', 'encoded'), textOf(item.description), own.text(item, 'itunes', 'summary')].filter(
          (text): text is string => !!text,
        ),
        // href is the standard; some feeds write the URL as the element's text.
        image: own.attribute(item, 'itunes', 'image', 'href') ?? own.text(item, 'itunes', 'image'),
        enclosure: enclosureUrl ? { url: enclosureUrl, type: attributeOf(item.enclosure, 'type') } : undefined,
        transcripts: own
          .all(item, 'podcast', 'transcript')
          .map((node) => ({ url: textOf(node['@_url']) ?? '', type: (textOf(node['@_type']) ?? '').toLowerCase() }))
          .filter((transcript) => transcript.url),
        chapters: own.attribute(item, 'podcast', 'chapters', 'url'),
      };
    }),
  };
}
