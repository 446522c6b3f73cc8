/**
 * Server-side rendering of the route tree. `query` runs the static handler
 * (built once) for a URL: a redirect, or the router context with the status
 * the routes decided. `render` turns a context into the complete HTML
 * document with React's streaming renderer, waiting for the whole tree, since
 * pages are static and every visitor and crawler gets the same document.
 * server/pages/page-cache.ts decides when to call them.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router-dom';
import type { RouteObject, StaticHandlerContext } from 'react-router-dom';
import type { Logger } from 'pino';
import { HIDDEN_ERROR_MESSAGE, serializeAppPayload, serializeRouteErrors } from '../../shared/app-payload';
import type { DocumentAssets } from '../../shared/app-payload';
import { DocumentContext } from '../../shared/document-context';
import { ERROR_BOUNDARY_ROUTE_ID } from '../../shared/routes';
import { assetsForRoutes } from './asset-manifest';
import type { BuildManifest } from './asset-manifest';

export interface PageRendererOptions {
  routes: RouteObject[];
  /** Origin the request URL is built on; the Host header never reaches the routes. */
  siteUrl: string;
  /** Show error messages to visitors (development only). */
  exposeErrors: boolean;
  getManifest: () => BuildManifest;
  /** The text of the page's stylesheets (DocumentAssets.styles), to write into <head>. */
  getInlineStyles: (styles: readonly string[]) => string;
  /** Give up on a render that takes longer than this. */
  renderTimeoutMs?: number;
}

export type QueryResult = { kind: 'redirect'; status: number; location: string } | { kind: 'page'; context: StaticHandlerContext };

export interface RenderedDocument {
  status: number;
  html: string;
}

const LAST_RESORT_HTML =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Unexpected Application Error!</title></head>' +
  '<body><main><h1>Unexpected Application Error!</h1><p>Internal Server Error</p><p><a href="/">Return to Home</a></p></main></body></html>';

export type PageRenderer = ReturnType<typeof createPageRenderer>;

export function createPageRenderer(options: PageRendererOptions) {
  const handler = createStaticHandler(options.routes);
  const renderTimeoutMs = options.renderTimeoutMs ?? 10_000;

  function hideErrors(errors: StaticHandlerContext['errors']): StaticHandlerContext['errors'] {
    if (!errors || options.exposeErrors) return errors;
    return Object.fromEntries(
      Object.entries(errors).map(([id, error]) => [id, isRouteErrorResponse(error) ? error : new Error(HIDDEN_ERROR_MESSAGE)]),
    );
  }

  /** The assets the document names, and the payload it hands the browser (shared/app-payload.ts). */
  function payloadOf(context: StaticHandlerContext): { assets: DocumentAssets; payloadJson: string } {
    const assets = assetsForRoutes(
      options.getManifest(),
      context.matches.map((match) => match.route.id),
    );
    const payloadJson = serializeAppPayload({
      assets,
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeRouteErrors(context.errors, options.exposeErrors),
      },
    });
    return { assets, payloadJson };
  }

  function documentFor(context: StaticHandlerContext) {
    const { assets, payloadJson } = payloadOf(context);
    const safeContext = { ...context, errors: hideErrors(context.errors) };
    const router = createStaticRouter(handler.dataRoutes, safeContext);
    return (
      <DocumentContext.Provider value={{ assets, payloadJson, inlineStyles: options.getInlineStyles(assets.styles) }}>
        <StaticRouterProvider router={router} context={safeContext} hydrate={false} />
      </DocumentContext.Provider>
    );
  }

  /** Renders the whole tree into a string; rejects when the shell cannot render. */
  function renderToString(context: StaticHandlerContext, log: Logger): Promise<RenderedDocument> {
    return new Promise((resolve, reject) => {
      let failed = false;
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          clearTimeout(timer);
          resolve({ status: failed ? 500 : context.statusCode, html: Buffer.concat(chunks).toString('utf8') });
          done();
        },
      });
      const { pipe, abort } = renderToPipeableStream(documentFor(context), {
        onAllReady: () => pipe(sink),
        // Every Suspense boundary in its place in the HTML. Past this many bytes React would move a
        // finished boundary (shared/components/hydrate-later.ts) to the document's end, with an inline
        // script to put it back, which the CSP refuses (decision 001): the page would stay without it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          failed = true;
          log.error({ err: error }, 'error while rendering page');
        },
      });
      const timer = setTimeout(() => abort(new Error(`render took longer than ${renderTimeoutMs} ms`)), renderTimeoutMs);
    });
  }

  return {
    payloadOf,

    async query(pathAndSearch: string): Promise<QueryResult> {
      const result = await handler.query(new Request(options.siteUrl + pathAndSearch));
      if (!(result instanceof Response)) return { kind: 'page', context: result };
      const location = result.headers.get('Location');
      // Redirects thrown by loaders; only same-site targets are followed.
      if (result.status >= 300 && result.status < 400 && location?.startsWith('/') && !location.startsWith('//')) {
        return { kind: 'redirect', status: result.status, location };
      }
      throw new Error(`A route answered ${result.status} ${location ? `to ${location}` : ''}, which pages cannot send`);
    },

    /**
     * The page at `path` with `extra` added to its own data: one visitor's
     * page, rendered for them alone and never cached (the contact form,
     * answered with what they typed and what is wrong with it).
     */
    async renderWithData(path: string, extra: Record<string, unknown>, log: Logger): Promise<RenderedDocument> {
      const result = await this.query(path);
      if (result.kind !== 'page') throw new Error(`${path} redirects; it cannot show a form`);
      const { context } = result;
      const leaf = context.matches[context.matches.length - 1]!.route.id;
      const loaderData = { ...context.loaderData, [leaf]: { ...(context.loaderData[leaf] as object), ...extra } };
      return this.render({ ...context, loaderData }, log);
    },

    /**
     * The document for a context. A component that throws while rendering
     * gets the error screen inside the layout, as the route boundary would in
     * the browser; should that fail too, a plain last-resort page.
     */
    async render(context: StaticHandlerContext, log: Logger): Promise<RenderedDocument> {
      for (const error of Object.values(context.errors ?? {})) {
        if (!isRouteErrorResponse(error)) log.error({ err: error }, 'route loader failed');
      }
      try {
        return await renderToString(context, log);
      } catch (error) {
        log.error({ err: error }, 'page failed to render; showing the error screen');
        const errorContext: StaticHandlerContext = {
          ...context,
          statusCode: 500,
          errors: { [ERROR_BOUNDARY_ROUTE_ID]: error },
        };
        try {
          return { ...(await renderToString(errorContext, log)), status: 500 };
        } catch (fallbackError) {
          log.error({ err: fallbackError }, 'error screen failed to render');
          return { status: 500, html: LAST_RESORT_HTML };
        }
      }
    },
  };
}

/**
 * The data of the page a context shows, as the browser's loaders expect it:
 * the deepest route's loader data, or the data of the error it threw.
 */
export function pageDataOf(context: StaticHandlerContext, exposeErrors: boolean): unknown {
  if (context.errors) {
    const [error] = Object.values(context.errors);
    return isRouteErrorResponse(error)
      ? error.data
      : { message: exposeErrors && error instanceof Error ? error.message : HIDDEN_ERROR_MESSAGE };
  }
  for (let i = context.matches.length - 1; i >= 0; i--) {
    const data = context.loaderData[context.matches[i]!.route.id];
    if (data !== undefined) return data;
  }
  return null;
}

/** The route pattern a context matched ('/podcast/:episodeId'): a bounded label for logs and metrics. */
export function routePatternOf(context: StaticHandlerContext): string {
  const leaf = context.matches[context.matches.length - 1]?.route;
  if (context.statusCode === 404 || !leaf) return 'not-found';
  const pattern = context.matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join('/');
  return `/${pattern}`.replace(/\/+/g, '/');
}
