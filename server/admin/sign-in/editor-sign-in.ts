/**
 * Who may reach the editor when the site is its backend (CMS_BACKEND=site, issue 46, decision 028): the
 * sign-in routes under /admin/auth/, and the two gates the admin surface (../admin-surface.ts) puts in
 * front of what they guard.
 *
 * - `router`: GET /admin/auth/login (to the provider), GET /admin/auth/callback (back from it; a session
 *   starts), POST /admin/auth/logout (it ends), and the sign-in pages' stylesheet.
 * - `requireEditor`: the editor's API (/admin/api/v1). JSON refusals, whose `error` Decap's proxy backend
 *   shows: 403 from another origin, 401 without a session, 403 for a person on neither list. Otherwise
 *   `res.locals.editor` is the SignedInEditor (./signed-in-editor.ts) and the request goes on.
 * - `requireEditorPage`: the editor's page and config. A sign-in page without a session, a 403 page
 *   naming the account for a person on neither list.
 *
 * The role is decided at each request from the configuration, never kept in the session.
 */
import express from 'express';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { asGitStores } from '../../config/sign-in';
import type { SignInConfig } from '../../config/sign-in';
import { roleOf } from './editor-access';
import { openIdProvider } from './openid-provider';
import type { OpenIdProvider } from './openid-provider';
import { fromSiteOrigin } from './same-origin';
import { SESSION_COOKIE, SIGN_IN_COOKIE, signInCookies } from './sign-in-cookies';
import {
  CALLBACK_PATH,
  crossSitePage,
  expiredLinkPage,
  LOGIN_PATH,
  LOGOUT_PATH,
  CONTENT_EDITOR,
  notAllowedPage,
  providerUnavailablePage,
  SITE_ANALYTICS,
  SIGN_IN_STYLESHEET,
  SIGN_IN_STYLESHEET_PATH,
  signInPage,
  unusableAddressPage,
  unverifiedEmailPage,
} from './sign-in-pages';
import type { GuardedPlace } from './sign-in-pages';
import { signInRateLimit } from './sign-in-rate-limit';
import { SignInTransactions, TRANSACTION_LIFETIME_MS } from './sign-in-transactions';
import { ABSOLUTE_LIFETIME_MS, SessionStore } from './session-store';
import type { Clock } from './session-store';
import { editorName } from './signed-in-editor';
import type { SignedInEditor } from './signed-in-editor';

export interface EditorSignInOptions {
  logger: Logger;
  /** The clock of sessions and sign-ins in progress; tests pass their own to end a session without waiting. */
  now?: Clock;
}

export interface EditorSignIn {
  router: Router;
  requireEditor: RequestHandler;
  requireEditorPage: RequestHandler;
  /** The analytics report's JSON and CSV (ANALYTICS_READERS): JSON refusals as requireEditor's; `res.locals.reader` past it. */
  requireReader: RequestHandler;
  /** The analytics report's page: a sign-in page without a session, a 403 page for a person not on ANALYTICS_READERS. */
  requireReaderPage: RequestHandler;
  /** The sessions held, for tests and for a future "sign everyone out". */
  sessions: SessionStore;
}

/** Who a session is: the provider's verified address and the cleaned name. */
type Session = { email: string; name: string };

/** Where a person goes after signing in, unless the sign-in started from another page of the editor. */
const EDITOR_HOME = '/admin/';
const ANALYTICS_HOME = '/admin/analytics';
export const SESSION_ENDED = 'Your session has ended: sign in again.';

/** The longest path to return to: it rides in the sign-in's cookie, which a browser keeps only under 4 kB. */
const RETURN_PATH_MAX_LENGTH = 1_000;

/** A path under /admin/ to return to, or undefined: another site, `//host`, a backslash trick or a novel are not. */
function returnPath(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.length <= RETURN_PATH_MAX_LENGTH && /^\/admin\/[^\\]*$/.test(raw) && !raw.includes('//')
    ? raw
    : undefined;
}

/** What went wrong, for the log: openid-client's message and the check that failed (its cause), never a token. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  // The provider's own OAuth error (invalid_grant: a code not for this PKCE verifier, already used, expired).
  const { error: code, error_description: description } = error as { error?: unknown; error_description?: unknown };
  const oauth = typeof code === 'string' ? ` [${code}${typeof description === 'string' ? `: ${description}` : ''}]` : '';
  return `${error.name}: ${error.message}${cause}${oauth}`;
}

/** Whether a failure was the provider being out of reach, rather than a sign-in that does not check out. */
function unreachable(error: unknown): boolean {
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT';
}

/** The sign-in, or undefined when nothing needs one: neither CMS_BACKEND=site nor ANALYTICS_READERS (decision 042). */
export function editorSignIn(config: AppConfig, options: EditorSignInOptions): EditorSignIn | undefined {
  const settings = config.signIn;
  if (!settings) return undefined;
  return signIn(config, settings, openIdProvider(settings, `${config.siteUrl}${CALLBACK_PATH}`), options);
}

function signIn(
  config: AppConfig,
  backend: SignInConfig,
  provider: OpenIdProvider,
  { logger, now = Date.now }: EditorSignInOptions,
): EditorSignIn {
  const sessions = new SessionStore(now);
  const transactions = new SignInTransactions(now);
  const cookies = signInCookies(config.siteUrl);
  const siteOrigin = new URL(config.siteUrl).origin;
  const log = (req: Request): Logger => (req as { log?: Logger }).log ?? logger;
  // Only the site backend has editors: with another backend, the sign-in is the analytics readers' alone.
  const people = config.cms.backend?.name === 'site' ? config.cms.backend : { editors: [], reviewers: [] };
  const readers = new Set(config.analytics.readers);
  // Where a person lands after signing in or out, unless they came from a page: the editor, or the report without one.
  const home = config.cms.backend?.name === 'site' || readers.size === 0 ? EDITOR_HOME : ANALYTICS_HOME;

  const html = (res: Response, status: number, body: string) => {
    res.status(status).setHeader('Cache-Control', 'no-store');
    res.type('html').send(body);
  };

  const router = express.Router({ caseSensitive: true, strict: true });
  // Mounted by the editor's surface, or by the app alone when only the analytics readers sign in: noindex either way.
  router.use('/admin/auth', (_req, res, next) => {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    next();
  });
  router.use('/admin/auth', signInRateLimit(backend.signInRateLimit, logger));

  router.get(SIGN_IN_STYLESHEET_PATH, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('css').send(SIGN_IN_STYLESHEET);
  });

  router.get(LOGIN_PATH, async (req, res) => {
    let started: Awaited<ReturnType<OpenIdProvider['begin']>>;
    try {
      started = await provider.begin(returnPath(req.query.return) ?? home);
    } catch (error) {
      log(req).error({ err: error, issuer: backend.oidc.issuer.href }, 'editor sign-in: the identity provider cannot be reached');
      html(res, 503, providerUnavailablePage());
      return;
    }
    cookies.set(req, res, SIGN_IN_COOKIE, transactions.seal(started.transaction), TRANSACTION_LIFETIME_MS);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, started.url.href);
  });

  router.get(CALLBACK_PATH, async (req, res) => {
    const transaction = transactions.open(cookies.read(req, SIGN_IN_COOKIE));
    cookies.clear(req, res, SIGN_IN_COOKIE);
    if (!transaction) {
      log(req).warn('editor sign-in refused: no sign-in in progress for this callback (forged, replayed, expired or from another browser)');
      html(res, 400, expiredLinkPage());
      return;
    }
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    let identity: Awaited<ReturnType<OpenIdProvider['complete']>>;
    try {
      identity = await provider.complete(query, transaction);
    } catch (error) {
      // The error names what failed (state, nonce, PKCE, the token's signature), never a token itself.
      const reason = reasonOf(error);
      if (unreachable(error)) {
        log(req).error({ reason }, 'editor sign-in: the identity provider cannot be reached');
        html(res, 503, providerUnavailablePage());
      } else {
        log(req).warn({ reason }, 'editor sign-in refused: the callback does not check out');
        html(res, 400, expiredLinkPage());
      }
      return;
    }
    if (!identity.email) {
      log(req).warn({ subject: identity.subject, email: identity.unverifiedEmail }, 'editor sign-in refused: no verified email address');
      html(res, 403, unverifiedEmailPage(identity.unverifiedEmail));
      return;
    }
    if (asGitStores(identity.email) !== identity.email) {
      // CMS_EDITORS and CMS_REVIEWERS cannot hold such an address (server/config/cms-site.ts): no role to give.
      log(req).warn({ subject: identity.subject, email: identity.email }, 'editor sign-in refused: an address git would record otherwise');
      html(res, 403, unusableAddressPage(identity.email));
      return;
    }
    const name = editorName(identity.name, identity.email);
    if (identity.name !== undefined && name !== identity.name) {
      log(req).warn({ subject: identity.subject, editor: identity.email, name }, 'editor sign-in: the name from the provider was cleaned');
    }
    // A fresh id at each sign-in; whatever session this browser had is over.
    sessions.end(cookies.read(req, SESSION_COOKIE));
    const id = sessions.create({ email: identity.email, name });
    cookies.set(req, res, SESSION_COOKIE, id, ABSOLUTE_LIFETIME_MS);
    const role = roleOf(identity.email, people) ?? (readers.has(identity.email) ? 'analytics reader' : 'none');
    log(req).info({ editor: identity.email, role }, 'editor signed in');
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, transaction.returnTo);
  });

  router.post(LOGOUT_PATH, (req, res) => {
    if (!fromSiteOrigin(req, siteOrigin)) {
      log(req).warn({ origin: req.get('origin') ?? null }, 'editor sign-out refused: not from the site');
      html(res, 403, crossSitePage());
      return;
    }
    const id = cookies.read(req, SESSION_COOKIE);
    const session = sessions.use(id);
    sessions.end(id);
    cookies.clear(req, res, SESSION_COOKIE);
    if (session) log(req).info({ editor: session.email }, 'editor signed out');
    res.redirect(303, home);
  });

  /**
   * The two gates of one guarded place: for its API (JSON refusals, whose `error` Decap's proxy backend shows:
   * 403 from another origin, 401 without a session, 403 for a person not on its list) and for its pages (a
   * sign-in page, a 403 page naming the account). `admit` gives what the place keeps in `res.locals[local]`.
   */
  function gates<T>(gate: {
    place: GuardedPlace;
    local: string;
    list: string;
    fromWhere: string;
    admit: (session: Session) => T | undefined;
  }) {
    const { place, local, list, fromWhere, admit } = gate;
    const api: RequestHandler = (req, res, next) => {
      // Whatever the answer, it is about one person: never kept by a cache.
      res.setHeader('Cache-Control', 'no-store');
      if (!fromSiteOrigin(req, siteOrigin)) {
        log(req).warn({ origin: req.get('origin') ?? null, method: req.method }, `${local} request refused: not from the site`);
        res.status(403).json({ error: `This request did not come from ${fromWhere}, so it was refused.` });
        return;
      }
      const session = sessions.use(cookies.read(req, SESSION_COOKIE));
      if (!session) {
        res.status(401).json({ error: SESSION_ENDED });
        return;
      }
      const admitted = admit(session);
      if (!admitted) {
        log(req).warn({ editor: session.email }, `${local} request refused: ${list}`);
        res.status(403).json({
          error: `You are signed in as ${session.email}, which is not on the list of ${place.list}: ask for it to be added, or sign in with another account.`,
        });
        return;
      }
      res.locals[local] = admitted;
      next();
    };
    const page: RequestHandler = (req, res, next) => {
      const session = sessions.use(cookies.read(req, SESSION_COOKIE));
      if (!session) {
        const back = returnPath(req.originalUrl);
        html(res, 200, signInPage(back === home ? undefined : back, place));
        return;
      }
      const admitted = admit(session);
      if (!admitted) {
        log(req).warn({ editor: session.email }, `${local} page refused: ${list}`);
        html(res, 403, notAllowedPage(session.email, place));
        return;
      }
      res.locals[local] = admitted;
      next();
    };
    return { api, page };
  }

  const editorGates = gates({
    place: CONTENT_EDITOR,
    local: 'editor',
    list: 'on neither CMS_EDITORS nor CMS_REVIEWERS',
    fromWhere: "the site's own editor",
    admit: (session): SignedInEditor | undefined => {
      const role = roleOf(session.email, people);
      return role && { email: session.email, name: session.name, role };
    },
  });
  const readerGates = gates({
    place: SITE_ANALYTICS,
    local: 'reader',
    list: 'not on ANALYTICS_READERS',
    fromWhere: "the site's own pages",
    admit: (session) => (readers.has(session.email.toLowerCase()) ? { email: session.email, name: session.name } : undefined),
  });
  const [requireEditor, requireEditorPage] = [editorGates.api, editorGates.page];
  const [requireReader, requireReaderPage] = [readerGates.api, readerGates.page];

  return { router, requireEditor, requireEditorPage, requireReader, requireReaderPage, sessions };
}
