/**
 * A `podcast:transcript` file (Podcasting 2.0) as the site's transcript
 * Markdown (content/transcripts/<id>.md after its `episode:` front matter, read back by
 * parseTranscript in server/content/load-content.ts): one paragraph per
 * speaker turn, `**Name:** words`, or plain words where the source names no
 * speaker.
 *
 * Formats: the namespace's JSON (`segments` with speaker, startTime, endTime,
 * body), WebVTT (`<v Name>` voice tags; other tags stripped), SRT (a leading
 * `Name:` or `NAME:` may name the speaker), HTML (the text of each `<p>`; a
 * `<cite>` or `<strong>` `Name:`, inside the paragraph or just before it,
 * names the speaker) and plain text.
 */
import { escapeMarkdown } from '../../shared/content/markdown';

export interface Cue {
  speaker: string;
  text: string;
  /** Seconds from the start, where the format gives them. */
  start?: number;
  end?: number;
}

/** Transcript MIME types, most useful first. */
export const TRANSCRIPT_TYPES = [
  'application/json',
  'text/vtt',
  'application/x-subrip',
  'application/srt',
  'text/srt',
  'text/html',
  'text/plain',
] as const;

const TYPE_OF_EXTENSION: Record<string, (typeof TRANSCRIPT_TYPES)[number]> = {
  '.json': 'application/json',
  '.vtt': 'text/vtt',
  '.srt': 'application/x-subrip',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.txt': 'text/plain',
};

/** The type a transcript link names, or the one its file extension implies when it names none. */
export function transcriptType(type: string, url: string): string {
  if (type.trim()) return type.trim().toLowerCase().split(';')[0]!.trim();
  const extension = /(\.[a-z]+)$/i.exec(new URL(url, 'https://feed.invalid/').pathname)?.[1]?.toLowerCase();
  return (extension && TYPE_OF_EXTENSION[extension]) ?? '';
}

/** 0 for the best format; unknown types last. */
export function transcriptRank(type: string): number {
  const index = (TRANSCRIPT_TYPES as readonly string[]).indexOf(type);
  return index < 0 ? TRANSCRIPT_TYPES.length : index;
}

/** A new paragraph after this much silence, or this many cues, when nobody is named. */
const PAUSE_SECONDS = 2;
const CUES_PER_PARAGRAPH = 8;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lrm: '',
  rlm: '',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Text of markup: tags removed (SRT's `{\an8}` positioning too), entities decoded, spaces collapsed. */
const plain = (markup: string) =>
  decodeEntities(
    markup
      .replace(/<br\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/\{\\[^}]*\}/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

/** 'Name: words', 'NAME SURNAME: words', 'Speaker 1: words', 'Dr. Lee: words'. */
const SPEAKER_PREFIX = /^((?:[A-Z][\p{L}.'’-]*|\d+)(?: (?:[A-Z][\p{L}.'’-]*|\d+|de|van|von|da|di|la|le)){0,4}):\s+(.+)$/su;

function splitSpeaker(text: string): Pick<Cue, 'speaker' | 'text'> {
  const match = SPEAKER_PREFIX.exec(text);
  return match ? { speaker: match[1]!, text: match[2]! } : { speaker: '', text };
}

function parseJson(source: string): Cue[] {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    throw new Error('it is not valid JSON');
  }
  const segments = (data as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) throw new Error('a JSON transcript needs a "segments" list');
  return segments.flatMap((segment: unknown): Cue[] => {
    const { speaker, body, startTime, endTime } = (segment ?? {}) as Record<string, unknown>;
    if (typeof body !== 'string' || !body.trim()) return [];
    return [
      {
        speaker: typeof speaker === 'string' ? speaker.trim() : '',
        text: body.replace(/\s+/g, ' ').trim(),
        ...(typeof startTime === 'number' ? { start: startTime } : {}),
        ...(typeof endTime === 'number' ? { end: endTime } : {}),
      },
    ];
  });
}

const timestamp = (value: string): number =>
  value
    .trim()
    .replace(',', '.')
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

/** VTT and SRT share a shape: blocks of an optional id, a timing line, and text lines. */
function parseCues(source: string, format: 'vtt' | 'srt'): Cue[] {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (format === 'vtt' && !/^WEBVTT/.test(text)) throw new Error('a WebVTT file starts with "WEBVTT"');
  const cues: Cue[] = [];
  for (const block of text.split(/\n[ \t]*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim());
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0 || /^(NOTE|STYLE|REGION)\b/.test(lines[0] ?? '')) continue;
    const [from, to] = lines[timing]!.split('-->').map((part) => part.trim().split(/\s+/)[0]!);
    const raw = lines.slice(timing + 1).join('\n');
    const times = { start: timestamp(from!), end: timestamp(to!) };
    // A cue may hold several voices: <v Ann>Hi.\n<v Bo>Hello.
    const voices = format === 'vtt' ? [...raw.matchAll(/<v(?:\.[^\s>]*)?\s+([^>]+)>([\s\S]*?)(?=<v[\s.]|$)/g)] : [];
    if (voices.length > 0) {
      for (const [, speaker, words] of voices) {
        const spoken = plain(words!);
        if (spoken) cues.push({ speaker: plain(speaker!), text: spoken, ...times });
      }
      continue;
    }
    const spoken = plain(raw);
    if (spoken) cues.push({ ...splitSpeaker(spoken), ...times });
  }
  if (cues.length === 0) throw new Error(`no ${format.toUpperCase()} cues found`);
  return cues;
}

/** Paragraphs, and the speaker a `<cite>` (or `<strong>`/`<b>`) names, inside a paragraph or just before it. */
function parseHtml(source: string): Cue[] {
  const body = source.replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const cues: Cue[] = [];
  let speaker = '';
  for (const match of body.matchAll(/<cite\b[^>]*>([\s\S]*?)<\/cite>|<p\b[^>]*>([\s\S]*?)<\/p>/gi)) {
    if (match[1] !== undefined) {
      speaker = plain(match[1]).replace(/:$/, '').trim();
      continue;
    }
    const html = match[2]!;
    const named = /^\s*<(cite|strong|b)\b[^>]*>([\s\S]*?)<\/\1>\s*([\s\S]*)$/i.exec(html);
    const label = named ? plain(named[2]!) : '';
    if (named && (label.endsWith(':') || /^\s*:/.test(named[3]!))) {
      const text = plain(named[3]!).replace(/^:\s*/, '');
      if (text) cues.push({ speaker: label.replace(/:$/, '').trim(), text });
      continue;
    }
    const text = plain(html);
    if (!text) continue;
    const prefixed = splitSpeaker(text);
    cues.push(prefixed.speaker ? prefixed : { speaker, text });
  }
  if (cues.length === 0) throw new Error('no paragraphs found in the HTML transcript');
  return cues;
}

function parsePlainText(source: string): Cue[] {
  const cues = source
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => splitSpeaker(paragraph.replace(/\s+/g, ' ').trim()))
    .filter((cue) => cue.text);
  if (cues.length === 0) throw new Error('it holds no text');
  return cues;
}

/** The cues of a transcript file of the given MIME type. Throws an Error saying why it cannot be read. */
export function parseTranscriptFile(source: string, type: string): Cue[] {
  const kind = type.toLowerCase();
  if (kind.includes('json')) return parseJson(source);
  if (kind.includes('vtt')) return parseCues(source, 'vtt');
  if (kind.includes('srt') || kind.includes('subrip')) return parseCues(source, 'srt');
  if (kind.includes('html')) return parseHtml(source);
  if (kind === 'text/plain') return parsePlainText(source);
  throw new Error(`transcripts of type ${type || '(none given)'} are not read`);
}

/** Cues merged into turns: a new paragraph when the speaker changes, or, with nobody named, at a pause or every few cues. */
export function transcriptMarkdown(cues: Cue[]): string {
  const turns: Array<{ speaker: string; texts: string[]; end?: number }> = [];
  for (const cue of cues) {
    const last = turns.at(-1);
    const paused = !cue.speaker && last?.end !== undefined && cue.start !== undefined && cue.start - last.end >= PAUSE_SECONDS;
    const long = !cue.speaker && (last?.texts.length ?? 0) >= CUES_PER_PARAGRAPH;
    if (last && last.speaker === cue.speaker && !paused && !long) {
      last.texts.push(cue.text);
      last.end = cue.end ?? last.end;
    } else {
      turns.push({ speaker: cue.speaker, texts: [cue.text], ...(cue.end !== undefined ? { end: cue.end } : {}) });
    }
  }
  return (
    turns
      .map(({ speaker, texts }) => {
        const text = escapeMarkdown(texts.join(' ').replace(/\s+/g, ' ').trim());
        // The reader takes the name up to the first ':**', so a name keeps neither ':' nor '*'.
        const name = speaker.replace(/[*:]/g, '').replace(/\s+/g, ' ').trim();
        return name ? `**${name}:** ${text}` : text;
      })
      .filter(Boolean)
      .join('\n\n') + '\n'
  );
}
