/**
 * The head of every page, computed on the server from the content module and
 * SITE_URL (read at run time: one image serves several origins). Page loaders
 * (server/page-data.ts) call it with what kind of page they are.
 */
import { privacyPolicy, termsPlaceholder } from '../shared/content/legal';
import { contactPage } from '../shared/content/contact';
import { pageDescriptions } from '../shared/content/page-descriptions';
import { servicePages } from '../shared/content/service-pages';
import type { ServiceSlug } from '../shared/content/service-pages';
import { firm } from '../shared/content/site';
import type { Episode } from '../shared/content/types';
import type { PageHead } from '../shared/page-head';
import { paths } from '../shared/paths';

export interface PageHeadSite {
  siteUrl: string;
}

export type PageHeadInput =
  | { kind: 'home' }
  | { kind: 'podcast'; page: number; pageCount: number }
  | { kind: 'episode'; episode: Episode }
  | { kind: 'press' }
  | { kind: 'service'; slug: ServiceSlug }
  | { kind: 'page'; page: 'contact' | 'privacy' | 'terms' | 'accessibility' }
  | { kind: 'not-found'; what: 'page' | 'episode' }
  | { kind: 'error' };

const MAX_DESCRIPTION = 160;

function documentTitle(title?: string): string {
  return title ? `${title} | ${firm.name}` : `${firm.name} | ${firm.tagline}`;
}

/** A description cut at a word boundary, so search results do not end mid-word. */
function shortDescription(text: string): string {
  if (text.length <= MAX_DESCRIPTION) return text;
  const cut = text.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, cut.lastIndexOf(' '))}…`;
}

const fixedPages = {
  contact: { title: contactPage.title, description: contactPage.metaDescription, path: paths.contact },
  privacy: { title: privacyPolicy.title, description: pageDescriptions.privacy, path: paths.privacy },
  terms: { title: termsPlaceholder.title, description: pageDescriptions.terms, path: paths.terms },
  accessibility: { title: 'Web Accessibility', description: pageDescriptions.accessibility, path: paths.accessibility },
} as const;

export function createPageHeads(site: PageHeadSite): (input: PageHeadInput) => PageHead {
  const page = (title: string | undefined, description: string, path?: string): PageHead => ({
    title: documentTitle(title),
    description: shortDescription(description),
    ...(path === undefined ? {} : { canonicalUrl: site.siteUrl + path }),
    meta: [],
  });

  return (input) => {
    switch (input.kind) {
      case 'home':
        return page(undefined, pageDescriptions.home, paths.home);
      case 'podcast': {
        const note = input.page > 1 ? ` (page ${input.page} of ${input.pageCount})` : '';
        return page(`Podcast Episodes${note}`, pageDescriptions.podcast, paths.podcastPage(input.page));
      }
      case 'episode':
        return page(input.episode.title, input.episode.description, paths.episode(input.episode.id));
      case 'press':
        return page('Press & Publications', pageDescriptions.press, paths.press);
      case 'service': {
        const service = servicePages[input.slug];
        return page(service.title, service.metaDescription, `/${input.slug}`);
      }
      case 'page': {
        const fixed = fixedPages[input.page];
        return page(fixed.title, fixed.description, fixed.path);
      }
      case 'not-found':
        return input.what === 'episode'
          ? { ...page('Episode Not Found', pageDescriptions.episodeNotFound), robots: 'noindex' }
          : { ...page('Page not found', pageDescriptions.notFound), robots: 'noindex' };
      case 'error':
        return { ...page(undefined, pageDescriptions.error), robots: 'noindex' };
    }
  };
}

