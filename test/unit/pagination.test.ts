import { describe, expect, it } from 'vitest';
import { EPISODES_PER_PAGE } from '../../shared/constants';
import { episodes } from '../support/content';
import { clampPage, pageCount, pageListItems, paginate, parsePageParam } from '../../shared/rules/pagination';
import type { PageListItem } from '../../shared/rules/pagination';

describe('pageCount', () => {
  it('divides by the page size and rounds up', () => {
    expect(pageCount(50, 6)).toBe(9);
    expect(pageCount(48, 6)).toBe(8);
    expect(pageCount(49, 6)).toBe(9);
    expect(pageCount(6, 6)).toBe(1);
    expect(pageCount(7, 6)).toBe(2);
  });

  it('is never less than one page', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(-3, 6)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
    expect(pageCount(Number.NaN, 6)).toBe(1);
  });

  it('gives the site 9 pages of 6 for its 50 episodes', () => {
    expect(EPISODES_PER_PAGE).toBe(6);
    expect(episodes).toHaveLength(50);
    expect(pageCount(episodes.length, EPISODES_PER_PAGE)).toBe(9);
  });
});

describe('parsePageParam', () => {
  it.each([
    [null, 1],
    [undefined, 1],
    ['', 1],
    ['   ', 1],
    ['abc', 1],
    ['2abc', 1],
    ['-1', 1],
    ['+2', 1],
    ['2.5', 1],
    ['1e3', 1],
    ['0x3', 1],
    ['Infinity', 1],
    ['NaN', 1],
    ['٣', 1], // a non-ASCII digit
  ])('%j (malformed) gives page 1', (raw, expected) => {
    expect(parsePageParam(raw, 9)).toBe(expected);
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['9', 9],
    [' 3 ', 3],
    ['007', 7],
  ])('%j gives page %i', (raw, expected) => {
    expect(parsePageParam(raw, 9)).toBe(expected);
  });

  it.each([
    ['0', 1],
    ['00', 1],
    ['10', 9],
    ['999', 9],
    ['999999999999', 9],
    ['9'.repeat(400), 9],
  ])('%j (out of range) gives the nearest valid page, %i', (raw, expected) => {
    expect(parsePageParam(raw, 9)).toBe(expected);
  });

  it('gives page 1 when there is only one page', () => {
    expect(parsePageParam('5', 1)).toBe(1);
    expect(parsePageParam('5', 0)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps pages within 1..count', () => {
    expect(clampPage(0, 9)).toBe(1);
    expect(clampPage(-5, 9)).toBe(1);
    expect(clampPage(4, 9)).toBe(4);
    expect(clampPage(4.7, 9)).toBe(4);
    expect(clampPage(12, 9)).toBe(9);
    expect(clampPage(Infinity, 9)).toBe(9);
    expect(clampPage(-Infinity, 9)).toBe(1);
    expect(clampPage(Number.NaN, 9)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 50 }, (_, i) => i + 1);

  it('returns the first six on page 1', () => {
    expect(paginate(items, 1, 6)).toEqual({ items: [1, 2, 3, 4, 5, 6], page: 1, pageCount: 9, totalItems: 50 });
  });

  it('returns a middle page', () => {
    expect(paginate(items, 5, 6).items).toEqual([25, 26, 27, 28, 29, 30]);
  });

  it('returns the remainder on the last page', () => {
    expect(paginate(items, 9, 6)).toEqual({ items: [49, 50], page: 9, pageCount: 9, totalItems: 50 });
  });

  it('clamps an out-of-range request instead of returning nothing', () => {
    expect(paginate(items, 0, 6).page).toBe(1);
    expect(paginate(items, 99, 6)).toMatchObject({ page: 9, items: [49, 50] });
  });

  it('handles an exact multiple and an empty list', () => {
    expect(paginate(items.slice(0, 12), 2, 6)).toEqual({ items: [7, 8, 9, 10, 11, 12], page: 2, pageCount: 2, totalItems: 12 });
    expect(paginate([], 3, 6)).toEqual({ items: [], page: 1, pageCount: 1, totalItems: 0 });
  });

  it('covers every episode exactly once across the pages', () => {
    const seen = Array.from({ length: 9 }, (_, i) => paginate(episodes, i + 1, EPISODES_PER_PAGE).items).flat();
    expect(seen.map((e) => e.id)).toEqual(episodes.map((e) => e.id));
  });

  it('does not change the list it is given', () => {
    const copy = [...items];
    paginate(items, 3, 6);
    expect(items).toEqual(copy);
  });
});

describe('pageListItems', () => {
  const render = (list: PageListItem[]) => list.map((item) => (item.type === 'gap' ? '…' : String(item.page))).join(' ');

  it('lists every page up to nine pages', () => {
    expect(render(pageListItems(1, 9))).toBe('1 2 3 4 5 6 7 8 9');
    expect(render(pageListItems(5, 9))).toBe('1 2 3 4 5 6 7 8 9');
    expect(render(pageListItems(1, 1))).toBe('1');
  });

  it('elides pages far from the current one on longer lists, keeping nine slots', () => {
    expect(render(pageListItems(1, 20))).toBe('1 2 3 4 5 6 7 … 20');
    expect(render(pageListItems(5, 20))).toBe('1 2 3 4 5 6 7 … 20');
    expect(render(pageListItems(6, 20))).toBe('1 … 4 5 6 7 8 … 20');
    expect(render(pageListItems(10, 20))).toBe('1 … 8 9 10 11 12 … 20');
    expect(render(pageListItems(16, 20))).toBe('1 … 14 15 16 17 18 19 20');
    expect(render(pageListItems(20, 20))).toBe('1 … 14 15 16 17 18 19 20');
  });

  it('always includes the first, last and current pages, and never a gap of one page', () => {
    for (let count = 1; count <= 30; count++) {
      for (let current = 1; current <= count; current++) {
        const list = pageListItems(current, count);
        const pages = list.flatMap((item) => (item.type === 'page' ? [item.page] : []));
        expect(list.length).toBeLessThanOrEqual(9);
        expect(pages).toContain(1);
        expect(pages).toContain(count);
        expect(pages).toContain(current);
        list.forEach((item, i) => {
          if (item.type !== 'gap') return;
          const before = list[i - 1] as { page: number };
          const after = list[i + 1] as { page: number };
          expect(after.page - before.page).toBeGreaterThan(2);
        });
      }
    }
  });
});
