/**
 * Pages are rendered once and served from memory (server/pages/page-cache.ts):
 * the same bytes every time, in the encoding asked for, with ETags, 304s and
 * HEAD, and a cache that nothing a visitor sends can grow.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import { paths, staticPagePaths } from '../../shared/paths';
import { makeApp, rootDir, startServer } from '../support/app';
import { rawRequest } from '../support/raw-http';

type Started = Awaited<ReturnType<typeof startServer>>;
let server: Started;

beforeAll(async () => {
  server = await startServer({ config: { isProduction: true } });
});
afterAll(() => server.close());

const get = (pathname: string, headers: Record<string, string> = {}) => rawRequest(server.origin + pathname, { headers });

describe('page cache', () => {
  it('sends the same bytes and ETag for every request to a URL', async () => {
    const first = await get('/press', { 'Accept-Encoding': 'br' });
    const second = await get('/press', { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('answers from memory with the headers the first, rendering request had (CSP and the rest)', async () => {
    // This test's own page, so the first request really renders it.
    const url = `${paths.episode(episodes.at(-1)!.id)}?ref=cache-headers`;
    const perRequest = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
    const headersOf = (res: Awaited<ReturnType<typeof get>>) =>
      Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perRequest.has(name)));
    const rendered = await get(url, { 'Accept-Encoding': 'br' });
    const fromMemory = await get(url, { 'Accept-Encoding': 'br' });
    expect(rendered.status).toBe(200);
    expect(rendered.headers['content-security-policy']).toContain("script-src 'self'");
    expect(headersOf(fromMemory)).toEqual(headersOf(rendered));
  });

  it.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
    ['identity', (body: Buffer) => body],
  ] as const)('serves %s with its Content-Encoding, Content-Length and Vary', async (encoding, decode) => {
    const plain = await get('/', { 'Accept-Encoding': 'identity' });
    const res = await get('/', { 'Accept-Encoding': encoding });
    expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(decode(res.body).equals(plain.body)).toBe(true);
    if (encoding !== 'identity') expect(res.body.length).toBeLessThan(plain.body.length / 3);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'], // what Chrome sends: gzip listed first, all of equal weight
    ['br;q=0, gzip', 'gzip'],
    ['deflate', undefined],
  ])('chooses the encoding for Accept-Encoding "%s": %s', async (acceptEncoding, expected) => {
    const res = await get('/press', { 'Accept-Encoding': acceptEncoding });
    expect(res.headers['content-encoding']).toBe(expected);
  });

  it('has a strong ETag per encoding and answers a matching If-None-Match with 304 and no body', async () => {
    const br = await get('/podcast?page=2', { 'Accept-Encoding': 'br' });
    const gz = await get('/podcast?page=2', { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const revalidated = await get('/podcast?page=2', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(br.headers.etag);
    const changed = await get('/podcast?page=3', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag! });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const headers = { 'Accept-Encoding': 'br, gzip' };
    const full = await get('/contact', headers);
    const head = await rawRequest(server.origin + '/contact', { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'etag', 'content-type', 'cache-control', 'vary']) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
  });

  it('serves 404 pages from memory with their status', async () => {
    const first = await get('/no-such-page', { 'Accept-Encoding': 'br' });
    const other = await get('/another/missing/page', { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(404);
    expect(other.status).toBe(404);
    expect(other.body.equals(first.body)).toBe(true);
    const episode = await get('/podcast/no-such-episode', { 'Accept-Encoding': 'br' });
    expect(episode.status).toBe(404);
    expect(brotliDecompressSync(episode.body).toString()).toContain('Episode Not Found');
  });

  it('gives one entry per canonical page, whatever the query string, case or unknown path', async () => {
    const { app } = makeApp({ config: { isProduction: true } });
    const cache = app.locals.pageCache as { size(): number };
    await request(app).get('/podcast');
    await request(app).get('/podcast?page=2');
    await request(app).get('/nope');
    expect(cache.size()).toBe(3);
    for (let i = 0; i < 60; i++) {
      const noise = Math.random().toString(36).slice(2);
      await request(app).get(`/podcast?page=${i % 3 === 0 ? noise : 2}&utm_source=${noise}`);
      await request(app).get(`/PODCAST?page=1&${noise}=1`);
      await request(app).get(`/missing-${noise}`);
    }
    expect(cache.size()).toBe(3);
  });

  it('shares an entry between addresses of the same page: ?page=1 and malformed pages, pages past the end', async () => {
    const { app } = makeApp({ config: { isProduction: true } });
    const cache = app.locals.pageCache as { size(): number };
    const first = await request(app).get('/podcast');
    for (const alias of ['/podcast?page=1', '/podcast?page=1e9', '/podcast?page[]=2', '/podcast?page=abc']) {
      expect((await request(app).get(alias)).text, alias).toBe(first.text);
    }
    const last = await request(app).get('/podcast?page=9');
    expect((await request(app).get('/podcast?page=99999999999999999999')).text).toBe(last.text);
    expect(cache.size()).toBe(2);
  });

  it('renders afresh on every request in development', async () => {
    const { app } = makeApp({ config: { isProduction: false } });
    const cache = app.locals.pageCache as { size(): number };
    await request(app).get('/');
    await request(app).get('/press');
    expect(cache.size()).toBe(0);
  });
});

describe('page data for client-side navigation', () => {
  it('is the page loader data as JSON, with its head, cached like the page', async () => {
    const episode = episodes[0]!;
    const res = await get(`/_data/podcast/${episode.id}`, { 'Accept-Encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toBeDefined();
    const data = JSON.parse(res.body.toString()) as { episode: { id: string }; head: { title: string } };
    expect(data.episode.id).toBe(episode.id);
    expect(data.head.title).toContain(episode.title);
  });

  it('answers 404 with the not-found head for a missing episode', async () => {
    const res = await get('/_data/podcast/no-such-episode', { 'Accept-Encoding': 'identity' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ head: { title: expect.stringContaining('Episode Not Found') } });
  });

  it.each(staticPagePaths)('exists for %s', async (pathname) => {
    const res = await get(`/_data${pathname === '/' ? '' : pathname}`);
    expect(res.status).toBe(200);
  });
});

describe('static files', () => {
  const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8')) as {
    entry: { file: string; css: string[] };
  };

  it.each([
    ['br', '.br'],
    ['gzip', '.gz'],
  ])('sends the %s copy the build wrote, never compressing per request', async (encoding, extension) => {
    for (const file of [manifest.entry.file, manifest.entry.css[0]!]) {
      const res = await get(file, { 'Accept-Encoding': encoding });
      const onDisk = readFileSync(path.join(rootDir, 'dist/client', file + extension));
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.body.equals(onDisk)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(onDisk.length);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await get(manifest.entry.file, { 'Accept-Encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.equals(readFileSync(path.join(rootDir, 'dist/client', manifest.entry.file)))).toBe(true);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });

  it('answers a matching If-None-Match with 304, HEAD with the headers of GET, and an unknown asset with 404', async () => {
    const first = await get(manifest.entry.file, { 'Accept-Encoding': 'br' });
    expect(first.headers.etag).toMatch(/^"[\w-]+-br"$/);
    const revalidated = await get(manifest.entry.file, { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);

    const head = await rawRequest(server.origin + manifest.entry.file, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'etag', 'x-content-type-options', 'cross-origin-resource-policy']) {
      expect(head.headers[name]).toBe(first.headers[name]);
    }

    const missing = await get('/assets/entry-NOTBUILT.js', { 'Accept-Encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).not.toContain('immutable');
  });
});
