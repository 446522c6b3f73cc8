/**
 * A timed transcript as its page shows it, laid out once by the server's loader
 * (server/pages/route-loaders.ts), so the browser gets the passages ready to render and not the
 * code that arranges them: passages by speaker and chapter headings in reading order, and the ids
 * `#t=` links land on.
 */
import type { Chapter, PersonRef, TranscriptParagraph } from '../../content/types';

export type TranscriptItem =
  /** A chapter's heading. */
  | { kind: 'chapter'; start: number; title: string; id?: string }
  /** One speaker's turn: its cues' words, from its first cue's start. */
  | {
      kind: 'passage';
      start: number;
      speaker?: string;
      text: string;
      id?: string;
      /** The speaker's page, when they are one of the episode's people. */ person?: string;
    };

export type TranscriptPassage = Extract<TranscriptItem, { kind: 'passage' }>;

/**
 * The transcript in reading order: each chapter's heading before the first passage at or after
 * its start (chapters after the last passage at the end), and the ids `#t=<second>` links land
 * on (paths.episodeMoment): a second's id goes to the passage starting then, else to the chapter's
 * heading starting then; only to the first of them, as ids are unique. A speaker who is one of
 * the episode's `people` (matched by name) is linked to their page.
 */
export function transcriptItems(
  paragraphs: readonly TranscriptParagraph[],
  chapters: readonly Chapter[],
  people: readonly PersonRef[],
): TranscriptItem[] {
  const personOf = new Map(people.map((person) => [person.name, person.id]));
  const taken = new Set<string>();
  const claim = (seconds: number) => {
    const id = `t=${Math.floor(seconds)}`;
    if (taken.has(id)) return {};
    taken.add(id);
    return { id };
  };
  const passages = paragraphs.map(({ start, speaker, cues }): TranscriptPassage => ({
    kind: 'passage',
    start,
    ...(speaker ? { speaker } : {}),
    ...(speaker && personOf.has(speaker) ? { person: personOf.get(speaker)! } : {}),
    text: cues.map((cue) => cue.text).join(' '),
    ...claim(start),
  }));
  const headings = chapters.map(({ start, title }): TranscriptItem => ({ kind: 'chapter', start, title, ...claim(start) }));
  const items: TranscriptItem[] = [];
  let next = 0;
  const headingsUntil = (seconds: number) => {
    for (; next < chapters.length && chapters[next]!.start <= seconds; next += 1) items.push(headings[next]!);
  };
  for (const passage of passages) {
    headingsUntil(passage.start);
    items.push(passage);
  }
  headingsUntil(Infinity);
  return items;
}
