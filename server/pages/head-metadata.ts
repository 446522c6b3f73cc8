/**
 * The head of every page, computed on the server from the published content and
 * SITE_URL (read at run time: one image serves several origins). Page loaders
 * (server/pages/route-loaders.ts) call it with what kind of page they are.
 *
 * Besides title and description: the canonical URL (query parameters other
 * than a podcast page number > 1 never appear in it), Open Graph and Twitter
 * card tags with the page's share image (og:type per page kind:
 * docs/decisions/006-open-graph-types.md), JSON-LD (server/pages/structured-data.ts)
 * and noindex on error screens.
 */
import type { Episode, Person, ServiceSlug } from '../../shared/content/types';
import type { PageHead } from '../../shared/page-head';
import { paths } from '../../shared/paths';
import { isoDate } from '../../shared/rules/display-date';
import type { SiteContent } from '../content/publication';
import { shareImageFor, shareImageKeys } from './share-image-manifest';
import type { ShareImageKey, ShareImageManifest } from './share-image-manifest';
import { createStructuredData, serializeJsonLd } from './structured-data';
import type { Crumb } from './structured-data';

export interface PageHeadSite {
  siteUrl: string;
  /** The build's share cards (dist/share-images.json), read once at start-up. */
  shareImages: ShareImageManifest;
}

/** Open Graph object type per page kind (docs/decisions/006-open-graph-types.md). */
export type OpenGraphType = 'website' | 'article';

export type PageHeadInput =
  | { kind: 'home' }
  | { kind: 'podcast'; page: number; pageCount: number }
  /** Search results: never indexed, canonical to the list itself (any query string would otherwise be a page). */
  | { kind: 'podcast-search' }
  /** A search that could not be run: a 400 screen. */
  | { kind: 'podcast-search-invalid' }
  | { kind: 'episode'; episode: Episode }
  /** A host's or guest's page: described by their bio, shared with the site's card. */
  | { kind: 'person'; person: Person }
  | { kind: 'press' }
  | { kind: 'service'; slug: ServiceSlug }
  | { kind: 'page'; page: 'contact' | 'privacy' | 'terms' | 'accessibility' }
  | { kind: 'not-found'; what: 'page' | 'episode' | 'person' }
  | { kind: 'error' };

const MAX_DESCRIPTION = 160;

/** A description cut at a word boundary, so search results do not end mid-word. */
function shortDescription(text: string): string {
  if (text.length <= MAX_DESCRIPTION) return text;
  const cut = text.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

/** What a shareable page says about itself, beyond its title and description. */
interface Shareable {
  /** Page name without the firm suffix; undefined for the home page. */
  title: string | undefined;
  description: string;
  path: string;
  type: OpenGraphType;
  image: ShareImageKey;
  jsonLd: ReturnType<ReturnType<typeof createStructuredData>['home']>;
  /** ISO date, for article:published_time. */
  published?: string;
}

export function createPageHeads(site: PageHeadSite, content: SiteContent): (input: PageHeadInput) => PageHead {
  const structured = createStructuredData(site.siteUrl, content);
  const { firm } = content.site;
  const documentTitle = (title?: string) => (title ? `${title} | ${firm.name}` : `${firm.name} | ${firm.tagline}`);
  const fixedPages = {
    contact: { title: content.contact.title, description: content.contact.metaDescription, path: paths.contact },
    privacy: { title: content.privacy.headTitle, description: content.privacy.metaDescription, path: paths.privacy },
    terms: { title: content.terms.title, description: content.terms.metaDescription, path: paths.terms },
    accessibility: {
      title: content.accessibility.headTitle,
      description: content.accessibility.metaDescription,
      path: paths.accessibility,
    },
  } as const;

  /** Error screens: no canonical (the URL is not a page), never indexed. */
  const screen = (title: string | undefined, description: string): PageHead => ({
    title: documentTitle(title),
    description: shortDescription(description),
    robots: 'noindex',
    meta: [],
  });

  const page = (shareable: Shareable): PageHead => {
    const url = site.siteUrl + shareable.path;
    const description = shortDescription(shareable.description);
    const image = shareImageFor(site.shareImages, shareable.image);
    const imageUrl = site.siteUrl + image.url;
    const ogTitle = shareable.title ?? firm.name;
    return {
      title: documentTitle(shareable.title),
      description,
      canonicalUrl: url,
      meta: [
        { property: 'og:type', content: shareable.type },
        { property: 'og:site_name', content: firm.name },
        { property: 'og:locale', content: 'en_US' },
        { property: 'og:title', content: ogTitle },
        { property: 'og:description', content: description },
        { property: 'og:url', content: url },
        { property: 'og:image', content: imageUrl },
        { property: 'og:image:type', content: 'image/png' },
        { property: 'og:image:width', content: String(image.width) },
        { property: 'og:image:height', content: String(image.height) },
        { property: 'og:image:alt', content: image.alt },
        ...(shareable.published ? [{ property: 'article:published_time', content: shareable.published }] : []),
        { name: 'twitter:card', content: 'summary_large_image' },
        { name: 'twitter:title', content: ogTitle },
        { name: 'twitter:description', content: description },
        { name: 'twitter:image', content: imageUrl },
        { name: 'twitter:image:alt', content: image.alt },
      ],
      jsonLd: serializeJsonLd(shareable.jsonLd),
    };
  };

  const inner = (title: string, description: string, path: string, crumb?: Crumb): PageHead =>
    page({
      title,
      description,
      path,
      type: 'website',
      image: shareImageKeys.site,
      jsonLd: structured.page(crumb ?? { name: title, path }),
    });

  const createHead = (input: PageHeadInput): PageHead => {
    switch (input.kind) {
      case 'home':
        return page({
          title: undefined,
          description: content.home.metaDescription,
          path: paths.home,
          type: 'website',
          image: shareImageKeys.site,
          jsonLd: structured.home(),
        });
      case 'podcast': {
        const note = input.page > 1 ? ` (page ${input.page} of ${input.pageCount})` : '';
        return page({
          title: `${content.podcastPage.title}${note}`,
          description: content.podcastPage.metaDescription,
          path: paths.podcastPage(input.page),
          type: 'website',
          image: shareImageKeys.site,
          jsonLd: structured.podcast(),
        });
      }
      case 'podcast-search': {
        const list = createHead({ kind: 'podcast', page: 1, pageCount: 1 });
        return {
          ...list,
          title: documentTitle(`${content.podcastPage.search.pageTitle} | ${content.podcastPage.title}`),
          robots: 'noindex',
        };
      }
      case 'podcast-search-invalid':
        return screen(content.podcastPage.search.invalidTitle, content.podcastPage.metaDescription);
      case 'episode': {
        const published = isoDate(input.episode.date);
        return page({
          title: input.episode.title,
          description: input.episode.description,
          path: paths.episode(input.episode.id),
          type: 'article',
          image: shareImageKeys.episode(input.episode.id),
          jsonLd: structured.episode(input.episode),
          ...(published ? { published } : {}),
        });
      }
      case 'person':
        return page({
          title: input.person.name,
          description: input.person.bioText,
          path: paths.person(input.person.id),
          type: 'website',
          image: shareImageKeys.site,
          jsonLd: structured.person(input.person),
        });
      case 'press':
        return page({
          title: 'Press & Publications',
          description: content.pressPage.metaDescription,
          path: paths.press,
          type: 'website',
          image: shareImageKeys.site,
          jsonLd: structured.press(content.press),
        });
      case 'service': {
        const service = content.services[input.slug];
        const path = `/${input.slug}`;
        return page({
          title: service.title,
          description: service.metaDescription,
          path,
          type: 'article',
          image: shareImageKeys.service(input.slug),
          jsonLd: structured.service({ title: service.title, description: service.metaDescription, path }),
        });
      }
      case 'page': {
        const fixed = fixedPages[input.page];
        return inner(fixed.title, fixed.description, fixed.path);
      }
      case 'not-found':
        if (input.what === 'person')
          return screen(content.podcastPage.people.notFoundTitle, content.podcastPage.people.notFoundDescription);
        return input.what === 'episode'
          ? screen('Episode Not Found', content.podcastPage.episodeNotFoundDescription)
          : screen('Page not found', content.notFoundPage.metaDescription);
      case 'error':
        return screen(undefined, content.site.errorDescription);
    }
  };
  return createHead;
}
