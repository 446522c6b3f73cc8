import type { UIMatch } from 'react-router-dom';
import { firm } from './content/site';

export interface PageMeta {
  /** Page name without the firm suffix; undefined for the home page. */
  title?: string;
  description: string;
}

/** What a route declares in its `handle` so the document head can describe it. */
export interface RouteHandle {
  meta: (loaderData: unknown) => PageMeta;
}

const defaultMeta: PageMeta = { description: `${firm.name}: ${firm.tagline}.` };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).meta === 'function';
}

/** The deepest matched route that describes itself wins. */
export function resolvePageMeta(matches: UIMatch[]): PageMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    if (isRouteHandle(match.handle)) return match.handle.meta(match.data);
  }
  return defaultMeta;
}

export function documentTitle(meta: PageMeta): string {
  return meta.title ? `${meta.title} | ${firm.name}` : `${firm.name} | ${firm.tagline}`;
}
