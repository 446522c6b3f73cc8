import { describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import { splitEpisodeTitle } from '../../shared/rules/episode-guest';

describe('splitEpisodeTitle', () => {
  it('splits a guest off the end of the title', () => {
    expect(splitEpisodeTitle('Roth Conversions in the Gap Years with Samuel Chen')).toEqual({
      topic: 'Roth Conversions in the Gap Years',
      guest: 'Samuel Chen',
    });
    expect(splitEpisodeTitle("Succession Planning for the Founder Who Isn't Ready to Leave with Elena Vasquez").guest).toBe(
      'Elena Vasquez',
    );
  });

  it('leaves solo episodes and lower-case endings whole', () => {
    expect(splitEpisodeTitle('Client Onboarding That Builds Trust from Day One')).toEqual({
      topic: 'Client Onboarding That Builds Trust from Day One',
      guest: null,
    });
    expect(splitEpisodeTitle('Living with uncertainty').guest).toBeNull();
  });

  it('finds a guest in every episode whose title names one', () => {
    const withGuest = episodes.filter((episode) => / with [A-Z]\w+ [A-Z]\w+$/.test(episode.title));
    expect(withGuest.length).toBeGreaterThan(10);
    for (const episode of withGuest) expect(splitEpisodeTitle(episode.title).guest).toMatch(/^[A-Z]\w+ [A-Z]\w+$/);
  });
});
