import { describe, expect, it } from 'vitest';
import { durationSeconds, episodeLength, formatMoment, momentDuration, momentOf } from '../../shared/rules/episode-moment';

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

describe("how long an episode runs, for its chapters' track", () => {
  it('reads the duration the schema takes, whole minutes, and nothing else', () => {
    expect(durationSeconds('47 min')).toBe(2820);
    for (const duration of ['', '47', '47 minutes', '1 h', '4.5 min']) expect(durationSeconds(duration), duration).toBeUndefined();
  });

  it("runs to the transcript's last words or the duration, whichever is later", () => {
    expect(episodeLength({ duration: '', transcriptEnd: 983.962 })).toBe(983.962);
    expect(episodeLength({ duration: '20 min', transcriptEnd: 983.962 })).toBe(1200);
    expect(episodeLength({ duration: '15 min', transcriptEnd: 983.962 })).toBe(983.962);
  });

  it("runs a minute past a last chapter that starts within the rounded duration's last minute", () => {
    expect(episodeLength({ duration: '10 min', chapters: [{ start: 0 }, { start: 630 }] })).toBe(690);
    expect(episodeLength({ duration: '10 min', chapters: [{ start: 0 }, { start: 540 }] })).toBe(600);
  });

  it('is unknown with neither a duration nor a timed transcript: no track is drawn', () => {
    expect(episodeLength({ duration: '', chapters: [{ start: 0 }, { start: 300 }] })).toBeUndefined();
  });
});
