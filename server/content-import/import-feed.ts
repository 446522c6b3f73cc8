/**
 * Plans and writes content/episodes/ files for the items of a podcast feed
 * that have none yet.
 *
 * An item has a file when an episode file carries its guid, or when the file
 * its title's slug names exists; such an item is skipped, so existing files are
 * never overwritten, their ids never change, and a second run changes nothing.
 *
 * All or nothing: every new file is built in memory and checked first (the
 * front matter against the episode schema, then the whole file read back the
 * way the site reads it); only then is anything written, each file under a
 * temporary name and renamed into place. If a write fails, the files of this
 * run are removed again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { z } from 'zod';
import path from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { describeIssues, episodeFrontMatter, SLUG_PATTERN } from '../../shared/content/schema';
import { parseYouTubeId } from '../../shared/rules/youtube';
import { TRANSCRIPTS_DIR } from '../content/load-content';
import { durationFromFeed } from './duration';
import { fetchText, looksLikeUrl, MAX_BYTES } from './fetch-text';
import { chaptersOf, transcriptOf } from './item-files';
import type { ItemFileSource } from './item-files';
import { isoDateFromPubDate } from './pub-date';
import { parseFeed } from './read-feed';
import type { FeedItem } from './read-feed';
import { markdownFromShowNotes, sentenceFromTitle } from './show-notes';
import { episodeSlug } from './slug';

export interface ImportOptions {
  /** The content folder; its episodes/ receives the files. */
  contentDir: string;
  /** Say what would be done, write nothing. */
  dryRun?: boolean;
  /** Another folder where the transcript files a feed names may be found. */
  transcriptsDir?: string;
}

/** What happens to one feed item. */
export type ItemOutcome =
  | { kind: 'create'; id: string; title: string; files: Array<{ dir: string; name: string; text: string }>; notes: string[] }
  | { kind: 'skip'; title: string; reason: string };

export interface ImportReport {
  outcomes: ItemOutcome[];
  /** What the command prints: one line per item, then the totals. */
  lines: string[];
  created: number;
  skipped: number;
}

/** The feed, or its episode files, could not be read or written: one sentence, and nothing was written. */
export class ImportError extends Error {
  override name = 'ImportError';
}

const isHttps = (url: string | undefined): url is string => {
  if (!url) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
};

function readLocalText(file: string, shown: string): string {
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) throw new ImportError(`${shown} is a folder, not a feed file`);
    if (stat.size > MAX_BYTES) throw new ImportError(`${shown} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (code ?? (error as Error).message);
    throw new ImportError(`${shown} cannot be read (${why})`);
  }
}

/** Front matter as the site reads it (server/content/load-content.ts): YAML between two '---' lines. */
function splitEpisodeFile(source: string): { data: unknown; body: string } | undefined {
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'));
  if (!match) return undefined;
  const document = parseDocument(match[1]!, { uniqueKeys: true });
  if (document.errors.length > 0) return undefined;
  return { data: document.toJS({ maxAliasCount: 100 }), body: match[2]!.trim() };
}

interface ExistingEpisodes {
  /** Every name in the episodes folder. */
  names: Set<string>;
  /** Every name in the transcripts folder: an orphan transcript also keeps its id taken. */
  transcriptNames: Set<string>;
  /** guid → id of the file that carries it. */
  byGuid: Map<string, string>;
}

function existingEpisodes(episodesDir: string, transcriptsDir: string): ExistingEpisodes {
  const names = new Set<string>();
  const transcriptNames = new Set(existsSync(transcriptsDir) ? readdirSync(transcriptsDir) : []);
  const byGuid = new Map<string, string>();
  if (!existsSync(episodesDir)) return { names, transcriptNames, byGuid };
  for (const name of readdirSync(episodesDir)) {
    names.add(name);
    if (!name.endsWith('.md') || name.startsWith('.')) continue;
    let source: string;
    try {
      source = readFileSync(path.join(episodesDir, name), 'utf8');
    } catch {
      continue;
    }
    const guid = (splitEpisodeFile(source)?.data as { guid?: unknown } | null | undefined)?.guid;
    // A file the content check will complain about still keeps its guid's item from being imported twice.
    if (typeof guid === 'string' || typeof guid === 'number') byGuid.set(String(guid).trim(), name.slice(0, -'.md'.length));
  }
  return { names, transcriptNames, byGuid };
}

/** The Markdown body: the first of the show notes that gives any text, else the title as a sentence. */
function descriptionOf(item: FeedItem, title: string): string {
  for (const notes of item.notes) {
    const markdown = markdownFromShowNotes(notes);
    if (markdown) return markdown;
  }
  return sentenceFromTitle(title);
}

/** Front matter as written (a chapter's start as "00:12:34"), before the schema reads it. */
type EpisodeFrontMatterInput = z.input<typeof episodeFrontMatter>;

function episodeFile(frontMatter: EpisodeFrontMatterInput, body: string): string {
  return `---\n${stringify(frontMatter, { lineWidth: 0 })}---\n${body}\n`;
}

/** The problems the site would find in a planned file, read back as the site reads it. */
function problemsOf(id: string, file: string): string[] {
  const problems: string[] = [];
  if (!SLUG_PATTERN.test(id)) problems.push(`"${id}" cannot be an episode's address`);
  const read = splitEpisodeFile(file);
  if (!read) return [...problems, 'its front matter cannot be read back'];
  const checked = episodeFrontMatter.safeParse(read.data);
  if (!checked.success) problems.push(...describeIssues(checked.error, read.data));
  if (!read.body) problems.push('it has no description');
  return problems;
}

export async function importFeed(feedSource: string, options: ImportOptions): Promise<ImportReport> {
  const fromUrl = looksLikeUrl(feedSource);
  const xml = fromUrl ? await fetchText(feedSource) : readLocalText(path.resolve(feedSource), feedSource);
  const feed = parseFeed(xml, feedSource);
  const episodesDir = path.join(options.contentDir, 'episodes');
  const transcriptsDir = path.join(options.contentDir, TRANSCRIPTS_DIR);
  const existing = existingEpisodes(episodesDir, transcriptsDir);
  const fileSource: ItemFileSource = {
    ...(fromUrl ? {} : { feedDir: path.dirname(path.resolve(feedSource)) }),
    ...(options.transcriptsDir ? { transcriptsDir: options.transcriptsDir } : {}),
  };
  const shown = (name: string) => shownPath(path.join(episodesDir, name));
  const shownTranscript = (name: string) => shownPath(path.join(transcriptsDir, name));

  const outcomes: ItemOutcome[] = [];
  /** Ids given out in this run, and the guids they carry. */
  const taken = new Set<string>();
  const guidsThisRun = new Map<string, string>();
  const skip = (title: string, reason: string) => outcomes.push({ kind: 'skip', title: title || '(no title)', reason });

  for (const item of feed.items) {
    const title = item.title.replace(/\s+/g, ' ').trim();
    if (!title) {
      skip(title, 'the item has no title');
      continue;
    }
    const guid = item.guid ?? item.enclosure?.url;
    const imported = guid ? existing.byGuid.get(guid) : undefined;
    if (imported) {
      skip(title, `already imported as ${shown(`${imported}.md`)} (same guid)`);
      continue;
    }
    if (guid && guidsThisRun.has(guid)) {
      skip(title, `it has the same guid as "${guidsThisRun.get(guid)}" earlier in the feed`);
      continue;
    }
    const slug = episodeSlug(title, guid ?? '');
    const transcriptTaken = (id: string) =>
      ['.md', '.vtt', '.srt'].map((extension) => id + extension).find((name) => existing.transcriptNames.has(name));
    if (existing.names.has(`${slug}.md`) || transcriptTaken(slug)) {
      skip(title, `${existing.names.has(`${slug}.md`) ? shown(`${slug}.md`) : shownTranscript(transcriptTaken(slug)!)} already exists`);
      continue;
    }
    const date = isoDateFromPubDate(item.pubDate);
    if (!date) {
      skip(title, item.pubDate ? `its pubDate "${item.pubDate}" is not a date` : 'it has no pubDate');
      continue;
    }
    const listenUrl = [item.link, item.enclosure?.url].find(isHttps);
    if (!listenUrl) {
      skip(title, 'neither its <link> nor its enclosure is an https URL, so there is nothing to listen to');
      continue;
    }
    const image = [item.image, ...feed.images].find(isHttps);
    if (!image) {
      skip(title, 'neither the item nor the feed has an https image (itunes:image or image/url)');
      continue;
    }
    let id = slug;
    for (let n = 2; taken.has(id) || existing.names.has(`${id}.md`) || transcriptTaken(id); n += 1) id = `${slug}-${n}`;

    const number = item.episode !== undefined && /^\d{1,9}$/.test(item.episode) ? Number(item.episode) : undefined;
    const duration = durationFromFeed(item.duration);
    const audioUrl = isHttps(item.enclosure?.url) ? item.enclosure.url : undefined;
    const chapters = await chaptersOf(item, fileSource);
    const frontMatter: EpisodeFrontMatterInput = {
      title,
      ...(number !== undefined ? { number } : {}),
      date,
      ...(duration ? { duration } : {}),
      image,
      listenUrl,
      isYouTube: parseYouTubeId(listenUrl) !== null,
      isSpotifyVideo: false,
      ...(audioUrl ? { audioUrl } : {}),
      ...(guid ? { guid } : {}),
      ...(chapters.chapters ? { chapters: chapters.chapters } : {}),
    };
    const notes = chapters.note ? [chapters.note] : [];
    const withChapters = episodeFrontMatter.safeParse(frontMatter);
    // Chapters the site would refuse (past the duration, out of order) are left out, not the episode.
    if (!withChapters.success && frontMatter.chapters) {
      const [first] = describeIssues(withChapters.error, frontMatter).filter((problem) => problem.startsWith('chapters'));
      if (first) {
        delete frontMatter.chapters;
        notes.push(`chapters left out: ${first}`);
      }
    }
    const checked = episodeFrontMatter.safeParse(frontMatter);
    if (!checked.success) {
      skip(title, `the feed's data does not make a valid episode (${describeIssues(checked.error, frontMatter).join('; ')})`);
      continue;
    }
    const file = episodeFile(frontMatter, descriptionOf(item, title));
    const problems = problemsOf(id, file);
    if (problems.length > 0) {
      skip(title, `the file it would get is not valid (${problems.join('; ')})`);
      continue;
    }
    const transcript = await transcriptOf(item, fileSource);
    if (transcript.note) notes.push(transcript.note);
    const transcriptFile = transcript.file && {
      dir: transcriptsDir,
      name: `${id}${transcript.file.extension}`,
      // A Markdown transcript names its episode in front matter, as content/transcripts/ files do (server/content/load-content.ts);
      // a timed one is named by its file alone.
      text: transcript.file.extension === '.md' ? `---\nepisode: ${id}\n---\n${transcript.file.text}` : transcript.file.text,
    };
    taken.add(id);
    if (guid) guidsThisRun.set(guid, title);
    outcomes.push({
      kind: 'create',
      id,
      title,
      files: [{ dir: episodesDir, name: `${id}.md`, text: file }, ...(transcriptFile ? [transcriptFile] : [])],
      notes,
    });
  }

  const creations = outcomes.filter((outcome) => outcome.kind === 'create');
  if (!options.dryRun && creations.length > 0) writeAll(creations.flatMap((outcome) => outcome.files));

  const verb = options.dryRun ? 'would create' : 'created';
  const lines = outcomes.map((outcome) => {
    if (outcome.kind === 'skip') return `skipped "${outcome.title}": ${outcome.reason}`;
    const transcript = outcome.files[1] ? ` and ${shownTranscript(outcome.files[1].name)}` : '';
    return `${verb} ${shown(outcome.files[0]!.name)}${transcript}${outcome.notes.length > 0 ? ` (${outcome.notes.join('; ')})` : ''}`;
  });
  const skipped = outcomes.length - creations.length;
  lines.push(`${creations.length} ${options.dryRun ? 'to create' : 'created'}, ${skipped} skipped`);
  return { outcomes, lines, created: creations.length, skipped };
}

/** A path as the editor would type it from where the command runs; absolute when it is elsewhere. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

/**
 * Every file under a temporary name first (a dot name, which the site's
 * loader skips), then each renamed into place. A name that appeared meanwhile,
 * or any failure, removes what this run wrote and throws.
 */
function writeAll(files: Array<{ dir: string; name: string; text: string }>) {
  const staged: Array<{ temporary: string; target: string }> = [];
  const placed: string[] = [];
  let dir = files[0]!.dir;
  try {
    for (const { dir: folder, name, text } of files) {
      dir = folder;
      mkdirSync(folder, { recursive: true });
      const temporary = path.join(folder, `.${name}.${process.pid}.tmp`);
      writeFileSync(temporary, text, { flag: 'wx' });
      staged.push({ temporary, target: path.join(folder, name) });
    }
    for (const { target } of staged) if (existsSync(target)) throw new Error(`${shownPath(target)} appeared while importing`);
    for (const { temporary, target } of staged) {
      renameSync(temporary, target);
      placed.push(target);
    }
  } catch (error) {
    for (const { temporary } of staged) rmSync(temporary, { force: true });
    for (const target of placed) rmSync(target, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(
      `could not write to ${shownPath(dir)} (${code ? `${code}: ${(error as Error).message}` : (error as Error).message}); nothing was written`,
    );
  }
}
