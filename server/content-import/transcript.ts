/**
 * A `podcast:transcript` file (Podcasting 2.0) as the site's transcript
 * Markdown: one paragraph per speaker turn, `**Name:** words`, or plain words
 * where the source names no speaker. Formats: the namespace's JSON, WebVTT
 * (`<v Name>` voice tags), SRT (a leading `Name:` may name the speaker) and
 * HTML (paragraphs; a leading `<cite>` or `<strong>` `Name:` names it).
 */
import TurndownService from 'turndown';

export interface Cue {
  speaker: string;
  text: string;
  /** Seconds from the start, where the format gives them. */
  start?: number;
  end?: number;
}

/** Transcript MIME types, most useful first. */
export const TRANSCRIPT_TYPES = ['application/json', 'text/vtt', 'application/x-subrip', 'application/srt', 'text/srt', 'text/html', 'text/plain'] as const;

/** A new paragraph after this much silence, or this many cues, when nobody is named. */
const PAUSE_SECONDS = 2;
const CUES_PER_PARAGRAPH = 8;

const timestamp = (value: string): number => {
  const parts = value.trim().replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

const stripTags = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&nbsp;/g, ' ');

const SPEAKER_PREFIX = /^([A-Z][\p{L}.'’-]*(?: [A-Z][\p{L}.'’-]*){0,3}):\s+(.+)$/su;

function splitSpeaker(text: string): Cue {
  const match = SPEAKER_PREFIX.exec(text);
  return match ? { speaker: match[1]!, text: match[2]! } : { speaker: '', text };
}

function parseJson(source: string): Cue[] {
  const data = JSON.parse(source) as { segments?: Array<{ speaker?: string; body?: string; startTime?: number; endTime?: number }> };
  if (!Array.isArray(data.segments)) throw new Error('a JSON transcript needs a "segments" list');
  return data.segments
    .filter((segment) => typeof segment.body === 'string' && segment.body.trim())
    .map((segment) => ({ speaker: segment.speaker?.trim() ?? '', text: segment.body!.trim(), start: segment.startTime, end: segment.endTime }));
}

/** VTT and SRT share a shape: blocks of a timing line and text lines. */
function parseCues(source: string, format: 'vtt' | 'srt'): Cue[] {
  const cues: Cue[] = [];
  for (const block of source.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line.trim());
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing]!.split('-->').map((part) => part.trim().split(/\s+/)[0]!);
    const raw = lines.slice(timing + 1).join(' ').trim();
    if (!raw) continue;
    const voice = format === 'vtt' ? /^<v(?:\.[^\s>]+)?\s+([^>]+)>/.exec(raw) : null;
    const cue = voice ? { speaker: voice[1]!.trim(), text: stripTags(raw).trim() } : splitSpeaker(stripTags(raw).trim());
    cues.push({ ...cue, start: timestamp(from!), end: timestamp(to!) });
  }
  if (cues.length === 0) throw new Error(`no ${format.toUpperCase()} cues found`);
  return cues;
}

function parseHtml(source: string): Cue[] {
  const turndown = new TurndownService();
  const paragraphs = [...source.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/gi)].map((match) => match[1]!);
  if (paragraphs.length === 0) throw new Error('no paragraphs found in the HTML transcript');
  return paragraphs
    .map((html) => {
      const named = /^\s*<(cite|strong|b)[^>]*>([\s\S]*?)<\/\1>\s*:?\s*([\s\S]*)$/i.exec(html);
      if (named) return { speaker: stripTags(named[2]!).replace(/:\s*$/, '').trim(), text: stripTags(named[3]!).replace(/\s+/g, ' ').trim() };
      return splitSpeaker(stripTags(turndown.turndown(html)).replace(/\s+/g, ' ').trim());
    })
    .filter((cue) => cue.text);
}

export function parseTranscriptFile(source: string, type: string): Cue[] {
  const kind = type.toLowerCase();
  if (kind.includes('json')) return parseJson(source);
  if (kind.includes('vtt')) return parseCues(source, 'vtt');
  if (kind.includes('srt') || kind.includes('subrip')) return parseCues(source, 'srt');
  if (kind.includes('html')) return parseHtml(source);
  if (kind.includes('text/plain')) return source.split(/\n\s*\n/).map((paragraph) => splitSpeaker(paragraph.replace(/\s+/g, ' ').trim())).filter((cue) => cue.text);
  throw new Error(`transcripts of type ${type} are not read`);
}

const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]#<>])/g, '\\$1').replace(/^(\d+)\. /, '$1\\. ').replace(/^([-+]) /, '\\$1 ');

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
      turns.push({ speaker: cue.speaker, texts: [cue.text], end: cue.end });
    }
  }
  return (
    turns
      .map(({ speaker, texts }) => {
        const text = escapeMarkdown(texts.join(' ').replace(/\s+/g, ' ').trim());
        return speaker ? `**${speaker.replace(/[*:]/g, '')}:** ${text}` : text;
      })
      .join('\n\n') + '\n'
  );
}
