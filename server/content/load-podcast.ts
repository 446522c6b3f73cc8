/**
 * The podcast's files beyond episodes (issue 47), for server/content/load-content.ts: people
 * (content/people/<id>.yaml), timed transcripts (content/transcripts/<id>.vtt or .srt, every error
 * with its line), and the rules that join them to episodes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { personFile, SLUG_PATTERN } from '../../shared/content/schema';
import type { PersonFile } from '../../shared/content/schema';
import { groupCues } from '../../shared/content/timed-transcript';
import { parseSrt, parseVtt } from './timed-transcript-file';
import type { ParsedCue } from './timed-transcript-file';
import type { TimedTranscript } from '../../shared/content/types';
import { listFiles, readText, readYamlFile } from './read-content-files';
import type { Problems } from './read-content-files';

/** content/people/<id>.yaml: the hosts and guests episodes name by id. */
export const PEOPLE_DIR = 'people';

export interface PersonSource {
  /** The file's name without .yaml: what episodes name, and the address /people/<id>. */
  id: string;
  file: string;
  meta: PersonFile;
}

/** The timed transcript files' endings, and how each is read. */
const TIMED_FORMATS = { '.vtt': { format: 'vtt', parse: parseVtt }, '.srt': { format: 'srt', parse: parseSrt } } as const;
export type TimedRead = { transcript: TimedTranscript; cues: ParsedCue[] };

/**
 * content/transcripts/<episode-id>.vtt or .srt, beside or instead of the .md: every error of
 * the file with its line. Read here, as the folder is listed; the episode is checked by the caller.
 */
export function readTimedTranscript(file: string, problems: Problems): TimedRead | undefined {
  const source = readText(file, problems);
  if (source === undefined) return undefined;
  const { format, parse } = TIMED_FORMATS[path.extname(file) as keyof typeof TIMED_FORMATS];
  const { cues, errors } = parse(source);
  for (const error of errors) problems.add(file, `line ${error.line}: ${error.message}`);
  if (errors.length > 0) return undefined;
  const plain = cues.map(({ start, end, speaker, text }) => ({ start, end, ...(speaker ? { speaker } : {}), text }));
  return { transcript: { file: problems.nameOf(file), format, cues: plain, paragraphs: groupCues(plain) }, cues };
}

/**
 * content/people/<id>.yaml. The folder is optional, as transcripts are: without it an episode
 * simply names no one (and naming someone is then an error).
 */
export function readPeople(dir: string, problems: Problems): PersonSource[] {
  const people: PersonSource[] = [];
  if (!existsSync(dir)) return people;
  for (const name of listFiles(dir, problems)) {
    const file = path.join(dir, name);
    if (!name.endsWith('.yaml')) {
      problems.add(file, 'is not a person: files of people are <id>.yaml');
      continue;
    }
    const id = name.slice(0, -'.yaml'.length);
    if (!SLUG_PATTERN.test(id)) {
      problems.add(file, `the file name is the person's address (/people/${id}) and the id episodes name: use lower-case letters, digits and single hyphens`);
    }
    const meta = readYamlFile(personFile, file, problems);
    if (meta) people.push({ id, file: problems.nameOf(file), meta });
  }
  return people;
}

/** Each id an episode names is a person's file; each voice of its timed transcript one of them. */
export function checkEpisodePeople(
  episodes: ReadonlyArray<{ id: string; meta: { hosts?: string[]; guests?: string[] } }>,
  people: readonly PersonSource[],
  timed: ReadonlyMap<string, TimedRead>,
  problems: Problems,
  episodesDir: string,
) {
  const personById = new Map(people.map((person) => [person.id, person]));
  for (const episode of episodes) {
    const named: string[] = [];
    for (const field of ['hosts', 'guests'] as const) {
      for (const [index, id] of (episode.meta[field] ?? []).entries()) {
        const person = personById.get(id);
        if (person) named.push(person.meta.name);
        else problems.add(path.join(episodesDir, `${episode.id}.md`), `${field}[${index}] "${id}" is not a person: there is no content/${PEOPLE_DIR}/${id}.yaml`);
      }
    }
    // Each voice of a timed transcript is one of the people the episode names, once it names any:
    // that is how a passage links to its speaker's page.
    const read = timed.get(episode.id);
    if (!read || named.length === 0) continue;
    const reported = new Set<string>();
    for (const cue of read.cues) {
      if (!cue.speaker || named.includes(cue.speaker) || reported.has(cue.speaker)) continue;
      reported.add(cue.speaker);
      problems.add(
        problems.pathOf(read.transcript.file),
        `line ${cue.line}: the voice "${cue.speaker}" is none of the people content/episodes/${episode.id}.md names (${named.join(', ')}): write their name as in content/${PEOPLE_DIR}/`,
      );
    }
  }

}
