import { describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import { pressItems } from '../support/content';
import { isoDate } from '../../shared/rules/display-date';

describe('isoDate', () => {
  it.each([
    ['June 10, 2025', '2025-06-10'],
    ['February 3, 2025', '2025-02-03'],
    [' March 12, 2024 ', '2024-03-12'],
  ])('reads %s as %s', (display, iso) => {
    expect(isoDate(display)).toBe(iso);
  });

  it.each(['', 'Recent', 'Juin 10, 2025', 'June 10 2025', 'June 0, 2025', 'June 32, 2025', '2025-06-10'])('gives up on %j', (display) => {
    expect(isoDate(display)).toBeUndefined();
  });

  it('understands every date in the content', () => {
    const dates = [...pressItems.map((item) => item.date), ...episodes.map((episode) => episode.date)].filter(Boolean);
    expect(dates.length).toBeGreaterThan(12);
    for (const date of dates) expect(isoDate(date), date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
