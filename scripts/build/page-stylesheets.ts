/**
 * A stylesheet per page: the rules of shared/styles/ that the page's own
 * elements use, not every page's. The head of each page carries its
 * stylesheet inline (server/pages/inline-styles.ts), so every page paid for
 * all the others': 63 kB of CSS on an episode page that uses 31 kB, parsed
 * before the first paint and sent with every copy of the page
 * (docs/decisions/032-a-stylesheet-per-page.md).
 *
 * site.css stays the one place that says in what order the files apply; a
 * page's stylesheet is site.css with the @import lines of the files the page
 * does not use left out, so on every page the rules it has apply in the same
 * order as in the whole site's stylesheet, and the page looks as it did with
 * that one. test/browser/page-stylesheets.test.ts fails when a page's
 * elements match a rule of a file left out of its stylesheet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export const SITE_STYLESHEET = 'shared/styles/site.css';

/** The style files every page's stylesheet has, besides site.css's own rules: the shared building blocks. */
export const EVERY_PAGE_STYLE_FILES: readonly string[] = ['components.css'];

/** Beyond EVERY_PAGE_STYLE_FILES and site.css's own rules, the style files each page module's elements use. */
export const PAGE_STYLE_FILES: Readonly<Record<string, readonly string[]>> = {
  // The home page shows press cards (Latest Articles) and the newsletter sign-up.
  'home-page': ['home.css', 'press.css', 'newsletter.css'],
  'podcast-page': ['podcast.css'],
  'episode-page': ['podcast.css'],
  // A person's page lists their episodes with the podcast page's cards.
  'person-page': ['podcast.css', 'people.css'],
  'press-page': ['press.css', 'newsletter.css'],
  'contact-page': ['pages.css', 'newsletter.css'],
  'service-page': ['pages.css'],
  'legal-page': ['pages.css'],
  'terms-page': ['pages.css'],
};

/** esbuild's name for a page's stylesheet, made in memory by the plugin below: 'page-stylesheet:page-podcast'. */
const ENTRY_PREFIX = 'page-stylesheet:';

const IMPORT_LINE = /^@import '\.\/([\w-]+\.css)';\n/gm;

/** site.css with only the @import lines of `files` and of the files every page has. */
export function pageStylesheetSource(siteCss: string, files: readonly string[]): string {
  const imported = [...siteCss.matchAll(IMPORT_LINE)].map((match) => match[1]!);
  const unknown = files.filter((file) => !imported.includes(file));
  if (unknown.length > 0) throw new Error(`${SITE_STYLESHEET} imports no ${unknown.join(', ')}`);
  return siteCss.replace(IMPORT_LINE, (line, file: string) => (EVERY_PAGE_STYLE_FILES.includes(file) || files.includes(file) ? line : ''));
}

/** A name for a set of files, the same for two pages that use the same ones. */
const nameOf = (files: readonly string[]) => ['page', ...files.map((file) => path.basename(file, '.css'))].join('-');

/**
 * Writes one stylesheet per distinct set of files into `outdir` and names each
 * page module's, as a public URL under `publicPath`. Written straight away:
 * their names are new (content-hashed), and nothing reads them before the
 * build manifest names them, which is written last.
 */
export async function buildPageStylesheets(options: {
  rootDir: string;
  outdir: string;
  publicPath: string;
  minify: boolean;
  loader: esbuild.BuildOptions['loader'];
}): Promise<Record<string, string>> {
  const siteCss = readFileSync(path.join(options.rootDir, SITE_STYLESHEET), 'utf8');
  const sources = new Map(Object.values(PAGE_STYLE_FILES).map((files) => [nameOf(files), pageStylesheetSource(siteCss, files)]));
  const result = await esbuild.build({
    absWorkingDir: options.rootDir,
    entryPoints: [...sources.keys()].map((name) => ({ in: `${ENTRY_PREFIX}${name}`, out: name })),
    outdir: options.outdir,
    publicPath: options.publicPath,
    entryNames: '[name]-[hash]',
    assetNames: 'files/[name]-[hash]',
    bundle: true,
    minify: options.minify,
    sourcemap: 'linked',
    loader: options.loader,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'page-stylesheet',
        setup(build) {
          build.onResolve({ filter: new RegExp(`^${ENTRY_PREFIX}`) }, (args) => ({
            path: args.path.slice(ENTRY_PREFIX.length),
            namespace: 'page-stylesheet',
          }));
          build.onLoad({ filter: /.*/, namespace: 'page-stylesheet' }, (args) => ({
            contents: sources.get(args.path)!,
            resolveDir: path.join(options.rootDir, path.dirname(SITE_STYLESHEET)),
            loader: 'css',
          }));
        },
      },
    ],
  });
  const urlOf = new Map<string, string>();
  for (const [outputPath, output] of Object.entries(result.metafile.outputs)) {
    if (!outputPath.endsWith('.css') || !output.entryPoint) continue;
    const name = output.entryPoint.slice(ENTRY_PREFIX.length);
    urlOf.set(
      name,
      `${options.publicPath}/${path.relative(options.outdir, path.join(options.rootDir, outputPath)).split(path.sep).join('/')}`,
    );
  }
  return Object.fromEntries(Object.entries(PAGE_STYLE_FILES).map(([page, files]) => [page, urlOf.get(nameOf(files))!]));
}
