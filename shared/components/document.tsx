import { useContext, useEffect, useInsertionEffect } from 'react';
import { Outlet, UNSAFE_DataRouterStateContext as DataRouterStateContext, useMatches } from 'react-router-dom';
import type { UIMatch } from 'react-router-dom';
import { APP_PAYLOAD_ELEMENT_ID } from '../app-payload';
import { INLINE_STYLES_ELEMENT_ID, useDocumentData } from '../document-context';
import { findPageHead } from '../page-head';
import type { PageHead } from '../page-head';
import { paths, siteIcons } from '../paths';
import { useSiteData } from '../site-data';
import type { SiteData } from '../site-data';

/**
 * The head of the page on screen: the deepest matched route's loader data,
 * or the data of the error a route threw (a 404 carries its screen's head).
 */
function usePageHead(matches: UIMatch[], site: SiteData): PageHead {
  const errors = useContext(DataRouterStateContext)?.errors;
  const errorData = Object.values(errors ?? {}).map((error) => (error as { data?: unknown } | null)?.data);
  return findPageHead([...matches.map((match) => match.data), ...errorData]) ?? site.errorHead;
}

/**
 * The whole HTML document: the one place that writes <head>. It is the root
 * route's element, so server and client render it from the same tree.
 */
export function Document() {
  const { assets, payloadJson, inlineStyles, showStylesFor } = useDocumentData();
  const matches = useMatches();
  const site = useSiteData();
  const head = usePageHead(matches, site);
  const pageRouteId = matches.at(-1)?.id;
  // A page reached by a link: its stylesheet in place of the last page's, before any layout effect reads the
  // page's layout (ScrollRestoration's restoring the scroll position) and before the browser paints it.
  useInsertionEffect(() => showStylesFor?.(pageRouteId), [pageRouteId, showStylesFor]);
  useEffect(() => {
    // A marker for browser tests and scripts: the page's top has hydrated. Parts hydrated later
    // (HydrateLater) follow; waitForHydration in scripts/local/browser.ts waits for those too.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.robots && <meta name="robots" content={head.robots} />}
        {head.canonicalUrl && <link rel="canonical" href={head.canonicalUrl} />}
        {head.meta.map((tag) => (
          <meta key={`${tag.property ?? tag.name}=${tag.content}`} {...tag} />
        ))}
        <meta name="theme-color" content="#0f2942" />
        <link rel="icon" href={siteIcons.svg} type="image/svg+xml" />
        <link rel="icon" href={siteIcons.png32} sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href={siteIcons.appleTouchIcon} />
        <link rel="manifest" href={siteIcons.manifest} />
        <link rel="alternate" type="application/atom+xml" href={paths.atomFeed} title={site.firm.name} />
        <link rel="alternate" type="application/feed+json" href={paths.episodeFeed} title={site.podcastName} />
        <link rel="alternate" type="application/rss+xml" href={paths.podcastFeed} title={site.podcastName} />
        {head.lcpImage && <link rel="preload" as="image" href={head.lcpImage} fetchPriority="high" />}
        <style id={INLINE_STYLES_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: inlineStyles }} />
        {/* The entry waits for the first paint, then imports the modules named in
            data-preload (client/entry.ts): nothing but the HTML, its inline styles
            and the hero image competes with the first paint. */}
        <script type="module" src={assets.entryScript} data-preload={assets.deferredModules.join(' ')} fetchPriority="low" />
        {head.jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />}
      </head>
      <body>
        <Outlet />
        <script type="application/json" id={APP_PAYLOAD_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: payloadJson }} />
      </body>
    </html>
  );
}
