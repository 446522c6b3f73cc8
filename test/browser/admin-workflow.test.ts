/**
 * The editor at /admin under `npm run edit`, in real Chromium (loopback only): log in with the
 * local backend's "Login", then take an entry through the editorial workflow (save, In review,
 * Ready, "Publish now", confirm): a new episode, and a change to an existing press article. The
 * published file is then in content/ of the working copy, committed (and nothing else with it),
 * passes content:check, and the dev server shows it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { launchBrowser, openPage } from '../../scripts/local/browser';
import type { TestPage } from '../../scripts/local/browser';
import { git, startEditSession, TSX } from '../support/edit-session';
import type { EditSession } from '../support/edit-session';

// An https cover: the preview's request for it is refused (loopback only), which is all it costs.
const COVER = 'https://media.example.com/covers/episode.png';

describe('/admin under npm run edit', () => {
  let session: EditSession;
  let browser: Browser;

  beforeAll(async () => {
    [session, browser] = await Promise.all([startEditSession(), launchBrowser()]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await session?.close();
  }, 30_000);

  /**
   * A tab of its own, logged in to the editor, for one test's steps. On a failure, what the editor
   * showed and what npm run edit said are printed, so the failure is readable without a rerun.
   */
  async function inEditor(steps: (tab: TestPage) => Promise<void>): Promise<void> {
    const tab = await openPage(browser);
    const { page } = tab;
    // The image widget's "Insert from URL" asks with a prompt; publishing asks for confirmation.
    page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept(COVER) : dialog.accept()));
    try {
      await page.goto(`http://localhost:${session.sitePort}/admin/`);
      await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
      await steps(tab);
    } catch (error) {
      console.error(
        `The page:\n${(
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 3000)}`,
      );
      console.error(`Console problems: ${JSON.stringify(tab.problems).slice(0, 2000)}`);
      console.error(`npm run edit said:\n${session.output().slice(-3000)}`);
      throw error;
    } finally {
      await tab.close();
    }
  }

  /** The entry open in the editor: Save, then In review, Ready, and "Publish now", as an editor does. */
  async function saveAndPublish(page: Page) {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Status: Draft').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    for (const status of ['In review', 'Ready']) {
      await page.getByText(/^Status: /).click();
      await page.getByRole('menuitem', { name: status }).click();
      await expect.poll(() => page.getByText(`Status: ${status}`).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await page.getByText('Publish', { exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
    await expect.poll(() => page.getByText('Entry published').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  }

  const contentCheck = () => spawnSync(TSX, ['server/cli/content-check.ts'], { cwd: session.site, encoding: 'utf8', timeout: 60_000 });

  it('an episode goes from a new entry to published through the editorial workflow', async () => {
    await inEditor(async (tab) => {
      const { page } = tab;
      await page.goto(`http://localhost:${session.sitePort}/admin/#/collections/episodes/new`);
      const title = 'Browser Written Episode with Avery Holt';
      await page.getByLabel('Title', { exact: true }).fill(title, { timeout: 30_000 });
      await page.getByLabel('Date', { exact: true }).fill('2026-11-21');
      await page.getByRole('button', { name: 'Insert from URL' }).first().click();
      await page.getByLabel('Listen url', { exact: true }).fill('#');
      // The description is a rich-text editor (contenteditable), typed into as a person does.
      await page.locator('[contenteditable="true"]').first().click();
      await page.keyboard.type('Written, reviewed and published in the browser.');
      await saveAndPublish(page);

      const slug = 'browser-written-episode-with-avery-holt';
      const file = path.join(session.site, 'content/episodes', `${slug}.md`);
      expect(readFileSync(file, 'utf8')).toContain(title);
      expect(git(session.site, 'ls-files', '--', `content/episodes/${slug}.md`).trim()).toBe(`content/episodes/${slug}.md`);
      const check = contentCheck();
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const served = await fetch(`http://127.0.0.1:${session.sitePort}/podcast/${slug}`);
      expect(served.status).toBe(200);
      // Listed too, not only at its own address: the newest episode, so on the first page of /podcast.
      const listing = await fetch(`http://127.0.0.1:${session.sitePort}/podcast`);
      expect(listing.status).toBe(200);
      expect(await listing.text()).toContain(title);
      expect(tab.blocked.filter((url) => url !== COVER)).toEqual([]);
    });
  }, 180_000);

  it('an existing press article, opened from its collection, is changed and published, and only its file changes', async () => {
    const slug = '2025-02-12-tax-trust-weekly';
    const relative = `content/press/${slug}.yaml`;
    const file = path.join(session.site, relative);
    const before = readFileSync(file, 'utf8');
    const original = parse(before) as Record<string, unknown>;
    const title = 'Estate Planning Gaps CPAs Close Before Tax Season, Edited in the Browser';
    expect(before).not.toContain(title);
    const head = git(session.site, 'rev-parse', 'HEAD').trim();

    await inEditor(async (tab) => {
      const { page } = tab;
      await page.goto(`http://localhost:${session.sitePort}/admin/#/collections/press`);
      // The collection lists each article by its summary, "{{date}} {{publication}}: {{title}}".
      await page.getByText(String(original.title), { exact: false }).first().click({ timeout: 30_000 });
      await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/collections/press/entries/${slug}`);
      const field = page.getByLabel('Title', { exact: true });
      await expect.poll(() => field.inputValue({ timeout: 30_000 })).toBe(original.title);
      await field.fill(title);
      await saveAndPublish(page);
      expect(tab.blocked).toEqual([]);
    });

    // Publishing fast-forwards the working copy's branch to the CMS's commits (scripts/ops/edit.ts):
    // since the test began they changed this one file, which is committed, and in it only the title.
    expect(git(session.site, 'diff', '--name-only', head, 'HEAD').trim().split('\n')).toEqual([relative]);
    expect(git(session.site, 'status', '--porcelain', '--', relative)).toBe('');
    expect(parse(readFileSync(file, 'utf8'))).toEqual({ ...original, title });
    const check = contentCheck();
    expect(check.status, check.stdout + check.stderr).toBe(0);
    const served = await fetch(`http://127.0.0.1:${session.sitePort}/press`);
    expect(served.status).toBe(200);
    const html = await served.text();
    expect(html).toContain(title);
    expect(html).not.toContain(String(original.title));
  }, 180_000);
});
