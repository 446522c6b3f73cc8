/**
 * Reads every file under content/, checks it against the schema
 * (shared/content/schema.ts) and the rules that span files, and returns it
 * typed, or throws a ContentError that lists every problem at once, each as
 * `content/episodes/foo.md: listenUrl must be an https URL (got "htp://…")`.
 *
 * YAML is read as data only (the `yaml` package's core schema: no tags that
 * run code, aliases capped), and front matter is YAML, never JavaScript.
 * What is read here is everything, drafts and scheduled items included;
 * server/content/publication.ts decides what the public sees.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  contactPageFile,
  episodeFrontMatter,
  homeFile,
  legalFrontMatter,
  notFoundPageFile,
  podcastPageFile,
  pressFile,
  pressPageFile,
  redirectsFile,
  servicePageFile,
  siteFile,
  SLUG_PATTERN,
  termsPageFile,
  transcriptFrontMatter,
} from '../../shared/content/schema';
import type { EpisodeFrontMatter, PressFile, ServicePageFile, SiteFile } from '../../shared/content/schema';
import { SERVICE_SLUGS } from '../../shared/content/service-slugs';
import type { ServiceSlug, TimedTranscript, TranscriptTurn } from '../../shared/content/types';
import { checkEpisodePeople, PEOPLE_DIR, readPeople, readTimedTranscript } from './load-podcast';
import type { PersonSource, TimedRead } from './load-podcast';
import { listFiles, Problems, readMarkdownFile, readYamlFile } from './read-content-files';
import { parseYouTubeId } from '../../shared/rules/youtube';
import { MEDIA_UPLOADS } from './media-uploads';
import { PLACEHOLDER_PATTERN, placeholderNames } from './placeholders';

export const CONTENT_DIR = 'content';
/**
 * Transcripts live in a folder of their own, content/transcripts/<episode-id>.md, not beside
 * the episode: the editor (Decap CMS, server/admin/) lists a whole folder as one collection,
 * so a sibling `<id>.transcript.md` would show up as an episode.
 */
export const TRANSCRIPTS_DIR = 'transcripts';
export { PEOPLE_DIR };
export type { PersonSource };

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(readonly problems: string[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the content files:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  }
}

export interface EpisodeSource {
  id: string;
  /** Path as an editor would name it: content/episodes/<id>.md */
  file: string;
  meta: EpisodeFrontMatter;
  /** The description, Markdown. */
  body: string;
  transcript?: TranscriptTurn[];
  /** content/transcripts/<id>.vtt or .srt, read into cues and paragraphs by speaker. */
  timedTranscript?: TimedTranscript;
}


export interface PressSource {
  file: string;
  meta: PressFile;
}

export interface MarkdownPage<Meta> {
  file: string;
  meta: Meta;
  body: string;
}

/** Every content file, checked, before publication picks what is public. */
export interface ContentSource {
  site: SiteFile;
  home: z.infer<typeof homeFile>;
  pages: {
    podcast: z.infer<typeof podcastPageFile>;
    press: z.infer<typeof pressPageFile>;
    notFound: z.infer<typeof notFoundPageFile>;
    terms: z.infer<typeof termsPageFile>;
    contact: z.infer<typeof contactPageFile>;
    privacy: MarkdownPage<z.infer<typeof legalFrontMatter>>;
    accessibility: MarkdownPage<z.infer<typeof legalFrontMatter>>;
  };
  services: Record<ServiceSlug, ServicePageFile>;
  episodes: EpisodeSource[];
  press: PressSource[];
  /** The hosts and guests, by file name; empty when content/people/ is not there. */
  people: PersonSource[];
  redirects: { from: string; episode: string }[];
}

const SPEAKER_TURN = /^\*\*(.+?):\*\*\s*([\s\S]*)$/;

/** `**Name:** words` paragraphs; a paragraph without a name is a turn of no named speaker. */
export function parseTranscript(source: string): TranscriptTurn[] {
  return source
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
    .map((paragraph) => {
      const match = SPEAKER_TURN.exec(paragraph);
      const text = (match ? match[2]! : paragraph).replace(/\\([\\`*_[\]{}()#+\-.!<>])/g, '$1');
      return { speaker: match ? match[1]!.trim() : '', text };
    });
}

function readEpisodes(dir: string, problems: Problems): EpisodeSource[] {
  const episodes: EpisodeSource[] = [];
  for (const name of listFiles(dir, problems)) {
    const file = path.join(dir, name);
    if (!name.endsWith('.md')) {
      problems.add(file, 'is not an episode: episode files end in .md');
      continue;
    }
    const id = name.slice(0, -'.md'.length);
    if (!SLUG_PATTERN.test(id)) {
      problems.add(file, `the file name is the episode's address (/podcast/${id}): use lower-case letters, digits and single hyphens`);
    }
    const read = readMarkdownFile(episodeFrontMatter, file, problems);
    if (!read) continue;
    if (!read.body) problems.add(file, 'has no description: write it under the front matter');
    const { meta } = read;
    if (meta.isYouTube && parseYouTubeId(meta.listenUrl) === null) {
      problems.add(file, `isYouTube needs a YouTube listenUrl with an 11-character video id (got "${meta.listenUrl}")`);
    }
    episodes.push({ id, file: problems.nameOf(file), meta, body: read.body });
  }
  return episodes;
}

/**
 * content/transcripts/<episode-id>.md: front matter naming the episode (the editor's
 * relation field, which must agree with the file name) and the turns as the body.
 * The folder is optional: a site may have no transcript at all.
 */
function readTranscripts(
  dir: string,
  episodeIds: ReadonlySet<string>,
  problems: Problems,
): { transcripts: Map<string, TranscriptTurn[]>; timed: Map<string, TimedRead> } {
  const transcripts = new Map<string, TranscriptTurn[]>();
  const timed = new Map<string, TimedRead>();
  if (!existsSync(dir)) return { transcripts, timed };
  const names = listFiles(dir, problems);
  for (const name of names) {
    const file = path.join(dir, name);
    const extension = path.extname(name);
    if (extension === '.vtt' || extension === '.srt') {
      const id = name.slice(0, -extension.length);
      if (!episodeIds.has(id)) {
        problems.add(file, `is a transcript of no episode: there is no content/episodes/${id}.md`);
        continue;
      }
      if (extension === '.srt' && names.includes(`${id}.vtt`)) {
        problems.add(file, `${id}.vtt is the same episode's timed transcript: keep one of the two`);
        continue;
      }
      const read = readTimedTranscript(file, problems);
      if (read) timed.set(id, read);
      continue;
    }
    if (!name.endsWith('.md')) {
      problems.add(file, 'is not a transcript: transcript files are <episode-id>.md, or <episode-id>.vtt or .srt for a timed one');
      continue;
    }
    const id = name.slice(0, -'.md'.length);
    const read = readMarkdownFile(transcriptFrontMatter, file, problems);
    if (!read) continue;
    if (read.meta.episode !== id) {
      problems.add(file, `episode "${read.meta.episode}" must be the file's name: the transcript of ${read.meta.episode} is content/transcripts/${read.meta.episode}.md`);
      continue;
    }
    if (!episodeIds.has(id)) {
      problems.add(file, `is a transcript of no episode: there is no content/episodes/${id}.md`);
      continue;
    }
    const turns = parseTranscript(read.body);
    if (turns.length === 0) problems.add(file, 'is empty');
    else transcripts.set(id, turns);
  }
  return { transcripts, timed };
}

function readPress(dir: string, problems: Problems): PressSource[] {
  const press: PressSource[] = [];
  const ids = new Map<number, string>();
  for (const name of listFiles(dir, problems)) {
    const file = path.join(dir, name);
    if (!/\.ya?ml$/.test(name)) {
      problems.add(file, 'is not an article: article files end in .yaml');
      continue;
    }
    const meta = readYamlFile(pressFile, file, problems);
    if (!meta) continue;
    const other = ids.get(meta.id);
    if (other) problems.add(file, `id ${meta.id} is already the id of ${other}: each article needs its own`);
    ids.set(meta.id, problems.nameOf(file));
    press.push({ file: problems.nameOf(file), meta });
  }
  return press;
}

/** Every string in a parsed file, with where it sits, for the checks that span fields. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* stringsOf(item);
}

/** An uploaded file (server/content/media-uploads.ts) a content file names: a picture of an allowed kind and size. */
function checkUpload(file: string, src: string, where: string, problems: Problems, kind: 'picture' | 'timed transcript' = 'picture') {
  const extension = path.extname(src).toLowerCase();
  const extensions: readonly string[] = kind === 'picture' ? MEDIA_UPLOADS.extensions : MEDIA_UPLOADS.transcriptExtensions;
  if (!extensions.includes(extension)) {
    problems.add(where, `${src} is not a kind of ${kind} uploads may be (${extensions.join(', ')})`);
  }
  const bytes = statSync(file).size;
  if (bytes > MEDIA_UPLOADS.maxBytes) {
    problems.add(where, `${src} is ${(bytes / 1e6).toFixed(1)} MB: uploads may be at most ${MEDIA_UPLOADS.maxBytes / 1e6} MB`);
  }
}

/**
 * Reads and checks the whole content folder. Throws ContentError listing every problem.
 * `publicDirs`: where the pictures it names are looked for, first to last (a followed commit's own
 * uploads, then the image's public/); by default <rootDir>/public.
 */
export function loadContent(rootDir: string, contentDir = path.join(rootDir, CONTENT_DIR), publicDirs = [path.join(rootDir, 'public')]): ContentSource {
  const problems = new Problems(path.dirname(contentDir));
  const file = (...parts: string[]) => path.join(contentDir, ...parts);
  const checked: Array<[string, unknown]> = [];
  const yamlFile = <T>(schema: z.ZodType<T>, ...parts: string[]) => {
    const value = readYamlFile(schema, file(...parts), problems);
    checked.push([file(...parts), value]);
    return value;
  };
  const markdownPage = <T>(schema: z.ZodType<T>, ...parts: string[]) => {
    const read = readMarkdownFile(schema, file(...parts), problems);
    checked.push([file(...parts), read]);
    return read && { file: problems.nameOf(file(...parts)), ...read };
  };

  if (!existsSync(contentDir) || !statSync(contentDir).isDirectory()) throw new ContentError([`${problems.nameOf(contentDir)}: the content folder is missing`]);

  const site = yamlFile(siteFile, 'site.yaml');
  const home = yamlFile(homeFile, 'home.yaml');
  const pages = {
    podcast: yamlFile(podcastPageFile, 'pages', 'podcast.yaml'),
    press: yamlFile(pressPageFile, 'pages', 'press.yaml'),
    notFound: yamlFile(notFoundPageFile, 'pages', 'not-found.yaml'),
    terms: yamlFile(termsPageFile, 'pages', 'terms.yaml'),
    contact: yamlFile(contactPageFile, 'pages', 'contact.yaml'),
    privacy: markdownPage(legalFrontMatter, 'pages', 'privacy.md'),
    accessibility: markdownPage(legalFrontMatter, 'pages', 'accessibility.md'),
  };
  const services = Object.fromEntries(SERVICE_SLUGS.map((slug) => [slug, yamlFile(servicePageFile, 'services', `${slug}.yaml`)]));
  for (const name of listFiles(file('services'), problems)) {
    if (!SERVICE_SLUGS.some((slug) => name === `${slug}.yaml`)) {
      problems.add(file('services', name), `is not one of the service pages (${SERVICE_SLUGS.map((slug) => `${slug}.yaml`).join(', ')})`);
    }
  }
  const episodes = readEpisodes(file('episodes'), problems);
  const { transcripts, timed } = readTranscripts(file(TRANSCRIPTS_DIR), new Set(episodes.map((episode) => episode.id)), problems);
  const inPublic = (src: string) => publicDirs.map((dir) => path.join(dir, src)).find((file) => existsSync(file));
  // A timed transcript chosen in the editor's file field (an upload), instead of content/transcripts/<id>.vtt.
  for (const episode of episodes) {
    const src = episode.meta.timedTranscript;
    if (!src) continue;
    const where = file('episodes', `${episode.id}.md`);
    const found = inPublic(src);
    if (timed.has(episode.id)) problems.add(where, `timedTranscript: ${timed.get(episode.id)!.transcript.file} is already its timed transcript: keep one of the two`);
    else if (!found) problems.add(where, `timedTranscript: ${src} is not a file under public/ (looked for public${src})`);
    else {
      if (src.startsWith(`${MEDIA_UPLOADS.publicPath}/`)) checkUpload(found, src, where, problems, 'timed transcript');
      const read = readTimedTranscript(found, problems);
      if (read) timed.set(episode.id, read);
    }
  }
  for (const episode of episodes) {
    const transcript = transcripts.get(episode.id);
    if (transcript) episode.transcript = transcript;
    const timedTranscript = timed.get(episode.id)?.transcript;
    if (timedTranscript) episode.timedTranscript = timedTranscript;
  }
  const people = readPeople(file(PEOPLE_DIR), problems);
  for (const person of people) checked.push([problems.pathOf(person.file), person.meta]);
  const press = readPress(file('press'), problems);
  const redirects = yamlFile(redirectsFile, 'redirects.yaml')?.redirects;
  for (const episode of episodes) checked.push([file('episodes', `${episode.id}.md`), episode]);

  // Rules that span files.
  const episodeById = new Map(episodes.map((episode) => [episode.id, episode]));
  for (const [index, redirect] of (redirects ?? []).entries()) {
    const target = episodeById.get(redirect.episode);
    if (!target) problems.add(file('redirects.yaml'), `redirects[${index}].episode "${redirect.episode}" is not an episode: there is no content/episodes/${redirect.episode}.md`);
    else if (target.meta.draft) problems.add(file('redirects.yaml'), `redirects[${index}].episode "${redirect.episode}" is a draft, so the old address would lead nowhere`);
  }
  if (!episodes.some((episode) => !episode.meta.draft)) problems.add(file('episodes'), 'holds no episode that is not a draft: the home page shows the newest one');
  checkEpisodePeople(episodes, people, timed, problems, file('episodes'));

  const localImages: Array<[string, string]> = [
    ...episodes.map((episode): [string, string] => [file('episodes', `${episode.id}.md`), episode.meta.image]),
    ...press.map((item): [string, string] => [problems.pathOf(item.file), item.meta.image]),
    ...people.flatMap((person): Array<[string, string]> => (person.meta.photo ? [[problems.pathOf(person.file), person.meta.photo]] : [])),
    ...episodes.flatMap((episode) =>
      (episode.meta.chapters ?? []).flatMap((item): Array<[string, string]> => (item.image ? [[file('episodes', `${episode.id}.md`), item.image]] : [])),
    ),
  ];
  if (site) localImages.push([file('site.yaml'), site.author.portrait.src], [file('site.yaml'), site.book.cover.src]);
  if (home) {
    localImages.push([file('home.yaml'), home.hero.video.src], [file('home.yaml'), home.hero.video.poster]);
    for (const publication of home.featuredPublications) localImages.push([file('home.yaml'), publication.logo]);
  }
  if (pages.podcast) localImages.push([file('pages', 'podcast.yaml'), pages.podcast.heroVideo.src], [file('pages', 'podcast.yaml'), pages.podcast.heroVideo.poster]);
  for (const [where, src] of localImages) {
    const found = src.startsWith('/') ? inPublic(src) : undefined;
    if (src.startsWith('/') && !found) problems.add(where, `${src} is not a file under public/ (looked for public${src})`);
    else if (found && src.startsWith(`${MEDIA_UPLOADS.publicPath}/`)) checkUpload(found, src, where, problems);
  }

  // Every {{placeholder}} must be one the site knows.
  const known = new Set(placeholderNames());
  for (const [where, value] of checked) {
    for (const text of stringsOf(value)) {
      for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
        if (!known.has(match[1]!)) problems.add(where, `{{${match[1]}}} is not a value the site knows (known: ${[...known].map((name) => `{{${name}}}`).join(', ')})`);
      }
    }
  }

  if (problems.list.length > 0) throw new ContentError(problems.list);
  return {
    site: site!,
    home: home!,
    pages: pages as ContentSource['pages'],
    services: services as ContentSource['services'],
    episodes,
    press,
    people,
    redirects: redirects!,
  };
}
