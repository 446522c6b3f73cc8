/**
 * The stylesheet, written into each page's <head> instead of linked: the first
 * paint then waits for no request but the page itself (on a slow phone
 * network, the linked file cost a round trip after the HTML and competed with
 * the scripts for bandwidth). The Content-Security-Policy allows exactly this
 * text by its hash; `style-src` has no 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildManifest } from './asset-manifest';

export interface InlineStyles {
  css: string;
  /** The CSP source that allows it: 'sha256-…'. */
  cspSource: string;
}

export function readInlineStyles(rootDir: string, manifest: BuildManifest): InlineStyles {
  const css = manifest.entry.css.map((file) => readFileSync(path.join(rootDir, 'dist/client', file), 'utf8')).join('\n');
  return { css, cspSource: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}
