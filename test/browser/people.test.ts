/**
 * A host's or guest's page (/people/<id>) in real Chromium: it hydrates with no console error and no request
 * outside loopback, axe finds nothing at a phone's and a desktop's width, the disclosure reads as plainly as the
 * words it qualifies, the photo fills its frame, and links move between the person and their episodes
 * client-side, each page's data fetched from /_data, an unknown person included.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { paths } from '../../shared/paths';
import { horizontalOverflow, scrollThroughPage } from '../../scripts/local/browser';
import { rootDir } from '../support/app';
import { axeViolations } from '../support/axe';
import { isSameDocument, markDocument, useBrowserAndServer, withoutBlockedThumbnails, withoutDocumentStatus } from '../support/browser';
import { content, episodes } from '../support/content';
import { copyOfContent, sampleEpisode } from '../support/content-dir';

const copy = content.podcastPage.people;
const lisa = content.people.find((person) => person.id === 'lisa-moreno')!;

// The sample's people have no photo and no links: one who has both, on an episode of their own.
const dir = copyOfContent();
writeFileSync(
  path.join(dir, 'people', 'avery-holt.yaml'),
  [
    'name: Avery Holt',
    'role: guest',
    'bio: Avery Holt writes fee schedules a client can read in a minute, and teaches firms to do the same.',
    'photo: /media/author.svg',
    'links:',
    '  - label: LinkedIn',
    '    url: https://www.linkedin.com/in/avery-holt-example',
    '  - label: Website',
    '    url: https://averyholt.example/',
    'paid: true',
    'disclosure: "{{firm.name}} paid Avery Holt to appear on this episode."',
    '',
  ].join('\n'),
);
const front = Object.entries(sampleEpisode).map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : value}`);
writeFileSync(
  path.join(dir, 'episodes', 'fee-schedules-avery-holt.md'),
  `---\n${[...front, 'guests:', '  - avery-holt'].join('\n')}\n---\nA conversation about fee schedules.\n`,
);

const ctx = useBrowserAndServer({ content: createContentStore({ rootDir, contentDir: dir, preview: false, watch: false }) });

describe('a person’s page in the browser', () => {
  it.each([paths.person(lisa.id), paths.person('avery-holt')])(
    '%s hydrates without console errors or outside requests, with no axe violation at 390 and 1280 px',
    async (url) => {
      const { page, problems, blocked, close } = await ctx.open(url, { viewport: { width: 390, height: 900 }, reducedMotion: 'reduce' });
      try {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await scrollThroughPage(page);
          expect(await axeViolations(page), `at ${width} px`).toEqual([]);
        }
        await page.setViewportSize({ width: 320, height: 900 });
        expect((await horizontalOverflow(page)).px, 'sideways scroll at 320 px').toBe(0);
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
        expect(blocked).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it('shows the disclosure as a labelled note in the size and colour of the bio', async () => {
    const { page, close } = await ctx.open(paths.person(lisa.id));
    try {
      const note = page.getByRole('note', { name: copy.disclosureLabel });
      await expect.poll(() => note.isVisible()).toBe(true);
      expect((await note.textContent())?.replace(/\s+/g, ' ')).toContain(lisa.disclosure!.replace(/\s+/g, ' '));
      const style = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => {
            const { fontSize, color } = getComputedStyle(element);
            return { fontSize, color };
          });
      expect(await style('.disclosure__text')).toEqual(await style('.person-about__bio p'));
    } finally {
      await close();
    }
  });

  it('crops the photo to its frame, whatever the file’s own size', async () => {
    const { page, close } = await ctx.open(paths.person('avery-holt'), { viewport: { width: 1280, height: 900 } });
    try {
      const photo = page.locator('img.person-photo');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const box = await photo.boundingBox();
      expect(box && Math.round(box.width)).toBe(128);
      expect(box && Math.round(box.height)).toBe(128);
      // The links open other sites in a new tab.
      const links = page.locator('.person-links__link');
      expect(await links.count()).toBe(2);
      for (const link of await links.all()) expect(await link.getAttribute('target')).toBe('_blank');
    } finally {
      await close();
    }
  });

  it('hydrates the 404 of an id that is no one’s, as the server sent it', async () => {
    const { page, problems, close } = await ctx.open('/people/nobody-at-all');
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.notFoundTitle);
      expect(await page.title()).toContain(copy.notFoundTitle);
      // Only Chromium's note of the document's own 404: no hydration mismatch, no error.
      expect(withoutDocumentStatus(problems, 404)).toEqual([]);
    } finally {
      await close();
    }
  });

  it('goes to an episode and back, and to an unknown person, without reloading, each page’s data from /_data', async () => {
    const { page, problems, close } = await ctx.open(paths.person(lisa.id), { viewport: { width: 1280, height: 900 } });
    try {
      const dataRequests: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith(paths.pageData('/'))) dataRequests.push(pathname);
      });
      await markDocument(page);
      const episode = episodes.find((candidate) => candidate.id === lisa.episodes[0])!;

      await page.locator('.episode-card__link', { hasText: episode.title }).click();
      await page.waitForURL(`**${paths.episode(episode.id)}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(episode.title);

      await page.goBack();
      await page.waitForURL(`**${paths.person(lisa.id)}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(lisa.name);
      await expect.poll(() => page.title()).toContain(lisa.name);

      // An address that is no one's, followed in the app: the person route's own 404 screen, from /_data's 404.
      await page.evaluate((url) => {
        window.history.pushState(null, '', url);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, '/people/nobody-at-all');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(copy.notFoundTitle);
      await page.getByRole('link', { name: copy.notFoundBack }).click();
      await page.waitForURL(`**${paths.podcast}`);

      expect(await isSameDocument(page)).toBe(true);
      expect(dataRequests).toEqual([
        paths.pageData(paths.episode(episode.id)),
        paths.pageData(paths.person(lisa.id)),
        paths.pageData('/people/nobody-at-all'),
        paths.pageData(paths.podcast),
      ]);
      // The 404 of the unknown person's data, and the YouTube episode's thumbnail refused outside loopback, are expected.
      expect(withoutBlockedThumbnails(withoutDocumentStatus(problems, 404))).toEqual([]);
    } finally {
      await close();
    }
  });
});
