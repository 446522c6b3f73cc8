/**
 * Structured data (schema.org JSON-LD) for every page, built from the content
 * module. Typed with schema-dts, so a misspelt or misplaced property fails
 * `tsc`. Nodes that several pages mention (the firm, the author, the podcast)
 * have a stable '@id' on SITE_URL so search engines join them into one graph.
 */
import type {
  Article,
  Book,
  BreadcrumbList,
  FinancialService,
  Graph,
  ItemList,
  Person,
  PodcastEpisode,
  PodcastSeries,
  ProfilePage,
  Service,
  Thing,
  VideoObject,
  WebSite,
} from 'schema-dts';
import type { Episode, Person as PodcastPerson, PersonRef, PressItem } from '../../shared/content/types';
import { paths } from '../../shared/paths';
import { isoDate } from '../../shared/rules/display-date';
import { chooseEpisodeMedia } from '../../shared/rules/episode-media';
import { jsonForScriptElement } from '../../shared/script-json';
import type { SiteContent } from '../content/publication';

export interface Crumb {
  name: string;
  /** Site-relative path. */
  path: string;
}

/** 'Episode 4' → 4; '' → undefined. */
export function episodeNumberOf(episode: Episode): number | undefined {
  const match = /^Episode (\d+)$/.exec(episode.number.trim());
  return match ? Number(match[1]) : undefined;
}

/** '45 min' → 'PT45M' (ISO 8601 duration); anything else → undefined. */
export function isoDuration(display: string): string | undefined {
  const match = /^(\d+) min$/.exec(display.trim());
  return match ? `PT${Number(match[1])}M` : undefined;
}

/** The author's name without the letters after it: 'Morgan Ellery, CPA, …' → 'Morgan Ellery'. */
function authorName(author: { name: string }): { name: string; suffix: string | undefined } {
  const [name, ...suffix] = author.name.split(', ');
  return { name: name!, suffix: suffix.length ? suffix.join(', ') : undefined };
}

export function createStructuredData(siteUrl: string, content: SiteContent) {
  const { author, book, externalUrls, firm, podcast } = content.site;
  const podcastPage = content.podcastPage;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : siteUrl + path);
  const ids = {
    organization: `${siteUrl}/#organization`,
    website: `${siteUrl}/#website`,
    author: `${siteUrl}/#author`,
    book: `${siteUrl}/#book`,
    series: `${siteUrl}${paths.podcast}#series`,
    /** A host or guest, on their own page; the episodes that name them refer to it. */
    person: (id: string) => `${siteUrl}${paths.person(id)}#person`,
  };
  const organizationRef: FinancialService = { '@type': 'FinancialService', '@id': ids.organization, name: firm.name };
  const authorRef: Person = { '@type': 'Person', '@id': ids.author, name: authorName(author).name };
  const seriesRef: PodcastSeries = {
    '@type': 'PodcastSeries',
    '@id': ids.series,
    name: podcast.name,
    url: absolute(paths.podcast),
  };

  const organization: FinancialService = {
    '@type': 'FinancialService',
    '@id': ids.organization,
    name: firm.name,
    alternateName: firm.shortName,
    description: firm.tagline,
    url: absolute(paths.home),
    logo: absolute('/media/logo.svg'),
    image: absolute('/media/logo.svg'),
    email: firm.email,
    founder: authorRef,
    sameAs: [externalUrls.linkedin, externalUrls.youtubeChannel],
  };
  const website: WebSite = {
    '@type': 'WebSite',
    '@id': ids.website,
    url: absolute(paths.home),
    name: firm.name,
    description: firm.tagline,
    inLanguage: 'en',
    publisher: organizationRef,
  };
  const { name, suffix } = authorName(author);
  const person: Person = {
    '@type': 'Person',
    '@id': ids.author,
    name,
    ...(suffix ? { honorificSuffix: suffix } : {}),
    jobTitle: author.credentials[0],
    description: author.credentials.join('. '),
    image: absolute(author.portrait.src),
    worksFor: organizationRef,
  };
  const bookNode: Book = {
    '@type': 'Book',
    '@id': ids.book,
    name: book.title,
    author: authorRef,
    image: absolute(book.cover.src),
    url: externalUrls.book,
  };
  const series: PodcastSeries = {
    ...seriesRef,
    description: podcastPage.intro,
    author: authorRef,
    publisher: organizationRef,
    inLanguage: 'en',
    sameAs: [externalUrls.applePodcasts, externalUrls.spotifyShow, externalUrls.youtubeChannel],
  };

  function breadcrumbs(trail: Crumb[]): BreadcrumbList {
    return {
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Home', path: paths.home }, ...trail].map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: absolute(crumb.path),
      })),
    };
  }

  /** A host or guest as another node names them: by the @id their page describes them under. */
  const personRef = (person: PersonRef) => ({ '@type': 'Person', '@id': ids.person(person.id), name: person.name }) satisfies Person;

  /** Their page: a ProfilePage whose main entity is the Person (Google's profile page markup). */
  function profilePage(person: PodcastPerson): ProfilePage {
    const url = absolute(paths.person(person.id));
    const sameAs = (person.links ?? []).map((link) => link.url);
    return {
      '@type': 'ProfilePage',
      '@id': url,
      url,
      name: person.name,
      isPartOf: { '@type': 'WebSite', '@id': ids.website },
      mainEntity: {
        ...personRef(person),
        description: person.bioText,
        url,
        ...(person.photo ? { image: absolute(person.photo) } : {}),
        ...(sameAs.length ? { sameAs } : {}),
      },
    };
  }

  function episodeNode(episode: Episode): PodcastEpisode {
    const url = absolute(paths.episode(episode.id));
    const datePublished = isoDate(episode.date);
    const episodeNumber = episodeNumberOf(episode);
    const duration = isoDuration(episode.duration);
    const media = chooseEpisodeMedia(episode);
    const people = [...(episode.hosts ?? []), ...(episode.guests ?? [])];
    const video: VideoObject | undefined =
      media.kind === 'youtube'
        ? {
            '@type': 'VideoObject',
            name: episode.title,
            description: episode.description,
            embedUrl: media.embedUrl,
            contentUrl: episode.listenUrl,
            thumbnailUrl: media.thumbnailUrl,
            ...(datePublished ? { uploadDate: datePublished } : {}),
            ...(duration ? { duration } : {}),
          }
        : undefined;
    return {
      '@type': 'PodcastEpisode',
      '@id': `${url}#episode`,
      url,
      name: episode.title,
      description: episode.description,
      image: absolute(episode.image),
      ...(datePublished ? { datePublished } : {}),
      ...(episodeNumber !== undefined ? { episodeNumber } : {}),
      ...(duration ? { timeRequired: duration } : {}),
      partOfSeries: seriesRef,
      // Google's podcast markup names hosts and guests alike as the episode's actors.
      ...(people.length ? { actor: people.map(personRef) } : {}),
      ...(video ? { video } : {}),
      ...(media.kind === 'audio' ? { associatedMedia: { '@type': 'AudioObject', contentUrl: media.audioUrl } } : {}),
    };
  }

  function pressList(items: readonly PressItem[]): ItemList {
    return {
      '@type': 'ItemList',
      name: 'Press & Publications',
      numberOfItems: items.length,
      itemListElement: items.map((item, index) => {
        const datePublished = isoDate(item.date);
        const article: Article = {
          '@type': 'Article',
          headline: item.title,
          url: item.link,
          image: absolute(item.image),
          ...(datePublished ? { datePublished } : {}),
          publisher: { '@type': 'Organization', name: item.publication },
        };
        return { '@type': 'ListItem', position: index + 1, url: item.link, item: article };
      }),
    };
  }

  function serviceNode(service: { title: string; description: string; path: string }): Service {
    return {
      '@type': 'Service',
      name: service.title,
      serviceType: service.title,
      description: service.description,
      url: absolute(service.path),
      provider: organizationRef,
      audience: { '@type': 'BusinessAudience', audienceType: 'Accounting practices' },
    };
  }

  return {
    ids,
    home: (): Thing[] => [organization, website, person, bookNode],
    podcast: (): Thing[] => [series, breadcrumbs([{ name: 'Podcast', path: paths.podcast }])],
    episode: (episode: Episode): Thing[] => [
      episodeNode(episode),
      breadcrumbs([
        { name: 'Podcast', path: paths.podcast },
        { name: episode.title, path: paths.episode(episode.id) },
      ]),
    ],
    person: (person: PodcastPerson): Thing[] => [
      profilePage(person),
      breadcrumbs([
        { name: 'Podcast', path: paths.podcast },
        { name: person.name, path: paths.person(person.id) },
      ]),
    ],
    press: (items: readonly PressItem[]): Thing[] => [pressList(items), breadcrumbs([{ name: 'Press & Publications', path: paths.press }])],
    service: (service: { title: string; description: string; path: string }): Thing[] => [
      serviceNode(service),
      breadcrumbs([{ name: service.title, path: service.path }]),
    ],
    page: (crumb: Crumb): Thing[] => [breadcrumbs([crumb])],
  };
}

/** One JSON-LD document for a page's nodes, escaped for its <script type="application/ld+json">. */
export function serializeJsonLd(nodes: Thing[]): string {
  const graph: Graph = { '@context': 'https://schema.org', '@graph': nodes };
  return jsonForScriptElement(graph);
}
