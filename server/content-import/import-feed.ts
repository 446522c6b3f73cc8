/**
 * Plans and writes content/episodes/ files for a feed's items that have none
 * yet. All or nothing: every new file is built and checked against the
 * episode schema in memory first, then written (temp name + rename). An item
 * already imported (same guid) or whose file exists is skipped, so a second
 * run changes nothing.
 */
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, stringify } from 'yaml';
import { describeIssues, episodeFrontMatter, SLUG_PATTERN } from '../../shared/content/schema';
import type { EpisodeFrontMatter } from '../../shared/content/schema';
import { parseYouTubeId } from '../../shared/rules/youtube';
import { TRANSCRIPT_SUFFIX } from '../content/load-content';
import { durationFromFeed } from './duration';
import { FeedError, parseFeed } from './read-feed';
import type { FeedItem } from './read-feed';
import { markdownFromShowNotes } from './show-notes';
import { slugFromTitle } from './slug';
import { parseTranscriptFile, TRANSCRIPT_TYPES, transcriptMarkdown } from './transcript';

const FETCH_TIMEOUT_MS = 20_000;
const MAX_BYTES = 10 * 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export interface ImportOptions {
  /** The content folder; its episodes/ receives the files. */
  contentDir: string;
  dryRun?: boolean;
  /** Another folder where transcript files named by the feed may be found. */
  transcriptsDir?: string;
}

export interface ImportReport {
  lines: string[];
  created: number;
  skipped: number;
}

const isHttps = (url: string | undefined): url is string => !!url && /^https:\/\//i.test(url);

/** https, or http on this machine (tests serve feeds from loopback); anything else is refused. */
function fetchableUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedError(`${raw} is not a URL`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return url;
  throw new FeedError(`${raw}: only https:// addresses are fetched`);
}

async function fetchText(raw: string): Promise<string> {
  const url = fetchableUrl(raw);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s` : ((error as { cause?: Error }).cause?.message ?? (error as Error).message);
    throw new FeedError(`${raw} could not be fetched (${reason})`);
  }
  if (!response.ok) throw new FeedError(`${raw} answered ${response.status} ${response.statusText}`.trim());
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) throw new FeedError(`${raw} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
  const body = Buffer.from(await response.arrayBuffer());
  if (body.length > MAX_BYTES) throw new FeedError(`${raw} is larger than ${MAX_BYTES / 1024 / 1024} MB`);
  return body.toString('utf8');
}

function readLocal(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new FeedError(`${file} cannot be read (${code === 'ENOENT' ? 'no such file' : code ?? (error as Error).message})`);
  }
}

/** The episodes already there: their ids and the feed guids they carry. */
function existingEpisodes(episodesDir: string): { ids: Set<string>; byGuid: Map<string, string> } {
  const ids = new Set<string>();
  const byGuid = new Map<string, string>();
  if (!existsSync(episodesDir)) return { ids, byGuid };
  for (const name of readdirSync(episodesDir)) {
    if (!name.endsWith('.md') || name.endsWith(TRANSCRIPT_SUFFIX)) continue;
    const id = name.slice(0, -3);
    ids.add(id);
    const frontMatter = /^---\n([\s\S]*?)\n---/.exec(readFileSync(path.join(episodesDir, name), 'utf8'))?.[1];
    try {
      const guid = frontMatter ? (parseYaml(frontMatter) as { guid?: unknown })?.guid : undefined;
      if (typeof guid === 'string') byGuid.set(guid, id);
    } catch {
      // A file the loader will report; its guid cannot be read here.
    }
  }
  return { ids, byGuid };
}

/** RFC 822 (or any date Date.parse reads) as YYYY-MM-DD, in UTC. */
function isoDateOf(pubDate: string | undefined): string | undefined {
  const time = pubDate ? Date.parse(pubDate) : Number.NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

interface Planned {
  id: string;
  title: string;
  file: string;
  transcriptNote?: string;
  transcript?: string;
}

/** The transcript the item names, best format first: from the feed's folder, the given folder, or the web. */
async function transcriptOf(item: FeedItem, source: { local?: string; transcriptsDir?: string }): Promise<{ markdown?: string; note?: string }> {
  const rank = (type: string) => {
    const index = TRANSCRIPT_TYPES.indexOf(type.toLowerCase() as (typeof TRANSCRIPT_TYPES)[number]);
    return index < 0 ? TRANSCRIPT_TYPES.length : index;
  };
  const candidates = [...item.transcripts].sort((a, b) => rank(a.type) - rank(b.type));
  if (candidates.length === 0) return {};
  const problems: string[] = [];
  for (const candidate of candidates) {
    try {
      let text: string | undefined;
      if (source.local !== undefined) {
        const name = path.basename(new URL(candidate.url, 'https://feed.invalid/').pathname);
        const file = [path.dirname(source.local), source.transcriptsDir].filter((dir): dir is string => !!dir).map((dir) => path.join(dir, name)).find(existsSync);
        if (!file) throw new Error(`${name} is not beside the feed${source.transcriptsDir ? ' nor in --transcripts' : ''}`);
        text = readFileSync(file, 'utf8');
      } else {
        text = await fetchText(candidate.url);
      }
      const cues = parseTranscriptFile(text, candidate.type || path.extname(candidate.url));
      if (cues.length === 0) throw new Error('it holds no text');
      return { markdown: transcriptMarkdown(cues) };
    } catch (error) {
      problems.push(`${candidate.url}: ${(error as Error).message}`);
    }
  }
  return { note: `transcript left out (${problems.join('; ')})` };
}

export async function importFeed(feedSource: string, options: ImportOptions): Promise<ImportReport> {
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(feedSource);
  const xml = isUrl ? await fetchText(feedSource) : readLocal(feedSource);
  const feed = parseFeed(xml, isUrl ? feedSource : path.basename(feedSource));
  const episodesDir = path.join(options.contentDir, 'episodes');
  const existing = existingEpisodes(episodesDir);
  const lines: string[] = [];
  /** A file as the editor would type its path, from where the command runs. */
  const shownPath = (name: string) => path.relative(process.cwd(), path.join(episodesDir, name)).split(path.sep).join('/');
  const planned: Array<Planned & { body: string }> = [];
  const taken = new Set(existing.ids);
  let skipped = 0;
  const skip = (title: string, reason: string) => {
    skipped += 1;
    lines.push(`skipped "${title || '(no title)'}": ${reason}`);
  };

  for (const item of feed.items) {
    const title = item.title.replace(/\s+/g, ' ').trim();
    if (!title) {
      skip(title, 'the item has no title');
      continue;
    }
    const guid = item.guid ?? item.enclosure?.url;
    const imported = guid ? existing.byGuid.get(guid) : undefined;
    if (imported) {
      skip(title, `already imported as ${shownPath(`${imported}.md`)} (same guid)`);
      continue;
    }
    const slug = slugFromTitle(title);
    if (existing.ids.has(slug)) {
      skip(title, `${shownPath(`${slug}.md`)} already exists`);
      continue;
    }
    const date = isoDateOf(item.pubDate);
    if (!date) {
      skip(title, `its pubDate ${item.pubDate ? `"${item.pubDate}" ` : ''}cannot be read as a date`);
      continue;
    }
    const listenUrl = isHttps(item.link) ? item.link : isHttps(item.enclosure?.url) ? item.enclosure.url : undefined;
    if (!listenUrl) {
      skip(title, 'neither its <link> nor its enclosure is an https URL, so there is nothing to listen to');
      continue;
    }
    const image = [item.image, feed.image].find(isHttps);
    if (!image) {
      skip(title, 'the feed gives no https image for it (itunes:image)');
      continue;
    }
    let id = slug;
    for (let n = 2; taken.has(id); n += 1) id = `${slug}-${n}`;
    const episodeNumber = item.episode !== undefined && /^\d+$/.test(item.episode) ? Number(item.episode) : undefined;
    const frontMatter: EpisodeFrontMatter = {
      title,
      ...(episodeNumber !== undefined ? { number: episodeNumber } : {}),
      date,
      ...(durationFromFeed(item.duration) ? { duration: durationFromFeed(item.duration) } : {}),
      image,
      listenUrl,
      isYouTube: parseYouTubeId(listenUrl) !== null,
      isSpotifyVideo: false,
      ...(isHttps(item.enclosure?.url) ? { audioUrl: item.enclosure.url } : {}),
      ...(guid ? { guid } : {}),
    };
    const checked = episodeFrontMatter.safeParse(frontMatter);
    if (!checked.success || !SLUG_PATTERN.test(id)) {
      skip(title, checked.success ? `"${id}" cannot be an address` : `the feed's data does not fit an episode (${describeIssues(checked.error, frontMatter).join('; ')})`);
      continue;
    }
    const body = markdownFromShowNotes(item.notes) || `${title}.`;
    const transcript = await transcriptOf(item, { local: isUrl ? undefined : feedSource, transcriptsDir: options.transcriptsDir });
    taken.add(id);
    planned.push({
      id,
      title,
      file: `---\n${stringify(frontMatter, { lineWidth: 0 })}---\n${body}\n`,
      body,
      ...(transcript.markdown ? { transcript: transcript.markdown } : {}),
      ...(transcript.note ? { transcriptNote: transcript.note } : {}),
    });
  }

  const verb = options.dryRun ? 'would create' : 'created';
  for (const episode of planned) {
    if (!options.dryRun) {
      const write = (name: string, text: string) => {
        const target = path.join(episodesDir, name);
        writeFileSync(`${target}.tmp`, text, { flag: 'wx' });
        renameSync(`${target}.tmp`, target);
      };
      write(`${episode.id}.md`, episode.file);
      if (episode.transcript) write(`${episode.id}${TRANSCRIPT_SUFFIX}`, episode.transcript);
    }
    const extra = episode.transcript ? ` and ${episode.id}${TRANSCRIPT_SUFFIX}` : episode.transcriptNote ? ` (${episode.transcriptNote})` : '';
    lines.push(`${verb} ${shownPath(`${episode.id}.md`)}${extra}`);
  }
  lines.push(`${planned.length} ${options.dryRun ? 'to create' : 'created'}, ${skipped} skipped`);
  return { lines, created: planned.length, skipped };
}
