/**
 * The memory of the page cache (./page-cache.ts), bounded whatever visitors
 * send: the pages kept for good under their canonical keys (./page-keys.ts),
 * the request URLs seen as aliases of those keys, and searches apart.
 *
 * Searches (/podcast?q=…) are kept in a small LRU (the most recent searches,
 * SEARCH_ENTRIES at most), so a popular search is answered from memory while
 * ten thousand different ones leave memory where it was.
 */
import type { CachedPage } from './page-answers';
import { isSearchKey } from './page-keys';

/** Rendered search pages kept, the least recently used forgotten first. */
export const SEARCH_ENTRIES = 64;

export interface KeptPagesLimits {
  /** Pages kept; the site has about seventy, plus sign-up outcome variants. */
  maxEntries?: number;
  /** Request URLs remembered as aliases of a key; the oldest is forgotten first. */
  maxAliases?: number;
  /** Search result pages kept (an LRU); see SEARCH_ENTRIES. */
  maxSearches?: number;
}

/**
 * The longest request URL remembered as an alias: a longer one is answered
 * the same, after its route is matched again. Without it the aliases were
 * bounded in number only: 4,096 URLs as long as a request line may be (16 kB)
 * held 66 MB of heap (docs/performance.md, "Memory floor").
 */
export const MAX_ALIAS_LENGTH = 1024;

export function createKeptPages(limits: KeptPagesLimits) {
  const maxEntries = limits.maxEntries ?? 512;
  const maxAliases = limits.maxAliases ?? 4096;
  const maxSearches = limits.maxSearches ?? SEARCH_ENTRIES;
  const entries = new Map<string, CachedPage>();
  // Map order is use order: a hit moves its entry to the end, the first is the least recently used.
  const searches = new Map<string, CachedPage>();
  const aliases = new Map<string, string>();

  return {
    /** The key a request URL was found to have, when it has been resolved before. */
    aliasOf: (url: string): string | undefined => aliases.get(url),

    remember(url: string, key: string) {
      if (url.length > MAX_ALIAS_LENGTH) return;
      if (aliases.size >= maxAliases) aliases.delete(aliases.keys().next().value!);
      aliases.set(url, key);
    },

    /** The page kept under `key`; a search hit becomes the most recently used. */
    entryFor(key: string): CachedPage | undefined {
      if (!isSearchKey(key)) return entries.get(key);
      const page = searches.get(key);
      if (page) {
        searches.delete(key);
        searches.set(key, page);
      }
      return page;
    },

    /** The page kept for good under `key`; never a search. */
    permanent: (key: string): CachedPage | undefined => (isSearchKey(key) ? undefined : entries.get(key)),

    /** Whether a page is kept under `key`, without making a search the most recently used. */
    holds: (key: string): boolean => entries.has(key) || searches.has(key),

    keep(key: string, page: CachedPage) {
      if (page.status >= 500) return;
      if (!isSearchKey(key)) {
        if (entries.size < maxEntries) entries.set(key, page);
        return;
      }
      searches.set(key, page);
      if (searches.size > maxSearches) searches.delete(searches.keys().next().value!);
    },

    /** Every page kept for good (never a search): what a next content version may reuse the bodies of. */
    permanentPages: () => entries.values(),
    size: () => entries.size,
    searchesKept: () => searches.size,
    aliasesKept: () => aliases.size,
  };
}
