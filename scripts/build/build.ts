/**
 * Builds the browser bundle (ESM, split per page, content-hashed, with a
 * manifest the server reads), the server bundle and the operator's command.
 *
 *   tsx scripts/build/build.ts          production build into dist/
 *   (scripts/build/dev.ts reuses clientBuildOptions in watch mode)
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { MIGRATIONS_DIR } from '../../server/forms/storage/postgres/migrate';
import { BUILD_MANIFEST_PATH } from '../../server/pages/asset-manifest';
import { BUILD_INFO_PATH } from '../../server/archive/build-info';
import { CLIENT_ENTRY, manifestFromMetafile } from './write-asset-manifest';
import { buildPageStylesheets } from './page-stylesheets';
import { FRAMEWORK_ENTRY_NAMES, frameworkEntry, importedNames, useFrameworkBundle } from './framework-bundle';
import { COMPILE_HINT, minifyFramework } from './minify-framework';
import { buildFavicons, buildShareImages } from './render-share-images';
import { buildPodcastCover } from './render-podcast-cover';
import { ContentError, loadContent } from '../../server/content/load-content';
import { ADMIN_MANIFEST_PATH } from '../../server/admin/admin-surface';
import type { AdminManifest } from '../../server/admin/admin-surface';
import { CMS_COLLECTIONS_PATH, cmsCollections } from '../../server/admin/cms-config';

export type BuildMode = 'production' | 'development';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const clientOutDir = path.join(rootDir, 'dist/client/assets');
const ADMIN_ASSETS_URL = '/admin/assets';

/** Write-then-rename, so a server or test reading the file never sees half of it. */
async function writeAtomically(file: string, contents: string | Uint8Array) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, file);
}

async function writeOutputs(result: { outputFiles?: { path: string; contents: Uint8Array }[] }) {
  await Promise.all((result.outputFiles ?? []).map((output) => writeAtomically(output.path, output.contents)));
}

/**
 * The link at the end of each script to its source map, relative: the map is
 * always the file beside it, and esbuild writes the whole public path
 * ('/assets/chunks/…'), about 15 bytes of every script's download after
 * brotli, and a page loads 10 to 20 scripts (the budgets in ./bundle-budget.ts).
 * Only the comment changes: the maps' mappings stay as they are.
 */
export function relativeSourceMapLinks(outputs: esbuild.OutputFile[]): { path: string; contents: Uint8Array }[] {
  return outputs.map((output) => {
    if (!output.path.endsWith('.js')) return output;
    const linked = /\n\/\/# sourceMappingURL=\/[^\n]*\/([^/\n]+\.js\.map)\n?$/.exec(output.text);
    if (!linked || path.basename(output.path) + '.map' !== linked[1]) return output;
    const text = `${output.text.slice(0, linked.index)}\n//# sourceMappingURL=${linked[1]}\n`;
    return { path: output.path, contents: Buffer.from(text) };
  });
}

const ICON_SPRITE = 'shared/components/icons.svg';

/** The icon sprite under a content-hashed name, so it can be cached for a year like the bundles. */
async function writeIconSprite(): Promise<string> {
  const sprite = await readFile(path.join(rootDir, ICON_SPRITE));
  const hash = createHash('sha256').update(sprite).digest('hex').slice(0, 10);
  const name = `icons-${hash}.svg`;
  await writeAtomically(path.join(clientOutDir, name), sprite);
  return `/assets/${name}`;
}

/**
 * `frameworkUrl`: the production framework bundle, loaded before everything else.
 * `pageStylesheets`: each page module's own stylesheet (./page-stylesheets.ts); without them a page has the whole site's.
 */
export async function writeManifest(metafile: esbuild.Metafile, frameworkUrl?: string, pageStylesheets: Record<string, string> = {}) {
  const manifest = manifestFromMetafile(metafile, await writeIconSprite(), pageStylesheets);
  if (frameworkUrl) manifest.hydrate.imports.unshift(frameworkUrl);
  await writeAtomically(path.join(rootDir, BUILD_MANIFEST_PATH), JSON.stringify(manifest, null, 2) + '\n');
}

/** How both browser bundles (the pages' and the editor's) are laid out: split ESM chunks under hashed names. */
const HASHED_BROWSER_BUNDLE = {
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'files/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
} satisfies esbuild.BuildOptions;

export function clientBuildOptions(mode: BuildMode): esbuild.BuildOptions & { metafile: true } {
  return {
    absWorkingDir: rootDir,
    entryPoints: [CLIENT_ENTRY],
    outdir: clientOutDir,
    publicPath: '/assets',
    ...HASHED_BROWSER_BUNDLE,
    target: ['es2022', 'chrome111', 'firefox115', 'safari16'],
    jsx: 'automatic',
    minify: mode === 'production',
    sourcemap: 'linked',
    // Licence headers go to a linked .LEGAL.txt beside each bundle instead of into every download.
    legalComments: 'linked',
    metafile: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    loader: { '.woff2': 'file', '.svg': 'file' },
    logLevel: 'warning',
  };
}

/** Each page module's stylesheet (./page-stylesheets.ts), written beside the bundles; their URLs by page module. */
export const writePageStylesheets = (mode: BuildMode) =>
  buildPageStylesheets({
    rootDir,
    outdir: clientOutDir,
    publicPath: '/assets',
    minify: mode === 'production',
    loader: clientBuildOptions(mode).loader,
  });

/** React, react-dom and React Router in one file (see scripts/build/framework-bundle.ts), minified twice. */
async function buildFramework() {
  const names = await importedNames(rootDir);
  const base = clientBuildOptions('production');
  const result = await esbuild.build({
    absWorkingDir: rootDir,
    stdin: { contents: frameworkEntry(names), resolveDir: rootDir, sourcefile: 'framework.js', loader: 'js' },
    outdir: clientOutDir,
    entryNames: FRAMEWORK_ENTRY_NAMES,
    // V8's explicit compile hint: compile every function of this file eagerly,
    // on the background thread that streams it in. Most of react-dom runs at
    // hydration, and compiling its CommonJS wrappers lazily, on the main
    // thread, was the longest task of a page load (about 100 ms of main-thread
    // work in a trace on this machine, 4× that on Lighthouse's phone).
    // Browsers without the hint read a comment.
    banner: { js: COMPILE_HINT },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: base.target,
    minify: true,
    sourcemap: 'external',
    legalComments: 'linked',
    define: base.define,
    logLevel: 'warning',
    write: false,
  });
  const output = (suffix: string) => result.outputFiles.find((file) => file.path.endsWith(suffix));
  const legal = output('.js.LEGAL.txt');
  const { name, code, map } = await minifyFramework(rootDir, {
    code: output('.js')!.text,
    map: output('.js.map')!.text,
    hasLegal: !!legal,
    entryNames: FRAMEWORK_ENTRY_NAMES,
  });
  const file = path.join(clientOutDir, `${name}.js`);
  await writeOutputs({
    outputFiles: [
      { path: file, contents: Buffer.from(code) },
      { path: `${file}.map`, contents: Buffer.from(map) },
      ...(legal ? [{ path: `${file}.LEGAL.txt`, contents: legal.contents }] : []),
    ],
  });
  return { url: `/assets/${name}.js`, names };
}

/**
 * The editor at /admin (client/admin.tsx, Decap CMS): a bundle of its own in
 * dist/client/admin/, served only by server/admin/ and never named by a page, so
 * the page budgets (bundle-budget.ts, which measure what the build manifest
 * names) never count its megabytes. React is bundled into it once, shared by
 * Decap and the site's components its preview renders. Beside it, the config's
 * collections generated from the content schema (server/admin/cms-config.ts).
 */
export async function buildAdmin(mode: BuildMode) {
  const outdir = path.join(rootDir, 'dist/client/admin');
  const result = await esbuild.build({
    absWorkingDir: rootDir,
    entryPoints: ['client/admin.tsx'],
    outdir,
    publicPath: ADMIN_ASSETS_URL,
    ...HASHED_BROWSER_BUNDLE,
    target: ['es2022'],
    jsx: 'automatic',
    minify: mode === 'production',
    sourcemap: 'linked',
    legalComments: 'linked',
    metafile: true,
    define: { 'process.env.NODE_ENV': JSON.stringify(mode), global: 'globalThis' },
    loader: { '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.svg': 'file', '.wasm': 'file', '.png': 'file' },
    logLevel: 'error',
    write: false,
  });
  await writeOutputs(result);
  const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint === 'client/admin.tsx')![0];
  const manifest: AdminManifest = {
    script: `${ADMIN_ASSETS_URL}/${path.relative(outdir, path.join(rootDir, entry)).split(path.sep).join('/')}`,
  };
  // Brotli 9, not 11: the editor's 4.9 MB bundle took 8.7 s at 11 (1.11 MB) and takes 0.9 s at 9 (1.22 MB). Every
  // build pays this (the tests build several times, npm run review twice); two editors loading 10% more, once, do not notice.
  await precompress(outdir, { hashedNames: true, brotliQuality: 9 });
  // The manifest last: a server reading it finds every file it names.
  await writeAtomically(path.join(rootDir, ADMIN_MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeAtomically(path.join(rootDir, CMS_COLLECTIONS_PATH), `${JSON.stringify(cmsCollections(), null, 2)}\n`);
  return manifest;
}

export async function buildServer() {
  const result = await esbuild.build({
    absWorkingDir: rootDir,
    write: false,
    entryPoints: ['server/index.ts'],
    outfile: path.join(rootDir, 'dist/server/index.js'),
    bundle: true,
    // Dependencies stay in node_modules: bundling react-dom/server into ESM breaks its dynamic requires.
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  await writeOutputs(result);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this, compression saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 150;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside every text
 * file worth compressing, so the server sends bytes and compresses nothing.
 * Hashed names never change content, so existing copies are kept.
 */
export async function precompress(dir: string, { hashedNames, brotliQuality = 11 }: { hashedNames: boolean; brotliQuality?: number }) {
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    jobs.push(
      (async () => {
        if (hashedNames && (await exists(`${file}.br`))) return;
        const content = await readFile(file);
        if (content.length < MIN_COMPRESS_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
          gzip(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeAtomically(`${file}.br`, br);
        if (gz.length < content.length) await writeAtomically(`${file}.gz`, gz);
      })(),
    );
  }
  await Promise.all(jobs);
}

/** public/ as the server serves it: copied into dist/public with compressed copies. */
export async function buildPublicFiles() {
  const target = path.join(rootDir, 'dist/public');
  await cp(path.join(rootDir, 'public'), target, { recursive: true });
  await precompress(target, { hashedNames: false });
}

/**
 * The database schema (server/forms/storage/postgres/migrations/*.sql) beside the server
 * bundle, where it reads them (server/forms/storage/postgres/database.ts): the runtime image
 * carries dist/ and no source folder.
 */
export async function copyMigrations() {
  await cp(path.join(rootDir, 'server/forms/storage/postgres/migrations'), path.join(rootDir, MIGRATIONS_DIR), { recursive: true });
}

/**
 * The operators' commands, run as `node dist/cli/<name>.js`: the newsletter
 * ledger (server/cli/subscribers.ts), the message ledger (server/cli/messages.ts),
 * the content check and the feed import.
 */
/**
 * Which source the build came from, for the compliance archive's records:
 * SOURCE_COMMIT when the builder passes it (the container build has no .git),
 * else git's HEAD, else unknown.
 */
async function writeBuildInfo() {
  let commit = process.env.SOURCE_COMMIT?.trim() || null;
  if (!commit) {
    try {
      commit =
        execFileSync('git', ['rev-parse', 'HEAD'], { cwd: rootDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
    } catch {
      commit = null;
    }
  }
  await writeAtomically(path.join(rootDir, BUILD_INFO_PATH), `${JSON.stringify({ commit }, null, 2)}\n`);
}

export async function buildCli() {
  const result = await esbuild.build({
    absWorkingDir: rootDir,
    write: false,
    entryPoints: [
      'server/cli/subscribers.ts',
      'server/cli/messages.ts',
      'server/cli/content-check.ts',
      'server/cli/content-import.ts',
      'server/cli/archive.ts',
      'server/cli/approvals.ts',
      'server/cli/analytics.ts',
    ],
    outdir: path.join(rootDir, 'dist/cli'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  await writeOutputs(result);
}

/**
 * `clean` empties dist/ first (the npm script). Tests build without it, so a
 * server another test is running keeps its files; names are content-hashed,
 * so a rebuild only adds files, and the manifest is swapped in last.
 */
export async function build(mode: BuildMode = 'production', { clean = false } = {}) {
  // A broken content file fails the build with every problem listed, before anything is written.
  loadContent(rootDir);
  if (clean) await rm(path.join(rootDir, 'dist'), { recursive: true, force: true });
  const framework = mode === 'production' ? await buildFramework() : undefined;
  const client = await esbuild.build({
    ...clientBuildOptions(mode),
    plugins: framework ? [useFrameworkBundle(framework.url, framework.names)] : [],
    write: false,
  });
  await writeOutputs({ outputFiles: relativeSourceMapLinks(client.outputFiles) });
  await writeManifest(client.metafile, framework?.url, await writePageStylesheets(mode));
  await precompress(clientOutDir, { hashedNames: true });
  await buildAdmin(mode);
  await buildPublicFiles();
  // Favicon PNGs and the web app manifest beside the public files; share
  // cards under assets/share/ (only cards whose content changed are drawn).
  await buildFavicons(rootDir);
  const shareImages = await buildShareImages(rootDir);
  // The show's square cover for podcast apps (the feed's itunes:image), drawn the same way.
  await buildPodcastCover(rootDir);
  await buildServer();
  await copyMigrations();
  await buildCli();
  await writeBuildInfo();
  return { metafile: client.metafile, shareImages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { metafile, shareImages } = await build('production', { clean: true }).catch((error: unknown) => {
    if (!(error instanceof ContentError)) throw error;
    console.error(`Build stopped: ${error.message}`);
    process.exit(1);
  });
  const js = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const total = js.reduce((sum, [, output]) => sum + output.bytes, 0);
  const { drawn, reused, ms } = shareImages;
  console.log(`share images: ${drawn} drawn, ${reused} unchanged, in ${ms} ms`);
  console.log(
    `built ${js.length} client chunks (${(total / 1024).toFixed(1)} KiB JS) and the server in ${Math.round(performance.now() - started)} ms\n`,
  );
  const { measurePages, overBudget, sizeTable } = await import('./bundle-budget');
  const pages = await measurePages(rootDir, clientBuildOptions('production'));
  console.log(sizeTable(pages));
  // The test suite fails on this too; the build only warns, so a fix can be tried.
  if (pages.some((page) => overBudget(page).length > 0)) console.warn('\nSome pages are over budget.');
}
