/**
 * Names, roles and announcements (WCAG 4.1.2, 4.1.3, 3.3.1): links that open
 * a tab say so, embedded players have titles, the newsletter's messages are
 * announced without taking focus, an error sends focus back to the field it
 * describes; and the accessibility tree (Playwright's ARIA snapshot) of the
 * nav bar, the pagination and the newsletter form is pinned, so a change in
 * a name or a role fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { episodes } from '../support/content';
import { newsletterCopy } from '../support/content';
import { paths, staticPagePaths } from '../../shared/paths';
import { emailMessages } from '../../shared/rules/email';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { startServer } from '../support/app';
import { waitForHydration } from '../../scripts/local/browser';
import { useBrowser, withoutBlockedThumbnails, withoutDocumentStatus } from '../support/browser';
import type { TabOptions } from '../support/browser';
import type { TestServer } from '../support/browser';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';

const ctx = useBrowser();
let fake: FakeProvider<FormEndpointMode>;
let server: TestServer;

beforeAll(async () => {
  fake = await startFormEndpoint();
  server = await startServer({
    env: { NEWSLETTER_LIST_ID: 'NamesList', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}` },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

async function open(path: string, options: TabOptions = {}) {
  const tab = await ctx.tab({ viewport: { width: 1280, height: 800 }, ...options });
  await tab.page.goto(server.origin + path);
  await waitForHydration(tab.page);
  return tab;
}

const episodePaths = [
  paths.episode(episodes.find((episode) => episode.isYouTube)!.id),
  paths.episode(episodes.find((episode) => episode.isSpotifyVideo)!.id),
];

describe('links and players', () => {
  it('every link that opens a new tab says so in its accessible name, on every page', async () => {
    const tab = await open(paths.home);
    try {
      let checked = 0;
      for (const path of [...staticPagePaths, ...episodePaths]) {
        await tab.page.goto(server.origin + path);
        await waitForHydration(tab.page);
        const links = tab.page.locator('a[target="_blank"]');
        for (const link of await links.all()) {
          // The accessible name as assistive technology gets it: Playwright's ARIA snapshot of the link.
          const snapshot = await link.ariaSnapshot();
          expect(snapshot, `${path}: ${snapshot}`).toMatch(/^- link "[^"]*\(opens in a new tab\)"/);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(30);
    } finally {
      await tab.close();
    }
  }, 120_000);

  it('every embedded player has a title naming the player and the episode', async () => {
    for (const path of episodePaths) {
      const tab = await open(path);
      const titles = await tab.page.locator('iframe').evaluateAll((frames) => frames.map((frame) => frame.getAttribute('title')));
      expect(titles).toHaveLength(1);
      const episode = episodes.find((candidate) => path.endsWith(encodeURIComponent(candidate.id)))!;
      expect(titles[0]).toMatch(new RegExp(`^(YouTube|Spotify) video player: `));
      expect(titles[0]).toContain(episode.title);
      expect(withoutBlockedThumbnails(tab.problems)).toEqual([]);
      await tab.close();
    }
  });
});

describe('newsletter announcements', () => {
  const field = (page: Page) => page.locator('#contact').getByLabel('Email Address');
  const submit = (page: Page) => page.locator('#contact button[type="submit"]');

  it('a success is a status message, and focus stays on the form, not on the toast', async () => {
    fake.setMode('success');
    const { page, problems, close } = await open(paths.home);
    await field(page).fill('names.success@example.com');
    await field(page).focus();
    await page.keyboard.press('Enter');
    const status = page.locator('.toast-region').getByRole('status');
    await status.waitFor();
    expect(await status.textContent()).toContain(newsletterMessages.success);
    expect(await page.locator('.toast-region').getByRole('alert').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
    expect(await field(page).getAttribute('aria-invalid')).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });

  it('an empty address: an alert, focus back on the field, which is invalid and described by the error', async () => {
    const { page, problems, close } = await open(paths.home);
    await submit(page).focus();
    await page.keyboard.press('Enter');
    const alert = page.locator('.toast-region').getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(emailMessages.missing);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
    expect(await field(page).getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field(page).getAttribute('aria-describedby'))!.split(' ');
    const errorId = await alert.locator('.toast__message').getAttribute('id');
    expect(describedBy).toContain(errorId);
    expect(describedBy).toContain('newsletter-note');
    // The description as assistive technology reads it: the error first, then the privacy note.
    const description = await field(page).evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim())
        .join(' '),
    );
    expect(description.startsWith(emailMessages.missing)).toBe(true);

    // Typing clears the error state.
    await page.keyboard.type('n');
    expect(await field(page).getAttribute('aria-invalid')).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });

  it('a refusal by the provider: an alert, and focus returns to the field it describes', async () => {
    fake.setMode('rejected');
    const { page, problems, close } = await open(paths.home);
    await field(page).fill('names.refused@example.com');
    await field(page).focus();
    await page.keyboard.press('Enter');
    const alert = page.locator('.toast-region').getByRole('alert');
    await alert.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('newsletter-email');
    expect(await field(page).getAttribute('aria-invalid')).toBe('true');
    expect(await field(page).getAttribute('aria-describedby')).toContain((await alert.locator('.toast__message').getAttribute('id'))!);
    expect(withoutDocumentStatus(problems, 422)).toEqual([]);
    await close();
  });

  it('without JavaScript, the server’s error notice describes the field', async () => {
    const { page, close } = await ctx.tab({ javaScriptEnabled: false });
    await page.goto(`${server.origin}/?newsletter=invalid#contact`);
    const notice = page.locator('#newsletter-notice');
    expect(await notice.getAttribute('role')).toBe('alert');
    expect(await page.locator('#newsletter-email').getAttribute('aria-describedby')).toBe('newsletter-notice newsletter-note');
    await close();
  });
});

describe('ARIA snapshots', () => {
  /** The main menu's list as an ARIA snapshot shows it, `depth` levels in. */
  const mainMenuList = (depth: number) => {
    const indent = '  '.repeat(depth);
    const items = [
      ['Home', paths.home],
      ['Podcast', paths.podcast],
      ['Press', paths.press],
      ['Contact', paths.contact],
    ];
    return [
      `${indent}- list:`,
      ...items.flatMap(([name, url]) => [`${indent}  - listitem:`, `${indent}    - link "${name}":`, `${indent}      - /url: ${url}`]),
    ];
  };

  it('the nav bar on a wide screen', async () => {
    const { page, close } = await open(paths.press);
    expect(await page.getByRole('banner').ariaSnapshot()).toBe(
      [
        '- banner:',
        '  - navigation "Main":',
        '    - link "Harbor Ledger Advisors home":',
        '      - /url: /',
        '      - text: Harbor Ledger',
        ...mainMenuList(2),
      ].join('\n'),
    );
    expect(await page.getByRole('banner').getByRole('link', { name: 'Press', exact: true }).getAttribute('aria-current')).toBe('page');
    await close();
  });

  it('the nav bar on a phone, closed and open', async () => {
    const { page, close } = await open(paths.press, { viewport: { width: 390, height: 800 } });
    const brand = ['  - link "Harbor Ledger Advisors home":', '    - /url: /', '    - text: Harbor Ledger'];
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.ariaSnapshot()).toBe(['- navigation "Main":', ...brand, '  - button "Open menu"'].join('\n'));
    await page.getByRole('button', { name: 'Open menu' }).press('Enter');
    expect(await nav.ariaSnapshot()).toBe(
      ['- navigation "Main":', ...brand, '  - button "Close menu" [expanded]', ...mainMenuList(1)].join('\n'),
    );
    await close();
  });

  const pageLink = (n: number, current: number) => [
    '    - listitem:',
    `      - link "${n === current ? `Page ${n}` : `Go to page ${n}`}":`,
    `        - /url: ${paths.podcastPage(n)}`,
    `        - text: "${n}"`,
  ];
  const step = (label: string, to: number | null) =>
    to === null
      ? ['    - listitem:', `      - link "${label}" [disabled]`]
      : ['    - listitem:', `      - link "${label}":`, `        - /url: ${paths.podcastPage(to)}`];

  it.each([
    [1, null, 2],
    [5, 4, 6],
    [9, 8, null],
  ])('the pagination on page %i', async (current, previous, next) => {
    const { page, close } = await open(paths.podcastPage(current));
    const numbers = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => pageLink(n, current));
    expect(await page.getByRole('navigation', { name: 'Episode pages' }).ariaSnapshot()).toBe(
      ['- navigation "Episode pages":', '  - list:', ...step('Previous', previous), ...numbers, ...step('Next', next)].join('\n'),
    );
    await close();
  });

  it('the newsletter form, before and after an error', async () => {
    const { page, close } = await open(paths.home);
    const section = page.locator('#contact');
    expect(await section.ariaSnapshot()).toBe(NEWSLETTER_SNAPSHOT);
    await section.locator('button[type="submit"]').press('Enter');
    await page.locator('.toast-region').getByRole('alert').waitFor();
    expect(await section.ariaSnapshot()).toBe(NEWSLETTER_ERROR_SNAPSHOT);
    await close();
  });
});

const newsletterLines = (invalid: boolean, toast: string[]) => [
  `- region "${newsletterCopy.heading}":`,
  `  - heading "${newsletterCopy.heading}" [level=2]`,
  `  - paragraph: ${newsletterCopy.text}`,
  '  - text: Email Address',
  `  - textbox "Email Address"${invalid ? ' [invalid]' : ''}:`,
  '    - /placeholder: name@example.com',
  '  - button "Subscribe Now"',
  `  - paragraph: ${newsletterCopy.privacyNote}`,
  ...toast,
];
const NEWSLETTER_SNAPSHOT = newsletterLines(false, []).join('\n');
const NEWSLETTER_ERROR_SNAPSHOT = newsletterLines(true, [
  `  - alert:`,
  `    - paragraph: ${emailMessages.missing}`,
  '    - button "Dismiss notification"',
]).join('\n');
