/**
 * Page loads must leave memory where it was (issue 44, docs/performance.md
 * "Memory floor"): a page from memory keeps nothing per request, and what a
 * visitor's request can add to (a new address of a page, a new
 * Accept-Encoding) goes into structures with a bound, in entries and in bytes.
 * The process-level figures, RSS over rounds of load, come from
 * scripts/bench/memory-rounds.ts; this is the guard the suite runs.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_LENGTH } from '../../server/pages/kept-pages';
import { PAGE_DATA_PREFIX, paths } from '../../shared/paths';
import { startServer } from '../support/app';

/** The JS heap in use after a full collection (the flag is set at run time, so the suite needs no --expose-gc). */
function liveHeapMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** The page cache's request-URL → page map holds this many at most (server/pages/page-cache.ts, maxAliases). */
const MAX_ALIASES = 4096;

type PageCache = { size(): number; searchesKept(): number; aliasesKept(): number };

/** Requests `from` to `until`, four at a time, the i-th made by `load(i)`. */
async function inTurn(from: number, until: number, load: (i: number) => Promise<void>) {
  let next = from;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < until) await load(next++);
    }),
  );
}

describe('the memory floor under page loads', () => {
  it('7,000 loads of pages from memory keep nothing per request: the cache as it was, the live heap flat', async () => {
    const server = await startServer({ config: { isProduction: true } });
    try {
      const cache = server.app.locals.pageCache as PageCache;
      const sitemap = await fetch(`${server.origin}/sitemap.xml`).then((res) => res.text());
      const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
        const url = new URL(match[1]!);
        return url.pathname + url.search;
      });
      expect(pages.length).toBeGreaterThan(20);
      // Every page once, and the not-found page, so the cache holds them all before anything is measured.
      for (const page of [...pages, '/no-such-page']) await fetch(server.origin + page).then((res) => res.arrayBuffer());
      const kept = cache.size();
      const aliases = cache.aliasesKept();

      // As browsers load pages: the same addresses, each request with its own id, some revalidating (a 304),
      // some asking for page data or for the headers alone, and one in five with an Accept-Encoding never seen
      // (a bounded map of 64 remembers the choice for each).
      const etags = new Map<string, string>();
      const load = async (i: number) => {
        const page = pages[i % pages.length]!;
        const data = i % 7 === 3;
        const url = data ? `${PAGE_DATA_PREFIX}${page}` : page;
        const etag = etags.get(url);
        const res = await fetch(server.origin + url, {
          method: i % 11 === 5 ? 'HEAD' : 'GET',
          headers: {
            'accept-encoding': i % 5 === 1 ? `gzip;q=0.${i % 9}, br;q=0.${(i + 1) % 9}, x-${i}` : 'gzip, deflate, br, zstd',
            'x-request-id': `load-${i}`,
            ...(etag && i % 3 === 2 ? { 'if-none-match': etag } : {}),
          },
        });
        await res.arrayBuffer();
        if (res.status !== 200 && res.status !== 304) throw new Error(`${url} answered ${res.status}`);
        if (res.status === 200 && !etags.has(url)) etags.set(url, res.headers.get('etag')!);
      };
      // The first 1,000 settle the heap (compiled code, the encodings remembered); the next 6,000 must not grow
      // it. The test's logger keeps every line, so they are dropped before measuring.
      await inTurn(0, 1_000, load);
      server.logs.length = 0;
      const before = liveHeapMb();
      await inTurn(1_000, 7_000, load);
      server.logs.length = 0;
      const after = liveHeapMb();

      expect(cache.size()).toBe(kept);
      expect(cache.aliasesKept()).toBe(aliases);
      expect(cache.searchesKept()).toBe(0);
      // Without a leak the heap after a full collection moved by -0.1 to +1.0 MB over these 6,000 (compiled
      // code comes and goes); keeping each lane request's headers object (about 550 bytes) moved it by 2.8 MB.
      expect(after - before).toBeLessThan(2);
    } finally {
      await server.close();
    }
  }, 300_000);

  it(`remembers at most ${MAX_ALIASES} new addresses, none longer than MAX_ALIAS_LENGTH, and answers them all from the cache`, async () => {
    const server = await startServer({ config: { isProduction: true } });
    try {
      const cache = server.app.locals.pageCache as PageCache;
      const press = await fetch(server.origin + paths.press).then((res) => res.text());
      // An address longer than the bound: the same page, not remembered.
      const long = await fetch(`${server.origin}${paths.press}?utm_source=${'x'.repeat(MAX_ALIAS_LENGTH)}`);
      expect(long.status).toBe(200);
      expect(await long.text()).toBe(press);
      expect(cache.aliasesKept()).toBe(1);
      // More new addresses than the map holds (a campaign's query strings, unknown paths): the oldest are forgotten.
      await inTurn(0, MAX_ALIASES + 100, async (i) => {
        const url = i % 2 ? `/no-such-page-${i}` : `${paths.press}?utm_source=${i}`;
        const res = await fetch(server.origin + url, { method: 'HEAD' });
        if (res.status !== (i % 2 ? 404 : 200)) throw new Error(`${url} answered ${res.status}`);
      });
      expect(cache.aliasesKept()).toBe(MAX_ALIASES);
      expect(cache.size()).toBe(2);
    } finally {
      await server.close();
    }
  }, 300_000);
});
