/**
 * A timed transcript file read into cues (issue 47): WebVTT checked by webvtt-parser (the W3C
 * validator's own parser, every error with its line), or SRT read as WebVTT line for line.
 * On top of what the format allows, what a transcript needs: words in each cue (the parser
 * already refuses cues out of order). server/content/load-podcast.ts reports each problem as
 * `content/transcripts/<id>.vtt: line 12: …`, as it reports every other one.
 */
import { createRequire } from 'node:module';
import type { TimedCue } from '../../shared/content/types';

interface VttNode {
  type: 'text' | 'object';
  name?: string;
  value?: string;
  children?: VttNode[];
}
interface VttCue {
  startTime: number;
  endTime: number;
  tree: { children: VttNode[] };
}
interface VttParser {
  parse(text: string, mode: 'metadata'): { cues: VttCue[]; errors: Array<{ line: number; message: string }> };
}

const require = createRequire(import.meta.url);
const { WebVTTParser } = require('webvtt-parser') as { WebVTTParser: new (entities?: Record<string, string>) => VttParser };
// Without the full table of named references, '&amp;' would read '&;'.
const entities = require('webvtt-parser/html-entities.json') as Record<string, string>;
const parser = new WebVTTParser(entities);

/**
 * A voice's name with its character references read (`<v Smith &amp; Co>`): the spec allows them
 * in an annotation, and the parser leaves annotations as written.
 */
const annotation = (value: string) =>
  value.replace(/&(?:#(x?)([0-9a-f]+)|([a-z0-9]+));/gi, (whole, hex: string | undefined, digits: string | undefined, name: string | undefined) =>
    digits ? String.fromCodePoint(Number.parseInt(digits, hex ? 16 : 10)) : (entities[`&${name};`] ?? whole),
  );

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

/** The words of a cue's tree, tags left out; and the first voice's name. */
function words(nodes: VttNode[]): string {
  return nodes.map((node) => (node.type === 'text' ? (node.value ?? '') : words(node.children ?? []))).join('');
}
function firstVoice(nodes: VttNode[]): string | undefined {
  for (const node of nodes) {
    if (node.type === 'object' && node.name === 'v' && node.value?.trim()) return annotation(node.value.trim());
    const inner = node.type === 'object' ? firstVoice(node.children ?? []) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export function parseVtt(source: string): ParsedTranscript {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const tree = parser.parse(text, 'metadata');
  const errors: VttError[] = tree.errors.map(({ line, message }) => ({ line, message }));
  if (errors.length > 0) return { cues: [], errors };
  // A valid file's timing lines are its cues', in order (a NOTE may not hold "-->").
  const timingLines = text.split('\n').flatMap((line, index) => (line.includes('-->') ? [index + 1] : []));
  const cues: ParsedCue[] = [];
  tree.cues.forEach((cue, index) => {
    const line = timingLines[index] ?? 1;
    const spoken = words(cue.tree.children).replace(/\s+/g, ' ').trim();
    if (!spoken) {
      errors.push({ line, message: 'the cue has no words' });
      return;
    }
    const speaker = firstVoice(cue.tree.children);
    cues.push({ start: cue.startTime, end: cue.endTime, ...(speaker ? { speaker } : {}), text: spoken, line });
  });
  if (errors.length === 0 && cues.length === 0) errors.push({ line: 1, message: 'the file has no cues' });
  return { cues, errors };
}

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

