/**
 * The editor at /admin in real Chromium, under its own Content-Security-Policy:
 * Decap's in-memory `test-repo` backend stands in for the git host (the page's
 * config, fetched from /admin/config.json, is the server's own with only the
 * backend swapped), so nothing leaves the machine. Checks that the required
 * fields and patterns generated from the schema stop a save with the editor's
 * messages, that the preview pane renders the episode with the site's markup
 * and stylesheet (its Markdown as the site renders it), that the footer
 * groups' links (the main navigation's, or links of their own) are edited and
 * saved as the schema has them, and that nothing the page does is refused by
 * its CSP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { openPage } from '../../scripts/local/browser';
import type { TestPage } from '../../scripts/local/browser';
import { rootDir } from '../support/app';
import { useBrowserAndServer } from '../support/browser';

const shared = useBrowserAndServer();

/**
 * The admin page with the server's config, the backend swapped for Decap's in-memory one, which
 * holds `files` (repository path → text) as the repository's files.
 */
async function openEditor(files: Record<string, string> = {}): Promise<TestPage> {
  const tab = await openPage(shared.browser);
  // The in-memory backend reads its files from window.repoFiles, a tree of folders, when it starts.
  await tab.page.addInitScript((entries) => {
    const tree: Record<string, unknown> = {};
    for (const [file, content] of entries) {
      const parts = file.split('/');
      let folder = tree;
      for (const part of parts.slice(0, -1)) folder = (folder[part] ??= {}) as Record<string, unknown>;
      folder[parts.at(-1)!] = { content };
    }
    (window as unknown as { repoFiles: unknown }).repoFiles = tree;
  }, Object.entries(files));
  await tab.page.route('**/admin/config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    delete config.local_backend;
    await route.fulfill({ response, json: { ...config, backend: { name: 'test-repo' } } });
  });
  await tab.page.goto(`${shared.server.origin}/admin/`);
  await tab.page.getByRole('button', { name: 'Login' }).click();
  return tab;
}

/** What the editor saved for an entry ('settings/site'): in the workflow, the text of its file on its unpublished branch. */
async function savedFile(tab: TestPage, key: string): Promise<string | undefined> {
  return tab.page.evaluate(
    (entryKey) =>
      (window as unknown as { repoFilesUnpublished: Record<string, { diffs: Array<{ content: unknown }> }> }).repoFilesUnpublished[entryKey]
        ?.diffs[0]?.content as string | undefined,
    key,
  );
}

const cspProblems = (tab: TestPage) => tab.problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem.text));

describe('the editor at /admin', () => {
  it('refuses to save an episode with a required field left empty and a malformed URL, with the schema’s messages', async () => {
    const tab = await openEditor();
    try {
      const { page } = tab;
      await page.goto(`${shared.server.origin}/admin/#/collections/episodes/new`);
      await page.getByLabel('Listen url', { exact: true }).fill('htp://example.com/x');
      await page.getByLabel('Date', { exact: true }).fill('20 May 2025');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByText("Oops, you've missed a required field").count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.getByText('Title is required').count()).toBeGreaterThan(0);
      // The pattern's message is the schema's own, as `npm run content:check` says it.
      expect(await page.getByText('must be an https URL, or "#" while the episode is not on a platform yet').count()).toBeGreaterThan(0);
      expect(await page.getByText('must be a date written as YYYY-MM-DD, such as 2025-05-20').count()).toBeGreaterThan(0);
      expect(cspProblems(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  it('previews an episode as its page: the site’s markup and stylesheet in the preview pane', async () => {
    const tab = await openEditor();
    try {
      const { page } = tab;
      await page.goto(`${shared.server.origin}/admin/#/collections/episodes/new`);
      await page.getByLabel('Title', { exact: true }).fill('Fee Schedules That Clients Understand');
      const preview = page.frameLocator('iframe').first();
      await expect
        .poll(
          () =>
            preview
              .locator('h1.episode-hero__title')
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toBe('Fee Schedules That Clients Understand');
      const stylesheets = await preview
        .locator('link[rel="stylesheet"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(stylesheets.some((href) => /^\/assets\/entry-[A-Z0-9]+\.css$/.test(href ?? ''))).toBe(true);
      // The site's stylesheet applies: the hero is laid out by it, not by the browser's defaults.
      const display = await preview.locator('.episode-hero__grid').evaluate((element) => getComputedStyle(element).display);
      expect(display).toBe('grid');
      expect(cspProblems(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  it('previews an episode’s Markdown as its page shows it: headings, lists and links as elements', async () => {
    const episode = [
      '---',
      'title: Fee Schedules That Clients Understand',
      'date: 2025-05-20',
      'image: /media/episodes/cover-1.svg',
      'listenUrl: "#"',
      '---',
      'Avery Holt walks Morgan through **flat planning fees**.',
      '',
      '## What to put in writing',
      '',
      '- How to present a price',
      '- What to agree before the first meeting',
      '',
      'Read more in [our press coverage](/press).',
      '',
    ].join('\n');
    const tab = await openEditor({ 'content/episodes/fee-schedules.md': episode });
    try {
      const { page } = tab;
      await page.goto(`${shared.server.origin}/admin/#/collections/episodes/entries/fee-schedules`);
      const body = page.frameLocator('iframe').first().locator('.episode-body');
      // A heading sits under the page's own h1 and h2: "##" becomes an h3, as on the site.
      await expect
        .poll(
          () =>
            body
              .locator('h3')
              .textContent()
              .catch(() => ''),
          { timeout: 15_000 },
        )
        .toBe('What to put in writing');
      expect(await body.locator('ul > li').allTextContents()).toEqual(['How to present a price', 'What to agree before the first meeting']);
      expect(await body.locator('a[href="/press"]').textContent()).toBe('our press coverage');
      expect(await body.locator('strong').textContent()).toBe('flat planning fees');
      expect(await body.getByText('##').count()).toBe(0);
      expect(cspProblems(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);

  it('edits the footer groups’ links: the same as the main navigation, or links of their own', async () => {
    // The site's own file, with footer groups of known shape: one of each kind the schema allows.
    const site = parse(readFileSync(path.join(rootDir, 'content/site.yaml'), 'utf8')) as Record<string, unknown>;
    site.footerGroups = [
      { title: 'Quick Links', links: 'mainNav' },
      {
        title: 'Services',
        links: [
          { label: 'Estate Planning', href: '/estate-planning' },
          { label: 'Family Office', href: '/family-office' },
        ],
      },
      { title: 'Legal', links: [{ label: 'Terms of Service', href: '/terms' }] },
    ];
    const tab = await openEditor({ 'content/site.yaml': stringify(site) });
    try {
      const { page } = tab;
      await page.goto(`${shared.server.origin}/admin/#/collections/settings/entries/site`);
      const groups = page.locator('[aria-label="list field"]').filter({ has: page.getByRole('button', { name: 'Add footer groups' }) });
      await groups.getByRole('button', { name: 'Expand' }).first().click({ timeout: 15_000 });
      // Each group's links: "Same as Main nav" (mainNav in the file), or links of its own in Decap's list widget.
      const choices = groups.getByRole('combobox', { name: 'Links', exact: true });
      const chosen = () => choices.evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value));
      expect(await chosen()).toEqual(['mainNav', '', '']);
      expect(await choices.first().locator('option:checked').textContent()).toBe('Same as Main nav');
      const lists = groups.locator('[aria-label="keyword-or-list field"]');
      expect(await lists.nth(0).getByRole('button', { name: 'Add links' }).count()).toBe(0);
      expect(await lists.nth(1).getByText('2 links').count()).toBe(1);
      expect(await lists.nth(2).getByText('1 links').count()).toBe(1);

      // The first group gets a link of its own; the second the main navigation's links instead of its own.
      await choices.nth(0).selectOption('');
      await lists.nth(0).getByRole('button', { name: 'Add links' }).click();
      await lists.nth(0).getByLabel('Label', { exact: true }).fill('Start here');
      await lists.nth(0).getByLabel('Href', { exact: true }).fill('/podcast');
      await choices.nth(1).selectOption('mainNav');
      expect(await lists.nth(1).getByRole('button', { name: 'Add links' }).count()).toBe(0);
      // Changed back before saving, a group's own links are still there; then the main navigation's after all.
      await choices.nth(1).selectOption('');
      expect(await lists.nth(1).getByText('2 links').count()).toBe(1);
      await choices.nth(1).selectOption('mainNav');
      expect(await chosen()).toEqual(['', 'mainNav', '']);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => savedFile(tab, 'settings/site'), { timeout: 10_000 }).toBeDefined();
      const saved = parse((await savedFile(tab, 'settings/site'))!) as typeof site;
      expect(saved.footerGroups).toEqual([
        { title: 'Quick Links', links: [{ label: 'Start here', href: '/podcast' }] },
        { title: 'Services', links: 'mainNav' },
        { title: 'Legal', links: [{ label: 'Terms of Service', href: '/terms' }] },
      ]);
      expect({ ...saved, footerGroups: site.footerGroups }).toEqual(site);

      // A link inside a group is checked as every field is: the schema's pattern, with its message.
      // (The saved entry is shown again, its lists folded.)
      await expect.poll(() => page.getByText('Status: Draft').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await groups.getByRole('button', { name: 'Expand' }).first().click();
      await lists.nth(0).getByRole('button', { name: 'Add links' }).click();
      await lists.nth(0).getByLabel('Label', { exact: true }).last().fill('Elsewhere');
      await lists.nth(0).getByLabel('Href', { exact: true }).last().fill('press');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByText('Href didn\'t match the pattern: must be a path of this site such as "/press"').count(), {
          timeout: 10_000,
        })
        .toBe(1);
      expect(parse((await savedFile(tab, 'settings/site'))!)).toEqual(saved);
      expect(cspProblems(tab)).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 60_000);
});
