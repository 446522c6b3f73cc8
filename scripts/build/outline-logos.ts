/**
 * Redraws the press logos in public/media/logos/ from their sources in
 * media-src/logos/, with every <text> turned into outlined paths.
 *
 * Why: a browser lays out an SVG image's text in a document of its own, with
 * its own font lookup. In a Chromium trace of the home page each logo with
 * text cost 20–30 ms of main-thread time (four times that on Lighthouse's
 * phone); as paths, under 10 ms. The fonts are Liberation Serif, Sans and
 * Mono (SIL OFL, Debian's fonts-liberation), metric-compatible with the
 * Times, Arial and Courier the sources fall back to.
 *
 *   npx tsx scripts/build/outline-logos.ts
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_DIR = path.join(rootDir, 'media-src/logos');
const OUT_DIR = path.join(rootDir, 'public/media/logos');
const FONT_DIR = process.env.FONT_DIR ?? '/usr/share/fonts/truetype/liberation';
const FONTS = ['Serif', 'Sans', 'Mono'].flatMap((family) =>
  ['Regular', 'Bold', 'Italic', 'BoldItalic'].map((style) => `Liberation${family}-${style}.ttf`),
);

/** The Liberation family for the generic family that ends each font list in the sources. */
const LIBERATION: Record<string, string> = { serif: 'Liberation Serif', 'sans-serif': 'Liberation Sans', monospace: 'Liberation Mono' };

/** resvg-js ignores its serifFamily/monospaceFamily options, so each font list is named explicitly. */
const withLiberationFonts = (svg: string) =>
  svg.replace(/font-family="([^"]*)"/g, (_attribute, list: string) => {
    const family = LIBERATION[list.split(',').at(-1)!.trim()];
    if (!family) throw new Error(`No Liberation font for font-family="${list}"; end the list with serif, sans-serif or monospace`);
    return `font-family="${family}"`;
  });

/** A tenth of a pixel at the logo’s 160 × 40 size: finer than a phone’s screen shows it. */
const roundNumbers = (svg: string) => svg.replace(/-?\d+\.\d+/g, (n) => String(Math.round(Number(n) * 10) / 10));

for (const name of (await readdir(SOURCE_DIR)).filter((file) => file.endsWith('.svg'))) {
  const source = await readFile(path.join(SOURCE_DIR, name), 'utf8');
  const outlined = new Resvg(withLiberationFonts(source), {
    font: { loadSystemFonts: false, fontFiles: FONTS.map((font) => path.join(FONT_DIR, font)), defaultFontFamily: 'Liberation Sans' },
  }).toString();
  const svg = roundNumbers(outlined)
    .replace(/<defs\/>/, '')
    .replace(/>\s+</g, '><')
    // Path data needs no space around its command letters.
    .replace(/ d="([^"]*)"/g, (_, data: string) => ` d="${data.replace(/ ?([MLHVCSQTAZ]) ?/gi, '$1')}"`)
    .trim();
  await writeFile(path.join(OUT_DIR, name), svg + '\n');
  console.log(`${name}: ${source.length} → ${svg.length} bytes`);
}
