/**
 * Which stylesheet draws a page: its page module's own, with only the rules
 * its elements use (scripts/build/page-stylesheets.ts), or, for a route with
 * no page module (the not-found page), the whole site's. The server writes it
 * into the head (server/pages/inline-styles.ts); the browser loads the next
 * page's before showing that page (client/page-styles.ts).
 */
import type { Stylesheets } from './app-payload';
import { pageModuleOf } from './page-module';

/** `routeId`: the deepest matched route's, the page's own (for an error, the route that threw it). */
export function stylesheetFor(stylesheets: Stylesheets, routeId: string | undefined): string {
  return (routeId && stylesheets.pages[pageModuleOf(routeId)]) || stylesheets.site;
}
