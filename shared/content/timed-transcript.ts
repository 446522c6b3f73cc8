/**
 * Timed transcripts (issue 47): WebVTT with `<v Speaker>` voices, or SRT, read into cues
 * `{ start, end, speaker?, text }` (seconds) and grouped into paragraphs by speaker. Pure
 * functions, no file reading: server/content/load-content.ts reports each error as
 * `content/transcripts/<id>.vtt: line 12: …`, as it reports every other problem.
 *
 * The parser is deliberately small and strict: it reads what a transcript needs (the WEBVTT
 * header, NOTE/STYLE/REGION blocks skipped, cue ids, timings with their settings, payload
 * text with voice and formatting tags, the five character references) and answers
 * `{ cues, errors: [{ message, line }] }` as `webvtt-parser` (the well-kept parser issue 47
 * names) does. `webvtt-parser` is not in node_modules yet; when it is, parseVtt can hand
 * the text to it and keep this module's answer, and these tests keep its behaviour.
 */
import type { TimedCue, TranscriptParagraph } from './types';

export interface VttError {
  /** 1-based line of the file the problem is on. */
  line: number;
  message: string;
}

/** A cue as read, with the line its timing is on, for the checks that name a cue. */
export interface ParsedCue extends TimedCue {
  line: number;
}

export interface ParsedTranscript {
  cues: ParsedCue[];
  errors: VttError[];
}

/** `01:02:03.500` or `02:03.500` (WebVTT); hours may have more than two digits. */
const VTT_TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const TIMING_LINE = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;

/** Seconds of a WebVTT timestamp, or undefined when it is not one. */
export function vttSeconds(stamp: string): number | undefined {
  const match = VTT_TIMESTAMP.exec(stamp);
  if (!match) return undefined;
  const [, hours = '0', minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/** `1:02:03` for 3723 s, `2:03` under an hour: how a chapter list or a transcript shows a moment. */
export function formatMoment(totalSeconds: number): string {
  const whole = Math.floor(totalSeconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f', quot: '"', apos: "'" };

/** The payload's words: tags removed, character references read, lines joined. */
function payloadText(payload: string): string {
  return payload
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_whole, name: string) => ENTITIES[name]!)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** The speaker of a payload's first voice tag: `<v Morgan Ellery>`, `<v.host Morgan Ellery>`. */
function payloadSpeaker(payload: string): string | undefined {
  const match = /<v(?:\.[\w.-]+)?[ \t]+([^>]+)>/.exec(payload);
  const name = match?.[1]?.trim();
  return name ? name : undefined;
}

/**
 * Reads a WebVTT file (line endings already \n). Every problem is an error with its line; cues
 * that have one are left out, the rest are kept, so one run names every problem of the file.
 */
export function parseVtt(source: string): ParsedTranscript {
  const lines = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const errors: VttError[] = [];
  const cues: ParsedCue[] = [];
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    errors.push({ line: 1, message: 'a WebVTT file must start with a line "WEBVTT"' });
    return { cues, errors };
  }
  let index = 1;
  // The header's own lines run to the first blank line.
  while (index < lines.length && lines[index]!.trim() !== '') {
    if (lines[index]!.includes('-->')) {
      errors.push({ line: index + 1, message: 'a blank line must separate the "WEBVTT" header from the first cue' });
      break;
    }
    index += 1;
  }
  let previousStart = 0;
  while (index < lines.length) {
    if (lines[index]!.trim() === '') {
      index += 1;
      continue;
    }
    const blockStart = index;
    const block: string[] = [];
    while (index < lines.length && lines[index]!.trim() !== '') block.push(lines[index++]!);
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!)) continue;
    // An optional cue id, then the timing line.
    const timingAt = block[0]!.includes('-->') ? 0 : 1;
    const timingLine = block[timingAt];
    const line = blockStart + timingAt + 1;
    if (timingLine === undefined || !timingLine.includes('-->')) {
      errors.push({ line: blockStart + 1, message: `"${shorten(block[0]!)}" is no cue: a cue is an optional id, a line "00:00:01.000 --> 00:00:04.000" and its words` });
      continue;
    }
    const timing = TIMING_LINE.exec(timingLine.trim());
    const start = timing ? vttSeconds(timing[1]!) : undefined;
    const end = timing ? vttSeconds(timing[2]!) : undefined;
    if (!timing || start === undefined || end === undefined) {
      const wrong = timing ? [timing[1]!, timing[2]!].find((stamp) => vttSeconds(stamp) === undefined) : undefined;
      errors.push({
        line,
        message: wrong
          ? `"${shorten(wrong)}" is not a WebVTT time: write hours:minutes:seconds.milliseconds, such as 00:01:02.500`
          : `"${shorten(timingLine)}" is not a cue timing: write "00:00:01.000 --> 00:00:04.000"`,
      });
      continue;
    }
    const payload = block.slice(timingAt + 1).join('\n');
    const text = payloadText(payload);
    if (end <= start) {
      errors.push({ line, message: `the cue ends (${timing[2]}) before it starts (${timing[1]})` });
      continue;
    }
    if (start < previousStart) {
      errors.push({ line, message: `the cue starts (${timing[1]}) before the cue above it: cues are in the order they are spoken` });
      continue;
    }
    if (!text) {
      errors.push({ line, message: 'the cue has no words' });
      continue;
    }
    previousStart = start;
    const speaker = payloadSpeaker(payload);
    cues.push({ start, end, ...(speaker ? { speaker } : {}), text, line });
  }
  if (errors.length === 0 && cues.length === 0) errors.push({ line: 1, message: 'the file has no cues' });
  return { cues, errors };
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/**
 * SRT as WebVTT, line for line after a two-line header ("WEBVTT" and a blank line): the
 * cue numbers become cue ids and the timings' decimal commas points. So an error of the
 * result at line n is the SRT file's line n - 2 (SRT_LINE_OFFSET). Nothing else changes:
 * a timing that was wrong in the SRT file is wrong, on its line, in the result.
 */
export const SRT_LINE_OFFSET = 2;
export function srtToVtt(source: string): string {
  const lines = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const converted = lines.map((line) =>
    line.includes('-->') ? line.replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2') : line,
  );
  return `WEBVTT\n\n${converted.join('\n')}`;
}

/** An SRT file read as parseVtt reads WebVTT, each error on the SRT file's own line. */
export function parseSrt(source: string): ParsedTranscript {
  const parsed = parseVtt(srtToVtt(source));
  return {
    cues: parsed.cues.map((cue) => ({ ...cue, line: cue.line - SRT_LINE_OFFSET })),
    errors: parsed.errors.map((error) => ({ ...error, line: Math.max(1, error.line - SRT_LINE_OFFSET) })),
  };
}

/**
 * Cues as paragraphs, one per speaker's turn: a cue with the same speaker as the one before, or
 * with none (a voice is often written only on a turn's first cue), continues its paragraph; a
 * different speaker starts a new one. Each paragraph starts at its first cue and ends at its last.
 */
export function groupCues(cues: readonly TimedCue[]): TranscriptParagraph[] {
  const paragraphs: TranscriptParagraph[] = [];
  for (const { start, end, speaker, text } of cues) {
    const cue: TimedCue = { start, end, ...(speaker ? { speaker } : {}), text };
    const current = paragraphs.at(-1);
    if (current && (speaker === undefined || speaker === current.speaker)) {
      current.cues.push(cue);
      current.end = Math.max(current.end, end);
    } else {
      paragraphs.push({ ...(speaker ? { speaker } : {}), start, end, cues: [cue] });
    }
  }
  return paragraphs;
}
