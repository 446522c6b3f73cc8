/**
 * Server-side rendering of the route tree. Per request: query the static
 * handler (built once), answer redirects as they are, otherwise render the
 * document with React's streaming renderer and the status the routes decided,
 * set before the first byte.
 */
import { renderToPipeableStream } from 'react-dom/server';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router-dom';
import type { RouteObject, StaticHandlerContext } from 'react-router-dom';
import { HIDDEN_ERROR_MESSAGE, serializeAppPayload, serializeRouteErrors } from '../shared/app-payload';
import { DocumentContext } from '../shared/document-context';
import { ERROR_BOUNDARY_ROUTE_ID } from '../shared/routes';
import { assetsForRoutes } from './asset-manifest';
import type { BuildManifest } from './asset-manifest';

export interface PageRendererOptions {
  routes: RouteObject[];
  /** Origin the request URL is built on; the Host header never reaches the routes. */
  siteUrl: string;
  /** Show error messages to visitors (development only). */
  exposeErrors: boolean;
  getManifest: () => BuildManifest;
  /** Give up on a render that takes longer than this. */
  renderTimeoutMs?: number;
}

/** HTML may change with any deploy, so browsers and proxies must revalidate it. */
export const HTML_CACHE_CONTROL = 'no-cache';

const LAST_RESORT_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Unexpected Application Error!</title></head>' +
  '<body><main><h1>Unexpected Application Error!</h1><p>Internal Server Error</p><p><a href="/">Return to Home</a></p></main></body></html>';

export function createPageRenderer(options: PageRendererOptions): RequestHandler {
  const handler = createStaticHandler(options.routes);
  const renderTimeoutMs = options.renderTimeoutMs ?? 10_000;

  function hideErrors(errors: StaticHandlerContext['errors']): StaticHandlerContext['errors'] {
    if (!errors || options.exposeErrors) return errors;
    return Object.fromEntries(
      Object.entries(errors).map(([id, error]) => [id, isRouteErrorResponse(error) ? error : new Error(HIDDEN_ERROR_MESSAGE)]),
    );
  }

  function documentFor(context: StaticHandlerContext) {
    const manifest = options.getManifest();
    const assets = assetsForRoutes(manifest, context.matches.map((match) => match.route.id));
    const payloadJson = serializeAppPayload({
      assets,
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeRouteErrors(context.errors, options.exposeErrors),
      },
    });
    const safeContext = { ...context, errors: hideErrors(context.errors) };
    const router = createStaticRouter(handler.dataRoutes, safeContext);
    return (
      <DocumentContext.Provider value={{ assets, payloadJson }}>
        <StaticRouterProvider router={router} context={safeContext} hydrate={false} />
      </DocumentContext.Provider>
    );
  }

  function stream(
    req: ExpressRequest,
    res: ExpressResponse,
    context: StaticHandlerContext,
    onShellError: (error: unknown) => void,
  ) {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(documentFor(context), {
      // Pages are static, so waiting for the whole tree costs nothing and
      // gives every visitor and crawler the same complete document.
      onAllReady() {
        clearTimeout(timer);
        res.status(failed ? 500 : context.statusCode);
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', HTML_CACHE_CONTROL);
        pipe(res);
      },
      onShellError(error) {
        clearTimeout(timer);
        onShellError(error);
      },
      onError(error) {
        failed = true;
        req.log.error({ err: error }, 'error while rendering page');
      },
    });
    const timer = setTimeout(() => abort(new Error(`render took longer than ${renderTimeoutMs} ms`)), renderTimeoutMs);
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) abort();
    });
  }

  return async function renderPage(req, res, next) {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    let context: StaticHandlerContext | Response;
    try {
      context = await handler.query(new Request(options.siteUrl + req.originalUrl, { signal: controller.signal }));
    } catch (error) {
      return next(error);
    }

    if (context instanceof Response) return sendRouterResponse(res, context);

    if (context.statusCode === 404) req.log.warn({ path: req.path }, 'page not found');
    for (const error of Object.values(context.errors ?? {})) {
      if (!isRouteErrorResponse(error)) req.log.error({ err: error }, 'route loader failed');
    }

    stream(req, res, context, (error) => {
      // A component threw while rendering: show the error screen inside the
      // layout, as the route boundary would in the browser.
      const errorContext: StaticHandlerContext = {
        ...(context as StaticHandlerContext),
        statusCode: 500,
        errors: { [ERROR_BOUNDARY_ROUTE_ID]: error },
      };
      stream(req, res, errorContext, (fallbackError) => {
        req.log.error({ err: fallbackError }, 'error screen failed to render');
        if (res.headersSent) return res.destroy();
        res.status(500).type('html').setHeader('Cache-Control', 'no-store').send(LAST_RESORT_HTML);
      });
    });
  };
}

/** Redirects thrown by loaders; only same-site targets are followed. */
function sendRouterResponse(res: ExpressResponse, response: Response) {
  const location = response.headers.get('Location');
  if (response.status >= 300 && response.status < 400 && location) {
    if (!location.startsWith('/') || location.startsWith('//')) {
      throw new Error(`Refusing to redirect off-site to ${location}`);
    }
    return res.redirect(response.status, location);
  }
  res.status(response.status).type('text/plain').send(response.statusText);
}
