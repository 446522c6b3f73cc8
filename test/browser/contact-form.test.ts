/**
 * The contact form in real Chromium, against the real server and a real SMTP
 * server on loopback, at a phone and a desktop width: with JavaScript (checked
 * before sending, 'Sending...' while on its way, the panel without a reload)
 * and without it (the post, the 303 and the page that answers a refusal with
 * what was typed). axe checks every state: empty, with errors, submitting, sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { contactMessages } from '../../shared/rules/contact-message';
import { startServer } from '../support/app';
import { axeViolations, axeViolationsWithoutScript } from '../support/axe';
import { waitForHydration } from '../../scripts/local/browser';
import { isSameDocument, markDocument, useBrowser, withoutDocumentStatus } from '../support/browser';
import type { TestPage } from '../../scripts/local/browser';
import type { TestServer } from '../support/browser';
import { startSmtpServer } from '../support/smtp-server';
import type { TestSmtpServer } from '../support/smtp-server';
import { content } from '../support/content';

const copy = content.contact.form;
const TO = 'advisors@harbor.test';
const COPY_TO = 'compliance@harbor.test';
const WIDTHS = [390, 1280] as const;

const ctx = useBrowser();
let smtp: TestSmtpServer;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    env: {
      CONTACT_SMTP_URL: smtp.url,
      CONTACT_TO: TO,
      CONTACT_FROM: 'website@harbor.test',
      CONTACT_COPY_TO: COPY_TO,
      // Every test here posts from the same loopback client.
      CONTACT_RATE_LIMIT: '1000',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A control of the contact form, by its label (the page has other email fields). */
const field = (page: Page, label: string) =>
  page.locator('#message-form').getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
const form = (page: Page) => page.locator('#message-form form');
const submit = (page: Page) => form(page).locator('button[type="submit"]');
const summary = (page: Page) => page.locator('#contact-form-summary');
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

async function open(width: number, javaScriptEnabled = true, path = '/contact'): Promise<TestPage> {
  const tab = await ctx.tab({ viewport: { width, height: 900 }, reducedMotion: 'reduce', javaScriptEnabled });
  // A step that cannot happen fails with its own message, not as the test's timeout.
  tab.page.setDefaultTimeout(10_000);
  await tab.page.goto(`${server.origin}${path}`);
  if (javaScriptEnabled) await waitForHydration(tab.page);
  return tab;
}

/** Fills the form as a visitor would: by its labels. */
async function fillIn(
  page: Page,
  values: { name: string; email: string; company?: string; phone?: string; topic?: string; message: string },
) {
  await field(page, copy.labels.name).fill(values.name);
  await field(page, copy.labels.email).fill(values.email);
  if (values.company) await field(page, copy.labels.company).fill(values.company);
  if (values.phone) await field(page, copy.labels.phone).fill(values.phone);
  if (values.topic) await field(page, copy.labels.topic).selectOption({ label: values.topic });
  await field(page, copy.labels.message).fill(values.message);
}

/** The one message that reached the SMTP server with this Reply-To, and its recipients. */
async function mailFrom(replyTo: string) {
  await expect.poll(() => smtp.received.filter((mail) => mail.parsed.replyTo?.text.includes(replyTo)).length, { timeout: 10_000 }).toBe(1);
  return smtp.received.find((mail) => mail.parsed.replyTo?.text.includes(replyTo))!;
}

/** The answer to the form's POST (a redirect's own answer, not where it leads). */
async function postedBy(page: Page, submitForm: () => Promise<void>) {
  const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST', { timeout: 5_000 }), submitForm()]);
  return request.response();
}

/** What a field's aria-describedby points at, as text. */
function describedBy(page: Page, label: string) {
  return field(page, label).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`),
  );
}

describe.each(WIDTHS)('with JavaScript at %i px', (width) => {
  it('empty: labelled fields with autocomplete and required marks, no axe violations', async () => {
    const tab = await open(width);
    const { page } = tab;
    const autocomplete = await Promise.all(
      (['name', 'email', 'company', 'phone'] as const).map((key) => field(page, copy.labels[key]).getAttribute('autocomplete')),
    );
    expect(autocomplete).toEqual(['name', 'email', 'organization', 'tel']);
    for (const label of [copy.labels.name, copy.labels.email, copy.labels.message]) {
      expect(await field(page, label).getAttribute('required'), label).not.toBeNull();
    }
    expect(await field(page, copy.labels.company).getAttribute('required')).toBeNull();
    expect(await field(page, copy.labels.topic).locator('option').allTextContents()).toEqual([
      copy.topicPlaceholder,
      ...copy.topics.map((topic) => topic.label),
    ]);
    expect(await form(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await axeViolations(page)).toEqual([]);
    expect(tab.problems).toEqual([]);
    await tab.close();
  });

  it('errors: every problem inline, tied to its field, and a summary that takes focus; nothing is sent', async () => {
    const tab = await open(width);
    const { page } = tab;
    const attempts = smtp.attempts;
    await field(page, copy.labels.email).fill('someone@example');
    await field(page, copy.labels.message).fill('Too short');
    await submit(page).click();

    await summary(page).waitFor();
    expect(await focusedId(page)).toBe('contact-form-summary');
    expect(await summary(page).getByRole('heading').textContent()).toBe(copy.errorSummary);
    expect(await summary(page).locator('li').allTextContents()).toEqual([
      `${copy.labels.name}: ${contactMessages.nameMissing}`,
      `${copy.labels.email}: Please enter a valid email address, like name@example.com.`,
      `${copy.labels.message}: ${contactMessages.messageTooShort}`,
    ]);
    expect(await describedBy(page, copy.labels.name)).toEqual([contactMessages.nameMissing]);
    expect(await describedBy(page, copy.labels.message)).toEqual([contactMessages.messageTooShort]);
    expect(await field(page, copy.labels.name).getAttribute('aria-invalid')).toBe('true');
    // What was typed stays.
    expect(await field(page, copy.labels.email).inputValue()).toBe('someone@example');
    expect(await axeViolations(page)).toEqual([]);

    // A summary entry leads to its field.
    await summary(page)
      .getByRole('link', { name: new RegExp(`^${copy.labels.message}:`) })
      .click();
    expect(await focusedId(page)).toBe('contact-message');
    await page.waitForTimeout(200);
    expect(smtp.attempts).toBe(attempts);
    expect(tab.problems).toEqual([]);
    await tab.close();
  });

  it('submitting, then sent: disabled fields, "Sending...", then the panel with focus, without a reload; the firm gets the email and its copy', async () => {
    const tab = await open(width);
    const { page } = tab;
    const visitor = `js-${width}@example.com`;
    // Hold the answer back so the submitting state can be looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await markDocument(page);
    await fillIn(page, {
      name: 'Dana Whitfield',
      email: visitor,
      company: 'Whitfield & Co CPAs',
      phone: '+1 (555) 010-2030',
      topic: copy.topics[1]!.label,
      message: `We are a ${width}-person practice thinking about our own RIA.\nCould we talk next week?`,
    });
    await submit(page).click();

    await expect.poll(() => submit(page).textContent()).toBe(copy.sending);
    expect(await submit(page).isDisabled()).toBe(true);
    expect(await field(page, copy.labels.name).isDisabled()).toBe(true);
    expect(await field(page, copy.labels.message).isDisabled()).toBe(true);
    expect(await form(page).getAttribute('aria-busy')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    release();

    const panel = page.locator('#message-form').getByRole('status');
    await panel.waitFor();
    expect(await panel.getByRole('heading').textContent()).toBe(copy.sent.heading);
    expect(await panel.textContent()).toContain(copy.sent.text);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(copy.sent.heading);
    expect(await isSameDocument(page)).toBe(true);
    expect(page.url()).toBe(`${server.origin}/contact`);
    expect(await axeViolations(page)).toEqual([]);

    const mail = await mailFrom(visitor);
    expect(mail.envelope.to.sort()).toEqual([COPY_TO, TO].sort());
    expect(mail.parsed.subject).toContain(copy.topics[1]!.label);
    expect(mail.parsed.text).toContain('Dana Whitfield');
    expect(mail.parsed.text).toContain('Whitfield & Co CPAs');
    expect(mail.parsed.text).toContain(`We are a ${width}-person practice thinking about our own RIA.\nCould we talk next week?`);
    expect(mail.parsed.html).toBe(false);

    // "Write another message" brings back an empty form, focus in its first field.
    await panel.getByRole('link', { name: copy.sent.again }).click();
    await expect.poll(() => focusedId(page)).toBe('contact-name');
    expect(await field(page, copy.labels.name).inputValue()).toBe('');
    expect(await isSameDocument(page)).toBe(true);
    expect(tab.problems).toEqual([]);
    await tab.close();
  });

  it('when the site cannot be reached, says so and keeps every word that was typed', async () => {
    const tab = await open(width);
    const { page } = tab;
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    const message = 'A question about family office services for three of our clients.';
    await fillIn(page, { name: 'Lee Park', email: 'lee.park@example.com', message });
    await submit(page).click();
    await summary(page).waitFor();
    expect(await summary(page).getByRole('heading').textContent()).toBe(contactMessages.notSent);
    expect(await focusedId(page)).toBe('contact-form-summary');
    expect(await field(page, copy.labels.message).inputValue()).toBe(message);
    expect(await submit(page).isEnabled()).toBe(true);
    expect(await page.locator('#message-form').getByRole('status').count()).toBe(0);
    // The failed fetch is logged by the form (and by Chromium); nothing else may appear.
    expect(
      tab.problems.filter((problem) => !/Contact message request failed|ERR_CONNECTION_REFUSED|Failed to fetch/.test(problem.text)),
    ).toEqual([]);
    await tab.close();
  });
});

describe.each(WIDTHS)('without JavaScript at %i px', (width) => {
  it('the post is answered with 303 to /contact, which shows the panel; the firm gets the email and its copy', async () => {
    const tab = await open(width, false);
    const { page } = tab;
    const visitor = `nojs-${width}@example.com`;
    await fillIn(page, {
      name: 'Morgan Reyes',
      email: visitor,
      topic: copy.topics[0]!.label,
      message: 'I lead a tax practice and would like to hear how the IAR route works.',
    });
    const response = await postedBy(page, () => submit(page).click());
    expect(response?.status()).toBe(303);
    await page.waitForURL(/message=received/);
    expect(page.url()).toBe(`${server.origin}/contact?message=received#message-form`);
    const panel = page.locator('#message-form').getByRole('status');
    expect(await panel.getByRole('heading').textContent()).toBe(copy.sent.heading);
    expect(await form(page).count()).toBe(0);
    expect(await axeViolationsWithoutScript(ctx.browser, page)).toEqual([]);

    const mail = await mailFrom(visitor);
    expect(mail.envelope.to.sort()).toEqual([COPY_TO, TO].sort());
    expect(mail.parsed.subject).toContain(copy.topics[0]!.label);
    expect(mail.parsed.text).toContain('how the IAR route works');
    expect(tab.problems).toEqual([]);
    await tab.close();
  });

  it('a refusal answers with the page: values kept (never in the URL), errors tied to fields, the summary focused', async () => {
    const tab = await open(width, false);
    const { page } = tab;
    const attempts = smtp.attempts;
    // The browser's own checks pass (type="tel" accepts anything); the server's rule does not.
    await fillIn(page, {
      name: 'Sam Ortiz',
      email: `sam.ortiz.${width}@example.com`,
      company: 'Ortiz Accounting',
      phone: 'call me maybe',
      message: 'Please call me about adding wealth management to our firm.',
    });
    const response = await postedBy(page, () => submit(page).click());
    expect(response?.status()).toBe(400);
    await page.waitForLoadState();
    expect(page.url()).toBe(`${server.origin}/contact`);

    expect(await focusedId(page)).toBe('contact-form-summary');
    expect(await summary(page).locator('li').allTextContents()).toEqual([`${copy.labels.phone}: ${contactMessages.phoneInvalid}`]);
    expect(await describedBy(page, copy.labels.phone)).toEqual([contactMessages.phoneInvalid]);
    expect(await field(page, copy.labels.name).inputValue()).toBe('Sam Ortiz');
    expect(await field(page, copy.labels.company).inputValue()).toBe('Ortiz Accounting');
    expect(await field(page, copy.labels.phone).inputValue()).toBe('call me maybe');
    expect(await field(page, copy.labels.message).inputValue()).toBe('Please call me about adding wealth management to our firm.');
    expect(await axeViolationsWithoutScript(ctx.browser, page)).toEqual([]);

    // Corrected and sent again, from the same page.
    await field(page, copy.labels.phone).fill('555 010 4477');
    await Promise.all([page.waitForURL(/message=received/), submit(page).click()]);
    const mail = await mailFrom(`sam.ortiz.${width}@example.com`);
    expect(mail.parsed.text).toContain('555 010 4477');
    expect(smtp.attempts).toBeGreaterThan(attempts);
    expect(withoutDocumentStatus(tab.problems, 400)).toEqual([]);
    await tab.close();
  });
});
