/**
 * Every page's head as served: canonical URL, Open Graph and Twitter tags,
 * share images, JSON-LD and robots (issue 8). The app runs for real with a
 * public SITE_URL different from the address the test talks to, so every
 * absolute URL must be built from SITE_URL, never from the request.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EPISODES_PER_PAGE } from '../../shared/constants';
import { episodes } from '../support/content';
import { pressItems } from '../support/content';
import { externalUrls } from '../support/content';
import { paths, siteIcons, staticPagePaths } from '../../shared/paths';
import { isoDate } from '../../shared/rules/display-date';
import { pageCount } from '../../shared/rules/pagination';
import { makeApp } from '../support/app';
import { decodeHtml } from '../support/html-text';

const SITE_URL = 'https://www.harborledger.example';
/** Tests that walk every page render about seventy of them; a loaded machine needs time, never a timed assertion. */
const EVERY_PAGE_TIMEOUT = 180_000;
// Production mode: pages come from the page cache, as they do in service.
const { app } = makeApp({ env: { SITE_URL, NODE_ENV: 'production' } });
const podcastPageCount = pageCount(episodes.length, EPISODES_PER_PAGE);
const MAX_SHARE_IMAGE_BYTES = 300 * 1024;

interface ParsedHead {
  title: string | undefined;
  description: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  /** og:* and twitter:* and article:* tags, by property or name; repeated keys keep the first. */
  tags: Record<string, string>;
  jsonLd: Record<string, unknown> | undefined;
  links: Array<{ rel: string; href: string }>;
}

function parseHead(html: string): ParsedHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)) {
    tags[match[1]!] ??= decodeHtml(match[2]!);
  }
  const ld = head.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g) ?? [];
  expect(ld.length, 'at most one JSON-LD element').toBeLessThanOrEqual(1);
  const ldText = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: tags.description,
    canonical: /<link rel="canonical" href="([^"]+)"\/>/.exec(head)?.[1],
    robots: tags.robots,
    tags,
    // JSON.parse reads the \u003c escapes back, so this is what a crawler sees.
    jsonLd: ldText === undefined ? undefined : (JSON.parse(ldText) as Record<string, unknown>),
    links: [...head.matchAll(/<link rel="([^"]+)" href="([^"]+)"/g)].map((m) => ({ rel: m[1]!, href: m[2]! })),
  };
}

const heads = new Map<string, ParsedHead>();

async function headOf(path: string, status = 200): Promise<ParsedHead> {
  const known = heads.get(path);
  if (known) return known;
  const res = await request(app).get(path);
  expect(res.status, path).toBe(status);
  const head = parseHead(res.text);
  heads.set(path, head);
  return head;
}

type Node = Record<string, unknown> & { '@type': string };

function graphOf(head: ParsedHead): Node[] {
  expect(head.jsonLd?.['@context']).toBe('https://schema.org');
  const graph = head.jsonLd?.['@graph'];
  expect(Array.isArray(graph)).toBe(true);
  return graph as Node[];
}

function nodeOf(head: ParsedHead, type: string): Node {
  const node = graphOf(head).find((candidate) => candidate['@type'] === type);
  expect(node, `a ${type} node`).toBeDefined();
  return node!;
}

/** Hosts the content links to on purpose: press articles, the book shop, podcast platforms, YouTube. */
const externalHosts = new Set(
  [
    ...pressItems.map((item) => item.link),
    ...Object.values(externalUrls),
    'https://www.youtube.com/',
    'https://www.youtube-nocookie.com/',
    'https://i.ytimg.com/',
  ].map((url) => new URL(url).hostname),
);

/** Every '@id', 'url', 'item', 'image' and 'logo' in the graph, wherever it sits. */
function urlsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => urlsIn(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (['@id', 'url', 'item', 'image', 'logo'].includes(key) && typeof inner === 'string') out.push(inner);
      urlsIn(inner, out);
    }
  }
  return out;
}

/** All absolute; all but the deliberate outside links on SITE_URL. */
function expectOwnUrlsOnSite(graph: unknown, where: string) {
  const urls = urlsIn(graph);
  expect(urls.length, where).toBeGreaterThan(0);
  for (const url of urls) {
    expect(url, where).toMatch(/^https:\/\//);
    if (!externalHosts.has(new URL(url).hostname)) sitePath(url);
  }
}

function breadcrumbTrail(head: ParsedHead): string[] {
  const list = nodeOf(head, 'BreadcrumbList');
  const items = list.itemListElement as Array<{ position: number; name: string; item: string }>;
  items.forEach((item, index) => expect(item.position).toBe(index + 1));
  return items.map((item) => item.item);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function getBinary(path: string) {
  return request(app)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

const sitePath = (url: string) => {
  expect(url.startsWith(`${SITE_URL}/`), `${url} is on ${SITE_URL}`).toBe(true);
  return url.slice(SITE_URL.length);
};

const everyPage = [
  ...staticPagePaths,
  ...Array.from({ length: podcastPageCount - 1 }, (_, index) => paths.podcastPage(index + 2)),
  ...episodes.map((episode) => paths.episode(episode.id)),
];

describe('every page head', () => {
  it(
    'has a canonical URL on SITE_URL that answers 200 with the same canonical, plus full Open Graph and Twitter tags',
    async () => {
      const images = new Set<string>();
      for (const path of everyPage) {
        const head = await headOf(path);
        expect(head.canonical, path).toBe(SITE_URL + path);
        expect(head.robots, path).toBeUndefined();
        const again = await headOf(sitePath(head.canonical!));
        expect(again.canonical).toBe(head.canonical);

        const { tags } = head;
        expect(['website', 'article']).toContain(tags['og:type']);
        expect(tags['og:site_name']).toBe('Harbor Ledger Advisors');
        expect(tags['og:url']).toBe(head.canonical);
        expect(tags['og:title']?.length).toBeGreaterThan(3);
        expect(tags['og:description']).toBe(head.description);
        expect(tags['og:image:width']).toBe('1200');
        expect(tags['og:image:height']).toBe('630');
        expect(tags['og:image:alt']?.length).toBeGreaterThan(10);
        expect(tags['twitter:card']).toBe('summary_large_image');
        expect(tags['twitter:image']).toBe(tags['og:image']);
        expect(tags['twitter:title']).toBe(tags['og:title']);
        images.add(sitePath(tags['og:image']!));

        // Every URL of ours in the structured data is absolute, on SITE_URL.
        expectOwnUrlsOnSite(graphOf(head), path);
      }
      // The site card, one per episode, one per service page.
      expect(images.size).toBe(1 + episodes.length + 6);
    },
    EVERY_PAGE_TIMEOUT,
  );

  it(
    'serves each og:image as a 1200×630 PNG under 300 kB, cached for a year',
    async () => {
      const images = new Set<string>();
      for (const path of everyPage) images.add(sitePath((await headOf(path)).tags['og:image']!));
      for (const image of images) {
        expect(image).toMatch(/^\/assets\/share\/[\w-]+-[0-9a-f]{12}\.png$/);
        const res = await getBinary(image);
        expect(res.status, image).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.headers['cache-control']).toContain('immutable');
        const body = res.body as Buffer;
        expect(body.length, image).toBeLessThan(MAX_SHARE_IMAGE_BYTES);
        expect(pngSize(body)).toEqual({ width: 1200, height: 630 });
      }
    },
    EVERY_PAGE_TIMEOUT,
  );

  it('links the favicon set and a web app manifest that all answer', async () => {
    const head = await headOf('/');
    const hrefs = head.links.map((link) => `${link.rel} ${link.href}`);
    expect(hrefs).toEqual(
      expect.arrayContaining([
        `icon ${siteIcons.svg}`,
        `icon ${siteIcons.png32}`,
        `apple-touch-icon ${siteIcons.appleTouchIcon}`,
        `manifest ${siteIcons.manifest}`,
      ]),
    );
    const svg = await request(app).get(siteIcons.svg);
    expect(svg.status).toBe(200);
    for (const [file, size] of [
      [siteIcons.png32, 32],
      [siteIcons.appleTouchIcon, 180],
    ] as const) {
      const res = await getBinary(file);
      expect(res.status, file).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(pngSize(res.body as Buffer)).toEqual({ width: size, height: size });
    }
    const manifest = await request(app).get(siteIcons.manifest);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const parsed = JSON.parse(manifest.text) as {
      name: string;
      short_name: string;
      start_url: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(parsed).toMatchObject({ name: 'Harbor Ledger Advisors', short_name: 'Harbor Ledger', start_url: '/' });
    expect(parsed.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const icon of parsed.icons) expect((await request(app).get(icon.src)).status, icon.src).toBe(200);
  });
});

describe('canonical rules', () => {
  it('drops unknown query parameters and page=1, keeps page=N for N > 1', async () => {
    expect((await headOf('/?utm_source=linkedin&fbclid=abc')).canonical).toBe(`${SITE_URL}/`);
    expect((await headOf('/podcast?page=1')).canonical).toBe(`${SITE_URL}/podcast`);
    expect((await headOf('/podcast?page=2&utm_source=x')).canonical).toBe(`${SITE_URL}/podcast?page=2`);
    expect((await headOf('/podcast?utm_medium=social&page=3')).canonical).toBe(`${SITE_URL}/podcast?page=3`);
    expect((await headOf('/podcast?page=abc')).canonical).toBe(`${SITE_URL}/podcast`);
    expect((await headOf('/podcast?page=9999')).canonical).toBe(`${SITE_URL}${paths.podcastPage(podcastPageCount)}`);
    expect((await headOf(`${paths.press}?ref=newsletter`)).canonical).toBe(`${SITE_URL}/press`);
  });

  it('marks 404 screens noindex, without canonical or share tags', async () => {
    for (const path of ['/no-such-page', '/podcast/no-such-episode']) {
      const head = await headOf(path, 404);
      expect(head.robots, path).toBe('noindex');
      expect(head.canonical, path).toBeUndefined();
      expect(head.tags['og:url'], path).toBeUndefined();
    }
  });
});

describe('og:type per page kind', () => {
  it('is website for the home page, lists and fixed pages, article for episodes and service pages', async () => {
    for (const path of ['/', '/podcast', '/podcast?page=2', '/press', '/contact', '/privacy', '/terms', '/accessibility']) {
      expect((await headOf(path)).tags['og:type'], path).toBe('website');
    }
    for (const path of [paths.episode(episodes[0]!.id), paths.investmentManagement, paths.familyOffice]) {
      expect((await headOf(path)).tags['og:type'], path).toBe('article');
    }
  });
});

describe('structured data', () => {
  it('describes the firm, the website, the author and the book on the home page', async () => {
    const head = await headOf('/');
    const firm = nodeOf(head, 'FinancialService');
    expect(firm).toMatchObject({ '@id': `${SITE_URL}/#organization`, name: 'Harbor Ledger Advisors', url: `${SITE_URL}/` });
    expect(firm.sameAs).toEqual(expect.arrayContaining([expect.stringMatching(/^https:\/\/www\.linkedin\.com\//)]));
    expect(nodeOf(head, 'WebSite')).toMatchObject({ url: `${SITE_URL}/`, publisher: { '@id': `${SITE_URL}/#organization` } });
    expect(nodeOf(head, 'Person')).toMatchObject({ name: 'Morgan Ellery', worksFor: { '@id': `${SITE_URL}/#organization` } });
    expect(nodeOf(head, 'Book')).toMatchObject({
      name: expect.stringContaining('The Advisory Practice'),
      author: { '@id': `${SITE_URL}/#author` },
    });
  });

  it('describes the podcast as a PodcastSeries on /podcast', async () => {
    const head = await headOf('/podcast');
    expect(nodeOf(head, 'PodcastSeries')).toMatchObject({
      '@id': `${SITE_URL}/podcast#series`,
      name: 'The Advisory Edge Podcast',
      url: `${SITE_URL}/podcast`,
    });
    expect(breadcrumbTrail(head)).toEqual([`${SITE_URL}/`, `${SITE_URL}/podcast`]);
  });

  it(
    'describes every episode as a PodcastEpisode, with a VideoObject for YouTube episodes',
    async () => {
      let videos = 0;
      for (const episode of episodes) {
        const head = await headOf(paths.episode(episode.id));
        const url = `${SITE_URL}${paths.episode(episode.id)}`;
        const node = nodeOf(head, 'PodcastEpisode');
        expect(node).toMatchObject({
          url,
          name: episode.title,
          description: episode.description,
          partOfSeries: { '@type': 'PodcastSeries', '@id': `${SITE_URL}/podcast#series` },
        });
        expect(node.datePublished).toBe(isoDate(episode.date));
        const number = /^Episode (\d+)$/.exec(episode.number)?.[1];
        expect(node.episodeNumber).toBe(number === undefined ? undefined : Number(number));
        const video = node.video as Record<string, string> | undefined;
        if (episode.isYouTube && !episode.isSpotifyVideo) {
          videos++;
          expect(video?.['@type']).toBe('VideoObject');
          expect(video?.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/);
          expect(video?.thumbnailUrl).toMatch(/^https:\/\/i\.ytimg\.com\/vi\/[\w-]{11}\/maxresdefault\.jpg$/);
          expect(video?.uploadDate).toBe(isoDate(episode.date));
        } else {
          expect(video).toBeUndefined();
        }
        expect(breadcrumbTrail(head)).toEqual([`${SITE_URL}/`, `${SITE_URL}/podcast`, url]);
        expect(head.tags['article:published_time']).toBe(isoDate(episode.date));
      }
      expect(videos).toBeGreaterThan(5);
    },
    EVERY_PAGE_TIMEOUT,
  );

  it('lists the press articles as an ItemList pointing to the external articles', async () => {
    const head = await headOf('/press');
    const list = nodeOf(head, 'ItemList');
    const items = list.itemListElement as Array<{ position: number; url: string; item: { '@type': string; headline: string } }>;
    expect(items.map((item) => item.url)).toEqual(pressItems.map((item) => item.link));
    expect(items.map((item) => item.item.headline)).toEqual(pressItems.map((item) => item.title));
    expect(items.every((item, index) => item.position === index + 1 && item.item['@type'] === 'Article')).toBe(true);
    expect(breadcrumbTrail(head)).toEqual([`${SITE_URL}/`, `${SITE_URL}/press`]);
  });

  it('gives service and fixed pages a breadcrumb trail, service pages a Service offered by the firm', async () => {
    const head = await headOf(paths.estatePlanning);
    expect(nodeOf(head, 'Service')).toMatchObject({
      url: `${SITE_URL}${paths.estatePlanning}`,
      provider: { '@id': `${SITE_URL}/#organization` },
    });
    expect(breadcrumbTrail(head)).toEqual([`${SITE_URL}/`, `${SITE_URL}${paths.estatePlanning}`]);
    expect(breadcrumbTrail(await headOf(paths.contact))).toEqual([`${SITE_URL}/`, `${SITE_URL}${paths.contact}`]);
  });

  it('keeps the JSON-LD free of anything that could close its <script> element', async () => {
    for (const path of ['/', '/press', paths.episode(episodes[0]!.id)]) {
      const html = (await request(app).get(path)).text;
      const text = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    }
  });
});
