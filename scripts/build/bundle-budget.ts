/**
 * What each page makes the browser download, in brotli bytes, and the
 * budgets it must stay within (issue: every page ≤ 100 kB of JavaScript in
 * all, ≤ 12 kB of it our own code beyond react, react-dom and react-router,
 * and ≤ 12 kB of CSS). Bytes are deterministic, unlike times, so a test can
 * hold the line. `npm run build` prints the table.
 *
 * The editor at /admin (client/admin.tsx, several MB of Decap CMS) is outside these budgets:
 * it is built apart into dist/client/admin/ (build.ts buildAdmin), no page names it, and what is
 * measured here is only what the build manifest gives the site's pages (measurePages refuses
 * an admin file there, so it can never slip into a page).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { assetsForRoutes, BUILD_MANIFEST_PATH, readBuildManifest } from '../../server/pages/asset-manifest';
import type { BuildManifest } from '../../server/pages/asset-manifest';
import { manifestFromMetafile } from './write-asset-manifest';

// ownJs was 12,000 B until the counted lead links (decision 044): the episode page had 7 B of it left, and needs 105 B more.
export const BUDGETS = { totalJs: 100_000, ownJs: 12_200, css: 12_000 } as const;

/**
 * A page of each kind, by the route ids it renders. Code a page loads only once the visitor reaches for
 * a part (the sign-up's request, the timed transcript's behaviour) is not in its load; a row with
 * `inUse` (modules by source path) is the page once they have come: what it downloads in all then is
 * held to the JavaScript budget too, and its own code is shown.
 */
export const PAGES: ReadonlyArray<{ name: string; routeIds: string[]; inUse?: string[] }> = [
  { name: '/ (home)', routeIds: ['home-page'] },
  { name: '/podcast', routeIds: ['podcast-page'] },
  { name: '/podcast/:id', routeIds: ['episode-page'] },
  { name: 'its transcript in use', routeIds: ['episode-page'], inUse: ['shared/components/podcast/transcript-live.ts'] },
  { name: '/people/:id', routeIds: ['person-page'] },
  { name: '/press', routeIds: ['press-page'] },
  { name: '/contact', routeIds: ['contact-page'] },
  { name: 'service pages', routeIds: ['service-page:family-office'] },
  { name: '/privacy, /accessibility', routeIds: ['legal-page:privacy'] },
  { name: '/terms', routeIds: ['terms-page'] },
  { name: '404', routeIds: ['not-found'] },
];

/** The framework the budget for our own code does not count. */
const FRAMEWORK = ['react', 'react-dom', 'react-router', 'react-router-dom', 'scheduler'];

export interface PageBundle {
  name: string;
  /** The page with code it loads on use (PAGES): held to the budget for all JavaScript only. */
  inUse: boolean;
  totalJs: number;
  ownJs: number;
  css: number;
  scripts: number;
}

const brotliSize = (bytes: Uint8Array) => zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** The size a browser that accepts brotli downloads: the build's .br copy, else the file as it is. */
function servedSize(rootDir: string, publicUrl: string): number {
  const file = path.join(rootDir, 'dist/client', publicUrl);
  return existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : readFileSync(file).length;
}

/**
 * Our own code alone: the same client build with the framework left out, so
 * what remains per page is exactly the site's code.
 */
async function ownCodeSizes(rootDir: string, buildOptions: esbuild.BuildOptions) {
  const result = await esbuild.build({
    ...buildOptions,
    write: false,
    metafile: true,
    sourcemap: false,
    external: FRAMEWORK.flatMap((name) => [name, `${name}/*`]),
  });
  const sizes = new Map<string, number>();
  for (const output of result.outputFiles) {
    sizes.set(`/assets/${path.relative(path.join(rootDir, 'dist/client/assets'), output.path)}`, brotliSize(output.contents));
  }
  return { manifest: manifestFromMetafile(result.metafile, ''), sizes };
}

export async function measurePages(rootDir: string, buildOptions: esbuild.BuildOptions): Promise<PageBundle[]> {
  const manifest = readBuildManifest(path.join(rootDir, BUILD_MANIFEST_PATH));
  const own = await ownCodeSizes(rootDir, buildOptions);
  /** Every script the page loads: the document's, then each `inUse` module's chunk and its imports, once each. */
  const scriptsOf = (built: BuildManifest, routeIds: string[], inUse: string[] = []) => {
    const assets = assetsForRoutes(built, routeIds);
    const scripts = new Set([assets.entryScript, ...assets.deferredModules]);
    for (const module of inUse) {
      const chunk = built.lazy[module];
      if (!chunk) throw new Error(`The build has no chunk of its own for ${module}`);
      [chunk.file, ...chunk.imports].forEach((file) => scripts.add(file));
    }
    return [...scripts];
  };
  return PAGES.map(({ name, routeIds, inUse }) => {
    const assets = assetsForRoutes(manifest, routeIds);
    const scripts = scriptsOf(manifest, routeIds, inUse);
    const admin = [...scripts, ...assets.styles].find((url) => url.startsWith('/admin/'));
    if (admin) throw new Error(`${name} names the editor's ${admin}: the admin bundle is loaded only on /admin`);
    return {
      name,
      inUse: inUse !== undefined,
      scripts: scripts.length,
      totalJs: scripts.reduce((sum, file) => sum + servedSize(rootDir, file), 0),
      ownJs: scriptsOf(own.manifest, routeIds, inUse).reduce((sum, file) => sum + (own.sizes.get(file) ?? 0), 0),
      css: assets.styles.reduce((sum, file) => sum + servedSize(rootDir, file), 0),
    };
  });
}

export function overBudget(page: PageBundle): string[] {
  const over: string[] = [];
  if (page.totalJs > BUDGETS.totalJs) over.push(`JS ${page.totalJs} B > ${BUDGETS.totalJs} B`);
  if (page.ownJs > BUDGETS.ownJs && !page.inUse) over.push(`own JS ${page.ownJs} B > ${BUDGETS.ownJs} B`);
  if (page.css > BUDGETS.css) over.push(`CSS ${page.css} B > ${BUDGETS.css} B`);
  return over;
}

export function sizeTable(pages: PageBundle[]): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const rows = pages.map((page) =>
    [
      // A page in use stands under the page it is.
      (page.inUse ? `  ${page.name}` : page.name).padEnd(26),
      String(page.scripts).padStart(8),
      kb(page.totalJs).padStart(10),
      kb(page.ownJs).padStart(10),
      kb(page.css).padStart(9),
      overBudget(page).join('; ') || (page.inUse ? 'ok (all JS)' : 'ok'),
    ].join('  '),
  );
  const header = [
    'page'.padEnd(26),
    'scripts'.padStart(8),
    'JS (br)'.padStart(10),
    'own (br)'.padStart(10),
    'CSS (br)'.padStart(9),
    'budget',
  ].join('  ');
  const budget = `budgets: JS ≤ ${kb(BUDGETS.totalJs)}, own code ≤ ${kb(BUDGETS.ownJs)}, CSS ≤ ${kb(BUDGETS.css)} per page`;
  return [header, ...rows, budget].join('\n');
}
