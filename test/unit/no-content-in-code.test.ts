/**
 * Every word an editor may change lives in content/: no episode title, article
 * title or page text is written in the code (server/, shared/, client/, scripts/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../support/app';
import { content } from '../support/content';

function codeFiles(dir: string): string[] {
  return readdirSync(path.join(rootDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const code = ['server', 'shared', 'client', 'scripts']
  .flatMap(codeFiles)
  .map((file) => ({ file, text: readFileSync(path.join(rootDir, file), 'utf8') }));

describe('content stays in content/', () => {
  const texts: Array<[string, string]> = [
    ...content.episodes.map((episode): [string, string] => ['episode title', episode.title]),
    ...content.episodes.map((episode): [string, string] => ['episode description', episode.description.slice(0, 50)]),
    ...content.press.map((item): [string, string] => ['article title', item.title]),
    ...content.people.map((person): [string, string] => ['person bio', person.bioText.slice(0, 50)]),
    ['person page words', content.podcastPage.people.notFoundText],
    ['home headline', content.home.hero.headline],
    ['privacy intro', content.privacy.intro.slice(0, 50)],
    ['contact intro', content.contact.intro.slice(0, 50)],
    ['service page hero', content.services['family-office'].heroText.slice(0, 50)],
    ['firm name', content.site.firm.name],
  ];

  it('finds the code to search', () => {
    expect(code.length).toBeGreaterThan(50);
  });

  it.each(texts)('no .ts or .tsx file holds the %s "%s"', (_kind, text) => {
    const holders = code.filter((file) => file.text.includes(text)).map((file) => file.file);
    expect(holders).toEqual([]);
  });
});
