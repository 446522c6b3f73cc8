import { describe, expect, it } from 'vitest';
import { YOUTUBE_ID_LENGTH } from '../../shared/constants';
import { episodes } from '../support/content';
import {
  drivenEmbedUrl,
  isFollowableUrl,
  listenPlatform,
  parseSpotifyEpisodeId,
  parseYouTubeId,
  spotifyEpisodeEmbedUrl,
  youTubeEmbedUrl,
  youTubeThumbnailUrl,
} from '../../shared/rules/youtube';

const ID = 'dQw4w9WgXcQ';

describe('parseYouTubeId', () => {
  it.each([
    ['watch', `https://www.youtube.com/watch?v=${ID}`],
    ['watch without www', `https://youtube.com/watch?v=${ID}`],
    ['mobile watch', `https://m.youtube.com/watch?v=${ID}`],
    ['watch with other parameters first', `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`],
    ['watch over http', `http://www.youtube.com/watch?v=${ID}`],
    ['short link', `https://youtu.be/${ID}`],
    ['short link with a start time', `https://youtu.be/${ID}?t=90`],
    ['embed', `https://www.youtube.com/embed/${ID}`],
    ['privacy-enhanced embed', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['privacy-enhanced embed without www', `https://youtube-nocookie.com/embed/${ID}?rel=0`],
    ['shorts', `https://www.youtube.com/shorts/${ID}`],
    ['mobile shorts with a trailing slash', `https://m.youtube.com/shorts/${ID}/`],
    ['upper-case host', `https://WWW.YOUTUBE.COM/watch?v=${ID}`],
    ['surrounding spaces', `  https://youtu.be/${ID}  `],
  ])('reads the id from a %s URL', (_form, url) => {
    expect(parseYouTubeId(url)).toBe(ID);
  });

  it('keeps - and _ in ids', () => {
    expect(parseYouTubeId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  it.each([
    ['a 10-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['a 12-character id', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['an id with a forbidden character', 'https://youtu.be/dQw4w9WgX.Q'],
    ['an id with a space', 'https://www.youtube.com/watch?v=dQw4w9 WgXc'],
    ['a watch URL without v', 'https://www.youtube.com/watch?list=PL123'],
    ['an empty v', 'https://www.youtube.com/watch?v='],
    ['a channel page', 'https://www.youtube.com/@harborledgeradvisors'],
    ['a playlist page', 'https://www.youtube.com/playlist?list=PLxyz'],
    ['an embed with extra path', `https://www.youtube.com/embed/${ID}/extra`],
    ['a short link with extra path', `https://youtu.be/${ID}/extra`],
    ['a look-alike host', `https://www.youtube.com.evil.example/watch?v=${ID}`],
    ['another host with the same path', `https://vimeo.com/watch?v=${ID}`],
    ['a nocookie URL that is not an embed', `https://www.youtube-nocookie.com/watch?v=${ID}`],
    ['a non-web scheme', `javascript:alert(1)//youtu.be/${ID}`],
    ['a bare id', ID],
    ['#', '#'],
    ['an empty string', ''],
  ])('rejects %s', (_case, url) => {
    expect(parseYouTubeId(url)).toBeNull();
  });

  it(`accepts exactly ${YOUTUBE_ID_LENGTH} characters`, () => {
    expect(parseYouTubeId(`https://youtu.be/${'a'.repeat(YOUTUBE_ID_LENGTH)}`)).toHaveLength(YOUTUBE_ID_LENGTH);
    expect(parseYouTubeId(`https://youtu.be/${'a'.repeat(YOUTUBE_ID_LENGTH - 1)}`)).toBeNull();
    expect(parseYouTubeId(`https://youtu.be/${'a'.repeat(YOUTUBE_ID_LENGTH + 1)}`)).toBeNull();
  });

  it('finds a valid id in every YouTube episode of the data', () => {
    const youtube = episodes.filter((episode) => episode.isYouTube);
    expect(youtube.length).toBeGreaterThan(0);
    for (const episode of youtube) expect(parseYouTubeId(episode.listenUrl), episode.id).not.toBeNull();
  });
});

describe('parseSpotifyEpisodeId', () => {
  const SPOTIFY_ID = 'kCFAVVFNVnuCegsLWJfwl2';

  it.each([
    ['an episode link', `https://open.spotify.com/episode/${SPOTIFY_ID}`],
    ['a shared link with tracking parameters', `https://open.spotify.com/episode/${SPOTIFY_ID}?si=abc123`],
    ['a localised link', `https://open.spotify.com/intl-de/episode/${SPOTIFY_ID}`],
    ['an embed link', `https://open.spotify.com/embed/episode/${SPOTIFY_ID}`],
  ])('reads the id from %s', (_form, url) => {
    expect(parseSpotifyEpisodeId(url)).toBe(SPOTIFY_ID);
  });

  it.each([
    ['a show link', 'https://open.spotify.com/show/4AdvisoryEdgePodcast01'],
    ['a track link', `https://open.spotify.com/track/${SPOTIFY_ID}`],
    ['a short id', 'https://open.spotify.com/episode/abc'],
    ['an id with a dash', 'https://open.spotify.com/episode/kCFAVVFNVnuCegsLWJfw-2'],
    ['another host', `https://spotify.evil.example/episode/${SPOTIFY_ID}`],
    ['a YouTube link', 'https://youtu.be/dQw4w9WgXcQ'],
    ['#', '#'],
  ])('rejects %s', (_case, url) => {
    expect(parseSpotifyEpisodeId(url)).toBeNull();
  });

  it('finds an id in every Spotify video episode of the data', () => {
    const spotifyVideos = episodes.filter((episode) => episode.isSpotifyVideo);
    expect(spotifyVideos.length).toBeGreaterThan(0);
    for (const episode of spotifyVideos) expect(parseSpotifyEpisodeId(episode.listenUrl), episode.id).not.toBeNull();
  });
});

describe('listenPlatform', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, 'youtube'],
    [`https://youtu.be/${ID}`, 'youtube'],
    [`https://m.youtube.com/shorts/${ID}`, 'youtube'],
    [`https://www.youtube-nocookie.com/embed/${ID}`, 'youtube'],
    ['https://open.spotify.com/episode/kCFAVVFNVnuCegsLWJfwl2', 'spotify'],
    ['https://open.spotify.com/show/4AdvisoryEdgePodcast01', 'spotify'],
    ['https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650000337', 'apple'],
  ])('%s is %s', (url, platform) => {
    expect(listenPlatform(url)).toBe(platform);
  });

  it.each(['#', '', '/podcast', 'mailto:hello@example.com', 'https://example.com/episode', 'https://apple.com/podcasts'])(
    '%j has no platform',
    (url) => {
      expect(listenPlatform(url)).toBeNull();
    },
  );

  it('names a platform for every followable listen link in the data', () => {
    for (const episode of episodes.filter((e) => isFollowableUrl(e.listenUrl))) {
      expect(listenPlatform(episode.listenUrl), episode.id).not.toBeNull();
    }
  });
});

describe('isFollowableUrl', () => {
  it('accepts absolute web URLs only', () => {
    expect(isFollowableUrl('https://youtu.be/x')).toBe(true);
    expect(isFollowableUrl('http://example.com')).toBe(true);
    expect(isFollowableUrl('#')).toBe(false);
    expect(isFollowableUrl('')).toBe(false);
    expect(isFollowableUrl('/podcast')).toBe(false);
    expect(isFollowableUrl('javascript:void(0)')).toBe(false);
  });
});

describe('player and thumbnail URLs', () => {
  it('builds them on the origins the CSP allows', () => {
    expect(youTubeEmbedUrl(ID)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
    expect(youTubeThumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/maxresdefault.jpg`);
    expect(spotifyEpisodeEmbedUrl('kCFAVVFNVnuCegsLWJfwl2')).toBe('https://open.spotify.com/embed/episode/kCFAVVFNVnuCegsLWJfwl2');
  });
});

describe('drivenEmbedUrl: the embed the page moves through its player API', () => {
  const origin = 'https://www.example.com';

  it('lets YouTube take IFrame API messages from the page, and starts it at a moment', () => {
    expect(drivenEmbedUrl({ kind: 'youtube', embedUrl: youTubeEmbedUrl(ID) }, origin)).toBe(
      `https://www.youtube-nocookie.com/embed/${ID}?enablejsapi=1&origin=https%3A%2F%2Fwww.example.com`,
    );
    expect(new URL(drivenEmbedUrl({ kind: 'youtube', embedUrl: youTubeEmbedUrl(ID) }, origin, 250)).searchParams.get('start')).toBe('250');
  });

  it('starts Spotify at a moment with its own parameter, and adds nothing else', () => {
    const embed = spotifyEpisodeEmbedUrl('kCFAVVFNVnuCegsLWJfwl2');
    expect(drivenEmbedUrl({ kind: 'spotify-video', embedUrl: embed }, origin)).toBe(embed);
    expect(drivenEmbedUrl({ kind: 'spotify-video', embedUrl: embed }, origin, 770)).toBe(`${embed}?t=770`);
  });
});
