/**
 * Turns esbuild's metafile into the manifest the server reads: the client
 * entry, the hydrating module it loads, and each page module, with the hashed
 * files they load.
 */
import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { BuildChunk, BuildManifest } from '../../server/pages/asset-manifest';

export const CLIENT_ENTRY = 'client/entry.ts';
/** What the entry imports once the page has painted. */
const HYDRATE_MODULE = 'client/hydrate.tsx';
const PAGE_MODULE = /^shared\/pages\/([\w-]+)\.tsx$/;

/**
 * Turns esbuild's metafile into the entry/page → files map the server needs.
 * `pageStylesheets`: each page module's own stylesheet (./page-stylesheets.ts), its `css`.
 */
export function manifestFromMetafile(
  metafile: esbuild.Metafile,
  iconSprite: string,
  pageStylesheets: Record<string, string> = {},
): BuildManifest {
  const outputs = metafile.outputs;
  const publicUrl = (outputPath: string) => `/assets/${path.relative('dist/client/assets', outputPath)}`;

  const staticImports = (outputPath: string, seen = new Set<string>()): Set<string> => {
    for (const imported of outputs[outputPath]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return seen;
  };
  const chunkFor = (outputPath: string): BuildChunk => {
    const output = outputs[outputPath]!;
    return {
      file: publicUrl(outputPath),
      imports: [...staticImports(outputPath)].map(publicUrl),
      css: output.cssBundle ? [publicUrl(output.cssBundle)] : [],
    };
  };

  let entry: BuildChunk | undefined;
  let hydrate: BuildChunk | undefined;
  const pages: Record<string, BuildChunk> = {};
  const lazy: Record<string, BuildChunk> = {};
  for (const [outputPath, output] of Object.entries(outputs)) {
    if (!outputPath.endsWith('.js') || !output.entryPoint) continue;
    const page = PAGE_MODULE.exec(output.entryPoint);
    if (output.entryPoint === CLIENT_ENTRY) entry = chunkFor(outputPath);
    else if (output.entryPoint === HYDRATE_MODULE) hydrate = chunkFor(outputPath);
    else if (page) pages[page[1]!] = chunkFor(outputPath);
    else lazy[output.entryPoint] = chunkFor(outputPath);
  }
  for (const [page, url] of Object.entries(pageStylesheets)) {
    if (!pages[page]) throw new Error(`scripts/build/page-stylesheets.ts names ${page}, which is no page module`);
    pages[page].css = [url];
  }
  if (!entry) throw new Error(`The client build has no output for ${CLIENT_ENTRY}`);
  if (!hydrate) throw new Error(`The client build has no output for ${HYDRATE_MODULE}`);
  return { entry, hydrate, pages, lazy, iconSprite };
}
