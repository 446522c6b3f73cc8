/**
 * The server-rendered HTML of the home page and the press page (spec §2
 * 'Home page' and 'Press page', §9): sections and their order, the counts the
 * spec fixes, every link's target, and the rules every page keeps (external
 * links open a new tab, images carry their size, no inline styles).
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { episodes, latestEpisode } from '../support/content';
import {
  aboutChecklist,
  aboutTiles,
  ctaBand,
  featuredPublications,
  hero,
  newsletterCopy,
  processSteps,
  services,
} from '../support/content';
import { pressItems } from '../support/content';
import { author, book, externalUrls, podcast } from '../support/content';
import { countedHref } from '../../shared/counted-links';
import { makeApp } from '../support/app';
import { decodeHtml } from '../support/html-text';

// ---------------------------------------------------------------------------
// A few string helpers: enough HTML reading for markup React writes itself.

interface Tag {
  attrs: Record<string, string>;
  /** The raw markup between the opening and the closing tag. */
  inner: string;
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[match[1]!] = decodeHtml(match[2] ?? '');
  return attrs;
}

/** Elements with a closing tag that do not nest inside themselves (a, h2, li of a flat list, ...). */
function elements(html: string, name: string): Tag[] {
  const pattern = new RegExp(`<${name}\\b([^>]*)>([\\s\\S]*?)</${name}>`, 'g');
  return [...html.matchAll(pattern)].map((match) => ({ attrs: parseAttrs(match[1]!), inner: match[2]! }));
}

/** Void elements such as img. */
function voidElements(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*?)/?>`, 'g'))].map((match) => parseAttrs(match[1]!));
}

function text(html: string): string {
  return decodeHtml(html.replace(/<[^>]+>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/** A link's label: without the visually-hidden '(opens in a new tab)' note and decorative (aria-hidden) arrows. */
function visibleText(html: string): string {
  return text(
    html.replace(/<span class="visually-hidden">[\s\S]*?<\/span>/g, '').replace(/<span[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/span>/g, ''),
  );
}

function mainOf(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The <section aria-labelledby={headingId}>…</section> (sections here do not nest). */
function sectionLabelledBy(html: string, headingId: string): string {
  const start = html.indexOf(`aria-labelledby="${headingId}"`);
  expect(start, `a section labelled by #${headingId}`).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<section', start);
  const close = html.indexOf('</section>', start);
  return html.slice(open, close);
}

/**
 * The elements whose class list starts with `className`, each up to its first
 * closing tag: right for elements that do not nest inside themselves.
 */
function chunksByClass(html: string, tag: string, className: string): string[] {
  const marker = new RegExp(`<${tag} class="${className}(?: [^"]*)?"`, 'g');
  return [...html.matchAll(marker)].map((match) => {
    const end = html.indexOf(`</${tag}>`, match.index!);
    return html.slice(match.index!, end + `</${tag}>`.length);
  });
}

function linkByText(html: string, label: string): Tag {
  const found = elements(html, 'a').filter((a) => visibleText(a.inner) === label);
  expect(found, `exactly one link reading '${label}'`).toHaveLength(1);
  return found[0]!;
}

function expectNewTab(link: Tag) {
  expect(link.attrs.target).toBe('_blank');
  expect(link.attrs.rel).toBe('noopener noreferrer');
}

function expectPageRules(main: string) {
  // CSP forbids inline styles; the markup must not need them.
  expect(main).not.toMatch(/\sstyle="/);
  // Every image declares its size, so nothing shifts while it loads.
  for (const img of voidElements(main, 'img')) {
    expect(img.width, `${img.src} width`).toMatch(/^\d+$/);
    expect(img.height, `${img.src} height`).toMatch(/^\d+$/);
    expect(img).toHaveProperty('alt');
  }
  // Every link to another site opens in a new tab, without a handle on ours.
  const external = elements(main, 'a').filter((a) => /^https?:/.test(a.attrs.href ?? ''));
  expect(external.length).toBeGreaterThan(0);
  for (const link of external) expectNewTab(link);
  // Every section is named by a heading of its own.
  for (const match of main.matchAll(/<section\b([^>]*)>/g)) {
    const labelledBy = parseAttrs(match[1]!)['aria-labelledby'];
    expect(labelledBy, `aria-labelledby on <section${match[1]}>`).toBeTruthy();
    expect(main).toMatch(new RegExp(`<h[12] id="${labelledBy}"`));
  }
}

// ---------------------------------------------------------------------------

describe('home page (server-rendered)', () => {
  const { app } = makeApp();
  let html = '';
  let main = '';

  beforeAll(async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    html = res.text;
    main = mainOf(html);
  });

  it('renders the same HTML for every request', async () => {
    const again = await request(app).get('/');
    expect(again.text).toBe(html);
  });

  it('has the sections of the spec, in order (h2 headings)', () => {
    const headings = elements(main, 'h2').map((h2) => text(h2.inner));
    expect(headings).toEqual([
      'We have been featured on:',
      'Integrated Services',
      'About',
      'Our Process',
      book.title,
      'Latest Articles',
      podcast.name,
      newsletterCopy.heading,
      ctaBand.title,
    ]);
    // The hero comes first and carries the page's only h1.
    const h1s = elements(main, 'h1');
    expect(h1s.map((h1) => text(h1.inner))).toEqual([hero.headline]);
    expect(main.indexOf('<h1')).toBeLessThan(main.indexOf('<h2'));
  });

  it('keeps the page rules: sized images, new-tab external links, labelled sections, no inline styles', () => {
    expectPageRules(main);
  });

  it('1 · hero: background video, scheduler link in a new tab, Learn More to #services', () => {
    const heroSection = sectionLabelledBy(main, 'home-hero-title');
    const [video] = voidElements(heroSection, 'video');
    expect(video).toMatchObject({ src: '/media/video/hero-home.mp4', poster: '/media/video/hero-home.jpg' });
    expect(video).toHaveProperty('muted');
    expect(video).toHaveProperty('loop');
    expect(heroSection).toMatch(/class="home-hero__overlay[ "]/);
    expect(heroSection).toContain(hero.subheadline);

    const schedule = linkByText(heroSection, 'Schedule a Consultation');
    expect(schedule.attrs.href).toBe(countedHref(externalUrls.scheduler, '/'));
    expectNewTab(schedule);

    const learnMore = linkByText(heroSection, 'Learn More');
    expect(learnMore.attrs.href).toBe('#services');
    expect(learnMore.attrs.target).toBeUndefined();
  });

  it('2 · featured strip: six logos with their names, six hidden copies for the loop, and more', () => {
    const strip = sectionLabelledBy(main, 'featured-heading');
    const lists = chunksByClass(strip, 'ul', 'featured-strip__list');
    expect(lists).toHaveLength(2);
    const [visible, clone] = lists as [string, string];

    expect(visible).not.toContain('aria-hidden');
    const logos = voidElements(visible, 'img');
    expect(logos.map((img) => img.alt)).toEqual(featuredPublications.map((publication) => publication.name));
    expect(logos.map((img) => img.src)).toEqual(featuredPublications.map((publication) => publication.logo));
    for (const img of logos) expect(Number(img.width) * Number(img.height)).toBeGreaterThan(0);

    expect(clone).toMatch(/^<ul class="featured-strip__list featured-strip__list--clone" aria-hidden="true">/);
    const copies = voidElements(clone, 'img');
    expect(copies).toHaveLength(6);
    for (const img of copies) expect(img.alt).toBe('');

    expect(text(strip)).toContain('and more ...');
  });

  it('3 · services: six cards in spec order, each wholly one link, except Investment Management', () => {
    const section = sectionLabelledBy(main, 'services-heading');
    expect(section).toMatch(/^<section id="services"/);
    const cards = chunksByClass(section, 'li', 'services-grid__card');
    expect(cards).toHaveLength(6);

    expect(cards.map((card) => text(elements(card, 'h3')[0]!.inner))).toEqual(services.map((s) => s.title));
    const hrefs = cards.map((card) => elements(card, 'a').map((a) => a.attrs.href));
    expect(hrefs).toEqual([
      ['/financial-planning'],
      ['/investment-management'],
      ['/retirement-planning'],
      ['/estate-planning'],
      ['/merger-advisory'],
      ['/family-office'],
    ]);

    cards.forEach((card, index) => {
      const service = services[index]!;
      // Icon (decorative), title, description; one interactive element at most.
      expect(card).toMatch(/<svg[^>]*aria-hidden="true"/);
      expect(text(card)).toContain(service.description);
      expect(card).not.toContain('<button');
      const [link] = elements(card, 'a');
      if (service.title === 'Investment Management') {
        expect(card).toContain('services-grid__card--static');
        expect(visibleText(link!.inner)).toBe('Learn more about pathways');
        expect(link!.attrs.class).not.toContain('services-grid__link');
      } else {
        // The stretched link sits on the title and covers the card.
        expect(link!.attrs.class).toBe('services-grid__link stretched-link');
        expect(visibleText(link!.inner)).toBe(service.title);
      }
    });
  });

  it('4 · about: the introduction, four checklist items and four tiles', () => {
    const section = sectionLabelledBy(main, 'about-heading');
    const checklist = elements(section, 'li').filter((li) => li.attrs.class === 'about-section__check-item');
    expect(checklist.map((li) => text(li.inner))).toEqual([...aboutChecklist]);
    for (const item of checklist) expect(item.inner).toMatch(/^<svg[^>]*aria-hidden="true"/);

    const tiles = chunksByClass(section, 'li', 'about-section__tile');
    expect(tiles.map((tile) => text(elements(tile, 'h3')[0]!.inner))).toEqual(['Expert Team', 'Strategic Focus', 'Knowledge', 'Support']);
    tiles.forEach((tile, index) => expect(text(tile)).toContain(aboutTiles[index]!.description));
  });

  it('5 · our process: steps 01 to 04 as an ordered list', () => {
    const section = sectionLabelledBy(main, 'process-heading');
    const [list] = elements(section, 'ol');
    const steps = elements(list!.inner, 'li');
    expect(steps.map((step) => text(elements(step.inner, 'span')[0]!.inner))).toEqual(['01', '02', '03', '04']);
    expect(steps.map((step) => text(elements(step.inner, 'h3')[0]!.inner))).toEqual([
      'Initial Consultation',
      'Onboarding & Compliance',
      'Implementation',
      'Ongoing Support',
    ]);
    expect(processSteps).toHaveLength(4);
  });

  it('6 · author and book: cover, portrait, credentials and Buy Now in a new tab', () => {
    const section = sectionLabelledBy(main, 'book-heading');
    const images = voidElements(section, 'img');
    expect(images.find((img) => img.src === '/media/book-cover.svg')).toMatchObject({ width: '400', height: '600' });
    expect(images.find((img) => img.src === '/media/author.svg')?.alt).toContain(author.name);
    expect(text(section)).toContain(author.name);
    const credentials = elements(elements(section, 'ul')[0]!.inner, 'li').map((li) => text(li.inner));
    expect(credentials).toEqual([...author.credentials]);

    const buy = linkByText(section, 'Buy Now');
    expect(buy.attrs.href).toBe(externalUrls.book);
    expectNewTab(buy);
  });

  it('7 · latest articles: the first three press items with Read Article in a new tab, and View All Articles', () => {
    const section = sectionLabelledBy(main, 'articles-heading');
    const cards = chunksByClass(section, 'article', 'press-card');
    expect(cards).toHaveLength(3);
    cards.forEach((card, index) => {
      const item = pressItems[index]!;
      expect(text(card)).toContain(text(item.title));
      const links = elements(card, 'a');
      expect(links).toHaveLength(1);
      expect(visibleText(links[0]!.inner).startsWith('Read Article')).toBe(true);
      expect(links[0]!.attrs.href).toBe(item.link);
      expectNewTab(links[0]!);
    });
    const all = linkByText(section, 'View All Articles');
    expect(all.attrs.href).toBe('/press');
    expect(all.attrs.target).toBeUndefined();
  });

  it('8 · podcast intro: the podcast name and the latest episode card (Recent, Apple Podcasts, Spotify)', () => {
    const section = sectionLabelledBy(main, 'podcast-intro-heading');
    const episode = latestEpisode;
    expect(episode.published).toBe(
      episodes
        .map((e) => e.published)
        .sort()
        .at(-1),
    );
    expect(text(elements(section, 'h2')[0]!.inner)).toContain(podcast.name);

    const [card] = chunksByClass(section, 'article', 'podcast-intro__card');
    expect(card).toBeDefined();
    expect(text(card!)).toContain('Latest Episode');
    expect(text(card!)).toContain('Recent');
    expect(text(card!)).toContain(episode.title);
    expect(text(card!)).toContain(episode.description);
    expect(voidElements(card!, 'img')[0]).toMatchObject({ src: episode.image, width: '600', height: '600' });

    const apple = linkByText(card!, 'Apple Podcasts');
    expect(apple.attrs.href).toBe(countedHref(latestEpisode.applePodcastsUrl!, '/'));
    expectNewTab(apple);
    const spotify = linkByText(card!, 'Spotify');
    expect(spotify.attrs.href).toBe(countedHref(latestEpisode.spotifyUrl!, '/'));
    expectNewTab(spotify);

    const hrefs = elements(section, 'a').map((a) => a.attrs.href);
    expect(hrefs).toContain(`/podcast/${episode.id}`);
    expect(hrefs).toContain('/podcast');
  });

  it('9 · newsletter section with anchor #contact', () => {
    const section = sectionLabelledBy(main, 'newsletter-heading');
    expect(section).toMatch(/^<section id="contact"/);
    expect(text(section)).toContain(newsletterCopy.heading);
  });

  it('10 · call-to-action band with the scheduler in a new tab', () => {
    const section = sectionLabelledBy(main, 'cta-heading');
    expect(text(section)).toContain(ctaBand.title);
    expect(text(section)).toContain(ctaBand.text);
    const schedule = linkByText(section, 'Schedule a Consultation');
    expect(schedule.attrs.href).toBe(countedHref(externalUrls.scheduler, '/'));
    expectNewTab(schedule);
  });
});

describe('press page (server-rendered)', () => {
  const { app } = makeApp();
  let main = '';

  beforeAll(async () => {
    const res = await request(app).get('/press');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Press &amp; Publications | ');
    main = mainOf(res.text);
  });

  it('is titled Press & Publications', () => {
    expect(elements(main, 'h1').map((h1) => text(h1.inner))).toEqual(['Press & Publications']);
  });

  it('keeps the page rules: sized images, new-tab external links, labelled sections, no inline styles', () => {
    expectPageRules(main);
  });

  it('shows every press item as a card: image, publication, date, title and Read Article in a new tab', () => {
    const grid = main.slice(main.indexOf('class="press-page__grid'));
    const cards = chunksByClass(grid, 'article', 'press-card');
    expect(cards).toHaveLength(pressItems.length);
    expect(cards).toHaveLength(12);
    cards.forEach((card, index) => {
      const item = pressItems[index]!;
      const [image] = voidElements(card, 'img');
      expect(image).toMatchObject({ src: item.image, width: '800', height: '450' });
      const cardText = text(card);
      expect(cardText).toContain(item.publication);
      expect(cardText).toContain(item.date);
      expect(cardText).toContain(item.title);
      const links = elements(card, 'a');
      expect(links).toHaveLength(1);
      expect(visibleText(links[0]!.inner).startsWith('Read Article')).toBe(true);
      expect(links[0]!.attrs.href).toBe(item.link);
      expectNewTab(links[0]!);
    });
  });

  it('has a Subscribe to Newsletter button that leads to the newsletter form on the page', () => {
    const subscribe = linkByText(main, 'Subscribe to Newsletter');
    expect(subscribe.attrs.href).toBe('#contact');
    const newsletter = sectionLabelledBy(main, 'newsletter-heading');
    expect(newsletter).toMatch(/^<section id="contact"/);
    expect(newsletter).toContain('<form');
    expect(main.indexOf('Subscribe to Newsletter')).toBeLessThan(main.indexOf('id="contact"'));
  });
});
