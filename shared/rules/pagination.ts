/** Pagination rules of the podcast list (spec §4, §5, §9). */

export function pageCount(totalItems: number, perPage: number): number {
  return Math.max(1, Math.ceil(totalItems / perPage));
}

/**
 * The page a `?page=` value asks for, always within 1..count: missing or
 * malformed values give page 1, out-of-range values the nearest valid page.
 */
export function parsePageParam(raw: string | null, count: number): number {
  if (raw === null || !/^\s*\d{1,9}\s*$/.test(raw)) return 1;
  return clampPage(Number(raw), count);
}

export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, count));
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
