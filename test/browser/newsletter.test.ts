/**
 * The newsletter form in real Chromium, against the real server and a fake
 * provider: with JavaScript (states, toasts, the field cleared or kept, one
 * upstream request per submit) and without it (the form posts, the 303 lands
 * back on the page with the outcome rendered by the server).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { startServer } from '../support/app';
import { waitForHydration } from '../../scripts/local/browser';
import { useBrowser, withoutDocumentStatus } from '../support/browser';
import type { TestPage } from '../../scripts/local/browser';
import type { TestServer } from '../support/browser';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';

const EMAIL = 'browser.visitor@example.com';
const SUCCESS = "Thank you for subscribing! You'll receive growth tips in your inbox.";
const UNABLE = 'Unable to connect to subscription service. Please try again or contact support.';

// One browser for the file; the server is started per test (below).
const ctx = useBrowser();
let fake: FakeProvider<FormEndpointMode>;
let server: TestServer;
let tab: TestPage | undefined;

beforeAll(async () => {
  fake = await startFormEndpoint();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  fake.setMode('success');
  fake.setDelay(0);
  // A fresh server per test: its own rate-limit budget (5 per minute).
  server = await startServer({
    env: { NEWSLETTER_LIST_ID: 'BrowserList', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}` },
  });
});
afterEach(async () => {
  await tab?.close();
  tab = undefined;
  await server.close();
});

const section = (page: Page) => page.locator('#contact');
const field = (page: Page) => section(page).getByLabel('Email Address');
const submit = (page: Page) => section(page).locator('button[type="submit"]');
const toasts = (page: Page) => page.locator('.toast-region .toast');

async function openHome(options: { javaScriptEnabled?: boolean } = {}) {
  tab = await ctx.tab(options);
  await tab.page.goto(`${server.origin}/`);
  if (options.javaScriptEnabled !== false) await waitForHydration(tab.page);
  return tab.page;
}

describe('with JavaScript', () => {
  it('idle → submitting (field and button disabled, "Subscribing...") → idle; success toast, field cleared', async () => {
    fake.setDelay(1_000);
    const page = await openHome();
    await field(page).fill(EMAIL);
    await submit(page).click();

    await expect.poll(() => submit(page).textContent()).toBe('Subscribing...');
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await field(page).isDisabled()).toBe(true);

    const toast = page.locator('.toast-region').getByRole('status');
    await toast.waitFor();
    expect(await toast.textContent()).toContain(SUCCESS);
    expect(await submit(page).textContent()).toBe('Subscribe Now');
    expect(await submit(page).isEnabled()).toBe(true);
    expect(await field(page).isEnabled()).toBe(true);
    expect(await field(page).inputValue()).toBe('');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({ g: 'BrowserList', email: EMAIL, $fields: 'email' });
    expect(tab!.problems).toEqual([]);
  });

  it('shows the server’s refusal as an alert toast and keeps what was typed', async () => {
    fake.setMode('rejected');
    const page = await openHome();
    await field(page).fill(EMAIL);
    await submit(page).click();
    const alert = page.locator('.toast-region').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The subscription service could not accept this address');
    expect(await alert.textContent()).not.toContain('Thank you');
    expect(await field(page).inputValue()).toBe(EMAIL);
    expect(await field(page).isEnabled()).toBe(true);
    expect(fake.requests).toHaveLength(1);
    // Chromium reports the 422 answer itself as a console error; nothing else may appear.
    expect(withoutDocumentStatus(tab!.problems, 422)).toEqual([]);
  });

  it('when the provider fails, says the address is received and will be confirmed, and clears the field', async () => {
    fake.setMode('server-error');
    const page = await openHome();
    await field(page).fill(EMAIL);
    await submit(page).press('Enter');
    const status = page.locator('.toast-region').getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toContain(newsletterMessages.pending);
    expect(await field(page).inputValue()).toBe('');
    expect(tab!.problems).toEqual([]);
  });

  it('an already subscribed address is told so, as good news', async () => {
    fake.setMode('already-subscribed');
    const page = await openHome();
    await field(page).fill(EMAIL);
    await submit(page).click();
    const status = page.locator('.toast-region').getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toContain(newsletterMessages.alreadySubscribed);
    expect(tab!.problems).toEqual([]);
  });

  it('an empty field shows "Please enter your email address" and sends nothing; a malformed one is explained', async () => {
    const page = await openHome();
    await submit(page).click();
    const alert = page.locator('.toast-region').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Please enter your email address');
    await field(page).fill('someone@example');
    await submit(page).click();
    await expect.poll(() => alert.textContent()).toContain('Please enter a valid email address, like name@example.com.');
    expect(await field(page).inputValue()).toBe('someone@example');
    await page.waitForTimeout(300);
    expect(fake.requests).toHaveLength(0);
    expect(tab!.problems).toEqual([]);
  });

  it('sends exactly one upstream request per submit, however often the form is submitted meanwhile', async () => {
    fake.setDelay(800);
    const page = await openHome();
    await field(page).fill(EMAIL);
    await page.evaluate(() => {
      const form = document.querySelector<HTMLFormElement>('#contact form')!;
      form.requestSubmit();
      form.requestSubmit();
      form.requestSubmit();
    });
    await page.locator('.toast-region').getByRole('status').waitFor();
    await page.waitForTimeout(300);
    expect(fake.requests).toHaveLength(1);
    expect(await toasts(page).count()).toBe(1);
    expect(tab!.problems).toEqual([]);
  });

  it('a toast can be dismissed with its button', async () => {
    const page = await openHome();
    await field(page).fill(EMAIL);
    await submit(page).click();
    await toasts(page).first().waitFor();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => toasts(page).count()).toBe(0);
    expect(tab!.problems).toEqual([]);
  });

  it('a toast goes by itself after about 5 seconds', async () => {
    const page = await openHome();
    await page.mouse.move(0, 0);
    await field(page).fill(EMAIL);
    await field(page).press('Enter');
    await toasts(page).first().waitFor();
    const shownAt = Date.now();
    await page.waitForTimeout(3_500);
    expect(await toasts(page).count()).toBe(1);
    await toasts(page).first().waitFor({ state: 'detached', timeout: 4_000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThan(4_500);
    expect(elapsed).toBeLessThan(7_000);
    expect(tab!.problems).toEqual([]);
  });

  it('after a sign-up without JavaScript, the page’s notice gives way to the next toast', async () => {
    tab = await ctx.tab();
    const page = tab.page;
    await page.goto(`${server.origin}/?newsletter=unavailable`);
    await waitForHydration(page);
    expect(await section(page).locator('.newsletter-notice').textContent()).toBe(UNABLE);
    await field(page).fill(EMAIL);
    await submit(page).click();
    await page.locator('.toast-region').getByRole('status').waitFor();
    expect(await section(page).locator('.newsletter-notice').count()).toBe(0);
    expect(tab.problems).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('posts the form; the 303 lands back on the page with the outcome rendered in the section', async () => {
    const page = await openHome({ javaScriptEnabled: false });
    await field(page).fill(EMAIL);
    await Promise.all([page.waitForURL(/newsletter=subscribed/), submit(page).click()]);
    expect(page.url()).toBe(`${server.origin}/?newsletter=subscribed#contact`);
    const notice = section(page).getByRole('status');
    expect(await notice.textContent()).toBe(SUCCESS);
    // On screen, though the sections above it are laid out only near the screen (.below-fold, guessed heights).
    await page.waitForFunction(() => {
      const box = document.querySelector('#contact [role="status"]')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).toEqual({ g: 'BrowserList', email: EMAIL, $fields: 'email' });
  });

  it('shows a refusal as an alert on the page it came from', async () => {
    fake.setMode('rejected');
    tab = await ctx.tab({ javaScriptEnabled: false });
    const page = tab.page;
    await page.goto(`${server.origin}/press`);
    await field(page).fill(EMAIL);
    await Promise.all([page.waitForURL(/newsletter=rejected/), submit(page).click()]);
    expect(page.url()).toBe(`${server.origin}/press?newsletter=rejected#contact`);
    expect(await section(page).getByRole('alert').textContent()).toBe(newsletterMessages.rejected);
  });

  it('a provider that is down: the page says the address is received and will be confirmed by email', async () => {
    fake.setMode('server-error');
    const page = await openHome({ javaScriptEnabled: false });
    await field(page).fill(EMAIL);
    await Promise.all([page.waitForURL(/newsletter=pending/), submit(page).click()]);
    expect(page.url()).toBe(`${server.origin}/?newsletter=pending#contact`);
    expect(await section(page).getByRole('status').textContent()).toBe(newsletterMessages.pending);
  });

  it('lets the browser refuse an empty field, so nothing is posted', async () => {
    const page = await openHome({ javaScriptEnabled: false });
    await submit(page).click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${server.origin}/`);
    expect(await field(page).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(fake.requests).toHaveLength(0);
  });
});
