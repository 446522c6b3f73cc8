/**
 * The podcast search's rules (what a query may be, the format of an episode,
 * marking matched words) and its index over the real episodes.
 */
import { describe, expect, it } from 'vitest';
import { createEpisodeSearch } from '../../server/pages/episode-search';
import {
  episodeFormat,
  excerptAround,
  markTerms,
  MAX_QUERY_LENGTH,
  readSearchRequest,
  searchHref,
  searchMessages,
} from '../../shared/rules/episode-search';
import { episodes } from '../support/content';

const read = (query: string) => readSearchRequest(new URLSearchParams(query));

describe('readSearchRequest', () => {
  it('no words and no format is the plain list', () => {
    expect(read('')).toEqual({ kind: 'list' });
    expect(read('q=%20%20&page=2')).toEqual({ kind: 'list' });
  });

  it('trims and folds whitespace, reads the format in any case', () => {
    expect(read('q=%20asset%20%20%09location%20')).toEqual({ kind: 'search', search: { q: 'asset location' } });
    expect(read('format=AUDIO')).toEqual({ kind: 'search', search: { q: '', format: 'audio' } });
    expect(read('q=estate&format=video')).toEqual({ kind: 'search', search: { q: 'estate', format: 'video' } });
  });

  it('refuses, in words, what it cannot search for', () => {
    expect(read(`q=${'a'.repeat(MAX_QUERY_LENGTH)}`).kind).toBe('search');
    expect(read(`q=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`)).toEqual({ kind: 'invalid', message: searchMessages.tooLong });
    expect(read('q=tax%00')).toEqual({ kind: 'invalid', message: searchMessages.controlCharacters });
    expect(read('q=tax%1B%5B31m')).toEqual({ kind: 'invalid', message: searchMessages.controlCharacters });
    expect(read('q=tax%C2%85')).toEqual({ kind: 'invalid', message: searchMessages.controlCharacters });
    expect(read('format=podcast')).toEqual({ kind: 'invalid', message: searchMessages.badFormat });
    expect(read('q=a&q=b')).toEqual({ kind: 'invalid', message: searchMessages.repeated });
  });
});

describe('episodeFormat and searchHref', () => {
  it('video for YouTube or Spotify video, audio otherwise', () => {
    expect(episodeFormat({ isYouTube: true, isSpotifyVideo: false })).toBe('video');
    expect(episodeFormat({ isYouTube: false, isSpotifyVideo: true })).toBe('video');
    expect(episodeFormat({ isYouTube: false, isSpotifyVideo: false })).toBe('audio');
  });

  it('builds the address of a search and of its pages', () => {
    expect(searchHref('/podcast', { q: 'estate & trusts', format: 'audio' }, 2)).toBe('/podcast?q=estate+%26+trusts&format=audio&page=2');
    expect(searchHref('/podcast', { q: '' }, 1)).toBe('/podcast');
  });
});

describe('markTerms and excerptAround', () => {
  it('marks whole words, whatever their case', () => {
    expect(markTerms('Retirement income: the retirement years', ['retirement'])).toEqual([
      { text: 'Retirement', mark: true },
      { text: ' income: the ' },
      { text: 'retirement', mark: true },
      { text: ' years' },
    ]);
    expect(markTerms('Retirements', ['retirement'])).toEqual([{ text: 'Retirements' }]);
  });

  it('cuts a window around the first match, at word boundaries', () => {
    const text = `${'word '.repeat(100)}the estate plan ${'more '.repeat(100)}`;
    const pieces = excerptAround(text, ['estate'], 60)!;
    const joined = pieces.map((piece) => piece.text).join('');
    expect(joined.startsWith('…word')).toBe(true);
    expect(joined.endsWith('…')).toBe(true);
    expect(pieces.filter((piece) => piece.mark)).toEqual([{ text: 'estate', mark: true }]);
    expect(excerptAround(text, ['absent'])).toBeUndefined();
  });

  it('marks exactly the words a word-by-word reading finds, in every real title, description and transcript', () => {
    // The rule stated plainly: split into runs of letters and digits, mark those equal to a term without case.
    const byWord = (text: string, terms: string[]) => {
      const wanted = new Set(terms.map((term) => term.toLowerCase()));
      return [...text.matchAll(/[\p{L}\p{N}]+/gu)].filter((word) => wanted.has(word[0].toLowerCase())).map((word) => word.index);
    };
    const markedAt = (text: string, terms: string[]) => {
      let at = 0;
      return markTerms(text, terms).flatMap((piece) => {
        at += piece.text.length;
        return piece.mark ? [at - piece.text.length] : [];
      });
    };
    const termSets = [['tax'], ['estate', 'planning'], ['cpa', 'ria', 'succession'], ['the', 'a'], ['401k', 'roth'], ['c++', 'tax'], ['']];
    let marked = 0;
    for (const episode of episodes) {
      const transcript = (episode.transcript ?? []).map((turn) => turn.text).join(' ');
      for (const text of [episode.title, episode.description, transcript]) {
        for (const terms of termSets) {
          const expected = byWord(text, terms);
          expect(markedAt(text, terms)).toEqual(expected);
          marked += expected.length;
          // The passage starts at the first such word.
          const passage = excerptAround(text, terms, text.length + 2);
          expect(passage === undefined).toBe(expected.length === 0);
        }
      }
    }
    expect(marked).toBeGreaterThan(300);
  });
});

describe('the episode index', () => {
  const index = createEpisodeSearch(episodes, (episode) => episode);
  const retirementEpisodes = episodes.filter((episode) => /retirement/i.test(episode.title));

  it('finds the retirement episodes despite a typo, titles first, with the word marked', () => {
    expect(retirementEpisodes.length).toBeGreaterThan(0);
    const results = index.search({ q: 'retirment' }).map(index.describe);
    const ids = results.map((result) => result.episode.id);
    for (const episode of retirementEpisodes) expect(ids).toContain(episode.id);
    expect(ids.slice(0, retirementEpisodes.length).sort()).toEqual(retirementEpisodes.map((episode) => episode.id).sort());
    expect(results[0]!.title.some((piece) => piece.mark && /^retirement$/i.test(piece.text))).toBe(true);
  });

  it('finds a guest by name, and words only a transcript holds', () => {
    const withTranscript = episodes.find((episode) => episode.transcript && episode.transcript.length > 0)!;
    const titleWords = new Set(`${withTranscript.title} ${withTranscript.description}`.toLowerCase().match(/\p{L}+/gu));
    const onlyInTranscript = withTranscript
      .transcript!.flatMap((turn) => turn.text.toLowerCase().match(/\p{L}{9,}/gu) ?? [])
      .find(
        (word) =>
          !titleWords.has(word) &&
          !episodes.some((other) => other.id !== withTranscript.id && `${other.title} ${other.description}`.toLowerCase().includes(word)),
      )!;
    expect(onlyInTranscript).toBeDefined();
    const results = index.search({ q: onlyInTranscript }).map(index.describe);
    expect(results.map((result) => result.episode.id)).toContain(withTranscript.id);
    const found = results.find((result) => result.episode.id === withTranscript.id)!;
    expect(found.excerpt.source).toBe('transcript');
    expect(found.excerpt.pieces.some((piece) => piece.mark)).toBe(true);

    const guestEpisode = episodes.find((episode) => / with [A-Z]\w+ [A-Z]\w+$/.test(episode.title))!;
    const guest = / with ([A-Z]\w+ [A-Z]\w+)$/.exec(guestEpisode.title)![1]!;
    expect(index.search({ q: guest }).map((result) => result.episode.id)[0]).toBe(guestEpisode.id);
  });

  it('filters by format, with or without words', () => {
    const audio = index.search({ q: '', format: 'audio' });
    expect(audio.length).toBe(episodes.filter((episode) => episodeFormat(episode) === 'audio').length);
    expect(audio.every((result) => episodeFormat(result.episode) === 'audio')).toBe(true);
    const video = index.search({ q: 'planning', format: 'video' });
    expect(video.length).toBeGreaterThan(0);
    expect(video.every((result) => episodeFormat(result.episode) === 'video')).toBe(true);
  });

  it('finds the episodes with every word when there are some, else those with any', () => {
    const wordsOf = (episode: (typeof episodes)[number]) =>
      new Set(
        `${episode.title} ${episode.description} ${(episode.transcript ?? []).map((turn) => turn.text).join(' ')}`
          .toLowerCase()
          .match(/\p{L}+/gu),
      );
    // Two exact words (too long for typos to reach others) that some episodes hold together and others alone.
    const both = index.search({ q: 'retirement planning' }).map((hit) => hit.episode.id);
    const holders = episodes.filter((episode) => wordsOf(episode).has('retirement')).map((episode) => episode.id);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((id) => holders.includes(id))).toBe(true);
    expect(both.length).toBeLessThan(index.search({ q: 'planning' }).length);
    // A word no episode has: none holds both, so any episode with the other word is found.
    const either = index.search({ q: 'retirement zzqxjv' }).map((hit) => hit.episode.id);
    expect(either.sort()).toEqual(
      index
        .search({ q: 'retirement' })
        .map((hit) => hit.episode.id)
        .sort(),
    );
  });

  it('finds nothing for words no episode has', () => {
    expect(index.search({ q: 'zzqxjv' })).toEqual([]);
  });
});
