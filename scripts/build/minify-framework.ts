/**
 * The framework file minified a second time, by terser, after esbuild has bundled it.
 *
 * esbuild minifies in one quick pass; terser's compressor (several passes, inlining,
 * dead-branch removal across react-dom's CommonJS wrappers) takes 3 kB more out of the
 * 88 kB every page downloads (brotli), which is what lets a page with a timed transcript
 * keep the 100 kB budget (docs/decisions/031-framework-minified-twice.md). It takes 4–5 s,
 * so the result is kept in node_modules/.cache/framework/ under the hash of what went in:
 * the test suite's and the review's builds of the same framework reuse it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { minify } from 'terser';
import type { MinifyOptions } from 'terser';

/** The V8 compile hint the framework file starts with (scripts/build/build.ts says why). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const TERSER_VERSION = (createRequire(import.meta.url)('terser/package.json') as { version: string }).version;

/** Safe transforms only: nothing that assumes more about the code than the language does. */
const OPTIONS = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: true,
} satisfies MinifyOptions;

/** esbuild's closing comments, written again under the file's new name. */
const TRAILING_COMMENTS = /\n?(\/\*! For license information[^\n]*\*\/\n?)?(\/\/# sourceMappingURL=[^\n]*\n?)?$/;

export interface MinifiedFramework {
  /** The file's name without `.js` (the .js.map and .js.LEGAL.txt share it): `entryNames` with the code's hash. */
  name: string;
  code: string;
  map: string;
}

/**
 * `code` and `map`: esbuild's output (with the compile hint and its licence comment); `hasLegal`: whether
 * esbuild wrote a .LEGAL.txt beside it; `entryNames`: the name with `[hash]` where the code's hash goes.
 */
export async function minifyFramework(
  rootDir: string,
  { code, map, hasLegal, entryNames }: { code: string; map: string; hasLegal: boolean; entryNames: string },
): Promise<MinifiedFramework> {
  const source = code.replace(COMPILE_HINT, '').replace(TRAILING_COMMENTS, '\n');
  const key = createHash('sha256')
    .update(TERSER_VERSION)
    .update(JSON.stringify(OPTIONS))
    .update(entryNames)
    .update(source)
    .update(map)
    .digest('hex');
  const cacheDir = path.join(rootDir, 'node_modules/.cache/framework');
  const cached = path.join(cacheDir, `${key.slice(0, 32)}.json`);
  const hit = await readFile(cached, 'utf8').then(
    (text) => JSON.parse(text) as MinifiedFramework,
    () => undefined,
  );
  if (hit) return hit;

  const result = await minify(
    { 'framework.js': source },
    { ...OPTIONS, format: { preamble: COMPILE_HINT, comments: false }, sourceMap: { content: map, asObject: false } },
  );
  const name = entryNames.replace('[hash]', createHash('sha256').update(result.code!).digest('hex').slice(0, 10));
  const trailer = [
    ...(hasLegal ? [`/*! For license information please see ${name}.js.LEGAL.txt */`] : []),
    `//# sourceMappingURL=${name}.js.map`,
  ];
  const sourceMap = JSON.parse(result.map as string) as { file?: string };
  sourceMap.file = `${name}.js`;
  const minified: MinifiedFramework = { name, code: `${result.code!}\n${trailer.join('\n')}\n`, map: JSON.stringify(sourceMap) };
  await mkdir(cacheDir, { recursive: true });
  // Write-then-rename: two builds at once (the review's) never read half a file.
  await writeFile(`${cached}.${process.pid}.tmp`, JSON.stringify(minified));
  await rename(`${cached}.${process.pid}.tmp`, cached);
  return minified;
}
