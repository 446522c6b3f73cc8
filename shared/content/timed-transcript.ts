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

// The episode page formats moments in the browser too, where content modules are not bundled.
export { formatMoment } from '../rules/episode-moment';

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
