import { describe, expect, it } from 'vitest';
import { formatMoment, momentDuration, momentOf } from '../../shared/rules/episode-moment';

describe('a moment of an episode', () => {
  it('is shown as the page shows it and as a <time datetime>', () => {
    expect(formatMoment(770.5)).toBe('12:50');
    expect(formatMoment(3723)).toBe('1:02:03');
    expect(momentDuration(770.5)).toBe('PT770S');
  });

  it('is read from ?t=, else from #t=, as whole seconds; anything else is no moment', () => {
    expect(momentOf({ search: '?t=250', hash: '#t=250' })).toBe(250);
    expect(momentOf({ search: '', hash: '#t=90' })).toBe(90);
    expect(momentOf({ search: '?t=12', hash: '#t=99' })).toBe(12);
    for (const search of ['?t=', '?t=abc', '?t=-5', '?t=1.5', '?t=9999999', '?q=t'])
      expect(momentOf({ search, hash: '' }), search).toBeUndefined();
    expect(momentOf({ search: '', hash: '#transcript-heading' })).toBeUndefined();
  });
});
