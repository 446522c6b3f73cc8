/**
 * Four eyes as the firm would use it (issue 46): the BUILT server as its own process with CMS_BACKEND=site,
 * a real OpenID provider (oidc-provider, its development sign-in pages), a real bare content repository
 * (the site makes it from its own content on first start), and real Chromium, one browser context per
 * person. An author (CMS_EDITORS) signs in through the provider's pages, changes a press article's title,
 * sends it to review and is refused Ready in the server's words; a reviewer (CMS_REVIEWERS) approves it;
 * the author saves again, so the reviewer's Publish, from the page still showing Ready, is refused as
 * needing approval again; the reviewer approves the new version and publishes it, and the public page
 * shows it. Then `approvals list` names both people and `approvals verify` passes; the author signs out.
 *
 * Screenshots (git-ignored) of the sign-in page, the refusal and the published page go to
 * artifacts/screenshots/four-eyes-*.png. On a failure the test prints what the page showed and the
 * server's log.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../../scripts/local/browser';
import type { TestPage } from '../../scripts/local/browser';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { rootDir } from '../support/app';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const AUTHOR = { login: 'avery', email: 'avery.holt@harborledger.example', name: 'Avery Holt' };
const REVIEWER = { login: 'rita', email: 'rita.compliance@harborledger.example', name: 'Rita Compliance' };

const SLUG = '2025-02-12-tax-trust-weekly';
const ORIGINAL_TITLE = 'The Estate Planning Gaps CPAs See Every Tax Season, and How to Close Them';
const FIRST_TITLE = 'Estate Planning Gaps CPAs Close Before Tax Season, Written by the Author';
const SECOND_TITLE = 'Estate Planning Gaps CPAs Close Before Tax Season, Revised After Approval';

const SCREENSHOTS = path.join(rootDir, 'artifacts/screenshots');
const screenshot = (name: string) => path.join(SCREENSHOTS, `four-eyes-${name}.png`);

/** A port free now: the provider must know the site's callback (from SITE_URL) before the site starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('four eyes in the editor, signed in through the provider (CMS_BACKEND=site, the built server)', () => {
  let dir: string;
  let archiveDir: string;
  let provider: TestProvider;
  let server: ServerProcess;
  let browser: Browser;
  let siteUrl: string;
  const tabs: Record<'author' | 'reviewer', TestPage | undefined> = { author: undefined, reviewer: undefined };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    dir = mkdtempSync(path.join(tmpdir(), 'four-eyes-'));
    archiveDir = path.join(dir, 'archive');
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({
      redirectUris: [`${siteUrl}/admin/auth/callback`],
      people: { [AUTHOR.login]: AUTHOR, [REVIEWER.login]: REVIEWER },
    });
    [server, browser] = await Promise.all([
      startServerProcess({
        port,
        env: {
          ...provider.env,
          NODE_ENV: 'production',
          SITE_URL: siteUrl,
          CMS_BACKEND: 'site',
          CMS_EDITORS: AUTHOR.email,
          CMS_REVIEWERS: REVIEWER.email,
          CONTENT_REPO: path.join(dir, 'content.git'),
          CONTENT_WORK_DIR: path.join(dir, 'work'),
          CONTENT_POLL_SECONDS: '0',
          ARCHIVE_DIR: archiveDir,
          NEWSLETTER_FILE: path.join(dir, 'subscribers.jsonl'),
          CONTACT_FILE: path.join(dir, 'messages.jsonl'),
          DRAIN_SECONDS: '0',
        },
        timeoutMs: 90_000,
      }),
      launchBrowser(),
    ]);
  }, 180_000);

  afterAll(async () => {
    await tabs.author?.close();
    await tabs.reviewer?.close();
    await browser?.close();
    await server?.stop();
    await provider?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** One person's steps; on a failure, what their page showed and what the server logged. */
  async function as(who: 'author' | 'reviewer', steps: (page: Page, tab: TestPage) => Promise<void>): Promise<void> {
    const tab = tabs[who]!;
    try {
      await steps(tab.page, tab);
    } catch (error) {
      const text = await tab.page
        .locator('body')
        .innerText({ timeout: 5_000 })
        .catch(() => '');
      console.error(`The ${who}'s page (${tab.page.url()}):\n${text.slice(0, 3000)}`);
      console.error(`Console problems: ${JSON.stringify(tab.problems).slice(0, 2000)}`);
      console.error(`The server said:\n${server.stdout().slice(-4000)}`);
      await tab.page.screenshot({ path: screenshot(`failure-${who}`), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }

  /** /admin/ → the site's sign-in page → the provider's login and consent pages → back in the editor, with no second Login. */
  async function signIn(page: Page, login: string, options: { screenshot?: string } = {}) {
    await page.goto(`${siteUrl}/admin/`);
    await expect.poll(() => page.title()).toBe('Sign in to the content editor');
    if (options.screenshot) await page.screenshot({ path: options.screenshot });
    await page.getByRole('link', { name: 'Sign in' }).click();
    // oidc-provider's development pages: any login name and password, then consent.
    await page.locator('input[name="login"]').fill(login, { timeout: 15_000 });
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click({ timeout: 15_000 });
    // Back on the site, straight into Decap: the site's backend asks nothing more (client/admin-site-backend.tsx).
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(new RegExp(`^${siteUrl}/admin/`));
    await page.getByRole('button', { name: 'Account' }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
  }

  /** The toolbar's status menu, as an editor uses it. */
  async function chooseStatus(page: Page, status: 'In review' | 'Ready') {
    await page.getByText(/^Status: /).click();
    await page.getByRole('menuitem', { name: status }).click();
  }

  async function publishNow(page: Page) {
    await page.getByText('Publish', { exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publish now' }).click();
  }

  const seen = (page: Page, text: string | RegExp) => page.getByText(text).count();

  /** Closes Decap's notifications (react-toastify), so the next one is the first in line and in the screenshot. */
  async function dismissNotifications(page: Page) {
    for (const close of await page.locator('.Toastify__close-button').all()) await close.click({ timeout: 2_000 }).catch(() => undefined);
    await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBe(0);
  }

  /** Waits until Decap's notification saying `text` is on screen, done sliding in (its place stops changing). */
  async function notification(page: Page, text: string) {
    const toast = page.locator('.Toastify__toast').filter({ hasText: text });
    let last = '';
    await expect
      .poll(
        async () => {
          const box = await toast
            .first()
            .boundingBox({ timeout: 1_000 })
            .catch(() => null);
          const where = box ? `${Math.round(box.x)},${Math.round(box.y)}` : '';
          const settled = box !== null && where === last && box.x + box.width <= (page.viewportSize()?.width ?? 0);
          last = where;
          return settled;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
  }

  /** The public /press page's HTML, or '' while it does not answer 200. */
  const pressPage = () =>
    fetch(`${siteUrl}/press`).then(
      (res) => (res.status === 200 ? res.text() : ''),
      () => '',
    );

  it('the author sees the sign-in page, signs in through the provider and lands in the editor', async () => {
    tabs.author = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    tabs.author.page.on('dialog', (dialog) => void dialog.accept());
    await as('author', async (page) => {
      await signIn(page, AUTHOR.login, { screenshot: screenshot('sign-in') });
      await page.goto(`${siteUrl}/admin/#/collections/press`);
      await expect.poll(() => seen(page, ORIGINAL_TITLE), { timeout: 30_000 }).toBeGreaterThan(0);
    });
  }, 120_000);

  it('the author changes a press article, sends it to review, and is refused Ready with the server’s words', async () => {
    await as('author', async (page, tab) => {
      await page.getByText(ORIGINAL_TITLE).first().click();
      await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/collections/press/entries/${SLUG}`);
      const field = page.getByLabel('Title', { exact: true });
      await expect.poll(() => field.inputValue({ timeout: 30_000 })).toBe(ORIGINAL_TITLE);
      await field.fill(FIRST_TITLE);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => seen(page, 'Status: Draft'), { timeout: 30_000 }).toBeGreaterThan(0);
      await chooseStatus(page, 'In review');
      await expect.poll(() => seen(page, 'Status: In review'), { timeout: 15_000 }).toBeGreaterThan(0);
      await dismissNotifications(page);
      await chooseStatus(page, 'Ready');
      // Decap shows the server's `error` in its notification: "Failed to update status: <the words>".
      await notification(page, `Only a reviewer can approve an entry: ask one of ${REVIEWER.email}.`);
      await page.screenshot({ path: screenshot('refusal') });
      // Still In review: the refusal moved nothing.
      expect(await seen(page, 'Status: Ready')).toBe(0);
      expect(tab.blocked.filter((url) => url.startsWith(siteUrl))).toEqual([]);
    });
    // Nothing public yet.
    expect(await pressPage()).not.toContain(FIRST_TITLE);
  }, 120_000);

  it('the reviewer signs in and approves from the workflow board; the author saves again, and publishing the old approval is refused', async () => {
    tabs.reviewer = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    tabs.reviewer.page.on('dialog', (dialog) => void dialog.accept());
    await as('reviewer', async (page) => {
      await signIn(page, REVIEWER.login);
      await page.goto(`${siteUrl}/admin/#/workflow`);
      await page.getByText(FIRST_TITLE).first().click({ timeout: 30_000 });
      await expect.poll(() => page.url(), { timeout: 15_000 }).toContain(`/collections/press/entries/${SLUG}`);
      await expect.poll(() => seen(page, 'Status: In review'), { timeout: 30_000 }).toBeGreaterThan(0);
      await chooseStatus(page, 'Ready');
      await expect.poll(() => seen(page, 'Status: Ready'), { timeout: 15_000 }).toBeGreaterThan(0);
    });
    // The author, whose page still shows the entry, changes it once more after the approval.
    await as('author', async (page) => {
      const field = page.getByLabel('Title', { exact: true });
      await field.fill(SECOND_TITLE);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => seen(page, /Entry saved/i), { timeout: 30_000 }).toBeGreaterThan(0);
    });
    // The reviewer's page still says Ready; the server knows better.
    await as('reviewer', async (page) => {
      await dismissNotifications(page);
      await publishNow(page);
      await notification(page, 'This entry changed after it was approved: it needs approving again.');
      await page.screenshot({ path: screenshot('stale-approval') });
      expect(await seen(page, 'Entry published')).toBe(0);
    });
    expect(await pressPage()).not.toContain(FIRST_TITLE);
  }, 180_000);

  it('the reviewer approves the new version and publishes it: the public page shows it at once', async () => {
    await as('reviewer', async (page) => {
      await page.reload();
      await expect.poll(() => page.getByLabel('Title', { exact: true }).inputValue({ timeout: 30_000 })).toBe(SECOND_TITLE);
      await expect.poll(() => seen(page, 'Status: In review'), { timeout: 30_000 }).toBeGreaterThan(0);
      await chooseStatus(page, 'Ready');
      await expect.poll(() => seen(page, 'Status: Ready'), { timeout: 15_000 }).toBeGreaterThan(0);
      await publishNow(page);
      await expect.poll(() => seen(page, 'Entry published'), { timeout: 30_000 }).toBeGreaterThan(0);
    });
    const started = Date.now();
    await expect.poll(pressPage, { timeout: 30_000, interval: 250 }).toContain(SECOND_TITLE);
    console.info(`four eyes: /press showed the published title ${Date.now() - started} ms after "Entry published"`);
    const html = await pressPage();
    expect(html).not.toContain(ORIGINAL_TITLE);
    expect(html).not.toContain(FIRST_TITLE);
    await as('reviewer', async (page) => {
      await page.goto(`${siteUrl}/press`);
      await page
        .getByText(SECOND_TITLE)
        .first()
        .evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: screenshot('published') });
    });
  }, 120_000);

  it('approvals list names the author and the approver, the published version is archived and bound, and verify exits 0', async () => {
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(rootDir, 'dist/cli/approvals.js'), ...args], { encoding: 'utf8', timeout: 60_000 });
    const list = cli('list', archiveDir);
    expect(list.status, list.stderr).toBe(0);
    const publication = list.stdout.slice(list.stdout.indexOf('PUBLICATION'));
    expect(publication).toContain(`press/${SLUG}`);
    expect(publication).toContain(`files:      content/press/${SLUG}.yaml`);
    expect(publication).toContain(`authors:    ${AUTHOR.name} <${AUTHOR.email}>`);
    expect(publication).toMatch(new RegExp(`approver: +${REVIEWER.name} <${REVIEWER.email}>`));
    expect(publication).toMatch(new RegExp(`publisher: +${REVIEWER.name} <${REVIEWER.email}>`));
    const published = /published ([0-9a-f]{40})/.exec(publication)?.[1];
    expect(published).toBeDefined();
    // The server archives each version it goes live with, then binds that commit to its WARC in the record.
    await expect
      .poll(() => cli('list', archiveDir).stdout, { timeout: 120_000, interval: 1_000 })
      .toContain(`ARCHIVE  commit ${published!}`);
    console.info(`approvals list:\n${cli('list', archiveDir).stdout}`);
    const verify = cli('verify', archiveDir);
    console.info(`approvals verify: ${verify.stdout}${verify.stderr}`);
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  }, 180_000);

  it("the author signs out with Decap's Log Out: the site's sign-in page again, and the API answers 401", async () => {
    await as('author', async (page) => {
      await page.goto(`${siteUrl}/admin/#/collections/press`);
      await page.getByRole('button', { name: 'Account' }).click({ timeout: 60_000 });
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Sign in to the content editor');
      await page.goto(`${siteUrl}/admin/`);
      await expect.poll(() => page.title()).toBe('Sign in to the content editor');
      const api = await page.evaluate(async () => {
        const res = await fetch('/admin/api/v1', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'info', params: {} }),
        });
        return res.status;
      });
      expect(api).toBe(401);
    });
    // Through sign-in, editing, refusals and publishing, the admin's own CSP let through everything the editor needs.
    for (const tab of [tabs.author, tabs.reviewer]) {
      expect(tab!.problems.filter((problem) => /Content Security Policy|Refused to/i.test(problem.text))).toEqual([]);
    }
  }, 60_000);
});
