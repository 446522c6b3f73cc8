/** Pagination rules of the podcast list (spec §4, §5, §9). */

/** Total items divided by the page size, rounded up; never less than one page. */
export function pageCount(totalItems: number, perPage: number): number {
  if (!Number.isFinite(totalItems) || totalItems <= 0 || !Number.isFinite(perPage) || perPage <= 0) return 1;
  return Math.max(1, Math.ceil(totalItems / perPage));
}

/**
 * The page a `?page=` value asks for, always within 1..count. Missing or
 * malformed values ('', 'abc', '-1', '2.5', '1e3', '+2') give page 1; a
 * whole number out of range, however long, gives the nearest valid page.
 */
export function parsePageParam(raw: string | null | undefined, count: number): number {
  if (raw == null) return 1;
  const digits = raw.trim();
  if (!/^\d+$/.test(digits)) return 1;
  const value = Number(digits);
  // Past 2^53 the digits no longer matter: it is beyond any last page.
  return clampPage(Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER, count);
}

/** Keeps a page number within 1..count (blocked below page 1 and above the last page, spec §5). */
export function clampPage(page: number, count: number): number {
  if (Number.isNaN(page)) return 1;
  const last = Math.max(1, Math.floor(count) || 1);
  if (page === Infinity) return last;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  totalItems: number;
}

export function paginate<T>(items: readonly T[], requestedPage: number, perPage: number): Page<T> {
  const count = pageCount(items.length, perPage);
  const page = clampPage(requestedPage, count);
  const start = (page - 1) * perPage;
  return { items: items.slice(start, start + perPage), page, pageCount: count, totalItems: items.length };
}

export type PageListItem = { type: 'page'; page: number } | { type: 'gap'; key: string };

/**
 * The numbered links of the pagination bar. Up to `maxSlots` pages are all
 * listed (the site's nine pages always are); past that, the first and last
 * pages, the current page and its neighbours, with gaps for the rest, so the
 * bar keeps a constant width however many episodes there are.
 */
export function pageListItems(current: number, count: number, maxSlots = 9): PageListItem[] {
  const last = Math.max(1, count);
  const page = clampPage(current, last);
  const pages = (from: number, to: number): PageListItem[] =>
    Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ type: 'page' as const, page: from + i }));

  const slots = Math.max(5, maxSlots);
  if (last <= slots) return pages(1, last);

  // First page, gap, window, gap, last page: the window gets what is left.
  const windowSize = slots - 4;
  const before = Math.floor((windowSize - 1) / 2);
  const start = page - before;
  const end = start + windowSize - 1;
  if (start <= 3) {
    // Near the start: no left gap, the window grows from page 2.
    return [...pages(1, slots - 2), { type: 'gap', key: 'gap-end' }, ...pages(last, last)];
  }
  if (end >= last - 2) {
    return [...pages(1, 1), { type: 'gap', key: 'gap-start' }, ...pages(last - (slots - 3), last)];
  }
  return [...pages(1, 1), { type: 'gap', key: 'gap-start' }, ...pages(start, end), { type: 'gap', key: 'gap-end' }, ...pages(last, last)];
}
