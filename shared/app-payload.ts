/**
 * The data the server hands to the browser: the router's hydration state and
 * the asset list the document head was rendered with. It travels in a
 * non-executable <script type="application/json">, so the CSP needs no inline
 * script allowance and the HTML of a URL is the same for every request.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router-dom';
import type { HydrationState } from 'react-router-dom';
import { jsonForScriptElement } from './script-json';

export const APP_PAYLOAD_ELEMENT_ID = 'app-payload';

/** The stylesheets pages are drawn with (shared/page-stylesheet.ts). */
export interface Stylesheets {
  /** Each page module's own (scripts/build/page-stylesheets.ts), by page module. */
  pages: Record<string, string>;
  /** The whole site's, for a route with no page module (the not-found page). */
  site: string;
}

export interface DocumentAssets {
  /** This page's stylesheet URLs, in order. */
  styles: string[];
  /** Every page's, so the browser can load the next page's before showing it. */
  stylesheets: Stylesheets;
  /** The client entry module: the one script the HTML names. */
  entryScript: string;
  /** The modules hydration and the matched routes need, which the entry loads in parallel once the page has painted. */
  deferredModules: string[];
  /** The SVG sprite every icon is drawn from. */
  iconSprite: string;
}

type SerializedError =
  | { __type: 'RouteErrorResponse'; status: number; statusText: string; data: unknown; internal: boolean }
  | { __type: 'Error'; message: string };

export interface AppPayload {
  assets: DocumentAssets;
  router: {
    loaderData: HydrationState['loaderData'];
    actionData: HydrationState['actionData'];
    errors: Record<string, SerializedError> | null;
  };
}

/** Message sent for unexpected errors when their real text must stay on the server. */
export const HIDDEN_ERROR_MESSAGE = 'Unexpected Server Error';

/**
 * Turns route errors into JSON. Thrown Responses keep status and text; other
 * errors keep their message only when `exposeMessages` (never in production).
 */
export function serializeRouteErrors(errors: HydrationState['errors'], exposeMessages: boolean): AppPayload['router']['errors'] {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      out[routeId] = {
        __type: 'RouteErrorResponse',
        status: error.status,
        statusText: error.statusText,
        data: error.data,
        internal: Boolean((error as { internal?: boolean }).internal),
      };
    } else {
      const message = error instanceof Error && exposeMessages ? error.message : HIDDEN_ERROR_MESSAGE;
      out[routeId] = { __type: 'Error', message };
    }
  }
  return out;
}

/** Rebuilds the error objects the route boundaries expect. */
export function deserializeRouteErrors(errors: AppPayload['router']['errors']): HydrationState['errors'] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    out[routeId] =
      error.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(error.status, error.statusText, error.data, error.internal)
        : Object.assign(new Error(error.message), { stack: '' });
  }
  return out;
}

/** The payload as the text of its <script type="application/json"> element. */
export function serializeAppPayload(payload: AppPayload): string {
  return jsonForScriptElement(payload);
}
