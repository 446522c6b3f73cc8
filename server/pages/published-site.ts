/**
 * Everything the page layers serve, built from the content of the moment: the
 * route loaders and renderer, the page cache (each page rendered once), the
 * sitemap and feeds, the old addresses, and the outside origins the CSP must
 * allow. Built once, and again only when the content changes: a scheduled
 * item's publishAt has passed, or (development) a file was edited. The old
 * cache then goes with the old content.
 */
import path from 'node:path';
import { Router } from 'express';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { RouteObject } from 'react-router-dom';
import { createRoutes } from '../../shared/routes';
import { chooseEpisodeMedia } from '../../shared/rules/episode-media';
import type { AppConfig } from '../config';
import { createContentStore } from '../content/content-store';
import type { ContentStore } from '../content/content-store';
import type { SiteContent } from '../content/publication';
import { BUILD_MANIFEST_PATH, readBuildManifest } from './asset-manifest';
import type { BuildManifest } from './asset-manifest';
import { feedsRouter } from './feeds';
import { readInlineStyles } from './inline-styles';
import type { InlineStyles } from './inline-styles';
import type { EncodedBody } from './encoded-body';
import { createPageCache } from './page-cache';
import type { PageCacheOptions } from './page-cache';
import { COUNTED_HTML_CACHE_CONTROL, HTML_CACHE_CONTROL } from './page-answers';
import { PODCAST_COVER_MANIFEST_PATH, readPodcastCover } from './podcast-cover';
import { podcastRouter } from './podcast-feed';
import { createRefusalPages } from './refusal-pages';
import type { RenderAdmission } from './render-admission';
import { createPageRenderer } from './render-page';
import { createSearchPages } from './search-pages';
import { createRouteLoaders } from './route-loaders';
import { readShareImageManifest, SHARE_IMAGE_MANIFEST_PATH } from './share-image-manifest';
import { sitemapEntries, sitemapRouter } from './sitemap';

export interface PublishedSiteOptions {
  logger: Logger;
  /** The content files; by default content/ under rootDir, read at once. Tests bring their own. */
  content?: ContentStore;
  /** Routes added inside the layout; tests use it to add a route that fails. */
  extraRoutes?: RouteObject[];
  /** Told about every page cache lookup, for metrics. */
  onPageLookup?: (result: 'hit' | 'miss') => void;
  /** Admits pages made per request, for every content version alike (./render-admission.ts). */
  admission?: RenderAdmission;
  /** Told about every page made per request, for metrics. */
  onRenderedPerRequest?: () => void;
  /** Told about every page sent: a page view (server/analytics/); absent, pages say a shared cache may keep them. */
  countPage?: PageCacheOptions['countPage'];
}

export type PublishedSite = ReturnType<typeof createPublishedSite>;

export function createPublishedSite(config: AppConfig, options: PublishedSiteOptions) {
  const { logger, content, extraRoutes = [], onPageLookup, admission, onRenderedPerRequest, countPage } = options;
  const manifestPath = path.join(config.rootDir, BUILD_MANIFEST_PATH);
  // Read once in production; in development the client is rebuilt under us.
  const productionManifest = config.isProduction ? readBuildManifest(manifestPath) : undefined;
  const getManifest = (): BuildManifest => productionManifest ?? readBuildManifest(manifestPath);
  const productionStyles = productionManifest && readInlineStyles(config.rootDir, productionManifest);
  const getInlineStyles = (): InlineStyles => productionStyles ?? readInlineStyles(config.rootDir, getManifest());

  // Checked now, so a broken file stops the start with every problem listed.
  // In development drafts and scheduled items show with a badge, and edited
  // files are read again on the next request.
  const contentStore =
    content ?? createContentStore({ rootDir: config.rootDir, preview: !config.isProduction, watch: !config.isProduction, logger });
  // Share cards (og:image) come from the build's manifest, read once here.
  const shareImages = readShareImageManifest(path.join(config.rootDir, SHARE_IMAGE_MANIFEST_PATH));
  // The show's square cover for podcast apps, likewise.
  const podcastCover = readPodcastCover(path.join(config.rootDir, PODCAST_COVER_MANIFEST_PATH));

  const build = (published: SiteContent, previousBodies?: Map<string, EncodedBody>) => {
    const renderer = createPageRenderer({
      routes: createRoutes(createRouteLoaders({ siteUrl: config.siteUrl, shareImages }, published), {
        redirects: published.redirects,
        extraPages: extraRoutes,
      }),
      siteUrl: config.siteUrl,
      exposeErrors: !config.isProduction,
      getManifest,
      getInlineStyles: (styles) => getInlineStyles().cssOf(styles),
    });
    return {
      content: published,
      renderer,
      pages: createPageCache({
        renderer,
        siteUrl: config.siteUrl,
        exposeErrors: !config.isProduction,
        enabled: config.isProduction,
        previousBodies,
        onLookup: onPageLookup,
        admission,
        searchPages: createSearchPages(renderer, config.siteUrl),
        refusals: createRefusalPages(published.site),
        onRenderedPerRequest,
        countPage,
        cacheControl: countPage ? COUNTED_HTML_CACHE_CONTROL : HTML_CACHE_CONTROL,
      }),
      sitemap: sitemapRouter(config.siteUrl, published),
      // The Atom and JSON feeds; /podcast/feed.xml and each episode's chapters.json, transcript.vtt and .json.
      feeds: Router().use(
        feedsRouter(config.siteUrl, published),
        podcastRouter({ siteUrl: config.siteUrl, rootDir: config.rootDir, cover: podcastCover }, published),
      ),
      // Keys in lower case: Express matched these paths without regard to case, and still does for every route.
      redirects: new Map(
        published.redirects.flatMap(({ from, to }) => [
          [from.toLowerCase(), to],
          [`${from.toLowerCase()}/`, to],
        ]),
      ),
      contentSources: contentSourcesOf(published),
    };
  };
  type Built = ReturnType<typeof build>;

  // What is served: a content store (the image's content/, or a followed commit's) and what was built from
  // it, rebuilt only when the store's version moves (a scheduled item's time has come, a file was edited).
  let store = contentStore;
  let uploadsDir: string | undefined;
  let built: { store: ContentStore; version: number; value: Built } | undefined;
  function current(): Built {
    const { content, version } = store.current();
    if (built?.store !== store || built.version !== version) built = { store, version, value: build(content) };
    return built.value;
  }

  /**
   * Serves another content version (a followed commit): everything is built and
   * every page rendered for it first, while requests are answered from the
   * version served; then one assignment swaps it in. A request sees one version
   * or the other, and none waits for the new one.
   */
  async function swapTo(next: ContentStore, nextUploadsDir: string | undefined, { warm = true } = {}) {
    const { content, version } = next.current();
    // What the new version leaves unchanged (most pages, for one episode edited) is not compressed again.
    const value = build(content, built?.value.pages.keptBodies());
    const pageUrls = sitemapEntries(config.siteUrl, content).map((entry) => entry.loc.slice(config.siteUrl.length) || '/');
    // Before the first version there is nothing to keep serving meanwhile: its pages are made on first request, as at any start.
    if (warm) await value.pages.warm(pageUrls, logger);
    built = { store: next, version, value };
    store = next;
    uploadsDir = nextUploadsDir;
  }

  return {
    /** The site of the moment: read it per request, never keep it. */
    current,
    swapTo,
    /** The served commit's own uploads folder (public/media/uploads of it), when one is followed. */
    uploadsDir: () => uploadsDir,
    /** What the CSP must allow for the inline stylesheets and the content's own media. */
    styleSources: () => getInlineStyles().cspSources,
    contentSources: () => current().contentSources,
    /** Old blog addresses (content/redirects.yaml): a plain 301, with and without the trailing slash. */
    redirects: ((req, res, next) => {
      const to = current().redirects.get(req.path.toLowerCase());
      return to ? res.redirect(301, to) : next();
    }) as RequestHandler,
  };
}

/** The outside origins of the content's own media: audio files and cover images served from elsewhere. */
function contentSourcesOf(content: SiteContent): { media: string[]; images: string[] } {
  const originsOf = (urls: (string | undefined)[]) =>
    [...new Set(urls.filter((url): url is string => !!url && url.startsWith('https://')).map((url) => new URL(url).origin))].sort();
  return {
    // Only where the page plays the file itself: a video episode's audioUrl is never fetched.
    media: originsOf(content.episodes.map((episode) => (chooseEpisodeMedia(episode).kind === 'audio' ? episode.audioUrl : undefined))),
    images: originsOf([...content.episodes.map((episode) => episode.image), ...content.press.map((item) => item.image)]),
  };
}
