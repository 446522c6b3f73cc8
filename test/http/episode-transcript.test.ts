/**
 * An episode with a timed transcript, as the server sends it (issue 47): what a visitor without
 * JavaScript, a screen reader's browse mode and a crawler get. Passages by speaker with their
 * moment as a <time> in a link to `?t=…#t=…`, the id that link lands on, the chapters as headings
 * inside the transcript and as a list under the player, the people linked to their pages, and a
 * client guest's disclosure next to their name and before their words. An episode with only a
 * Markdown transcript keeps it, and its page names no transcript behaviour to download.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { paths } from '../../shared/paths';
import { formatMoment } from '../../shared/rules/episode-moment';
import { makeApp, rootDir } from '../support/app';
import { episodes } from '../support/content';

const { app } = makeApp();

const merger = episodes.find((episode) => episode.id.startsWith('when-two-practices-become-one'))!;
const markdownOnly = episodes.find((episode) => episode.transcript && !episode.timedTranscript)!;

/** The page's text as a reader gets it: React's entities decoded. */
const decoded = (html: string) =>
  html
    .replace(/ data-discover="true"|<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function page(id: string): Promise<string> {
  const res = await request(app).get(paths.episode(id));
  expect(res.status).toBe(200);
  return decoded(res.text);
}

/** The markup between an element's opening tag (found by a pattern) and its closing tag. */
function section(html: string, opening: RegExp, tag: string): string {
  const start = html.search(opening);
  expect(start, String(opening)).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf(`</${tag}>`, start));
}

describe('an episode page with a timed transcript, chapters, a host and two guests', () => {
  it('is the sample it should be', () => {
    expect(merger.timedTranscript?.paragraphs.length).toBeGreaterThan(10);
    expect(merger.chapters?.length).toBeGreaterThan(2);
    expect(merger.guests?.map((guest) => guest.id)).toEqual(['tom-whitaker', 'lisa-moreno']);
    expect(markdownOnly).toBeDefined();
  });

  it('shows every passage with its speaker, its moment as a <time> in a link to the moment, and its id', async () => {
    const html = await page(merger.id);
    const transcript = section(html, /<section class="container episode-transcript[ "]/, 'section');
    const passages = [...transcript.matchAll(/<p( id="([^"]+)")? class="transcript-passage">([\s\S]*?)<\/p>/g)];
    const paragraphs = merger.timedTranscript!.paragraphs;
    expect(passages).toHaveLength(paragraphs.length);
    const seen = new Set<string>();
    passages.forEach(([, , id, inner], index) => {
      const paragraph = paragraphs[index]!;
      const second = Math.floor(paragraph.start);
      // The first passage of each second carries its id, so `#t=<second>` lands on it without JavaScript.
      if (!seen.has(`t=${second}`)) expect(id).toBe(`t=${second}`);
      seen.add(`t=${second}`);
      expect(inner).toContain(
        `<a href="/podcast/${merger.id}?t=${second}#t=${second}"><time dateTime="PT${second}S">${formatMoment(paragraph.start)}</time></a>`,
      );
      expect(inner).toContain(paragraph.speaker!);
      expect(inner).toContain(paragraph.cues[0]!.text);
    });
    // Speakers who are the episode's people link to their pages.
    for (const person of [...merger.hosts!, ...merger.guests!]) {
      expect(transcript).toContain(`<b><a href="${paths.person(person.id)}">${person.name}</a></b>`);
    }
    // The words are in the page, open: no <details> hides them.
    expect(transcript).not.toContain('<details');
  });

  it('puts each chapter as a heading before the first passage at or after its start, with the id of its moment when no passage has it', async () => {
    const html = await page(merger.id);
    const transcript = section(html, /<section class="container episode-transcript[ "]/, 'section');
    const order = [...transcript.matchAll(/<h3(?: id="[^"]+")?>([^<]+)<\/h3>|<p(?: id="[^"]+")? class="transcript-passage">/g)].map(
      (match) => (match[1] ? `chapter:${match[1]}` : 'passage'),
    );
    const expected: string[] = [];
    const chapters = [...merger.chapters!];
    for (const paragraph of merger.timedTranscript!.paragraphs) {
      while (chapters.length > 0 && chapters[0]!.start <= paragraph.start) expected.push(`chapter:${chapters.shift()!.title}`);
      expected.push('passage');
    }
    expected.push(...chapters.map((chapter) => `chapter:${chapter.title}`));
    expect(order).toEqual(expected);
    // Every chapter's moment lands somewhere: on a passage of that second, else on the heading.
    for (const chapter of merger.chapters!) expect(html).toContain(`id="t=${Math.floor(chapter.start)}"`);
  });

  it('lists the chapters under the player, each moment and title a link to the moment', async () => {
    const html = await page(merger.id);
    const nav = section(html, /<nav class="episode-chapters" aria-labelledby="chapters-heading">/, 'nav');
    expect(nav).toContain('<h2 id="chapters-heading">Chapters</h2>');
    const links = [...nav.matchAll(/<li><a href="([^"]+)"><time dateTime="([^"]+)">([^<]+)<\/time> ([^<]+)<\/a>/g)].map((match) =>
      match.slice(1),
    );
    expect(links).toEqual(
      merger.chapters!.map((chapter) => [
        paths.episodeMoment(merger.id, chapter.start),
        `PT${Math.floor(chapter.start)}S`,
        formatMoment(chapter.start),
        chapter.title,
      ]),
    );
    // Above the list, as wide as the player: the chapters' track, a segment per chapter as long as it
    // runs, each a link to its start (for the pointer; hidden from assistive technology and Tab).
    const track = section(nav, /<svg class="chapter-track"/, 'svg');
    expect(track).toMatch(
      /^<svg class="chapter-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false" data-length="983.962">/,
    );
    const length = merger.timedTranscript!.paragraphs.at(-1)!.end;
    const segments = [
      ...track.matchAll(
        /<a href="([^"]+)" tabindex="-1"><title>([^<]+)<\/title><rect class="chapter-track__chapter" x="([\d.]+)" width="([\d.]+)"/g,
      ),
    ];
    expect(segments.map((match) => [match[1], match[2]])).toEqual(
      merger.chapters!.map((chapter) => [paths.episodeMoment(merger.id, chapter.start), `${formatMoment(chapter.start)} ${chapter.title}`]),
    );
    segments.forEach((match, index) => {
      const start = merger.chapters![index]!.start;
      const end = merger.chapters![index + 1]?.start ?? length;
      expect(Number(match[3])).toBeCloseTo((start / length) * 100, 1);
      expect(Number(match[4])).toBeCloseTo(((end - start) / length) * 100, 1);
    });
    // Under the player, before the episode's description.
    expect(html.indexOf('class="episode-player"')).toBeLessThan(html.indexOf('class="episode-chapters"'));
    expect(html.indexOf('class="episode-chapters"')).toBeLessThan(html.indexOf('class="episode-about"'));
  });

  it('names the host and the guests, each linked to their page, with each client guest’s disclosure next to the names and before their words', async () => {
    const html = await page(merger.id);
    const people = section(html, /<p class="episode-people">/, 'p');
    expect(people.replace(/<!-- -->/g, '')).toContain(
      `Hosted by <a href="/people/morgan-ellery">Morgan Ellery</a> · With <a href="/people/tom-whitaker">Tom Whitaker</a>, <a href="/people/lisa-moreno">Lisa Moreno</a>`,
    );
    for (const guest of merger.guests!) {
      expect(guest.disclosure).toMatch(/client of Harbor Ledger Advisors/);
      const disclosure = `<p class="disclosure__text">${guest.disclosure}</p>`;
      const inHero = html.indexOf(disclosure);
      const inTranscript = html.indexOf(disclosure, inHero + 1);
      const names = html.indexOf('<p class="episode-people">');
      expect(inHero).toBeGreaterThan(names);
      // Still in the episode's header, with the names.
      expect(inHero).toBeLessThan(html.indexOf('</header>', names));
      // In the transcript, before the first passage (and so before anything the guest says).
      expect(inTranscript).toBeGreaterThan(html.indexOf('<h2 id="transcript-heading">'));
      expect(inTranscript).toBeLessThan(html.indexOf('class="transcript-passage"'));
    }
  });

  it('sends the timed transcript once, laid out, not the cues a second time', async () => {
    const res = await request(app).get(paths.episode(merger.id));
    const text = merger.timedTranscript!.paragraphs[3]!.cues[0]!.text.replace(/'/g, '&#x27;');
    // Once in the HTML and once in the hydration payload: no copy of the episode's cues besides.
    expect(res.text.split(text.slice(0, 40)).length - 1).toBeLessThanOrEqual(2);
  });
});

describe('an episode without a timed transcript', () => {
  const chunks = readdirSync(path.join(rootDir, 'dist/client/assets/chunks'));
  const behaviour = chunks.find((file) => /^transcript-live-[\w]+\.js$/.test(file));

  it('keeps its Markdown transcript, folded, with no moments', async () => {
    const html = await page(markdownOnly.id);
    const transcript = section(html, /<section class="container episode-transcript[ "]/, 'section');
    expect(transcript).toContain('<summary class="episode-transcript__summary">Read the transcript</summary>');
    expect(transcript).toContain(markdownOnly.transcript![0]!.text.slice(0, 60));
    expect(transcript).not.toContain('transcript-passage');
    expect(html).not.toContain('?t=');
  });

  it('names no transcript behaviour to download (the build has it as a chunk of its own)', async () => {
    expect(behaviour).toBeDefined();
    const html = await page(markdownOnly.id);
    expect(html).not.toContain('transcript-live');
    // Nor does a page with one preload it: the transcript imports it once it is wanted (transcript-wanted.ts).
    expect(await page(merger.id)).not.toContain(behaviour!);
  });
});
