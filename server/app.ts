/**
 * The Express application, built by a factory so tests can drive it with
 * supertest without opening a port. server/index.ts is what listens.
 */
import type { ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import type { RouteObject } from 'react-router-dom';
import { PAGE_DATA_PREFIX, paths } from '../shared/paths';
import { createRoutes } from '../shared/routes';
import { chooseEpisodeMedia } from '../shared/rules/episode-media';
import { BUILD_MANIFEST_PATH, readBuildManifest } from './pages/asset-manifest';
import type { BuildManifest } from './pages/asset-manifest';
import type { AppConfig } from './config';
import { createContentStore, followContent } from './content/content-store';
import type { ContentStore } from './content/content-store';
import { ContentError } from './content/load-content';
import type { SiteContent } from './content/publication';
import type { Metrics } from './http/metrics';
import { createSignUps } from './forms/newsletter/sign-ups';
import type { SubscribeOptions } from './forms/newsletter/sign-ups';
import { createContactMessages } from './forms/contact/contact-messages';
import type { ContactOptions } from './forms/contact/contact-messages';
import { trustProxyWarning } from './forms/intake/form-endpoint';
import { Outbox } from './forms/outbox/outbox';
import type { OutboxTimings } from './forms/outbox/outbox';
import { createFastLane } from './http/fast-lane';
import { immutableAssets, readImmutableAssets } from './http/immutable-assets';
import { rejectMalformedPath } from './http/malformed-path';
import { createPageCache } from './pages/page-cache';
import { createPageLoaders } from './pages/route-loaders';
import { readInlineStyles } from './pages/inline-styles';
import type { InlineStyles } from './pages/inline-styles';
import { createPageRenderer } from './pages/render-page';
import { createReadiness } from './http/readiness';
import { requestLog } from './http/request-log';
import { openStorage } from './forms/storage/storage';
import { securityHeaders } from './http/security-headers';
import { readShareImageManifest, SHARE_IMAGE_MANIFEST_PATH } from './pages/share-image-manifest';
import { sitemapRouter } from './pages/sitemap';
import { feedsRouter } from './pages/feeds';

export interface AppDependencies {
  logger: Logger;
  /** Routes added inside the layout; tests use it to add a route that fails. */
  extraRoutes?: RouteObject[];
  /** Newsletter tuning (timeout, rate limit, provider); tests make them fast. */
  newsletter?: SubscribeOptions;
  /** Retry timings and concurrency of the outbox (server/forms/outbox/); tests make them fast. */
  outbox?: Partial<OutboxTimings>;
  /** Contact form tuning (rate limit, SMTP time limit); tests make them fast. */
  contact?: ContactOptions;
  /** Prometheus metrics (server/http/metrics.ts); server/index.ts makes them when METRICS_PORT is set. */
  metrics?: Metrics;
  /** The content files (server/content/); by default content/ under rootDir, read at once. Tests bring their own. */
  content?: ContentStore;
}

const ONE_YEAR = '365d';
const PUBLIC_FILES_MAX_AGE = '1d';

/** What a static file needs of the security headers: no MIME sniffing, no use by other sites. */
const STATIC_FILE_HEADERS = new Map([
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
]);
const staticFileHeaders = (res: ServerResponse) => res.setHeaders(STATIC_FILE_HEADERS);

export function createApp(
  config: AppConfig,
  { logger, extraRoutes = [], newsletter, outbox: outboxTimings, contact, metrics, content }: AppDependencies,
) {
  const app = express();
  const manifestPath = path.join(config.rootDir, BUILD_MANIFEST_PATH);
  // Read once in production; in development the client is rebuilt under us.
  const productionManifest = config.isProduction ? readBuildManifest(manifestPath) : undefined;
  const getManifest = (): BuildManifest => productionManifest ?? readBuildManifest(manifestPath);
  const productionStyles = productionManifest && readInlineStyles(config.rootDir, productionManifest);
  const getInlineStyles = (): InlineStyles => productionStyles ?? readInlineStyles(config.rootDir, getManifest());

  // The content files (server/content/): checked now, so a broken file stops
  // the start with every problem listed. In development drafts and scheduled
  // items show with a badge, and edited files are read again on the next request.
  const contentStore =
    content ?? createContentStore({ rootDir: config.rootDir, preview: !config.isProduction, watch: !config.isProduction, logger });
  // Share cards (og:image) come from the build's manifest, read once here.
  const shareImages = readShareImageManifest(path.join(config.rootDir, SHARE_IMAGE_MANIFEST_PATH));

  // What the page layers below serve, built from the content of the moment:
  // the loaders, the page cache (rendered once per page), the sitemap, the old
  // addresses and the outside origins the CSP must allow. Built once, and again
  // only when the content changes: a scheduled item's publishAt has passed, or
  // (development) a file was edited. The old cache then goes with the old content.
  const publishedSite = followContent(contentStore, (current: SiteContent) => {
    const renderer = createPageRenderer({
      routes: createRoutes(createPageLoaders({ siteUrl: config.siteUrl, shareImages }, current), {
        redirects: current.redirects,
        extraPages: extraRoutes,
      }),
      siteUrl: config.siteUrl,
      exposeErrors: !config.isProduction,
      getManifest,
      getInlineStyles: () => getInlineStyles().css,
    });
    return {
      content: current,
      renderer,
      pages: createPageCache({
        renderer,
        siteUrl: config.siteUrl,
        exposeErrors: !config.isProduction,
        enabled: config.isProduction,
        onLookup: metrics && ((result) => metrics.pageCacheLookups.inc({ result })),
      }),
      sitemap: sitemapRouter(config.siteUrl, current),
      feeds: feedsRouter(config.siteUrl, current),
      // Keys in lower case: Express matched these paths without regard to case, and still does for every route.
      redirects: new Map(current.redirects.flatMap(({ from, to }) => [[from.toLowerCase(), to], [`${from.toLowerCase()}/`, to]])),
      contentSources: contentSourcesOf(current),
    };
  });

  // The headers every page and API answer carries (server/http/security-headers.ts).
  const pageHeaders = securityHeaders({
    siteUrl: config.siteUrl,
    styleSources: () => [getInlineStyles().cspSource],
    contentSources: () => publishedSite().contentSources,
  });

  // 1. Where the client really is, when a reverse proxy says so.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');

  // 1a. Metrics (server/http/metrics.ts), when METRICS_PORT is set: first, so
  //     every request is timed and counted by route pattern. The page cache
  //     (3, 10) and the newsletter (7) report into the same registry below.
  if (metrics) app.use(metrics.httpMiddleware);

  // 1a'. Where what visitors send is kept (server/forms/storage/storage.ts): the ledger
  //      files, or PostgreSQL with DATABASE_URL (shared by every replica,
  //      rate limits included). Opened now, connected on first use: pages
  //      never wait on it. Used by readiness (1b) and the outbox (7).
  const storage = openStorage(config, logger);

  // 1b. Readiness (server/http/readiness.ts): GET /readyz (3a), and once server/index.ts
  //     calls `app.readiness.leave()` on SIGTERM, /readyz answers 503 and
  //     every answer says `Connection: close`, so the proxy moves on before
  //     this instance stops accepting.
  //     With DATABASE_URL, /readyz also fails while the database is down (1a').
  const readiness = createReadiness(
    storage.kind === 'postgres'
      ? {
          problem: storage.problem,
          logger,
          downMessage: 'The database cannot be reached: sign-ups and messages are refused until it is back. Pages are still served.',
        }
      : undefined,
  );
  app.use(readiness.middleware);

  // 2. Request id and one log line per request (server/http/request-log.ts). A
  //    proxy's X-Request-Id is kept so log lines can be followed across hops.
  app.use(requestLog(logger));

  // 3. Pages are rendered once and kept in memory (server/pages/page-cache.ts):
  //    one already rendered is answered here, with the page headers of
  //    step 6, so the most frequent request skips the layers in between
  //    (health checks, static files: about a tenth of its cost, decision
  //    007). Only URLs the page handler (step 10) has resolved are known
  //    here, never a file's.
  app.use((req, res, next) => {
    const { pages } = publishedSite();
    return pages.isRendered(req) ? pageHeaders(req, res, () => pages.fromMemory(req, res, next)) : next();
  });

  // 3a. Health and readiness checks for the container and the proxy (not
  //     logged: step 2 leaves them out), before anything that could fail.
  app.get(paths.ready, readiness.readyHandler);
  app.get(paths.health, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  // 3b. A path that cannot be percent-decoded is one clear 400
  //     (server/http/malformed-path.ts), before the static handlers would each
  //     trip over it in their own way.
  app.use(rejectMalformedPath);

  // 4. Hashed build output never changes under a name: cache it for a year.
  //    The build wrote brotli and gzip copies beside each text file, so the
  //    encoding a browser asks for is a file to send, never work to do.
  //    A missing asset is a 404 here, not a rendered page. Files carry only
  //    the two security headers that apply to them: the page headers (CSP and
  //    the rest, step 6) would add a kilobyte to each of a page's requests.
  //    In production what a page load fetches is held in memory
  //    (server/http/immutable-assets.ts); the rest is read from disk.
  const assetsDir = path.join(config.rootDir, 'dist/client/assets');
  const heldAssets = config.isProduction ? readImmutableAssets(assetsDir) : undefined;
  if (heldAssets) app.use('/assets', immutableAssets(heldAssets, STATIC_FILE_HEADERS));
  app.use(
    '/assets',
    expressStaticGzip(assetsDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: ONE_YEAR, index: false, fallthrough: false, setHeaders: staticFileHeaders },
    }),
  );

  // 5. Other public files (images, video, favicon), copied and precompressed
  //    by the build, keep their names across deploys: a moderate lifetime.
  //    Only paths under the folder's own top-level names look there, so a page
  //    request costs no file-system lookup.
  const publicDir = path.join(config.rootDir, 'dist/public');
  const publicNames = new Set(existsSync(publicDir) ? readdirSync(publicDir) : []);
  const publicFiles = expressStaticGzip(publicDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { maxAge: PUBLIC_FILES_MAX_AGE, index: false, redirect: false, setHeaders: staticFileHeaders },
  });
  app.use((req, res, next) => (publicNames.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next()));

  // 6. Security headers for everything below.
  app.use(pageHeaders);

  // 7. What visitors send us, kept on disk before they are told anything: one
  //    outbox (server/forms/outbox/) delivers each ledger's pending records, with
  //    retries, and is stopped by server/index.ts on shutdown.
  const outbox = new Outbox({ logger, timings: { leaseMs: config.outboxLeaseSeconds * 1000, ...outboxTimings } });

  // 7a. Newsletter sign-ups (server/forms/newsletter/): the ledger in
  //     NEWSLETTER_FILE, its queue to the provider, and POST /api/subscribe
  //     with its guards (server/forms/intake/: body limit, rate limit, cross-site
  //     check, honeypot); every other method there is a 405. Its answers are
  //     the only bodies made per request, so the only ones compressed per request.
  const signUps = createSignUps(config, {
    logger,
    outbox,
    store: storage.signUps,
    rateLimitStore: storage.rateLimitStore('newsletter'),
    onOutcome: metrics && ((outcome) => metrics.newsletterSignups.inc({ outcome })),
    ...newsletter,
  });
  metrics?.setOutboxBacklogSource(() => storage.signUps.backlog());
  app.use(paths.subscribeApi, compression());
  app.use(signUps.router);

  // 7b. Contact messages (server/forms/contact/): the ledger in CONTACT_FILE (the
  //     inbox without SMTP), its queue to the firm's SMTP server, and
  //     POST /api/contact behind the same guards. The form without
  //     JavaScript posts to /contact itself: a refusal is answered with the
  //     page, rendered for that visitor alone with what they typed.
  const contactMessages = createContactMessages(config, {
    logger,
    outbox,
    store: storage.messages,
    rateLimitStore: storage.rateLimitStore('contact'),
    form: () => publishedSite().content.contact.form,
    renderForm: async (state, log) => (await publishedSite().renderer.renderWithData(paths.contact, { contactForm: state }, log)).html,
    onOutcome: metrics && ((outcome) => metrics.contactMessages.inc({ outcome })),
    ...contact,
  });
  metrics?.setContactBacklogSource(() => storage.messages.backlog());
  app.use(paths.contactApi, compression());
  app.use(contactMessages.router);

  outbox.start();

  // Behind a proxy, without TRUST_PROXY, every visitor would share each rate limit: say so once.
  const sharedBudgets =
    config.trustProxy === false &&
    trustProxyWarning([
      { noun: 'newsletter sign-up', limit: signUps.rateLimit.limit, per: 'minute' },
      { noun: 'contact message', limit: contactMessages.rateLimit.limit, per: 'hour' },
    ]);
  if (sharedBudgets) logger.warn(sharedBudgets);

  // 8. Old blog addresses (content/redirects.yaml): a plain 301, no React
  //    needed. Matched with and without the trailing slash.
  app.get('/{*path}', (req, res, next) => {
    const to = publishedSite().redirects.get(req.path.toLowerCase());
    return to ? res.redirect(301, to) : next();
  });

  // 9. /sitemap.xml (every canonical page and episode) and /robots.txt,
  //    built from the path table, the content and SITE_URL
  //    (server/pages/sitemap.ts). Before the pages, which would answer 404.
  app.use((req, res, next) => publishedSite().sitemap(req, res, next));

  // 9a. /feed.xml (Atom: the newest episodes and articles) and
  //     /podcast/feed.json (JSON Feed: the newest episodes), built like the
  //     sitemap (server/pages/feeds.ts). Before the pages: /podcast/feed.json would
  //     otherwise be looked up as an episode.
  app.use((req, res, next) => publishedSite().feeds(req, res, next));

  // 10. Every other GET or HEAD is a page of the route tree, rendered once
  //     (step 3); /_data/<path> is the same page's data as JSON, for
  //     client-side navigations.
  Object.defineProperty(app.locals, 'pageCache', { get: () => publishedSite().pages });
  app.get([PAGE_DATA_PREFIX, `${PAGE_DATA_PREFIX}/{*path}`], (req, res, next) => publishedSite().pages.dataHandler(req, res, next));
  app.get('/{*path}', (req, res, next) => publishedSite().pages.pageHandler(req, res, next));

  // 11. Pages can only be read (and /contact takes its form's POST, step 7b).
  app.all('/{*path}', (req, res) => {
    res.setHeader('Allow', req.path.toLowerCase().replace(/\/$/, '') === paths.contact ? 'GET, HEAD, POST' : 'GET, HEAD');
    res.status(405).type('text/plain').send('Method Not Allowed: pages can only be read with GET or HEAD.');
  });

  app.use(errorHandler(config));

  // 12. The fast lane (server/http/fast-lane.ts, decision 015) is what the HTTP
  //     server runs (server/index.ts): in front of all of the above, it
  //     answers a page the cache holds (3) or a held asset (4) itself, with
  //     the same headers, log line and metrics, and hands Express the rest.
  //     Only in production: in development nothing is held. FAST_LANE=off
  //     (config.fastLane) leaves Express to answer everything.
  const requestListener =
    config.isProduction && config.fastLane
      ? createFastLane({
          app,
          pages: () => publishedSite().pages,
          pageHeaders: pageHeaders.forRequest,
          assets: heldAssets && { held: heldAssets, headers: STATIC_FILE_HEADERS },
          readiness,
          logger,
          metrics,
        })
      : app;
  return Object.assign(app, { signUps, contactMessages, outbox, readiness, storage, requestListener });
}

/** The outside origins of the content's own media: audio files and cover images served from elsewhere. */
function contentSourcesOf(content: SiteContent) {
  const originsOf = (urls: (string | undefined)[]) =>
    [...new Set(urls.filter((url): url is string => !!url && url.startsWith('https://')).map((url) => new URL(url).origin))].sort();
  return {
    // Only where the page plays the file itself: a video episode's audioUrl is never fetched.
    media: originsOf(content.episodes.map((episode) => (chooseEpisodeMedia(episode).kind === 'audio' ? episode.audioUrl : undefined))),
    images: originsOf([...content.episodes.map((episode) => episode.image), ...content.press.map((item) => item.image)]),
  };
}

/** A page that shows, in development, what is wrong with the content files, so the editor can fix it. */
function contentErrorPage(error: ContentError): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content errors</title></head><body>' +
    `<main><h1>The content files have ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}</h1>` +
    `<ul>${error.problems.map((problem) => `<li><code>${escape(problem)}</code></li>`).join('')}</ul>` +
    '<p>Fix the files and reload this page.</p></main></body></html>'
  );
}

/** Last stop: log with the request id, answer without internals. */
function errorHandler(config: AppConfig): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof ContentError && !config.isProduction && !res.headersSent) {
      res.status(500).setHeader('Cache-Control', 'no-store').type('html').send(contentErrorPage(err));
      return;
    }
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message =
      status < 500 && err?.expose !== false && typeof err?.message === 'string'
        ? err.message
        : config.isProduction
          ? 'Internal Server Error'
          : String(err?.message ?? err);
    res.status(status).setHeader('Cache-Control', 'no-store').type('text/plain').send(status === 404 ? 'Not Found' : message);
  };
}
