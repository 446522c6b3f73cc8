import { describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import type { Episode } from '../../shared/content/types';
import { chooseEpisodeMedia, episodeActions, isVideoEpisode } from '../../shared/rules/episode-media';

function episode(overrides: Partial<Episode>): Episode {
  return {
    id: 'sample',
    number: '',
    title: 'Sample',
    date: '',
    published: '2025-01-01',
    duration: '',
    description: 'A sample episode.',
    image: '/media/episodes/cover-1.svg',
    listenUrl: '#',
    isYouTube: false,
    isSpotifyVideo: false,
    actions: null,
    ...overrides,
  };
}

const YT = 'https://www.youtube.com/watch?v=SUdXOb_7ZIg';
const SPOTIFY = 'https://open.spotify.com/episode/kCFAVVFNVnuCegsLWJfwl2';
const APPLE = 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000337';

describe('chooseEpisodeMedia', () => {
  it('embeds a Spotify video when isSpotifyVideo', () => {
    expect(chooseEpisodeMedia(episode({ listenUrl: SPOTIFY, isSpotifyVideo: true }))).toEqual({
      kind: 'spotify-video',
      spotifyId: 'kCFAVVFNVnuCegsLWJfwl2',
      embedUrl: 'https://open.spotify.com/embed/episode/kCFAVVFNVnuCegsLWJfwl2',
    });
  });

  it('embeds YouTube when isYouTube and the id is valid', () => {
    expect(chooseEpisodeMedia(episode({ listenUrl: YT, isYouTube: true }))).toEqual({
      kind: 'youtube',
      videoId: 'SUdXOb_7ZIg',
      embedUrl: 'https://www.youtube-nocookie.com/embed/SUdXOb_7ZIg',
      thumbnailUrl: 'https://i.ytimg.com/vi/SUdXOb_7ZIg/maxresdefault.jpg',
    });
  });

  it('prefers the Spotify flag over the YouTube flag', () => {
    expect(chooseEpisodeMedia(episode({ listenUrl: SPOTIFY, isSpotifyVideo: true, isYouTube: true })).kind).toBe('spotify-video');
  });

  it('falls back to YouTube when a Spotify-flagged link names no Spotify episode', () => {
    expect(chooseEpisodeMedia(episode({ listenUrl: YT, isSpotifyVideo: true, isYouTube: true })).kind).toBe('youtube');
  });

  it.each([
    ['an audio episode', episode({ listenUrl: APPLE })],
    ['a Spotify audio episode', episode({ listenUrl: SPOTIFY })],
    ['a YouTube flag with a 10-character id', episode({ listenUrl: 'https://youtu.be/SUdXOb_7ZI', isYouTube: true })],
    ['a YouTube flag with a non-YouTube link', episode({ listenUrl: APPLE, isYouTube: true })],
    ['a Spotify video flag with no Spotify link', episode({ listenUrl: APPLE, isSpotifyVideo: true })],
    ["the '#' link", episode({ listenUrl: '#' })],
  ])('shows the cover for %s', (_case, input) => {
    expect(chooseEpisodeMedia(input)).toEqual({ kind: 'cover', image: input.image });
  });

  it('gives every episode of the data the media its flags ask for', () => {
    for (const item of episodes) {
      const kind = chooseEpisodeMedia(item).kind;
      const expected = item.isSpotifyVideo ? 'spotify-video' : item.isYouTube ? 'youtube' : 'cover';
      expect(kind, item.id).toBe(expected);
    }
  });
});

describe('episodeActions', () => {
  it('watches video episodes and names the platform', () => {
    expect(episodeActions(episode({ listenUrl: YT, isYouTube: true }))).toEqual({
      href: YT,
      mainLabel: 'Watch Episode',
      secondaryLabel: 'Open in YouTube',
      platform: 'youtube',
    });
    expect(episodeActions(episode({ listenUrl: SPOTIFY, isSpotifyVideo: true }))).toMatchObject({
      mainLabel: 'Watch Episode',
      secondaryLabel: 'Open in Spotify',
      platform: 'spotify',
    });
  });

  it('listens to audio episodes', () => {
    expect(episodeActions(episode({ listenUrl: APPLE }))).toMatchObject({
      mainLabel: 'Listen Now',
      secondaryLabel: 'Open in Apple Podcasts',
      platform: 'apple',
    });
    expect(episodeActions(episode({ listenUrl: SPOTIFY }))).toMatchObject({
      mainLabel: 'Listen Now',
      secondaryLabel: 'Open in Spotify',
    });
  });

  it("has no links at all for the '#' episode", () => {
    expect(episodeActions(episode({ listenUrl: '#' }))).toBeNull();
    const placeholder = episodes.filter((item) => item.listenUrl === '#');
    expect(placeholder).toHaveLength(1);
    expect(episodeActions(placeholder[0]!)).toBeNull();
  });

  it('keeps the main link but names no platform for an unknown host', () => {
    expect(episodeActions(episode({ listenUrl: 'https://podcasts.example/ep/1' }))).toEqual({
      href: 'https://podcasts.example/ep/1',
      mainLabel: 'Listen Now',
      secondaryLabel: null,
      platform: null,
    });
  });

  it('treats either video flag as video', () => {
    expect(isVideoEpisode(episode({ isYouTube: true }))).toBe(true);
    expect(isVideoEpisode(episode({ isSpotifyVideo: true }))).toBe(true);
    expect(isVideoEpisode(episode({}))).toBe(false);
  });
});
