/**
 * The build manifest (written by scripts/build/build.ts) maps the client entry and
 * each page module to its hashed files, so the document head can name the
 * exact script, stylesheets and preloads a URL needs.
 */
import { readFileSync } from 'node:fs';
import type { DocumentAssets, Stylesheets } from '../../shared/app-payload';
import { stylesheetFor } from '../../shared/page-stylesheet';
import { pageModuleOf } from '../../shared/page-module';

export interface BuildChunk {
  file: string;
  /** Every chunk this one imports statically, transitively. */
  imports: string[];
  css: string[];
}

export interface BuildManifest {
  /** The one script the HTML names (client/entry.ts). */
  entry: BuildChunk;
  /** The hydrating code the entry imports after the first paint, with the framework among its imports. */
  hydrate: BuildChunk;
  /** Keyed by page module file name, e.g. 'home-page'. */
  pages: Record<string, BuildChunk>;
  /**
   * Modules a page imports with import() on its own (the transcript's behaviour, the forms' request code),
   * keyed by source path: the server names none of them; the budget table measures a page with them in use.
   */
  lazy: Record<string, BuildChunk>;
  /** The hashed icon sprite. */
  iconSprite: string;
}

export const BUILD_MANIFEST_PATH = 'dist/build-manifest.json';

/** A JSON file the build writes; missing, the server cannot start, and says what to do. */
export function readBuildOutput<T>(file: string, what: string): T {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No ${what} at ${file}: run "npm run build" first.`);
  }
  return JSON.parse(text) as T;
}

export function readBuildManifest(file: string): BuildManifest {
  return readBuildOutput<BuildManifest>(file, 'client build');
}

export function assetsForRoutes(manifest: BuildManifest, routeIds: string[]): DocumentAssets {
  const preloads = new Set([manifest.hydrate.file, ...manifest.hydrate.imports]);
  for (const routeId of routeIds) {
    const page = manifest.pages[pageModuleOf(routeId)];
    if (!page) continue;
    preloads.add(page.file);
    page.imports.forEach((file) => preloads.add(file));
  }
  preloads.delete(manifest.entry.file);
  const stylesheets = stylesheetsOf(manifest);
  return {
    entryScript: manifest.entry.file,
    deferredModules: [...preloads],
    styles: [stylesheetFor(stylesheets, routeIds.at(-1))],
    stylesheets,
    iconSprite: manifest.iconSprite,
  };
}

/** Each page module's stylesheet, and the whole site's (the entry's). */
export function stylesheetsOf(manifest: BuildManifest): Stylesheets {
  const pages = Object.entries(manifest.pages).flatMap(([page, chunk]) => (chunk.css[0] ? [[page, chunk.css[0]] as const] : []));
  const site = manifest.entry.css[0];
  if (!site) throw new Error('The client build has no stylesheet: client/entry.ts imports shared/styles/site.css');
  return { pages: Object.fromEntries(pages), site };
}
