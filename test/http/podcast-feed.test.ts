/**
 * /podcast/feed.xml read back as podcast apps read it (podcast-partytime, the Podcast Index's own
 * parser) and held to Apple's published feed rules; then the files it names, fetched from the
 * same app: chapters.json by the JSON Chapters 1.2 rules, transcript.vtt by webvtt-parser.
 * A copy of content/ adds an episode whose audio the site serves itself, with a host, a guest,
 * chapters and an SRT transcript, one whose audio is elsewhere, and a draft.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import request from 'supertest';
import { v5 as uuidv5 } from 'uuid';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { episodeFilePaths } from '../../server/pages/podcast-files';
import { parseVtt } from '../../server/content/timed-transcript-file';
import { makeApp, rootDir } from '../support/app';
import { copyOfContent, problemsOf, sampleEpisode, writeEpisode } from '../support/content-dir';

const SITE_URL = 'https://www.harborledger.example';
const LOCAL = 'fee-schedules-clients-understand-avery-holt';
const REMOTE = 'billing-software-that-clients-never-see';
const DRAFT = 'draft-episode-nobody-hears-yet';

// The audio file the site serves itself: in the build's copy of public/, where the server serves it from.
const audioDir = path.join(rootDir, 'dist/public/media', `test-audio-${process.pid}`);
const audioPath = `/media/test-audio-${process.pid}/${LOCAL}.mp3`;
mkdirSync(audioDir, { recursive: true });
writeFileSync(path.join(rootDir, 'dist/public', audioPath), Buffer.alloc(12_345, 7));
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

const contentDir = copyOfContent();
writeFileSync(
  path.join(contentDir, 'episodes', `${LOCAL}.md`),
  `---
title: "Fee Schedules That Clients Understand with Avery Holt"
number: 51
date: "2026-11-20"
duration: "38 min"
image: "https://images.podcast-host.example/fee-schedules.jpg"
listenUrl: "https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650009999"
audioUrl: "${SITE_URL}${audioPath}"
hosts: [morgan-ellery]
guests: [avery-holt]
chapters:
  - { start: "00:00:00", title: "Welcome" }
  - { start: "00:00:05", title: "One page", url: "https://www.harborledger.example/contact", image: "/media/episodes/cover-3.svg" }
  - { start: "00:01:00", title: "What clients read" }
---
Avery Holt explains how to write a fee schedule a client can read in a minute.
`,
);
writeFileSync(
  path.join(contentDir, 'people', 'avery-holt.yaml'),
  'name: Avery Holt\nrole: guest\nphoto: https://images.podcast-host.example/avery-holt.jpg\nbio: Avery Holt writes fee schedules.\n',
);
// SRT, so the VTT the site serves is written from the cues, not copied; escapes in the source and in the result.
writeFileSync(
  path.join(contentDir, 'transcripts', `${LOCAL}.srt`),
  `1\n00:00:01,000 --> 00:00:04,500\n<v Morgan Ellery>Welcome back. Fees &lt; 1% &amp; rising.\n\n` +
    `2\n00:00:05,000 --> 00:00:09,000\n<v Avery Holt>Thanks, Morgan. A fee schedule should fit on one page.\n\n` +
    `3\n00:01:00,000 --> 00:01:05,000\n<v Avery Holt>Clients read the first line.\n`,
);
writeEpisode(
  contentDir,
  REMOTE,
  {
    ...sampleEpisode,
    title: 'Billing Software That Clients Never See',
    date: '2026-11-13',
    audioUrl: 'https://audio.podcast-host.example/billing.m4a',
  },
  'Which billing tools stay out of the way.',
);
writeEpisode(contentDir, DRAFT, { ...sampleEpisode, title: 'A Draft Nobody Hears Yet', date: '2026-11-19', draft: true }, 'Not yet.');

const store = createContentStore({ rootDir, contentDir, preview: false, watch: false });
const published = store.current().content;
const { app } = makeApp({ env: { SITE_URL }, config: { isProduction: true }, content: store });

const feedText = async () => {
  const res = await request(app).get(paths.podcastFeed);
  expect(res.status).toBe(200);
  return res.text;
};
/** Every item as written, including those podcast-partytime skips (no enclosure). */
async function rawItems() {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => ['item', 'podcast:person', 'podcast:transcript'].includes(name),
  });
  const rss = parser.parse(await feedText()) as { rss: { channel: Record<string, unknown> & { item: Array<Record<string, unknown>> } } };
  return rss.rss.channel.item;
}
const localUrl = (suffix: string) => SITE_URL + paths.episode(LOCAL) + suffix;

describe('/podcast/feed.xml', () => {
  it('is RSS for podcast apps: its headers, and the same bytes for the same content', async () => {
    const res = await request(app).get(paths.podcastFeed);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect((await request(app).get(paths.podcastFeed).set('If-None-Match', res.headers.etag!)).status).toBe(304);
    expect((await request(app).head(paths.podcastFeed)).status).toBe(200);
    expect((await request(app).post(paths.podcastFeed)).status).toBe(405);
    const again = makeApp({
      env: { SITE_URL },
      config: { isProduction: true },
      content: createContentStore({ rootDir, contentDir, preview: false, watch: false }),
    });
    expect((await request(again.app).get(paths.podcastFeed)).text).toBe(res.text);
  });

  it('reads back with podcast-partytime: the channel', async () => {
    const feed = parseFeed(await feedText())!;
    const { site } = published;
    expect(feed.title).toBe(site.podcast.name);
    expect(feed.link).toBe(SITE_URL + paths.podcast);
    expect(feed.description).toBe(published.podcastPage.intro);
    expect(feed.language).toBe(site.podcast.feed.language);
    expect(feed.copyright).toBe(site.firm.copyright);
    expect(feed.author).toBe(site.firm.name);
    expect(feed.owner).toEqual({ name: site.firm.name, email: site.firm.email });
    expect(feed.itunesImage).toMatch(new RegExp(`^${SITE_URL}/assets/share/podcast-cover-[0-9a-f]+\\.png$`));
    expect(feed.image?.url).toBe(feed.itunesImage);
    expect(feed.itunesCategory).toEqual(['Business > Investing']);
    expect(feed.explicit).toBe(false);
    expect(feed.itunesType).toBe('episodic');
    expect(feed.pubsub?.self).toBe(SITE_URL + paths.podcastFeed);
    expect(feed.guid).toBe(site.podcast.feed.guid);
    expect(feed.locked).toBe(true);
    expect(feed.podcastOwner).toBe(site.firm.email);
    expect(feed.podcastPeople).toEqual([{ name: 'Morgan Ellery', role: 'Host', group: 'Cast', href: `${SITE_URL}/people/morgan-ellery` }]);
  });

  it('reads back with podcast-partytime: an episode with its own audio, people, transcripts and chapters', async () => {
    const feed = parseFeed(await feedText())!;
    // podcast-partytime, as podcast apps, reads only items with an enclosure: the two with audio.
    expect(feed.items.map((item) => item.link)).toEqual([localUrl(''), SITE_URL + paths.episode(REMOTE)]);
    const [local, remote] = feed.items;
    expect(local!.title).toBe('Fee Schedules That Clients Understand with Avery Holt');
    expect(local!.enclosure).toEqual({ url: SITE_URL + audioPath, length: 12_345, type: 'audio/mpeg' });
    expect(remote!.enclosure).toEqual({ url: 'https://audio.podcast-host.example/billing.m4a', length: 0, type: 'audio/x-m4a' });
    expect(local!.duration).toBe(38 * 60);
    expect(local!.itunesEpisode).toBe(51);
    expect(local!.podcastEpisode?.number).toBe(51);
    expect(local!.itunesEpisodeType).toBe('full');
    expect(local!.itunesImage).toBe('https://images.podcast-host.example/fee-schedules.jpg');
    expect(local!.pubDate?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    // podcast-partytime names a role and group as the Podcast Taxonomy Project does: recognised.
    expect(local!.podcastPeople).toEqual([
      { name: 'Morgan Ellery', role: 'Host', group: 'Cast', href: `${SITE_URL}/people/morgan-ellery` },
      {
        name: 'Avery Holt',
        role: 'Guest',
        group: 'Cast',
        href: `${SITE_URL}/people/avery-holt`,
        img: 'https://images.podcast-host.example/avery-holt.jpg',
      },
    ]);
    expect(local!.podcastTranscripts).toEqual([
      { url: localUrl('/transcript.vtt'), type: 'text/vtt', language: 'en', rel: 'captions' },
      { url: localUrl('/transcript.json'), type: 'application/json', language: 'en' },
    ]);
    expect(local!.podcastChapters).toEqual({ url: localUrl('/chapters.json'), type: 'application/json+chapters' });
    // The chapters also as lines Apple and Spotify read in the description (podcast-partytime joins lines with spaces).
    expect(local!.description).toContain('minute. 00:00:00 Welcome 00:00:05 One page 00:01:00 What clients read');
    const [written] = await rawItems();
    expect(written!.description).toBe(
      'Avery Holt explains how to write a fee schedule a client can read in a minute.\n\n00:00:00 Welcome\n00:00:05 One page\n00:01:00 What clients read',
    );
  });

  it('has every public episode, newest first, with a stable unique guid, and no draft', async () => {
    const items = await rawItems();
    expect(items.map((item) => item.link)).toEqual(published.episodes.map((episode) => SITE_URL + paths.episode(episode.id)));
    expect(items.some((item) => item.title === 'A Draft Nobody Hears Yet')).toBe(false);
    const guids = items.map((item) => (item.guid as { '#text': string; isPermaLink: string })['#text']);
    expect(new Set(guids).size).toBe(items.length);
    // A UUIDv5 of the episode's id under the show's podcast:guid: the same wherever the site moves.
    expect(guids[0]).toBe(uuidv5(LOCAL, published.site.podcast.feed.guid));
    // A sample episode with a VTT transcript, chapters and people has their tags too.
    const sample = published.episodes.find((episode) => episode.timedTranscript && episode.chapters && episode.guests)!;
    const item = items.find((candidate) => candidate.link === SITE_URL + paths.episode(sample.id))!;
    expect((item['podcast:transcript'] as Array<{ rel?: string }>).map((tag) => tag.rel)).toEqual(['captions', undefined]);
    expect((item['podcast:person'] as Array<{ role: string }>).map((tag) => tag.role)).toEqual([
      ...sample.hosts!.map(() => 'host'),
      ...sample.guests!.map(() => 'guest'),
    ]);
    expect(item['podcast:chapters']).toEqual({ url: SITE_URL + episodeFilePaths.chapters(sample.id), type: 'application/json+chapters' });
    // A video episode is not a media file: neither enclosure nor alternateEnclosure.
    const video = items.find((candidate) => candidate.link === SITE_URL + paths.episode(published.episodes.find((e) => e.isYouTube)!.id))!;
    expect(video.enclosure).toBeUndefined();
    expect(video['podcast:alternateEnclosure']).toBeUndefined();
  });

  it("stores as podcast:guid the UUIDv5 of the feed's address on the site's public URL", () => {
    const publicUrl = /SITE_URL:\s*(https:\/\/\S+)/.exec(readFileSync(path.join(rootDir, 'compose.yaml'), 'utf8'))![1]!;
    const podcastNamespace = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';
    expect(uuidv5('podnews.net/rss', podcastNamespace)).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c'); // the spec's own example
    expect(published.site.podcast.feed.guid).toBe(uuidv5(`${new URL(publicUrl).host}${paths.podcastFeed}`, podcastNamespace));
  });

  it('refuses a podcast:guid that is not a UUID in content:check', () => {
    const dir = copyOfContent();
    const file = path.join(dir, 'site.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/guid: \S+/, 'guid: my-podcast'));
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/site\.yaml: podcast\.feed\.guid must be a UUID version 5/)]);
  });

  it('is linked from /podcast as an alternate', async () => {
    const html = (await request(app).get(paths.podcast)).text;
    expect(html).toContain(
      `<link rel="alternate" type="application/rss+xml" href="/podcast/feed.xml" title="${published.site.podcast.name}"/>`,
    );
  });
});

describe("Apple Podcasts' feed rules", () => {
  const BUSINESS = ['Careers', 'Entrepreneurship', 'Investing', 'Management', 'Marketing', 'Non-Profit'];

  it('has the required channel tags, with values Apple takes', async () => {
    const xml = await feedText();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    const feed = parseFeed(xml)!;
    expect(feed.title).not.toBe('');
    expect(feed.description.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(feed.description)).toBeLessThanOrEqual(4000);
    expect(feed.language).toMatch(/^[a-z]{2}(-[a-z]{2})?$/);
    const category = /<itunes:category text="([^"]+)">\s*<itunes:category text="([^"]+)"\/>/.exec(xml)!;
    expect(category[1]).toBe('Business');
    expect(BUSINESS).toContain(category[2]);
    expect(xml).toMatch(/<itunes:explicit>(true|false)<\/itunes:explicit>/);
  });

  it('has show artwork: a square PNG of 1400 to 3000 pixels, served by the site', async () => {
    const feed = parseFeed(await feedText())!;
    const res = await request(app)
      .get(feed.itunesImage!.slice(SITE_URL.length))
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(1400);
    expect(width).toBeLessThanOrEqual(3000);
  });

  it('gives every item a title, a unique guid and an RFC 2822 date, an audio item a unique enclosure, and only https URLs', async () => {
    const xml = await feedText();
    const items = await rawItems();
    for (const item of items) {
      expect(typeof item.title).toBe('string');
      expect(item.pubDate).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/,
      );
    }
    const enclosures = items.flatMap((item) => (item.enclosure ? [item.enclosure as { url: string; length: string; type: string }] : []));
    expect(enclosures).toHaveLength(2);
    for (const enclosure of enclosures) {
      expect(enclosure.url).toMatch(/^https:\/\/[\x21-\x7e]+$/);
      expect(enclosure.length).toMatch(/^\d+$/);
      expect(enclosure.type).toMatch(/^(audio|video)\//);
    }
    expect(new Set(enclosures.map((enclosure) => enclosure.url)).size).toBe(enclosures.length);
    const urls = [...xml.matchAll(/(?:url|href)="([^"]+)"|<(?:link|url)>([^<]+)</g)].map((match) => match[1] ?? match[2]);
    expect(urls.length).toBeGreaterThan(items.length);
    expect(urls.filter((url) => !url!.startsWith('https://') && !url!.startsWith('http://www.itunes.com/dtds'))).toEqual([]);
  });

  it('names for its own audio file the length the site serves', async () => {
    const res = await request(app).head(audioPath);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(12_345);
  });
});

describe("each episode's files", () => {
  it('chapters.json is JSON Chapters 1.2, for any origin', async () => {
    const res = await request(app).get(episodeFilePaths.chapters(LOCAL));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json+chapters; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const body = JSON.parse(res.text) as {
      version: string;
      chapters: Array<{ startTime: unknown; title: unknown; url?: string; img?: string }>;
    };
    expect(body.version).toBe('1.2.0');
    const starts = body.chapters.map((chapter) => chapter.startTime);
    expect(starts.every((start) => typeof start === 'number')).toBe(true);
    expect(starts).toEqual([...(starts as number[])].sort((a, b) => a - b));
    expect(body.chapters.every((chapter) => typeof chapter.title === 'string' && chapter.title.length > 0)).toBe(true);
    expect(body.chapters[1]).toEqual({
      startTime: 5,
      title: 'One page',
      url: `${SITE_URL}/contact`,
      img: `${SITE_URL}/media/episodes/cover-3.svg`,
    });
  });

  it('transcript.vtt is WebVTT that webvtt-parser reads without an error, each cue with its voice', async () => {
    const res = await request(app).get(episodeFilePaths.transcript(LOCAL, 'vtt'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // webvtt-parser, through the reader content:check uses.
    const { cues: parsed, errors } = parseVtt(res.text);
    expect(errors).toEqual([]);
    const read = parsed.map(({ start, end, speaker, text }) => ({ start, end, speaker, text }));
    const episode = published.episodes.find((candidate) => candidate.id === LOCAL)!;
    const cues = episode.timedTranscript!.paragraphs.flatMap((paragraph) =>
      paragraph.cues.map((cue) => ({ ...cue, speaker: cue.speaker ?? paragraph.speaker })),
    );
    expect(read).toEqual(cues.map(({ start, end, speaker, text }) => ({ start, end, speaker, text })));
    expect(read[0]).toEqual({ start: 1, end: 4.5, speaker: 'Morgan Ellery', text: 'Welcome back. Fees < 1% & rising.' });
    expect(res.text).toContain('<v Morgan Ellery>Welcome back. Fees &lt; 1% &amp; rising.');
  });

  it('transcript.vtt of a sample episode has both of its voices', async () => {
    const sample = published.episodes.find((episode) => episode.timedTranscript?.format === 'vtt' && episode.guests)!;
    const { cues: parsed, errors } = parseVtt((await request(app).get(episodeFilePaths.transcript(sample.id, 'vtt'))).text);
    expect(errors).toEqual([]);
    const voices = new Set(parsed.map((cue) => cue.speaker));
    expect([...voices].sort()).toEqual([...new Set(sample.timedTranscript!.paragraphs.map((paragraph) => paragraph.speaker))].sort());
    expect(voices.size).toBeGreaterThanOrEqual(2);
  });

  it('transcript.json is the Podcast Namespace JSON transcript', async () => {
    const res = await request(app).get(episodeFilePaths.transcript(LOCAL, 'json'));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = JSON.parse(res.text) as { version: string; segments: unknown[] };
    expect(body.version).toBe('1.0.0');
    expect(body.segments).toEqual([
      { speaker: 'Morgan Ellery', startTime: 1, endTime: 4.5, body: 'Welcome back. Fees < 1% & rising.' },
      { speaker: 'Avery Holt', startTime: 5, endTime: 9, body: 'Thanks, Morgan. A fee schedule should fit on one page.' },
      { speaker: 'Avery Holt', startTime: 60, endTime: 65, body: 'Clients read the first line.' },
    ]);
  });

  it('answers HEAD, refuses other methods, and is a 404 page in words for what does not exist', async () => {
    expect((await request(app).head(episodeFilePaths.chapters(LOCAL))).status).toBe(200);
    expect((await request(app).post(episodeFilePaths.chapters(LOCAL))).status).toBe(405);
    for (const url of [
      episodeFilePaths.chapters(REMOTE),
      episodeFilePaths.transcript(REMOTE, 'vtt'),
      episodeFilePaths.chapters('no-such-episode'),
      episodeFilePaths.chapters(DRAFT),
    ]) {
      const res = await request(app).get(url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).toContain('<title>Page not found');
    }
  });
});
