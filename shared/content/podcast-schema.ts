/**
 * The podcast's part of the content schema (issue 47): people (content/people/<id>.yaml) and what
 * an episode's front matter says of them and of its chapters. Re-exported by shared/content/schema.ts.
 */
import { z } from 'zod';
import { flag, httpsUrl, imagePath, shown, text } from './schema-fields';
import { formatMoment } from '../rules/episode-moment';

/** An id that names a file of content/people/ (its name without .yaml). */
const personId = () =>
  z
    .string({ error: (issue) => `must be the id of a person, the name of their file in content/people/ without .yaml (got ${shown(issue.input)})` })
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, {
      error: (issue) => `must be the id of a person, the name of their file in content/people/ without .yaml (got ${shown(issue.input)})`,
    });

/** A list of people by id, each at most once. */
export const peopleIds = (what: string) =>
  z
    .array(personId(), { error: (issue) => `must be a list of ${what}, each the id of a file in content/people/ (got ${shown(issue.input)})` })
    .min(1, { error: `must name at least one person, or be left out` })
    .superRefine((ids, context) => {
      ids.forEach((id, index) => {
        if (ids.indexOf(id) !== index) context.addIssue({ code: 'custom', path: [index], input: id, message: `names "${id}" a second time` });
      });
    })
    .optional();

const MOMENT_MESSAGE = 'must be a moment written as HH:MM:SS (such as 00:12:30) or MM:SS, or a number of seconds';
/** The editor's check for a moment: what the schema reads, seconds as digits included (the editor saves text). */
const MOMENT_PATTERN = '^\\s*(?:\\d{1,2}:)?[0-5]?\\d:[0-5]\\d\\s*$|^\\s*\\d+(?:\\.\\d+)?\\s*$';

/** Seconds of `01:02:03`, `02:03` or `123` (a number, or digits as the editor saves them); undefined for anything else. */
export function momentSeconds(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text);
  const match = /^(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)$/.exec(text);
  return match ? Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) : undefined;
}

/** A moment of an episode, read as seconds. */
export const moment = () =>
  z
    .union([z.number(), z.string()], { error: (issue) => `${MOMENT_MESSAGE} (got ${shown(issue.input)})` })
    .refine((value) => momentSeconds(value) !== undefined, { abort: true, error: (issue) => `${MOMENT_MESSAGE} (got ${shown(issue.input)})` })
    .transform((value) => momentSeconds(value)!)
    .meta({ pattern: MOMENT_PATTERN });

/** One chapter of an episode (podcast:chapters, JSON Chapters 1.2: startTime, title, url, img). */
export const chapter = () =>
  z.strictObject({
    start: moment(),
    title: text('the chapter title'),
    url: httpsUrl().optional(),
    image: imagePath().optional(),
  });

/** Chapters in the order they are heard, each after the one before. */
export const chapterList = () =>
  z
    .array(chapter(), { error: (issue) => `must be a list of chapters, each with a start and a title (got ${shown(issue.input)})` })
    .min(1, { error: 'must list at least one chapter, or be left out' })
    .superRefine((chapters, context) => {
      for (let index = 1; index < chapters.length; index += 1) {
        const before = chapters[index - 1]!;
        const here = chapters[index]!;
        if (here.start <= before.start) {
          context.addIssue({
            code: 'custom',
            path: [index, 'start'],
            input: here.start,
            message: `${formatMoment(here.start)} must come after chapters[${index - 1}].start (${formatMoment(before.start)}): chapters are listed in the order they are heard`,
          });
        }
      }
    })
    .optional();

const TRANSCRIPT_PATH_MESSAGE = 'must be a WebVTT or SRT file under public/, such as "/media/uploads/episode-12.vtt"';
/** A timed transcript the site ships under public/ (an upload from the editor's file field). */
export const timedTranscriptPath = () =>
  z
    .string({ error: (issue) => `${TRANSCRIPT_PATH_MESSAGE} (got ${shown(issue.input)})` })
    .trim()
    .regex(/^\/(?!\/)(?!.*\.\.)\S*\.(?:vtt|srt)$/i, { error: (issue) => `${TRANSCRIPT_PATH_MESSAGE} (got ${shown(issue.input)})` })
    // `widget`: the editor offers a file field (uploads under public/media/uploads) for it.
    .meta({ widget: 'file' });

/**
 * content/people/<id>.yaml: a host or guest of the podcast, with a page of their own (/people/<id>).
 * Marketing Rule: a guest who is a client of the firm, or is paid for appearing, is a testimonial or
 * endorsement; the firm's own words for that (`disclosure`) are required then, and shown next to theirs.
 */
export const personFile = z
  .strictObject({
    name: text('the person\'s name'),
    /** "host", "guest", or the role in the person's own words ("co-host", "producer"). */
    role: text('a role such as "host" or "guest"'),
    /** Markdown: a paragraph or two. */
    bio: text('a short biography'),
    photo: imagePath().optional(),
    links: z
      .array(z.strictObject({ label: text('the link\'s words, such as "LinkedIn"'), url: httpsUrl() }))
      .min(1, { error: 'must list at least one link, or be left out' })
      .optional(),
    /** A client of the firm (Marketing Rule: a testimonial). */
    client: flag('client'),
    /** Paid, in cash or otherwise, for appearing (Marketing Rule: a paid testimonial or endorsement). */
    paid: flag('paid'),
    /** The firm's words for it, shown next to the person's; required when client or paid is true. */
    disclosure: text('the firm\'s disclosure').optional(),
  })
  .superRefine((person, context) => {
    const because = [person.client && 'client', person.paid && 'paid'].filter(Boolean).join(' and ');
    if (because && person.disclosure === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['disclosure'],
        input: undefined,
        message: `is needed when ${because} is true: the firm's words saying so, shown next to the person's (Marketing Rule)`,
      });
    }
  });
export type PersonFile = z.infer<typeof personFile>;
