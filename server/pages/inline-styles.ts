/**
 * The page's stylesheet, written into its <head> instead of linked: the first
 * paint then waits for no request but the page itself (on a slow phone
 * network, the linked file cost a round trip after the HTML and competed with
 * the scripts for bandwidth). Each page carries its own stylesheet, not the
 * whole site's (shared/page-stylesheet.ts). The Content-Security-Policy allows
 * exactly these texts by their hashes; `style-src` has no 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stylesheetsOf } from './asset-manifest';
import type { BuildManifest } from './asset-manifest';

export interface InlineStyles {
  /** The text the head carries for these stylesheet URLs (DocumentAssets.styles). */
  cssOf(styles: readonly string[]): string;
  /** The CSP sources that allow every page's: 'sha256-…'. */
  cspSources: string[];
}

export function readInlineStyles(rootDir: string, manifest: BuildManifest): InlineStyles {
  const { pages, site } = stylesheetsOf(manifest);
  const texts = new Map([site, ...Object.values(pages)].map((url) => [url, readFileSync(path.join(rootDir, 'dist/client', url), 'utf8')]));
  const cssOf = (styles: readonly string[]) =>
    styles
      .map((url) => {
        const css = texts.get(url);
        if (css === undefined) throw new Error(`${url} is no stylesheet of the build manifest`);
        return css;
      })
      .join('\n');
  const hashOf = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  return { cssOf, cspSources: [...new Set([...texts.values()].map(hashOf))] };
}
