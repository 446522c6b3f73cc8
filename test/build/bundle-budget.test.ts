/**
 * What each page makes the browser download stays within its budget, and no
 * page content is bundled into JavaScript (it reaches the browser once, with
 * the page, or as the page's JSON on navigation). Measured on the real build
 * (test/support/global-setup.ts builds it): bytes, not times.
 */
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { clientBuildOptions } from '../../scripts/build/build';
import { BUDGETS, measurePages, overBudget, PAGES, sizeTable } from '../../scripts/build/bundle-budget';
import { episodes } from '../support/content';
import { privacyPolicy } from '../support/content';
import { firm } from '../support/content';
import { rootDir } from '../support/app';

describe('JavaScript and CSS budgets per page (brotli bytes)', async () => {
  const pages = await measurePages(rootDir, clientBuildOptions('production'));

  it('measures every kind of page', () => {
    expect(pages.map((page) => page.name)).toEqual(PAGES.map((page) => page.name));
    for (const page of pages) expect(page.totalJs).toBeGreaterThan(page.ownJs);
  });

  it.each(pages.map((page) => [page.name, page] as const))('%s is within budget', (_name, page) => {
    expect(overBudget(page), sizeTable(pages)).toEqual([]);
    expect(page.totalJs).toBeLessThanOrEqual(BUDGETS.totalJs);
  });
});

describe('content stays out of the bundles', async () => {
  const result = await esbuild.build({ ...clientBuildOptions('production'), write: false, sourcemap: false, metafile: true });
  const inputs = Object.keys(result.metafile.inputs);
  const bundledText = result.outputFiles
    .filter((file) => file.path.endsWith('.js'))
    .map((file) => file.text)
    .join('\n');

  it('bundles no content module but types and image sizes, and no Markdown, YAML or schema library', () => {
    const contentModules = inputs.filter((input) => input.startsWith('shared/content/'));
    // The six service slugs are the one list the paths and routes are made from: six words, no content.
    expect(contentModules.sort()).toEqual(['shared/content/media.ts', 'shared/content/service-slugs.ts']);
    expect(
      inputs.filter((input) => /node_modules\/(markdown-it|markdown-it-deflist|yaml|zod|mdurl|linkify-it|entities)\//.test(input)),
    ).toEqual([]);
  });

  it('carries no episode description, policy text or firm disclaimer', () => {
    expect(bundledText).not.toContain(episodes[0]!.description.slice(0, 60));
    expect(bundledText).not.toContain(firm.disclaimer.slice(0, 60));
    expect(bundledText).not.toContain(privacyPolicy.intro.slice(0, 60));
  });
});
