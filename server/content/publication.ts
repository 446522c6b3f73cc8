/**
 * What the public sees at a given moment: the checked content files
 * (load-content.ts) with drafts left out, scheduled items left out until
 * their publishAt, lists in order (newest first) and every Markdown text
 * turned into blocks. Also says when that answer next changes, so the server
 * can publish a scheduled item within a minute without a restart.
 *
 * In preview (development) drafts and scheduled items are shown too, each
 * marked with its status for a badge.
 */
import type {
  ContactPageContent,
  Episode,
  LegalDocument,
  LegalSection,
  Person,
  PersonRef,
  PressItem,
  PublicationStatus,
  ServicePageContent,
  ServiceSlug,
  TermsPageContent,
} from '../../shared/content/types';
import type { HomeFile, SiteFile } from '../../shared/content/schema';
import { paths } from '../../shared/paths';
import { displayDate } from '../../shared/rules/display-date';
import { episodeActions } from '../../shared/rules/episode-media';
import type { ContentSource, EpisodeSource, MarkdownPage } from './load-content';
import { markdownBlocks, markdownInline, plainText } from '../../shared/content/markdown';
import { fillPlaceholders } from './placeholders';
import type { PlaceholderValues } from './placeholders';

export interface SiteContent {
  site: SiteFile;
  home: HomeFile;
  podcastPage: ContentSource['pages']['podcast'];
  pressPage: ContentSource['pages']['press'];
  notFoundPage: ContentSource['pages']['notFound'];
  terms: TermsPageContent;
  contact: ContactPageContent;
  privacy: LegalDocument & { metaDescription: string; headTitle: string };
  accessibility: LegalDocument & { metaDescription: string; headTitle: string };
  services: Record<ServiceSlug, ServicePageContent>;
  /** Public episodes, newest first. */
  episodes: Episode[];
  /** Public articles, newest first. */
  press: PressItem[];
  /** The hosts and guests public episodes name, by name; a person no public episode names has no page yet. */
  people: Person[];
  /** Old addresses and the episode page each answers 301 to. */
  redirects: { from: string; to: string }[];
}

export interface Publication {
  content: SiteContent;
  /** When (ms since the epoch) a scheduled item next becomes public; undefined when none is waiting. */
  nextChangeAt?: number;
}

interface Dated {
  meta: { date: string; draft?: boolean; publishAt?: string };
}

/** Whether the public sees an item now, and if not, why. */
function statusAt(item: Dated, now: number): PublicationStatus | undefined {
  if (item.meta.draft) return 'draft';
  if (item.meta.publishAt !== undefined && Date.parse(item.meta.publishAt) > now) return 'scheduled';
  return undefined;
}

/** Newest first; on the same date, the later publishAt first; then by name, so the order never depends on the disk. */
function newestFirst<T extends Dated>(key: (item: T) => string) {
  return (a: T, b: T) =>
    b.meta.date.localeCompare(a.meta.date) ||
    (b.meta.publishAt ? Date.parse(b.meta.publishAt) : 0) - (a.meta.publishAt ? Date.parse(a.meta.publishAt) : 0) ||
    key(a).localeCompare(key(b));
}

function legalDocument(page: MarkdownPage<ContentSource['pages']['privacy']['meta']>, firmEmail: string) {
  const { meta } = page;
  const sections: LegalSection[] = [];
  // Each `## Heading {#anchor}` starts a section; the anchor defaults to the heading's words.
  for (const part of `\n${page.body}`.split(/\n## /).slice(1)) {
    const [headingLine = '', ...rest] = part.split('\n');
    const anchor = /\s*\{#([a-z0-9-]+)\}\s*$/.exec(headingLine);
    const heading = headingLine.replace(/\s*\{#[a-z0-9-]+\}\s*$/, '').trim();
    const id = anchor?.[1] ?? heading.toLowerCase().replace(/&/g, ' ').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    sections.push({ id, heading, blocks: markdownBlocks(rest.join('\n'), { firmEmail }) });
  }
  return {
    title: meta.title,
    headTitle: meta.headTitle ?? meta.title,
    metaDescription: meta.metaDescription,
    eyebrow: meta.eyebrow,
    intro: meta.intro,
    date: { label: meta.dateLabel, iso: meta.date, text: displayDate(meta.date) },
    ...(meta.summary ? { summary: meta.summary.map((point) => markdownInline(point, { firmEmail })) } : {}),
    ...(meta.analyticsChoice ? { analyticsChoice: meta.analyticsChoice } : {}),
    sections,
  };
}

function episodeOf(
  source: EpisodeSource,
  firmEmail: string,
  status: PublicationStatus | undefined,
  fill: (text: string) => string,
  personRef: (id: string) => PersonRef,
): Episode {
  const { meta } = source;
  const body = markdownBlocks(fill(source.body), { firmEmail });
  return {
    id: source.id,
    number: meta.number === undefined ? '' : `Episode ${meta.number}`,
    title: meta.title,
    date: meta.showDate === false ? '' : displayDate(meta.date),
    published: meta.date,
    duration: meta.duration ?? '',
    description: plainText(body),
    body,
    image: meta.image,
    listenUrl: meta.listenUrl,
    isYouTube: meta.isYouTube ?? false,
    isSpotifyVideo: meta.isSpotifyVideo ?? false,
    actions: episodeActions({ ...meta, isYouTube: meta.isYouTube ?? false, isSpotifyVideo: meta.isSpotifyVideo ?? false }),
    ...(meta.applePodcastsUrl ? { applePodcastsUrl: meta.applePodcastsUrl } : {}),
    ...(meta.spotifyUrl ? { spotifyUrl: meta.spotifyUrl } : {}),
    ...(meta.audioUrl ? { audioUrl: meta.audioUrl } : {}),
    ...(meta.guid ? { guid: meta.guid } : {}),
    ...(source.transcript ? { transcript: source.transcript } : {}),
    ...(source.timedTranscript
      ? { timedTranscript: { format: source.timedTranscript.format, paragraphs: source.timedTranscript.paragraphs } }
      : {}),
    ...(meta.chapters ? { chapters: meta.chapters } : {}),
    ...(meta.hosts ? { hosts: meta.hosts.map(personRef) } : {}),
    ...(meta.guests ? { guests: meta.guests.map(personRef) } : {}),
    ...(status ? { status } : {}),
  };
}

/** The people public episodes name, each with those episodes (newest first), in the order of their names. */
function peopleOf(source: ContentSource, episodes: readonly EpisodeSource[], firmEmail: string, fill: <T>(value: T) => T): Person[] {
  const people: Person[] = [];
  for (const { id, meta } of source.people) {
    const named = episodes.filter((episode) => episode.meta.hosts?.includes(id) || episode.meta.guests?.includes(id)).map((episode) => episode.id);
    if (named.length === 0) continue;
    const bio = markdownBlocks(fill(meta.bio), { firmEmail });
    people.push({
      id,
      name: meta.name,
      role: meta.role,
      bio,
      bioText: plainText(bio),
      ...(meta.photo ? { photo: meta.photo } : {}),
      ...(meta.links ? { links: meta.links } : {}),
      client: meta.client ?? false,
      paid: meta.paid ?? false,
      ...(meta.disclosure ? { disclosure: fill(meta.disclosure).trim() } : {}),
      episodes: named,
    });
  }
  return people.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The site as the public sees it at `now` (or, in preview, everything, marked). */
export function publish(source: ContentSource, { now, preview = false }: { now: number; preview?: boolean }): Publication {
  const visible = <T extends Dated>(item: T) => preview || statusAt(item, now) === undefined;
  const waiting = [...source.episodes, ...source.press]
    .filter((item) => !item.meta.draft && item.meta.publishAt !== undefined && Date.parse(item.meta.publishAt) > now)
    .map((item) => Date.parse(item.meta.publishAt!));
  const nextChangeAt = preview || waiting.length === 0 ? undefined : Math.min(...waiting);

  const episodeSources = source.episodes.filter(visible).sort(newestFirst((episode) => episode.id));
  const values: PlaceholderValues = {
    site: source.site,
    episodeCount: episodeSources.length,
    withoutTranscript: episodeSources.filter((episode) => !episode.transcript && !episode.timedTranscript).map((episode) => ({ id: episode.id, title: episode.meta.title })),
    episodePath: paths.episode,
  };
  const fill = <T>(value: T) => fillPlaceholders(value, values);
  const firmEmail = source.site.firm.email;

  const pages = fill(source.pages);
  const people = peopleOf(source, episodeSources, firmEmail, fill);
  const refs = new Map(people.map(({ id, name, role, disclosure }): [string, PersonRef] => [id, { id, name, role, ...(disclosure ? { disclosure } : {}) }]));
  const personRef = (id: string) => refs.get(id)!;
  const content: SiteContent = {
    site: fill(source.site),
    home: fill(source.home),
    podcastPage: pages.podcast,
    pressPage: pages.press,
    notFoundPage: pages.notFound,
    terms: pages.terms,
    contact: {
      ...pages.contact,
      learnFirst: markdownInline(pages.contact.learnFirst, { firmEmail }),
      form: { ...pages.contact.form, privacyNote: markdownInline(pages.contact.form.privacyNote, { firmEmail }) },
    },
    privacy: legalDocument(pages.privacy, firmEmail),
    accessibility: legalDocument(pages.accessibility, firmEmail),
    services: fill(source.services),
    episodes: episodeSources.map((episode) => episodeOf(episode, firmEmail, statusAt(episode, now), fill, personRef)),
    people,
    press: source.press
      .filter(visible)
      .sort(newestFirst((item) => item.file))
      .map(({ meta }) => {
        const status = statusAt({ meta }, now);
        return {
          id: meta.id,
          title: meta.title,
          date: displayDate(meta.date),
          published: meta.date,
          publication: meta.publication,
          image: meta.image,
          link: meta.link,
          ...(status ? { status } : {}),
        };
      }),
    redirects: source.redirects.map((redirect) => ({ from: redirect.from, to: paths.episode(redirect.episode) })),
  };
  return { content, ...(nextChangeAt === undefined ? {} : { nextChangeAt }) };
}
