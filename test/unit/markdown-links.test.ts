/**
 * Every relative link and image in the repository's Markdown (README.md, docs/,
 * any other .md that git tracks or would track) points at a file or folder that
 * exists, and every `#anchor` (in the same file or in `other.md#anchor`) names a
 * heading of its target, as GitHub writes heading anchors. Outside links
 * (http, https, mailto, any scheme) are not checked: that needs the network.
 *
 * content/ is left out: its Markdown is the site's copy, whose links are the
 * site's own paths (/press), resolved by the site, not by the repository.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { describe, expect, it } from 'vitest';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders whose Markdown is not documentation of this repository. */
const LEFT_OUT = ['content/'];

/** Every Markdown file git tracks, or would track (new, not ignored), relative to the root. */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', '*.md', '*.markdown'], {
    cwd: rootDir,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0').filter(Boolean))]
    .filter((file) => !LEFT_OUT.some((folder) => file.startsWith(folder)) && existsSync(path.join(rootDir, file)))
    .sort();
}

// GitHub's Markdown: CommonMark with tables and raw HTML.
const markdown = new MarkdownIt({ html: true });

/**
 * The anchor GitHub gives a heading's text, as github-slugger makes it: lower case; every character that is not
 * a letter, a mark, a digit, a connector (`_`), a hyphen or a space is dropped; each space becomes a hyphen. So
 * "What will change: `npm run review`" is `what-will-change-npm-run-review`, and "A — B" is `a--b`.
 */
function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a document's headings, in order; a repeated slug gets -1, -2, … as on GitHub. */
function headingAnchors(source: string): Set<string> {
  const tokens = markdown.parse(source, {});
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const inline = tokens[index + 1];
    // The heading's text as GitHub renders it: text and code, without markup or HTML tags.
    const text = (inline?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    const base = githubSlug(text);
    let slug = base;
    while (seen.has(slug)) {
      const count = seen.get(base)! + 1;
      seen.set(base, count);
      slug = `${base}-${count}`;
    }
    seen.set(slug, 0);
    anchors.add(slug);
  });
  return anchors;
}

interface Link {
  line: number;
  target: string;
}

/** Links, images and HTML `href`/`src` attributes, each with the line it is on (1-based). */
function linksIn(source: string): Link[] {
  const links: Link[] = [];
  const fromHtml = (html: string, line: number) => {
    for (const match of html.matchAll(/\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      links.push({ line, target: match[1] ?? match[2] ?? '' });
    }
  };
  let blockLine = 0;
  for (const token of markdown.parse(source, {})) {
    if (token.map) blockLine = token.map[0];
    if (token.type === 'html_block') fromHtml(token.content, blockLine + 1);
    if (token.type !== 'inline') continue;
    let line = blockLine;
    for (const child of token.children ?? ([] as Token[])) {
      if (child.type === 'softbreak' || child.type === 'hardbreak') line++;
      if (child.type === 'link_open') links.push({ line: line + 1, target: String(child.attrGet('href') ?? '') });
      if (child.type === 'image') links.push({ line: line + 1, target: String(child.attrGet('src') ?? '') });
      if (child.type === 'html_inline') fromHtml(child.content, line + 1);
    }
  }
  return links;
}

const anchorsOf = new Map<string, Set<string>>();
function anchorsOfFile(file: string): Set<string> {
  let anchors = anchorsOf.get(file);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(file, 'utf8'));
    anchorsOf.set(file, anchors);
  }
  return anchors;
}

/** Why a link from `file` (relative to the root) does not resolve, or undefined when it does. */
function brokenBecause(file: string, target: string): string | undefined {
  if (target === '') return 'the link is empty';
  // http:, https:, mailto:, any scheme, and //host: outside the repository, not checked here.
  if (/^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//')) return undefined;
  const hashAt = target.indexOf('#');
  const rawPath = (hashAt === -1 ? target : target.slice(0, hashAt)).replace(/\?.*$/, '');
  const rawAnchor = hashAt === -1 ? undefined : target.slice(hashAt + 1);
  let targetPath: string;
  let anchor: string | undefined;
  try {
    targetPath = decodeURIComponent(rawPath);
    anchor = rawAnchor === undefined ? undefined : decodeURIComponent(rawAnchor);
  } catch {
    return 'it is not a valid percent-encoded address';
  }
  const absolute =
    targetPath === ''
      ? path.join(rootDir, file)
      : targetPath.startsWith('/')
        ? path.join(rootDir, targetPath)
        : path.resolve(path.dirname(path.join(rootDir, file)), targetPath);
  const shown = path.relative(rootDir, absolute) || '.';
  if (shown.startsWith('..')) return `${shown} is outside the repository`;
  if (!existsSync(absolute)) return `${shown} does not exist`;
  if (anchor === undefined) return undefined;
  if (anchor === '') return 'the anchor after # is empty';
  // Anchors are checked in Markdown; other files' anchors (GitHub's #L10 line links) are left alone.
  if (!/\.(md|markdown)$/i.test(absolute) || !statSync(absolute).isFile()) return undefined;
  if (anchorsOfFile(absolute).has(anchor)) return undefined;
  return `${shown} has no heading whose anchor is #${anchor}`;
}

describe('links in the Markdown', () => {
  const files = markdownFiles();

  it('finds the README and the docs to check', () => {
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThan(5);
  });

  it('every relative link, image and #anchor resolves', () => {
    const problems = files.flatMap((file) =>
      linksIn(readFileSync(path.join(rootDir, file), 'utf8')).flatMap(({ line, target }) => {
        const because = brokenBecause(file, target);
        return because ? [`${file}:${line}: (${target}): ${because}`] : [];
      }),
    );
    expect(problems, `broken links:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe('the link checker itself', () => {
  it('makes the anchors GitHub makes', () => {
    const anchors = headingAnchors(
      [
        '# Harbor Ledger Advisors — marketing and podcast site',
        '## What will change: `npm run review`',
        "## Import episodes from the podcast's RSS feed",
        '## Keeping `NEWSLETTER_FILE` on a Docker volume',
        '### 2026-11-26, f47b2df: after the request view',
        '## Notes',
        '## Notes',
        '## Notes',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    expect([...anchors]).toEqual([
      'harbor-ledger-advisors--marketing-and-podcast-site',
      'what-will-change-npm-run-review',
      'import-episodes-from-the-podcasts-rss-feed',
      'keeping-newsletter_file-on-a-docker-volume',
      '2026-11-26-f47b2df-after-the-request-view',
      'notes',
      'notes-1',
      'notes-2',
    ]);
  });

  it('finds links, images and HTML links on their lines, in tables and across wrapped lines', () => {
    const source = [
      'Intro with [a link](docs/a.md) and',
      'a wrapped [second](#b) one.',
      '',
      '| a | b |',
      '|---|---|',
      '| [cell](c.md#d) | ![alt](e.png) |',
      '',
      '<a href="f.md">f</a>',
      '',
      '[ref]: g.md',
      'A [reference][ref].',
    ].join('\n');
    expect(linksIn(source)).toEqual([
      { line: 1, target: 'docs/a.md' },
      { line: 2, target: '#b' },
      { line: 6, target: 'c.md#d' },
      { line: 6, target: 'e.png' },
      { line: 8, target: 'f.md' },
      { line: 11, target: 'g.md' },
    ]);
  });

  it('says why a link is broken, and leaves outside links alone', () => {
    expect(brokenBecause('README.md', 'docs/no-such-page.md')).toBe('docs/no-such-page.md does not exist');
    expect(brokenBecause('README.md', '#no-such-heading')).toBe('README.md has no heading whose anchor is #no-such-heading');
    expect(brokenBecause('docs/performance.md', '../README.md#no-such-heading')).toBe(
      'README.md has no heading whose anchor is #no-such-heading',
    );
    expect(brokenBecause('docs/performance.md', '../../elsewhere.md')).toMatch(/is outside the repository$/);
    expect(brokenBecause('README.md', '#configuration')).toBeUndefined();
    expect(brokenBecause('docs/operations.md', '../deploy/nginx.conf')).toBeUndefined();
    expect(brokenBecause('README.md', 'docs/decisions/')).toBeUndefined();
    expect(brokenBecause('README.md', 'https://example.com/nowhere#missing')).toBeUndefined();
    expect(brokenBecause('README.md', 'mailto:hello@harborledger.example')).toBeUndefined();
  });
});
