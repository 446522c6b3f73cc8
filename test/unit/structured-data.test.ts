import { describe, expect, it } from 'vitest';
import type { Episode, Person } from '../../shared/content/types';
import { content } from '../support/content';
import { createStructuredData, episodeNumberOf, isoDuration, serializeJsonLd } from '../../server/pages/structured-data';

/** The plain JSON of a page's nodes, to look into. */
const plain = <T>(nodes: unknown) => JSON.parse(JSON.stringify(nodes)) as T;

const SITE = 'https://example.test';
const data = createStructuredData(SITE, content);

const episode: Episode = {
  id: 'a-test-episode',
  number: 'Episode 7',
  title: 'A Test </script><script>alert(1)</script> Episode',
  date: 'March 7, 2023',
  published: '2023-03-07',
  duration: '45 min',
  description: 'Line\u2028separator & <b>markup</b>',
  image: '/media/episodes/cover-1.svg',
  listenUrl: 'https://youtu.be/7gmJcokC54i',
  isYouTube: true,
  isSpotifyVideo: false,
  actions: null,
};

describe('episode helpers', () => {
  it('reads episode numbers and durations, or nothing', () => {
    expect(episodeNumberOf(episode)).toBe(7);
    expect(episodeNumberOf({ ...episode, number: '' })).toBeUndefined();
    expect(isoDuration('45 min')).toBe('PT45M');
    expect(isoDuration('')).toBeUndefined();
    expect(isoDuration('about an hour')).toBeUndefined();
  });
});

describe('createStructuredData', () => {
  it('builds a PodcastEpisode with its series, number, date and a VideoObject for YouTube', () => {
    const [node, crumbs] = plain<[Record<string, unknown>, Record<string, unknown>]>(data.episode(episode));
    expect(node).toMatchObject({
      '@type': 'PodcastEpisode',
      url: `${SITE}/podcast/a-test-episode`,
      episodeNumber: 7,
      datePublished: '2023-03-07',
      partOfSeries: { '@type': 'PodcastSeries', '@id': `${SITE}/podcast#series` },
      video: {
        '@type': 'VideoObject',
        embedUrl: 'https://www.youtube-nocookie.com/embed/7gmJcokC54i',
        thumbnailUrl: 'https://i.ytimg.com/vi/7gmJcokC54i/maxresdefault.jpg',
        uploadDate: '2023-03-07',
      },
    });
    expect(crumbs!['@type']).toBe('BreadcrumbList');
  });

  it('leaves out what is unknown: no date, no number, no video for audio episodes', () => {
    const [node] = plain<[Record<string, unknown>]>(data.episode({ ...episode, number: '', date: '', isYouTube: false, listenUrl: '#' }));
    expect(node).not.toHaveProperty('datePublished');
    expect(node).not.toHaveProperty('episodeNumber');
    expect(node).not.toHaveProperty('video');
  });

  it('builds a VideoObject without uploadDate when the date is unknown', () => {
    const [node] = plain<[{ video: Record<string, unknown> }]>(data.episode({ ...episode, date: '' }));
    expect(node.video['@type']).toBe('VideoObject');
    expect(node.video).not.toHaveProperty('uploadDate');
  });
});

describe('people', () => {
  const person: Person = {
    id: 'avery-holt',
    name: 'Avery </script><script>alert(1)</script> Holt',
    role: 'guest',
    bio: [],
    bioText: 'Writes fee schedules & <b>retainers</b>.',
    links: [{ label: 'Site', url: 'https://averyholt.example/?a=1&b=2' }],
    client: false,
    paid: false,
    episodes: ['a-test-episode'],
  };

  it('makes a ProfilePage whose main entity is the Person, without image or sameAs when there are none', () => {
    const [profile] = plain<[Record<string, Record<string, unknown>>]>(data.person(person));
    expect(profile!.mainEntity).toEqual({
      '@type': 'Person',
      '@id': `${SITE}/people/avery-holt#person`,
      name: person.name,
      description: person.bioText,
      url: `${SITE}/people/avery-holt`,
      sameAs: ['https://averyholt.example/?a=1&b=2'],
    });
    const [bare] = plain<[Record<string, Record<string, unknown>>]>(data.person({ ...person, links: undefined }));
    expect(bare!.mainEntity).not.toHaveProperty('sameAs');
    expect(bare!.mainEntity).not.toHaveProperty('image');
  });

  it('names an episode’s hosts, then its guests, as its actors by their @id', () => {
    const ref = (id: string, name: string) => ({ id, name, role: 'guest' });
    const [node] = plain<[Record<string, unknown>]>(
      data.episode({ ...episode, hosts: [ref('morgan-ellery', 'Morgan Ellery')], guests: [ref('avery-holt', 'Avery Holt')] }),
    );
    expect(node!.actor).toEqual([
      { '@type': 'Person', '@id': `${SITE}/people/morgan-ellery#person`, name: 'Morgan Ellery' },
      { '@type': 'Person', '@id': `${SITE}/people/avery-holt#person`, name: 'Avery Holt' },
    ]);
  });

  it('serializes a person’s page safely', () => {
    const text = serializeJsonLd(data.person(person));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)['@graph'][0].mainEntity.name).toBe(person.name);
  });
});

describe('serializeJsonLd', () => {
  it('cannot close its <script> element, and parses back to the same data', () => {
    const nodes = data.episode(episode);
    const text = serializeJsonLd(nodes);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ '@context': 'https://schema.org', '@graph': nodes });
  });
});
