/**
 * The routes that count the leads a page cannot count by itself (decision 044), in one router for
 * app.ts to mount after the page headers:
 *
 *   GET  /out?to=<url>&from=<path>  a click out to the scheduler (`schedule`) or a listening platform
 *        (`listen`): counted on the page `from`, then 303 to `to`. Only to an outside URL the published
 *        content links to (a table made once per content version): anything else is a 400 page, so the
 *        address can never be made to send a visitor somewhere we did not choose (no open redirect).
 *   POST /play  (text/plain: the episode page's path) a play of an episode's own player: 204, counted on that episode.
 *   POST /privacy/analytics  (the privacy page's plain form, `analytics=off|on`): sets or clears the
 *        opt-out cookie the not-counted rules honour (./not-counted.ts), then 303 back to the page.
 *
 * Bots, prefetches, HEAD, Sec-GPC and the opt-out cookie are left to the runtime's rules: a crawler
 * is sent on like anyone, and counted apart as a bot. With ANALYTICS=off nothing is counted and
 * everything else works the same (the links in the pages do not change with it).
 */
import express, { Router } from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Store } from 'express-rate-limit';
import { OUT_PATH } from '../../shared/counted-links';
import { ANALYTICS_CHOICE_PATH, choiceAnchor } from '../../shared/rules/lead-actions';
import { PLAY_PATH } from '../../shared/rules/play-beacon';
import { paths, staticPagePaths } from '../../shared/paths';
import { clientKey } from '../config/http';
import type { SiteContent } from '../content/publication';
import type { LeadAction } from './counts';
import { OPT_OUT_COOKIE } from './not-counted';
import type { SiteAnalytics } from './site-analytics';

/** The page a click-out counts on when its `from` is not a page of this site. */
export const NO_PAGE = '(none)';
/** A longer query is no link of ours (the longest outside URL in the content is far shorter). */
const MAX_QUERY_LENGTH = 4096;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const TEXT_TYPE = 'text/plain';
/** A play is one short path; a choice one word. */
const BODY_LIMIT = '1kb';
/** Plays a client may tell per minute: a person plays a few episodes; more is someone inflating the count. */
export const PLAY_RATE_LIMIT = { limit: 30, windowMs: 60_000 };
/** The opt-out is kept about 13 months (the CNIL's bound for what a browser is asked to keep), renewed by pressing again. */
const OPT_OUT_MAX_AGE_MS = 396 * 86_400_000;
const PLAY_ERRORS = {
  unsupportedType: 'Send the play as text/plain: the episode page’s path, e.g. /podcast/<episode>.',
  crossSite: 'Plays are counted only from this site’s own pages.',
  tooLarge: 'A play is one episode path: the body is too large.',
  unreadable: 'The body could not be read as text.',
  badPath: 'The body is not the path of an episode page of this site: send the episode page’s path, e.g. /podcast/<episode>.',
  rateLimited: 'Too many plays from this client; try again in a minute.',
};

export interface LeadRoutesOptions {
  /** The counting runtime; absent with ANALYTICS=off (the routes still redirect, answer and set the choice). */
  analytics: SiteAnalytics | undefined;
  /** The site served now (read per request: a new content version brings its own links). */
  site: { current(): { content: SiteContent } };
  siteUrl: string;
  /** The forms' cross-site check (server/forms/intake/same-site.ts), handed in by app.ts: this room imports no other. */
  crossSiteRefusal: (req: Request, siteUrl: string) => string | undefined;
  /** Where the plays' rate limit is kept: shared by replicas (PostgreSQL) when there is one. */
  storage: { rateLimitStore(limiter: string): Store | undefined };
  /** Tests make it small; a limit of 0 is none. */
  playRateLimit?: { limit: number; windowMs: number };
}

type ClickOut = Extract<LeadAction, 'schedule' | 'listen'>;

interface Targets {
  /** Every outside URL the pages count a click-out to, exactly as the content spells it, and which lead it is. */
  out: Map<string, ClickOut>;
  /** The pages of the site, by their path in lower case without a trailing slash (as the routes match), to their canonical path. */
  pages: Map<string, string>;
  episodes: Map<string, string>;
}

/** A path as the route table matches it: any case, trailing slashes. */
const routed = (path: string) => path.toLowerCase().replace(/(.)\/+$/, '$1');
const byRoute = (canonical: string[]) => new Map(canonical.map((path) => [routed(path), path]));

/** What the content links to, made once per content version (the same lists the components are given). */
const targetsByContent = new WeakMap<SiteContent, Targets>();
function targetsOf(content: SiteContent): Targets {
  let targets = targetsByContent.get(content);
  if (targets) return targets;
  const { externalUrls } = content.site;
  const out = new Map<string, ClickOut>([[externalUrls.scheduler, 'schedule']]);
  const listen = [externalUrls.applePodcasts, externalUrls.spotifyShow];
  for (const episode of content.episodes)
    listen.push(...[episode.actions?.href, episode.applePodcastsUrl, episode.spotifyUrl].filter((url) => url !== undefined));
  for (const url of listen) if (!out.has(url)) out.set(url, 'listen');
  const episodePaths = content.episodes.map((episode) => paths.episode(episode.id));
  const episodes = byRoute(episodePaths);
  const pages = byRoute([...staticPagePaths, ...episodePaths, ...content.people.map((person) => paths.person(person.id))]);
  targetsByContent.set(content, (targets = { out, pages, episodes }));
  return targets;
}

type RefusalWords = { title: string; message: string; back: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A plain page in the content's words: nothing to fetch, nothing to run (as server/pages/refusal-pages.tsx). */
function refusal(res: Response, status: number, words: RefusalWords, backHref: string, firmName: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  res
    .status(status)
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(`${words.title} | ${firmName}`)}</title></head>` +
        `<body><main><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.message)}</p>` +
        `<p><a href="${escapeHtml(backHref)}">${escapeHtml(words.back)}</a></p></main></body></html>`,
    );
}

/** The one value of a query parameter, or undefined when it is absent or repeated. */
function single(values: string[]): string | undefined {
  return values.length === 1 ? values[0] : undefined;
}

export function leadRoutes(options: LeadRoutesOptions): Router {
  const { analytics, siteUrl } = options;
  const rateLimitStore = options.storage.rateLimitStore('play');
  const content = () => options.site.current().content;
  const router = Router();
  const secure = new URL(siteUrl).protocol === 'https:';

  const out: RequestHandler = (req, res) => {
    const current = content();
    const { out: targets, pages } = targetsOf(current);
    const query = req.originalUrl.slice(req.originalUrl.indexOf('?') + 1 || req.originalUrl.length);
    const params = query.length <= MAX_QUERY_LENGTH ? new URLSearchParams(query) : undefined;
    const to = params && single(params.getAll('to'));
    const action = to === undefined ? undefined : targets.get(to);
    if (to === undefined || action === undefined) {
      req.log.warn({ to: to?.slice(0, 200) }, 'click-out refused: not an outside link of the content');
      return refusal(res, 400, current.site.outRefused, paths.home, current.site.firm.name);
    }
    const from = single(params!.getAll('from'));
    analytics?.lead(req, action, (from !== undefined && pages.get(routed(from))) || NO_PAGE);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex');
    // The outside site learns nothing of the page the visitor was on (the link itself is noreferrer too).
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.redirect(303, to);
  };
  router.get(OUT_PATH, out);

  const playJson = (res: Response, status: number, error: string) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).json({ ok: false, error });
  };
  const { limit, windowMs } = options.playRateLimit ?? PLAY_RATE_LIMIT;
  const playLimiter: RequestHandler =
    limit > 0
      ? rateLimit({
          windowMs,
          limit,
          standardHeaders: 'draft-7',
          legacyHeaders: false,
          keyGenerator: (req) => clientKey(req.ip ?? ''),
          store: rateLimitStore,
          // A store out of reach lets the play through: a count is not worth refusing a visitor over.
          passOnStoreError: rateLimitStore !== undefined,
          validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
          handler: (_req, res) => playJson(res, 429, PLAY_ERRORS.rateLimited),
        })
      : (_req, _res, next) => next();
  const formBody = express.urlencoded({ limit: BODY_LIMIT, extended: false, type: FORM_TYPE, parameterLimit: 5 });

  router.post(
    PLAY_PATH,
    (req, res, next) => {
      if (req.is(TEXT_TYPE) !== TEXT_TYPE) return playJson(res, 415, PLAY_ERRORS.unsupportedType);
      if (options.crossSiteRefusal(req, siteUrl)) return playJson(res, 403, PLAY_ERRORS.crossSite);
      next();
    },
    express.text({ limit: BODY_LIMIT, type: TEXT_TYPE }),
    playLimiter,
    (req, res) => {
      const asked: unknown = req.body;
      const path = typeof asked === 'string' ? targetsOf(content()).episodes.get(routed(asked)) : undefined;
      if (!path) return playJson(res, 400, PLAY_ERRORS.badPath);
      analytics?.lead(req, 'play', path);
      res.setHeader('Cache-Control', 'no-store');
      res.status(204).end();
    },
  );

  router.post(ANALYTICS_CHOICE_PATH, (req, res, next) => {
    const current = content();
    const words = current.privacy.analyticsChoice;
    // No form on the privacy page: nothing takes this post (the 405 below app.ts's pages).
    if (!words) return next();
    const refuse = (status: number) => refusal(res, status, words.refused, paths.privacy, current.site.firm.name);
    if (req.is(FORM_TYPE) !== FORM_TYPE) return refuse(415);
    const crossSite = options.crossSiteRefusal(req, siteUrl);
    if (crossSite) {
      req.log.warn({ reason: crossSite }, 'analytics choice refused: cross-site request');
      return refuse(403);
    }
    formBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      const choice: unknown = (req.body as Record<string, unknown> | undefined)?.analytics;
      if (choice !== 'off' && choice !== 'on') return refuse(400);
      // Strictly necessary: it carries only the refusal, is never read by a script, and goes with a page's own requests only.
      const cookie = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
      if (choice === 'off') res.cookie(OPT_OUT_COOKIE, '1', { ...cookie, maxAge: OPT_OUT_MAX_AGE_MS });
      else res.clearCookie(OPT_OUT_COOKIE, cookie);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, `${paths.privacy}?analytics=${choice}#${choiceAnchor(words.section, choice)}`);
    });
  });

  // The body parser's refusals (too large, unreadable, a charset it cannot read), in words, never a 500.
  const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 500 ? (error.status as number) : 0;
    if (!status || (req.path !== PLAY_PATH && req.path !== ANALYTICS_CHOICE_PATH)) return next(error);
    if (req.path === PLAY_PATH) {
      return playJson(
        res,
        status === 413 ? 413 : status === 415 ? 415 : 400,
        status === 413 ? PLAY_ERRORS.tooLarge : PLAY_ERRORS.unreadable,
      );
    }
    const current = content();
    const words = current.privacy.analyticsChoice!;
    refusal(res, status === 413 ? 413 : 400, words.refused, paths.privacy, current.site.firm.name);
  };
  router.use(bodyErrors);
  return router;
}
