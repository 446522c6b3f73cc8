/**
 * The Express application, built by a factory so tests can drive it with supertest without opening a
 * port. This file only wires: each step is a module of a room, mounted in the order a request meets them.
 * - server/http/   the edge: proxy trust, metrics, readiness, request log, security headers, static files, errors
 * - server/pages/  what makes a page: content, rendering, the page cache, what is made per request, sitemap, feeds
 * - server/forms/  what visitors send and where it goes: the two forms, their guards, the outbox and the stores
 * - server/analytics/ visits, sources and leads counted (decision 038), and its report (server/analytics-report/)
 * server/index.ts listens, and puts the fast lane (server/http/fast-lane.ts) in front of this app.
 */
import compression from 'compression';
import express from 'express';
import type { Logger } from 'pino';
import type { RouteObject } from 'react-router-dom';
import { PAGE_DATA_PREFIX, paths } from '../shared/paths';
import { adminSurface } from './admin/admin-surface';
import { editorSignIn } from './admin/sign-in/editor-sign-in';
import { analyticsReport } from './analytics-report/report-routes';
import { leadRoutes } from './analytics/lead-routes';
import { siteAnalyticsFor, withLeads } from './analytics/site-analytics';
import type { AppConfig } from './config';
import type { ContentStore } from './content/content-store';
import { contentWebhook, describeFollowing, followBranch } from './content-sync/follow-branch';
import { CONTACT_BODY_LIMIT } from './forms/contact/contact-handler';
import { createContactMessages, type ContactOptions } from './forms/contact/contact-messages';
import { trustProxyWarning } from './forms/intake/form-endpoint';
import { crossSiteRefusal } from './forms/intake/same-site';
import { ACCEPTED_SIGN_UP_OUTCOMES, createSignUps, type SubscribeOptions } from './forms/newsletter/sign-ups';
import { BODY_LIMIT as SUBSCRIBE_BODY_LIMIT } from './forms/newsletter/subscribe-handler';
import { Outbox } from './forms/outbox/outbox';
import type { OutboxTimings } from './forms/outbox/retry-schedule';
import { openStorage, storageReadiness } from './forms/storage/storage';
import { errorHandler, methodNotAllowed } from './http/error-handler';
import { rejectMalformedPath } from './http/malformed-path';
import type { Metrics } from './http/metrics';
import { OPENAPI_PATH, openApiDocument } from './http/openapi/openapi-document';
import { createReadiness, healthHandler } from './http/readiness';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { STATIC_FILE_HEADERS, staticFiles } from './http/static-files';
import { createPublishedSite } from './pages/published-site';
import { siteRenderAdmission } from './pages/render-admission';

export interface AppDependencies {
  logger: Logger;
  /** Routes added inside the layout; tests use it to add a route that fails. */
  extraRoutes?: RouteObject[];
  /** Newsletter tuning (timeout, rate limit, provider); tests make them fast. */
  newsletter?: SubscribeOptions;
  /** Retry timings and concurrency of the outbox; tests make them fast. */
  outbox?: Partial<OutboxTimings>;
  /** Contact form tuning (rate limit, SMTP time limit); tests make them fast. */
  contact?: ContactOptions;
  /** Prometheus metrics; server/index.ts makes them when METRICS_PORT is set. */
  metrics?: Metrics;
  /** The content files; by default content/ under rootDir, read at once. Tests bring their own. */
  content?: ContentStore;
}

export function createApp(config: AppConfig, dependencies: AppDependencies) {
  const { logger, metrics } = dependencies;
  const app = express();

  // The ledger files, or PostgreSQL with DATABASE_URL: opened now, connected on first use, so pages never wait on it.
  const storage = openStorage(config, logger);
  // Pages made per request: a budget per client (shared by replicas with DATABASE_URL) and one bounded queue.
  const renders = siteRenderAdmission(config.renders, storage.renderBudgetStore(), {
    onRefused: metrics && ((reason) => metrics.pagesRefused.inc({ reason })),
    onQueue: metrics?.setRenderQueue,
  });
  // Visits counted on the server (ANALYTICS, decision 038): every page sent is handed to it (index.ts starts and stops it).
  const analytics = siteAnalyticsFor(config, logger);
  // What the page steps serve, rebuilt when the content changes (a broken content file stops the start here).
  const site = createPublishedSite(config, {
    logger,
    content: dependencies.content,
    extraRoutes: dependencies.extraRoutes,
    onPageLookup: metrics && ((result) => metrics.pageCacheLookups.inc({ result })),
    admission: renders,
    onRenderedPerRequest: metrics && (() => metrics.pagesRenderedPerRequest.inc()),
    countPage: analytics?.page,
  });
  // CONTENT_REPO: the site follows the content branch, swapping in each good head once built (server/content-sync/).
  const contentSync = followBranch(config, { site, logger, database: storage.database, metrics });
  const pageHeaders = securityHeaders({ siteUrl: config.siteUrl, styleSources: site.styleSources, contentSources: site.contentSources });
  const readiness = createReadiness(
    storageReadiness(storage, logger),
    contentSync && (() => ({ content: describeFollowing(contentSync.status()) })),
  );

  // 1. Where the client really is, when a reverse proxy says so.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // 2. Metrics first, so every request is timed and counted by route pattern.
  if (metrics) app.use(metrics.httpMiddleware);
  // 3. While leaving the rotation, every answer closes its connection.
  app.use(readiness.middleware);
  // 4. Request id and one log line per request.
  app.use(requestLog(logger));
  // 5. A page already rendered is answered from memory, with the page headers,
  //    before the steps in between (a tenth of its cost, decision 007).
  app.use((req, res, next) => {
    const { pages } = site.current();
    return pages.has(req) ? pageHeaders(req, res, () => pages.sendCached(req, res, next)) : next();
  });
  // 6. Health and readiness, before anything that could fail (not logged).
  app.get(paths.ready, readiness.readyHandler);
  app.get(paths.health, healthHandler);
  // 7. A request-target that is not a path, or a path that cannot be percent-decoded, is one clear 400.
  app.use(rejectMalformedPath);
  // 8. Hashed assets (a year) and public files (a day), with the file headers only.
  const files = staticFiles(config, site.uploadsDir);
  app.use(files.router);
  // 9. The page headers (CSP and the rest) for everything below.
  app.use(pageHeaders);
  // 10. What visitors send, kept before they are told anything; one outbox
  //     delivers both forms' records (stopped by server/index.ts on shutdown).
  //     Their answers are the only bodies compressed per request; an accepted one is a lead, counted by its page.
  const outbox = new Outbox({ logger, timings: { leaseMs: config.outboxLeaseSeconds * 1000, ...dependencies.outbox } });
  const signUps = createSignUps(config, {
    logger,
    outbox,
    store: storage.signUps,
    rateLimitStore: storage.rateLimitStore('newsletter'),
    onOutcome: withLeads(analytics, 'newsletter', ACCEPTED_SIGN_UP_OUTCOMES, (outcome) => metrics?.newsletterSignups.inc({ outcome })),
    ...dependencies.newsletter,
  });
  const contactMessages = createContactMessages(config, {
    logger,
    outbox,
    store: storage.messages,
    rateLimitStore: storage.rateLimitStore('contact'),
    form: () => site.current().content.contact.form,
    // The form without JavaScript posts to /contact itself: a refusal is the page with what they typed, admitted per request.
    renderForm: (state, req) => site.current().pages.madeFor(req, paths.contact, { contactForm: state }),
    onOutcome: withLeads(analytics, 'contact', ['received'], (outcome) => metrics?.contactMessages.inc({ outcome })),
    ...dependencies.contact,
  });
  metrics?.setOutboxBacklogSource(() => storage.signUps.backlog());
  metrics?.setContactBacklogSource(() => storage.messages.backlog());
  app.use([paths.subscribeApi, paths.contactApi], compression());
  app.use(signUps.router);
  app.use(contactMessages.router);
  outbox.start();
  const sharedBudgets = trustProxyWarning(config.trustProxy, [
    { noun: 'newsletter sign-up', limit: signUps.rateLimit.limit, per: 'minute' },
    { noun: 'contact message', limit: contactMessages.rateLimit.limit, per: 'hour' },
  ]);
  if (sharedBudgets) logger.warn(sharedBudgets);
  app.use(leadRoutes({ analytics, site, storage, siteUrl: config.siteUrl, crossSiteRefusal })); // 10a. /out, /play, opt-out: decision 044
  // 10b. A git host's push webhook (CONTENT_WEBHOOK_SECRET): 202, then the branch is fetched.
  app.use(contentWebhook(contentSync));
  // 11. Old blog addresses: a plain 301, no React needed.
  app.get('/{*path}', site.redirects);
  // 12. /sitemap.xml, /robots.txt, the feeds, episodes' chapters and transcripts, before the pages (not episodes).
  app.use((req, res, next) => site.current().sitemap(req, res, next));
  app.use((req, res, next) => site.current().feeds(req, res, next));
  // The staff's sign-in (OIDC_*, decision 042), for CMS_BACKEND=site and ANALYTICS_READERS; the report for the latter.
  const signIn = editorSignIn(config, { logger });
  const report = analyticsReport(config, { store: analytics?.store, signIn });
  // 12b. /api/openapi.json: the API above as OpenAPI 3.1, of the forms' own rules; built once per content version.
  app.get(
    OPENAPI_PATH,
    openApiDocument({
      siteUrl: config.siteUrl,
      metricsPort: config.metricsPort,
      subscribe: { bodyLimit: SUBSCRIBE_BODY_LIMIT, rateLimit: signUps.rateLimit },
      contact: {
        bodyLimit: CONTACT_BODY_LIMIT,
        rateLimit: contactMessages.rateLimit,
        topics: () => site.current().content.contact.form.topics,
      },
      analytics: report?.apiFacts,
    }),
  );
  // 13. /admin: the report, under the site's CSP (decision 041); the editor, with its own CSP (absent in production
  //     without CMS_BACKEND; with CMS_BACKEND=site it mounts the sign-in, and its API on CONTENT_REPO).
  if (report) app.use(report.routes);
  const admin = adminSurface(config, { logger, signIn, contentSync, contentSources: site.contentSources });
  if (admin) app.use(admin);
  // 14. Every other GET or HEAD is a page of the route tree, rendered once; /_data/<path> its data for navigations.
  Object.defineProperty(app.locals, 'pageCache', { get: () => site.current().pages });
  app.get([PAGE_DATA_PREFIX, `${PAGE_DATA_PREFIX}/{*path}`], (req, res, next) => site.current().pages.dataHandler(req, res, next));
  app.get('/{*path}', (req, res, next) => site.current().pages.pageHandler(req, res, next));
  // 15. Any other method is a 405 (a page a form posts to also allows POST).
  app.all('/{*path}', methodNotAllowed([...signUps.pagePaths, ...contactMessages.pagePaths]));
  // 16. Logged with the request id, answered without internals.
  app.use(errorHandler(config));
  // What the fast lane needs to answer in front of this app, when it does (server/http/fast-lane.ts).
  const fastLane = {
    pages: () => site.current().pages,
    pageHeaders: pageHeaders.forRequest,
    assets: files.heldAssets && { held: files.heldAssets, headers: STATIC_FILE_HEADERS },
    readiness,
    logger,
    metrics,
    countPage: analytics?.page,
  };
  return Object.assign(app, { signUps, contactMessages, outbox, readiness, storage, fastLane, contentSync, analytics });
}
