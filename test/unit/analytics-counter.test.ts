/**
 * The counts in memory: page views by day, path and 404; a visitor-day's
 * entry taken from its first page only; leads attributed to it; bots by
 * reason; 404 paths bounded; drain() hands over everything once.
 */
import { describe, expect, it } from 'vitest';
import { Counter, MAX_NOT_FOUND_PATHS, OTHER_NOT_FOUND } from '../../server/analytics/counter';
import { DistinctCount } from '../../server/analytics/distinct-count';
import type { DistinctState } from '../../server/analytics/distinct-count';
import { entrySource } from '../../server/analytics/entry-source';

const SITE = 'https://www.example.com';
const NOON = Date.parse('2026-12-01T12:00:00Z');
const NEXT_DAY = Date.parse('2026-12-02T00:00:01Z');
const count = (state: DistinctState) => DistinctCount.from(state).count();

describe('Counter', () => {
  it('counts views by path and 404, visitors once a day, and drains once', () => {
    const counter = new Counter();
    const direct = () => entrySource(undefined, '/', SITE);
    counter.view({ time: NOON, path: '/', notFound: false, key: 'aaaaaaaaaaaaaaaaaaaaaa' }, direct);
    counter.view({ time: NOON + 1, path: '/', notFound: false, key: 'aaaaaaaaaaaaaaaaaaaaaa' }, direct);
    counter.view({ time: NOON + 2, path: '/press', notFound: false, key: 'bbbbbbbbbbbbbbbbbbbbbb' }, direct);
    counter.view({ time: NOON + 3, path: '/nope', notFound: true, key: 'bbbbbbbbbbbbbbbbbbbbbb', referrer: 'blog.example.org' }, direct);
    const [batch, ...rest] = counter.drain();
    expect(rest).toEqual([]);
    expect(batch!.day).toBe('2026-12-01');
    expect(batch!.views).toEqual([
      { path: '/', notFound: false, count: 2 },
      { path: '/press', notFound: false, count: 1 },
      { path: '/nope', notFound: true, count: 1 },
    ]);
    expect(count(batch!.visitors)).toBe(2);
    expect(batch!.pageVisitors.map(({ path, visitors }) => [path, count(visitors)])).toEqual([
      ['/', 1],
      ['/press', 1],
      ['/nope', 1],
    ]);
    expect(batch!.notFoundReferrers).toEqual([{ path: '/nope', referrers: ['blog.example.org'] }]);
    expect(counter.drain()).toEqual([]);
  });

  it("takes a visitor-day's entry from its first page only, asking for it once", () => {
    const counter = new Counter();
    let asked = 0;
    const fromSearch = () => (asked++, entrySource('https://www.google.com/', '/podcast', SITE));
    counter.view({ time: NOON, path: '/podcast', notFound: false, key: 'aaaaaaaaaaaaaaaaaaaaaa' }, fromSearch);
    counter.view({ time: NOON + 1, path: '/contact', notFound: false, key: 'aaaaaaaaaaaaaaaaaaaaaa' }, fromSearch);
    counter.lead(NOON + 2, 'contact', '/contact', 'aaaaaaaaaaaaaaaaaaaaaa');
    counter.lead(NOON + 3, 'newsletter', '/', 'cccccccccccccccccccccc');
    const [batch] = counter.drain();
    expect(asked).toBe(1);
    const entry = { channel: 'search', source: 'google.com', campaign: null, path: '/podcast' };
    expect(batch!.entries).toEqual([{ entry, count: 1 }]);
    expect(batch!.leads).toEqual([
      { action: 'contact', path: '/contact', entry, count: 1 },
      { action: 'newsletter', path: '/', entry: null, count: 1 },
    ]);
    // The same visitor the next day is a new visitor-day: new salt, new key, and a new entry.
    counter.view({ time: NEXT_DAY, path: '/', notFound: false, key: 'dddddddddddddddddddddd' }, () => entrySource(undefined, '/', SITE));
    expect(counter.drain().map((day) => [day.day, day.entries.length])).toEqual([['2026-12-02', 1]]);
  });

  it('counts bots by reason, apart from visitors', () => {
    const counter = new Counter();
    counter.bot(NOON, 'user-agent');
    counter.bot(NOON, 'user-agent');
    counter.bot(NOON, 'head');
    const [batch] = counter.drain();
    expect(batch!.bots).toEqual({ 'user-agent': 2, head: 1 });
    expect(count(batch!.visitors)).toBe(0);
  });

  it('counts made-up 404 paths together past the limit, and keeps 404 referrers bounded', () => {
    const counter = new Counter();
    const direct = () => entrySource(undefined, '/', SITE);
    for (let index = 0; index < MAX_NOT_FOUND_PATHS + 50; index++) {
      counter.view({ time: NOON, path: `/made-up-${index}`, notFound: true, key: 'aaaaaaaaaaaaaaaaaaaaaa' }, direct);
    }
    for (let index = 0; index < 100; index++) {
      counter.view(
        { time: NOON, path: '/made-up-0', notFound: true, key: 'aaaaaaaaaaaaaaaaaaaaaa', referrer: `r${index}.example` },
        direct,
      );
    }
    const [batch] = counter.drain();
    expect(batch!.views).toHaveLength(MAX_NOT_FOUND_PATHS + 1);
    expect(batch!.views.find((view) => view.path === OTHER_NOT_FOUND)).toEqual({ path: OTHER_NOT_FOUND, notFound: true, count: 50 });
    expect(batch!.notFoundReferrers[0]!.referrers).toHaveLength(20);
  });
});
