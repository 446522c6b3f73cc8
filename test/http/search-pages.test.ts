/**
 * Search pages laid into a shell (server/pages/search-pages.tsx) answer
 * exactly what the page renderer would render whole: byte for byte, in every
 * encoding, for a sample of queries, formats and pages, including the empty
 * result, words that need escaping and the longest query allowed.
 */
import zlib from 'node:zlib';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedSite } from '../../server/pages/published-site';
import { createSearchPages } from '../../server/pages/search-pages';
import { MAX_QUERY_LENGTH } from '../../shared/rules/episode-search';
import { startServer, testConfig } from '../support/app';
import { rawRequest } from '../support/raw-http';

const config = testConfig({}, { isProduction: true });
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ config: { isProduction: true } });
});
afterAll(() => server.close());
const { renderer, content } = createPublishedSite(config, { logger: pino({ level: 'silent' }) }).current();

/** What the renderer makes of the whole page at `url`. */
async function renderedWhole(url: string): Promise<string> {
  const result = await renderer.query(url);
  if (result.kind !== 'page') throw new Error(`${url} redirects`);
  return (await renderer.render(result.context, pino({ level: 'silent' }))).html;
}

/** The answer as sent: fetch and supertest would decode it. */
async function fetchBytes(url: string, acceptEncoding: string, headers: Record<string, string> = {}) {
  const res = await rawRequest(server.origin + url, { headers: { 'Accept-Encoding': acceptEncoding, ...headers } });
  return { status: res.status, encoding: res.headers['content-encoding'], etag: res.headers.etag!, body: res.body };
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  gzip: (body) => zlib.gunzipSync(body),
  br: (body) => zlib.brotliDecompressSync(body),
  identity: (body) => body,
};

const queries = [
  '/podcast?q=retirement',
  // Said only in a timed transcript: the card links to the moment.
  '/podcast?q=batched',
  '/podcast?q=merger%20culture',
  '/podcast?q=retirment&page=2',
  '/podcast?q=tax&format=video',
  '/podcast?format=audio&page=3',
  '/podcast?q=zzqxjv',
  `/podcast?q=${encodeURIComponent('<script>alert("x")</script> & “estate”')}`,
  `/podcast?q=${encodeURIComponent('Ünïcödé planning 😀')}`,
  `/podcast?q=${'a'.repeat(MAX_QUERY_LENGTH)}`,
  '/podcast?q=ESTATE&utm_source=newsletter',
  // The frames' own slot, as a character and as a link writes it: filled in, never read as a slot again.
  `/podcast?q=${encodeURIComponent('tax \uE002 %EE%80%82 50%+fee')}&page=2`,
  `/podcast?q=${encodeURIComponent("estate & 'trust' <b>")}&format=audio&page=2`,
];

describe('search pages from the shell', () => {
  it.each(queries)('%s is byte for byte what the renderer makes, in gzip, brotli and none', async (url) => {
    const whole = await renderedWhole(url);
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['br', 'br'],
      ['identity', 'identity'],
    ] as const) {
      const res = await fetchBytes(url, acceptEncoding);
      expect(res.status).toBe(200);
      expect(res.encoding ?? 'identity').toBe(encoding);
      expect(decoders[encoding]!(res.body).toString('utf8')).toBe(whole);
    }
  });

  it('lays every search of a wide sample into the shell, never falling back to the whole page', async () => {
    // Words from every episode's title and description, alone, in pairs, by format and on a later page.
    const words = [
      ...new Set(
        content.episodes.flatMap((episode) =>
          `${episode.title} ${episode.description}`
            .split(/\W+/)
            .filter((word) => word.length > 4)
            .slice(0, 3),
        ),
      ),
    ].slice(0, 40);
    const urls = words.flatMap((word, i) => {
      const next = words[(i + 7) % words.length]!;
      return [
        `/podcast?q=${word}`,
        `/podcast?q=${word}+${next}&format=${i % 2 ? 'audio' : 'video'}`,
        `/podcast?q=${word.slice(0, 4)}&page=2`,
      ];
    });
    expect(urls.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => problems.push(line) });
    const pages = createSearchPages(renderer, config.siteUrl);
    expect(pages.contextFor(urls[0]!)).toBeUndefined();
    for (const url of urls) {
      const result = await renderer.query(url);
      if (result.kind !== 'page') throw new Error(`${url} redirects`);
      // The first search makes the shell; every search after has its context from the route's loader alone.
      const context = pages.contextFor(url) ?? (url === urls[0] ? result.context : undefined);
      expect(context, url).toBeDefined();
      expect(context!.loaderData, url).toEqual(result.context.loaderData);
      expect(context!.location, url).toEqual(result.context.location);
      const body = await pages.document(context!, log);
      expect(body, url).toBeDefined();
      const html = body!.bodies.identity.toString('utf8');
      expect(html, url).toBe(await renderedWhole(url));
      expect(zlib.gunzipSync(body!.bodies.gzip).toString('utf8'), url).toBe(html);
    }
    // What is not a search page goes to React Router's query: an invalid search's 400, the plain list.
    expect(pages.contextFor(`/podcast?q=${encodeURIComponent('tax\u0001')}`)).toBeUndefined();
    expect(pages.contextFor('/podcast?q=tax&q=fee')).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('gives one ETag per encoding of a search, and a 304 to a client that has it', async () => {
    const url = '/podcast?q=estate+planning';
    const first = await fetchBytes(url, 'gzip');
    const again = await fetchBytes(url, 'gzip');
    expect(again.etag).toBe(first.etag);
    expect((await fetchBytes(url, 'br')).etag).not.toBe(first.etag);
    const revalidated = await fetchBytes(url, 'gzip', { 'If-None-Match': first.etag });
    expect(revalidated.status).toBe(304);
  });

  it("serves a search's page data as the renderer's loader made it", async () => {
    const url = '/podcast?q=retirement&format=audio';
    const result = await renderer.query(url);
    if (result.kind !== 'page') throw new Error('redirect');
    const res = await request(server.app).get(`/_data${url}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(result.context.loaderData['podcast-page'])));
  });
});
