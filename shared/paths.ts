/**
 * Every internal URL of the site, typed, so no component builds one by hand.
 * The route tree (routes.tsx) is declared from the same table.
 */
import { SERVICE_SLUGS } from './content/service-slugs';
import type { ServiceSlug } from './content/service-slugs';

export const PAGE_DATA_PREFIX = '/_data';

/** A service page's path: '/estate-planning'. */
export const servicePagePath = <S extends ServiceSlug>(slug: S): `/${S}` => `/${slug}`;

/** 'estate-planning' → 'estatePlanning': a service page's key in `paths`. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;
const camelCase = <S extends string>(slug: S) => slug.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()) as CamelCase<S>;

/** paths.estatePlanning is '/estate-planning', and so on for each of SERVICE_SLUGS. */
const servicePaths = Object.fromEntries(SERVICE_SLUGS.map((slug) => [camelCase(slug), servicePagePath(slug)])) as {
  readonly [S in ServiceSlug as CamelCase<S>]: `/${S}`;
};

export const paths = {
  home: '/',
  podcast: '/podcast',
  podcastPage: (page: number) => (page <= 1 ? '/podcast' : `/podcast?page=${page}`),
  episode: (id: string) => `/podcast/${encodeURIComponent(id)}`,
  /**
   * A moment of an episode (whole seconds): `?t=` for the player (read by the page's script) and
   * `#t=` for the passage that starts there (its id), which the browser scrolls to without script.
   */
  episodeMoment: (id: string, seconds: number) => `/podcast/${encodeURIComponent(id)}?t=${Math.floor(seconds)}#t=${Math.floor(seconds)}`,
  /** A host's or guest's page. */
  person: (id: string) => `/people/${encodeURIComponent(id)}`,
  press: '/press',
  contact: '/contact',
  ...servicePaths,
  privacy: '/privacy',
  terms: '/terms',
  accessibility: '/accessibility',
  subscribeApi: '/api/subscribe',
  /** The contact form's messages (server/forms/contact/); the form without JavaScript posts to /contact itself. */
  contactApi: '/api/contact',
  /** Atom 1.0: the newest episodes and press articles (server/pages/feeds.ts). */
  atomFeed: '/feed.xml',
  /** JSON Feed 1.1: the newest episodes, for podcast and feed apps. */
  episodeFeed: '/podcast/feed.json',
  /** RSS 2.0 with the itunes: and podcast: namespaces: the show's own feed for podcast apps. */
  podcastFeed: '/podcast/feed.xml',
  /** A page's loader data as JSON, for client-side navigations: '/_data/press', '/_data/podcast?page=2'. */
  pageData: (pathAndSearch: string) => `${PAGE_DATA_PREFIX}${pathAndSearch}`,
  health: '/healthz',
  /** 200 while the instance wants traffic, 503 once it is shutting down (server/http/readiness.ts). */
  ready: '/readyz',
} as const;

/** The six service pages, in the order of the route table. */
export const servicePagePaths: readonly `/${ServiceSlug}`[] = /* @__PURE__ */ SERVICE_SLUGS.map(servicePagePath);

/**
 * Every fixed page of the spec's route table, in its order (episode pages come
 * from the episode list; the legacy address only redirects). Tests, the
 * screenshot script and the sitemap walk this list.
 */
// Pure: the browser never reads the lists, and without the mark its bundle would keep them (every page loads this file).
export const staticPagePaths = /* @__PURE__ */ (() =>
  [paths.home, paths.podcast, paths.press, paths.contact, ...servicePagePaths, paths.privacy, paths.terms, paths.accessibility] as const)();

/** The favicon set and web app manifest; the PNGs and the manifest are generated at build (scripts/build/render-share-images.tsx). */
export const siteIcons = {
  svg: '/favicon.svg',
  png32: '/favicon-32.png',
  appleTouchIcon: '/apple-touch-icon.png',
  manifest: '/site.webmanifest',
} as const;

/** Anchor ids that other pages link to. */
export const anchors = {
  services: 'services',
  newsletter: 'contact',
  contactForm: 'message-form',
  episodes: 'episodes-section',
} as const;
