import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router-dom';
import { APP_PAYLOAD_ELEMENT_ID } from '../app-payload';
import { useDocumentData } from '../document-context';
import { documentTitle, resolvePageMeta } from '../page-meta';

/**
 * The whole HTML document: the one place that writes <head>. It is the root
 * route's element, so server and client render it from the same tree.
 */
export function Document() {
  const { assets, payloadJson } = useDocumentData();
  const meta = resolvePageMeta(useMatches());
  useEffect(() => {
    // A marker for browser tests and scripts that need to know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{documentTitle(meta)}</title>
        <meta name="description" content={meta.description} />
        <meta name="theme-color" content="#0f2942" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script type="module" src={assets.entryScript} />
      </head>
      <body>
        <Outlet />
        <script
          type="application/json"
          id={APP_PAYLOAD_ELEMENT_ID}
          dangerouslySetInnerHTML={{ __html: payloadJson }}
        />
      </body>
    </html>
  );
}
