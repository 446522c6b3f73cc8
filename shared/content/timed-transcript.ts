/**
 * Timed transcripts (issue 47): what both sides use of them: moments as a page shows them, and
 * cues grouped into paragraphs by speaker. Reading a .vtt or .srt file is the server's
 * (server/content/timed-transcript-file.ts, with webvtt-parser).
 */
import type { TimedCue, TranscriptParagraph } from './types';

/** `01:02:03.500` or `02:03.500` (WebVTT); hours may have more than two digits. */
const VTT_TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/** Seconds of a WebVTT timestamp, or undefined when it is not one. */
export function vttSeconds(stamp: string): number | undefined {
  const match = VTT_TIMESTAMP.exec(stamp);
  if (!match) return undefined;
  const [, hours = '0', minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
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

/** `01:02:03.500`: a WebVTT timestamp of seconds, always with hours. */
export function vttTimestamp(totalSeconds: number): string {
  const millis = Math.round(totalSeconds * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(millis / 3_600_000))}:${two(Math.floor(millis / 60_000) % 60)}:${two(Math.floor(millis / 1000) % 60)}.${String(millis % 1000).padStart(3, '0')}`;
}

// WebVTT's escapes for cue text: without them a '<' opens a tag and '-->' ends a timing.
const VTT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const escapeVtt = (text: string) => text.replace(/[&<>]/g, (character) => VTT_ESCAPES[character]!);

/**
 * Cues as a WebVTT file, each voice written as `<v Name>`: what the site serves for an SRT
 * transcript as well, and what content:import keeps of a JSON one. Line breaks inside a cue's
 * words become spaces (an empty line would end the cue).
 */
export function writeVtt(cues: readonly TimedCue[]): string {
  const blocks = cues.map(({ start, end, speaker, text }) => {
    const words = escapeVtt(text.replace(/\s*\n\s*/g, ' ').trim());
    return `${vttTimestamp(start)} --> ${vttTimestamp(end)}\n${speaker ? `<v ${escapeVtt(speaker)}>` : ''}${words}`;
  });
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`;
}
