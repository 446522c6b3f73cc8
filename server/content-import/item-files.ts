/**
 * The files a feed item names beside itself, as content:import keeps them: its transcript
 * (`podcast:transcript`) and its chapters (`podcast:chapters`, JSON Chapters). For a feed read
 * from a file they are looked up beside it (and in --transcripts), never fetched; for a feed
 * fetched over https they are fetched too.
 *
 * A transcript with timings stays timed (issue 47): a WebVTT or SRT file the site reads without
 * a problem is kept as it is (content/transcripts/<id>.vtt or .srt), and a JSON one with times is
 * written as WebVTT. Anything else, or a timed file the site would refuse, becomes the Markdown
 * transcript as before (content/transcripts/<id>.md), with a note saying why.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { vttTimestamp, writeVtt } from '../../shared/content/timed-transcript';
import { parseTranscript } from '../content/load-content';
import { parseSrt, parseVtt } from '../content/timed-transcript-file';
import { fetchText, MAX_BYTES } from './fetch-text';
import type { FeedItem } from './read-feed';
import { parseTranscriptFile, transcriptMarkdown, transcriptRank, transcriptType } from './transcript';
import type { Cue } from './transcript';

/** Where the files a feed names can be found. */
export interface ItemFileSource {
  /** The folder of a feed read from a file: its files are looked up there, never fetched. */
  feedDir?: string;
  transcriptsDir?: string;
}

/** A transcript file to write in content/transcripts/, by its ending. */
export interface TranscriptFile {
  extension: '.md' | '.vtt' | '.srt';
  /** For '.md', the words after the `episode:` front matter the caller writes. */
  text: string;
}

/** A chapter as an episode's front matter is written: the start as HH:MM:SS where it is whole seconds. */
export interface ImportedChapter {
  start: string | number;
  title: string;
  url?: string;
  image?: string;
}

function fileNameOf(url: string): string {
  const pathname = new URL(url, 'https://feed.invalid/').pathname;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Kept encoded.
  }
  return path.posix.basename(decoded.replace(/\\/g, '/'));
}

function findFile(name: string, dirs: Array<string | undefined>): string | undefined {
  if (!name || name === '.' || name === '..') return undefined;
  return dirs
    .filter((dir): dir is string => !!dir)
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file) && statSync(file).isFile());
}

/** The text of a file the feed names: beside a local feed, or fetched for a fetched one. Throws why not. */
async function readNamedFile(url: string, source: ItemFileSource): Promise<string> {
  const name = fileNameOf(url);
  const local = findFile(name, [source.feedDir, source.transcriptsDir]);
  if (local) {
    if (statSync(local).size > MAX_BYTES) throw new Error(`${name} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
    return readFileSync(local, 'utf8');
  }
  if (source.feedDir !== undefined) {
    throw new Error(`${name || url} is not beside the feed${source.transcriptsDir ? ' nor in the --transcripts folder' : ''}`);
  }
  return fetchText(url);
}

const isTimed = (cues: Cue[]): cues is Array<Cue & { start: number; end: number }> =>
  cues.length > 0 && cues.every((cue) => cue.start !== undefined && cue.end !== undefined && cue.end >= cue.start);

const SRT_TYPES = new Set(['application/x-subrip', 'application/srt', 'text/srt']);

/** The timed file kept of a transcript, as the site would read it; or why it cannot stay timed; or nothing when it has no times. */
function timedFile(text: string, type: string, cues: Cue[]): { file?: TranscriptFile; problem?: string } {
  let file: TranscriptFile;
  if (type === 'text/vtt') file = { extension: '.vtt', text };
  else if (SRT_TYPES.has(type)) file = { extension: '.srt', text };
  else if (type === 'application/json' && isTimed(cues)) {
    file = { extension: '.vtt', text: writeVtt(cues.map(({ speaker, ...cue }) => ({ ...cue, ...(speaker ? { speaker } : {}) }))) };
  } else return {};
  const first = (file.extension === '.srt' ? parseSrt(file.text) : parseVtt(file.text)).errors[0];
  return first ? { problem: `line ${first.line}: ${first.message}` } : { file };
}

/** The best transcript the item names (JSON, VTT, SRT, HTML, text); or why none could be used. */
export async function transcriptOf(item: FeedItem, source: ItemFileSource): Promise<{ file?: TranscriptFile; note?: string }> {
  const candidates = item.transcripts
    .map((link) => ({ url: link.url, type: transcriptType(link.type, link.url) }))
    .sort((a, b) => transcriptRank(a.type) - transcriptRank(b.type));
  if (candidates.length === 0) return {};
  const problems: string[] = [];
  for (const candidate of candidates) {
    const name = fileNameOf(candidate.url) || candidate.url;
    let text: string;
    try {
      text = await readNamedFile(candidate.url, source);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    try {
      const cues = parseTranscriptFile(text, candidate.type);
      const timed = timedFile(text, candidate.type, cues);
      if (timed.file) return { file: timed.file };
      const markdown = transcriptMarkdown(cues);
      if (parseTranscript(markdown).length === 0) throw new Error('it holds no text');
      return {
        file: { extension: '.md', text: markdown },
        ...(timed.problem ? { note: `${name} kept as text without its times (${timed.problem})` } : {}),
      };
    } catch (error) {
      problems.push(`${name} cannot be read as ${candidate.type || 'a transcript'} (${(error as Error).message})`);
    }
  }
  return { note: `transcript left out: ${problems.join('; ')}` };
}

/** A JSON Chapters file's chapters, as front matter; a chapter with `toc: false` is not one a listener sees. */
function readChapters(text: string): { chapters: ImportedChapter[]; dropped: number } {
  const document = JSON.parse(text) as { chapters?: unknown };
  if (!Array.isArray(document.chapters)) throw new Error('it has no "chapters" list');
  const isHttps = (value: unknown): value is string => typeof value === 'string' && value.startsWith('https://');
  let dropped = 0;
  const chapters = document.chapters.flatMap((entry: unknown): ImportedChapter[] => {
    const { startTime, title, url, img, toc } = (entry ?? {}) as Record<string, unknown>;
    if (toc === false) return [];
    if (typeof startTime !== 'number' || !Number.isFinite(startTime) || typeof title !== 'string' || !title.trim()) {
      throw new Error('each chapter needs a startTime in seconds and a title');
    }
    if ((url !== undefined && !isHttps(url)) || (img !== undefined && !isHttps(img))) dropped += 1;
    return [
      {
        // 754 → "00:12:34" reads as the editor writes moments; a fraction of a second stays a number.
        start: Number.isInteger(startTime) ? vttTimestamp(startTime).slice(0, -'.000'.length) : startTime,
        title: title.trim(),
        ...(isHttps(url) ? { url } : {}),
        ...(isHttps(img) ? { image: img } : {}),
      },
    ];
  });
  return { chapters, dropped };
}

/** The item's chapters (`podcast:chapters`), or a note saying why they were left out. */
export async function chaptersOf(item: FeedItem, source: ItemFileSource): Promise<{ chapters?: ImportedChapter[]; note?: string }> {
  if (!item.chapters) return {};
  const name = fileNameOf(item.chapters) || item.chapters;
  try {
    const { chapters, dropped } = readChapters(await readNamedFile(item.chapters, source));
    if (chapters.length === 0) return { note: `chapters left out: ${name} lists none a listener sees` };
    return {
      chapters,
      ...(dropped ? { note: `${dropped} chapter link${dropped === 1 ? '' : 's'} left out: only https links are kept` } : {}),
    };
  } catch (error) {
    const message = (error as Error).message;
    return { note: `chapters left out: ${error instanceof SyntaxError ? `${name} is not JSON (${message})` : message}` };
  }
}
