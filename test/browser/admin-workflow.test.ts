/**
 * The editor at /admin under `npm run edit`, in real Chromium (loopback only): log in with the
 * local backend's "Login", write a new episode, save it, move it In review then Ready, "Publish
 * now", confirm; the file is then in content/episodes/ of the working copy, committed, passes
 * content:check, and the dev server shows it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../../scripts/local/browser';
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

  it('an episode goes from a new entry to published through the editorial workflow', async () => {
    const tab = await openPage(browser);
    const { page } = tab;
    // The image widget's "Insert from URL" asks with a prompt; publishing asks for confirmation.
    page.on('dialog', (dialog) => void (dialog.type() === 'prompt' ? dialog.accept(COVER) : dialog.accept()));
    try {
      await page.goto(`http://localhost:${session.sitePort}/admin/`);
      await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });

      await page.goto(`http://localhost:${session.sitePort}/admin/#/collections/episodes/new`);
      const title = 'Browser Written Episode with Avery Holt';
      await page.getByLabel('Title', { exact: true }).fill(title, { timeout: 30_000 });
      await page.getByLabel('Date', { exact: true }).fill('2026-11-21');
      await page.getByRole('button', { name: 'Insert from URL' }).first().click();
      await page.getByLabel('Listen url', { exact: true }).fill('#');
      // The description is a rich-text editor (contenteditable), typed into as a person does.
      await page.locator('[contenteditable="true"]').first().click();
      await page.keyboard.type('Written, reviewed and published in the browser.');
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

      const slug = 'browser-written-episode-with-avery-holt';
      const file = path.join(session.site, 'content/episodes', `${slug}.md`);
      expect(readFileSync(file, 'utf8')).toContain(title);
      expect(git(session.site, 'ls-files', '--', `content/episodes/${slug}.md`).trim()).toBe(`content/episodes/${slug}.md`);
      const check = spawnSync(TSX, ['server/cli/content-check.ts'], { cwd: session.site, encoding: 'utf8', timeout: 60_000 });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const served = await fetch(`http://127.0.0.1:${session.sitePort}/podcast/${slug}`);
      expect(served.status).toBe(200);
      expect(tab.blocked.filter((url) => url !== COVER)).toEqual([]);
    } catch (error) {
      // What the editor showed, and what npm run edit said, make a failure readable without a rerun.
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
  }, 180_000);
});
