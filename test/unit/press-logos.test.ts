/**
 * The press logos the home page shows are outlined from media-src/logos/ by
 * scripts/build/outline-logos.ts: text in an SVG image is laid out in a document of
 * its own, 20–30 ms of main-thread time per logo in Chromium.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featuredPublications } from '../support/content';
import { rootDir } from '../support/app';

const sources = readdirSync(path.join(rootDir, 'media-src/logos')).sort();

describe('press logos', () => {
  it('has an outlined logo for each source, and the home page shows only those', () => {
    expect(readdirSync(path.join(rootDir, 'public/media/logos')).sort()).toEqual(sources);
    for (const { logo } of featuredPublications) expect(sources).toContain(path.basename(logo));
  });

  it.each(sources)('%s is drawn with paths, no text, at the size the page gives it', (name) => {
    const svg = readFileSync(path.join(rootDir, 'public/media/logos', name), 'utf8');
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toMatch(/<path\b/);
    const { width, height } = featuredPublications.find((publication) => publication.logo.endsWith(`/${name}`))!;
    expect(svg).toMatch(new RegExp(`^<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`));
  });
});
