/**
 * A page per host and guest (/people/<id>, issue 47) as the server sends it: who they are, the firm's
 * Marketing Rule disclosure beside what is said of a client or paid guest, their episodes, the head, the
 * ProfilePage and Person structured data the episode pages refer to, and the sitemap. A person no public
 * episode names (a draft's or a scheduled episode's guest) has no page.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import type { Person } from '../../shared/content/types';
import { paths } from '../../shared/paths';
import { makeApp, rootDir } from '../support/app';
import { copyOfContent, sampleEpisode } from '../support/content-dir';
import { content, episodes, firm } from '../support/content';
import { decodeHtml } from '../support/html-text';

const SITE_URL = 'https://www.harborledger.example';
const { app } = makeApp({ env: { SITE_URL, NODE_ENV: 'production' } });
const copy = content.podcastPage.people;

const personNamed = (id: string): Person => {
  const person = content.people.find((candidate) => candidate.id === id);
  if (!person) throw new Error(`the sample content has no ${id}`);
  return person;
};
const lisa = personNamed('lisa-moreno');
const tom = personNamed('tom-whitaker');
const morgan = personNamed('morgan-ellery');
const jordan = personNamed('jordan-reyes');

/** The text a visitor reads in some markup: tags dropped, entities decoded, spaces collapsed. */
const textOf = (markup: string) =>
  decodeHtml(markup.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** The <main> of a page. */
const mainOf = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';

/** Each episode card's link, in order. */
const cardLinks = (html: string) =>
  [...html.matchAll(/<h3 class="episode-card__title"[^>]*>\s*<a[^>]*href="([^"]+)"/g)].map((match) => match[1]!);

function metaOf(html: string, key: string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'));
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"/>`).exec(head);
  return match ? decodeHtml(match[1]!) : undefined;
}

type Node = Record<string, unknown> & { '@type': string };

/** The page's JSON-LD graph, parsed as a crawler would. */
function graphOf(html: string): Node[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  const text = scripts[0]![1]!;
  // Nothing in it could end its <script> element or open a comment.
  expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  const json = JSON.parse(text) as { '@context': string; '@graph': Node[] };
  expect(json['@context']).toBe('https://schema.org');
  return json['@graph'];
}

const nodeOfType = (graph: Node[], type: string) => {
  const node = graph.find((candidate) => candidate['@type'] === type);
  expect(node, type).toBeDefined();
  return node!;
};

const personId = (id: string) => `${SITE_URL}${paths.person(id)}#person`;

async function page(url: string, status = 200) {
  const res = await request(app).get(url);
  expect(res.status, url).toBe(status);
  return res.text;
}

describe('a guest who is a client of the firm', () => {
  it('has a page with their name, role and bio, and the firm’s disclosure right after the bio, before their episodes', async () => {
    for (const person of [lisa, tom]) {
      expect(person.client, `${person.id} is a client in the sample`).toBe(true);
      const main = mainOf(await page(paths.person(person.id)));
      expect(main).toMatch(new RegExp(`<h1 id="person-name"[^>]*>${person.name}</h1>`));
      expect(main).toContain(`<p class="eyebrow person-hero__role">${person.role}</p>`);

      const text = textOf(main);
      const bio = text.indexOf(person.bioText.slice(0, 60));
      // The YAML block keeps the editor's line breaks; a page reads them as spaces.
      const words = person.disclosure!.replace(/\s+/g, ' ');
      const disclosure = text.indexOf(words);
      const episodesHeading = text.indexOf(`${copy.episodesHeading} ${person.name}`);
      expect(bio).toBeGreaterThan(-1);
      expect(disclosure).toBeGreaterThan(bio);
      expect(episodesHeading).toBeGreaterThan(disclosure);
      // The firm's name is filled in, and the disclosure is a labelled note of its own.
      expect(person.disclosure).toContain(firm.name);
      const note = /<div class="disclosure disclosure--person" role="note" aria-labelledby="([^"]+)">([\s\S]*?)<\/div>/.exec(main);
      expect(note, 'the disclosure note').not.toBeNull();
      expect(note![2]).toContain(`<p class="disclosure__label" id="${note![1]}">${copy.disclosureLabel}</p>`);
      expect(textOf(note![2]!)).toBe(`${copy.disclosureLabel} ${words}`);
    }
  });

  it('lists the episodes that name them, each card one link to its episode', async () => {
    const html = await page(paths.person(lisa.id));
    expect(lisa.episodes.length).toBeGreaterThan(0);
    expect(cardLinks(html)).toEqual(lisa.episodes.map(paths.episode));
    const count = lisa.episodes.length === 1 ? `1 ${copy.episodeOne}` : `${lisa.episodes.length} ${copy.episodeMany}`;
    expect(textOf(mainOf(html))).toContain(`${copy.episodesHeading} ${lisa.name} ${count}`);
  });
});

describe('people pages', () => {
  it('list a host’s episodes newest first', async () => {
    expect(morgan.episodes.length).toBeGreaterThan(1);
    const published = morgan.episodes.map((id) => episodes.find((episode) => episode.id === id)!.published);
    expect(published).toEqual(published.toSorted().reverse());
    expect(cardLinks(await page(paths.person(morgan.id)))).toEqual(morgan.episodes.map(paths.episode));
  });

  it('carry no disclosure for a guest who is neither a client nor paid', async () => {
    expect(jordan.client || jordan.paid).toBe(false);
    const main = mainOf(await page(paths.person(jordan.id)));
    expect(main).not.toContain('class="disclosure');
    expect(textOf(main)).not.toContain(copy.disclosureLabel);
  });

  it('have a head of their own: title, the bio as description, canonical and share tags on SITE_URL', async () => {
    const html = await page(paths.person(lisa.id));
    const url = SITE_URL + paths.person(lisa.id);
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`${lisa.name} | ${firm.name}`);
    const description = metaOf(html, 'description')!;
    expect(lisa.bioText.startsWith(description.replace(/…$/, ''))).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaOf(html, 'robots')).toBeUndefined();
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(metaOf(html, 'og:title')).toBe(lisa.name);
    expect(metaOf(html, 'og:description')).toBe(description);
    expect(metaOf(html, 'og:image')).toMatch(new RegExp(`^${SITE_URL}/assets/share/`));
  });

  it('describe the person as the main entity of a ProfilePage, under the @id the episodes refer to', async () => {
    const graph = graphOf(await page(paths.person(lisa.id)));
    const url = SITE_URL + paths.person(lisa.id);
    const profile = nodeOfType(graph, 'ProfilePage');
    expect(profile).toMatchObject({ url, name: lisa.name, isPartOf: { '@id': `${SITE_URL}/#website` } });
    expect(profile.mainEntity).toEqual({ '@type': 'Person', '@id': personId(lisa.id), name: lisa.name, description: lisa.bioText, url });
    const crumbs = nodeOfType(graph, 'BreadcrumbList').itemListElement as Array<{ item: string }>;
    expect(crumbs.map((crumb) => crumb.item)).toEqual([`${SITE_URL}/`, `${SITE_URL}/podcast`, url]);
  });

  it('are what the episode pages’ structured data names as the episode’s hosts and guests', async () => {
    const episode = episodes.find((candidate) => candidate.guests?.some((guest) => guest.id === lisa.id))!;
    const node = nodeOfType(graphOf(await page(paths.episode(episode.id))), 'PodcastEpisode');
    const named = [...(episode.hosts ?? []), ...(episode.guests ?? [])];
    expect(named.map((person) => person.id)).toEqual(['morgan-ellery', 'tom-whitaker', 'lisa-moreno']);
    expect(node.actor).toEqual(named.map((person) => ({ '@type': 'Person', '@id': personId(person.id), name: person.name })));
    // Each @id is the one the person's own page gives its main entity.
    for (const person of named) {
      const profile = nodeOfType(graphOf(await page(paths.person(person.id))), 'ProfilePage');
      expect((profile.mainEntity as Node)['@id']).toBe(personId(person.id));
    }
    // An episode that names no one names no actor.
    const unnamed = episodes.find((candidate) => !candidate.hosts && !candidate.guests)!;
    expect(nodeOfType(graphOf(await page(paths.episode(unnamed.id))), 'PodcastEpisode')).not.toHaveProperty('actor');
  });

  it('are in the sitemap, each dated by their newest episode', async () => {
    const xml = await page('/sitemap.xml');
    for (const person of content.people) {
      const newest = episodes.find((episode) => episode.id === person.episodes[0])!.published;
      expect(xml).toContain(`<loc>${SITE_URL}${paths.person(person.id)}</loc>\n    <lastmod>${newest}</lastmod>`);
    }
    expect(content.people.map((person) => person.id).sort()).toEqual([
      'jordan-reyes',
      'lisa-moreno',
      'megan-sato',
      'morgan-ellery',
      'tom-whitaker',
    ]);
  });

  it('send their data as JSON for client-side navigation', async () => {
    const res = await request(app).get(paths.pageData(paths.person(tom.id)));
    expect(res.status).toBe(200);
    expect(res.body.person).toMatchObject({ id: tom.id, name: tom.name, disclosure: tom.disclosure });
    expect(res.body.episodes.map((episode: { id: string }) => episode.id)).toEqual(tom.episodes);
  });
});

describe('an id that is no one’s', () => {
  it('answers 404 with a screen that says so in the editor’s words and leads back to the episodes, never indexed', async () => {
    for (const url of ['/people/nobody-at-all', '/people/LISA-MORENO-x', '/people/%E2%9C%93']) {
      const html = await page(url, 404);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`${copy.notFoundTitle} | ${firm.name}`);
      expect(metaOf(html, 'robots')).toBe('noindex');
      expect(html).not.toContain('rel="canonical"');
      const main = mainOf(html);
      expect(main).toContain(`<h1>${copy.notFoundTitle}</h1>`);
      expect(main).toContain(`<p>${copy.notFoundText}</p>`);
      expect(decodeHtml(main)).toMatch(new RegExp(`<a class="button button--primary" href="/podcast"[^>]*>${copy.notFoundBack}</a>`));
    }
    const data = await request(app).get(paths.pageData('/people/nobody-at-all'));
    expect(data.status).toBe(404);
    expect(data.body.screen.title).toBe(copy.notFoundTitle);
  });
});

/** A person file in a test copy of content/. */
function writePerson(dir: string, id: string, lines: string[]) {
  writeFileSync(path.join(dir, 'people', `${id}.yaml`), `${lines.join('\n')}\n`);
}

/** An episode file naming guests, from the sample episode's front matter. */
function writeEpisodeWithGuests(dir: string, id: string, guests: string[], extra: Record<string, string | boolean> = {}) {
  const front = { ...sampleEpisode, title: `An Episode Called ${id}`, ...extra };
  const lines = Object.entries(front).map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : value}`);
  const guestLines = ['guests:', ...guests.map((guest) => `  - ${guest}`)];
  writeFileSync(path.join(dir, 'episodes', `${id}.md`), `---\n${[...lines, ...guestLines].join('\n')}\n---\nA conversation.\n`);
}

describe('with people the sample does not have', () => {
  const dir = copyOfContent();
  writePerson(dir, 'avery-holt', [
    'name: Avery Holt',
    'role: guest',
    'bio: Avery Holt writes fee schedules a client can read in a minute.',
    'photo: /media/author.svg',
    'links:',
    '  - label: LinkedIn',
    '    url: https://www.linkedin.com/in/avery-holt-example',
    '  - label: Website',
    '    url: https://averyholt.example/about?from=podcast&lang=en',
    'paid: true',
    'disclosure: "{{firm.name}} paid Avery Holt to appear on this episode."',
  ]);
  writeEpisodeWithGuests(dir, 'fee-schedules-avery-holt', ['avery-holt']);
  writePerson(dir, 'drafted-guest', ['name: Drafted Guest', 'role: guest', 'bio: Only in a draft so far.']);
  writeEpisodeWithGuests(dir, 'a-draft-with-a-guest', ['drafted-guest'], { draft: true });
  writePerson(dir, 'scheduled-guest', ['name: Scheduled Guest', 'role: guest', 'bio: Heard from December on.']);
  writeEpisodeWithGuests(dir, 'a-scheduled-episode', ['scheduled-guest'], { date: '2026-12-01', publishAt: '2026-12-01T09:00:00-05:00' });
  let now = Date.parse('2026-12-01T13:59:00Z');
  const store = createContentStore({ rootDir, contentDir: dir, preview: false, watch: false, now: () => now });
  const own = makeApp({ env: { SITE_URL, NODE_ENV: 'production' }, content: store }).app;
  const get = (url: string) => request(own).get(url);

  it('shows a person’s links as links that open in a new tab, and their photo in a frame that does not claim a size', async () => {
    const res = await get('/people/avery-holt');
    expect(res.status).toBe(200);
    const main = mainOf(res.text);
    const links = [...main.matchAll(/<a class="person-links__link"[^>]*>[\s\S]*?<\/a>/g)].map((match) => match[0]);
    expect(links).toHaveLength(2);
    expect(links[0]).toContain('href="https://www.linkedin.com/in/avery-holt-example"');
    expect(links[1]).toContain('href="https://averyholt.example/about?from=podcast&amp;lang=en"');
    for (const link of links) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
      expect(link).toContain('(opens in a new tab)');
    }
    const photo = /<img [^>]*class="person-photo[^"]*"[^>]*>/.exec(main)?.[0];
    expect(photo).toContain('src="/media/author.svg"');
    expect(photo).toContain('alt=""');
    expect(photo).not.toMatch(/ (width|height)=/);
    // Paid, not a client: the disclosure all the same, with the firm's name filled in.
    expect(textOf(main)).toContain(`${copy.disclosureLabel} ${firm.name} paid Avery Holt to appear on this episode.`);
  });

  it('gives the Person their links as sameAs and their photo as image', async () => {
    const profile = nodeOfType(graphOf((await get('/people/avery-holt')).text), 'ProfilePage');
    expect(profile.mainEntity).toMatchObject({
      '@id': personId('avery-holt'),
      image: `${SITE_URL}/media/author.svg`,
      sameAs: ['https://www.linkedin.com/in/avery-holt-example', 'https://averyholt.example/about?from=podcast&lang=en'],
    });
  });

  it('gives no page to a person whose only episode is a draft, nor to one whose episode is still scheduled, until it is out', async () => {
    for (const id of ['drafted-guest', 'scheduled-guest']) {
      expect((await get(paths.person(id))).status, id).toBe(404);
      expect((await get(paths.pageData(paths.person(id)))).status, id).toBe(404);
    }
    const hidden = (await get('/sitemap.xml')).text;
    expect(hidden).toContain(`${SITE_URL}/people/avery-holt</loc>`);
    expect(hidden).not.toContain('/people/drafted-guest');
    expect(hidden).not.toContain('/people/scheduled-guest');

    now += 60_000;
    const out = await get('/people/scheduled-guest');
    expect(out.status).toBe(200);
    expect(cardLinks(out.text)).toEqual([paths.episode('a-scheduled-episode')]);
    expect((await get('/sitemap.xml')).text).toContain(`<loc>${SITE_URL}/people/scheduled-guest</loc>\n    <lastmod>2026-12-01</lastmod>`);
    expect((await get(paths.person('drafted-guest'))).status).toBe(404);
  });
});
