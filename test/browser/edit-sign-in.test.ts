/**
 * `npm run edit -- --sign-in` in real Chromium (scripts/ops/edit/sign-in-mode.ts, decision 043): a person
 * opens /admin/ as the script says, is sent to the development provider's page, which is ours and passes
 * axe, picks Alex Author there and is back in the editor, signed in, with no second login. An account the
 * page does not list is refused in words, not signed in.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../../scripts/local/browser';
import type { TestPage } from '../../scripts/local/browser';
import { axeViolations } from '../support/axe';
import { freePort, startEditSession } from '../support/edit-session';
import type { EditSession } from '../support/edit-session';

describe('/admin under npm run edit -- --sign-in', () => {
  let session: EditSession;
  let browser: Browser;
  let providerPort: number;
  let tab: TestPage | undefined;

  beforeAll(async () => {
    providerPort = await freePort();
    [session, browser] = await Promise.all([
      startEditSession({ args: ['--sign-in'], env: { OIDC_DEV_PORT: String(providerPort) } }),
      launchBrowser(),
    ]);
  }, 200_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await session?.close();
  }, 30_000);

  it('signs the author in through the provider’s page and opens the editor', async () => {
    tab = await openPage(browser);
    const { page } = tab;
    const siteUrl = `http://localhost:${session.sitePort}`;
    try {
      await page.goto(`${siteUrl}/admin/`);
      await expect.poll(() => page.title()).toBe('Sign in to the content editor');
      await page.getByRole('link', { name: 'Sign in' }).click();

      // The provider's page: ours, on loopback, one button per person.
      await page.getByRole('heading', { name: 'Sign in on this machine' }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${providerPort}`);
      expect(await page.getByRole('button').allInnerTexts()).toEqual([
        expect.stringMatching(/^Alex Author\s+author@localhost\.test · writes and sends for review$/),
        expect.stringMatching(/^Riley Reviewer\s+reviewer@localhost\.test · approves and publishes$/),
      ]);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: /Alex Author/ }).click();
      // Back on the site, straight into Decap: no consent page, no Login button.
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(new RegExp(`^${siteUrl}/admin/`));
      await page.getByRole('button', { name: 'Account' }).waitFor({ timeout: 60_000 });
      expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
      expect(tab.blocked).toEqual([]);
    } catch (error) {
      const text = await page
        .locator('body')
        .innerText({ timeout: 5_000 })
        .catch(() => '');
      console.error(`The page (${page.url()}):\n${text.slice(0, 3000)}\nnpm run edit said:\n${session.output().slice(-3000)}`);
      throw error;
    }
  }, 120_000);

  it('refuses a login the page does not list, in words', async () => {
    const other = await openPage(browser);
    try {
      const { page } = other;
      await page.goto(`http://localhost:${session.sitePort}/admin/auth/login`);
      await page.getByRole('heading', { name: 'Sign in on this machine' }).waitFor({ timeout: 15_000 });
      // As an attacker would: the form sent with a login of their own choosing.
      await page.locator('button[value="author"]').evaluate((button) => button.setAttribute('value', 'someone-else'));
      await page.getByRole('button', { name: /Alex Author/ }).click();
      await expect.poll(() => page.locator('body').innerText()).toBe('Pick one of the people listed on the sign-in page.');
      expect(new URL(page.url()).origin).toBe(`http://127.0.0.1:${providerPort}`);
    } finally {
      await other.close();
    }
  }, 60_000);
});
