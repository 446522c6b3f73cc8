/**
 * The schema every content file is checked against (zod), with messages an
 * editor can act on: server/content/load-content.ts reports them as
 * `content/episodes/foo.md: listenUrl must be an https URL (got "htp://…")`.
 *
 * Only data: no file reading here, so a script or test can check one object.
 */
import { z } from 'zod';

/** What a reader is shown for a value that was wrong: short, and never a whole paragraph. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…"` : text;
}

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** Text that must be there. */
export const text = (what = 'text') =>
  z.string({ error: (issue) => `must be ${what} (got ${shown(issue.input)})` }).trim().min(1, { error: `must not be empty` });

export const httpsUrl = () =>
  z
    .string({ error: (issue) => `must be an https URL (got ${shown(issue.input)})` })
    .trim()
    .refine(isHttps, { error: (issue) => `must be an https URL (got ${shown(issue.input)})` });

/** A file the site ships under public/ ('/media/…'), or an https URL. */
export const imagePath = () =>
  z
    .string({ error: (issue) => `must be a path under public/ such as "/media/episodes/cover-1.svg", or an https URL (got ${shown(issue.input)})` })
    .trim()
    .refine((value) => (value.startsWith('/') && !value.startsWith('//') && !value.includes('..')) || isHttps(value), {
      error: (issue) => `must be a path under public/ such as "/media/episodes/cover-1.svg", or an https URL (got ${shown(issue.input)})`,
    });

/** A calendar date written as YAML reads it: 2025-05-20. */
export const isoDate = () =>
  z
    .string({ error: (issue) => `must be a date written as YYYY-MM-DD, such as 2025-05-20 (got ${shown(issue.input)})` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: (issue) => `must be a date written as YYYY-MM-DD, such as 2025-05-20 (got ${shown(issue.input)})` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: (issue) => `is not a real date (got ${shown(issue.input)})`,
    });

/** A moment with its offset: 2026-12-01T09:00:00-05:00. */
export const isoDateTime = () =>
  z
    .string({ error: (issue) => `must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00 (got ${shown(issue.input)})` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, {
      error: (issue) => `must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00 (got ${shown(issue.input)})`,
    })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: (issue) => `is not a real date and time (got ${shown(issue.input)})` });

const flag = (name: string) =>
  z.boolean({ error: (issue) => `must be true or false (got ${shown(issue.input)})` }).optional().describe(name);

/** What makes an item public: a draft never is; a scheduled one is from publishAt on. */
export const publicationFields = {
  draft: flag('draft'),
  publishAt: isoDateTime().optional(),
};

/**
 * The front matter of content/episodes/<id>.md (spec §3 'Episode'). The body
 * is the description, in Markdown.
 */
export const episodeFrontMatter = z.strictObject(
  {
    title: text('the episode title'),
    /** Shown as 'Episode 3'. */
    number: z
      .number({ error: (issue) => `must be a whole number such as 3 (got ${shown(issue.input)})` })
      .int({ error: (issue) => `must be a whole number such as 3 (got ${shown(issue.input)})` })
      .min(0, { error: (issue) => `must be 0 or more (got ${shown(issue.input)})` })
      .optional(),
    /** Publication date: the order of the lists, the feed and the sitemap. */
    date: isoDate(),
    /** Whether the episode's pages show that date; most of the older episodes do not. */
    showDate: flag('showDate'),
    duration: z
      .string({ error: (issue) => `must be minutes such as "45 min" (got ${shown(issue.input)})` })
      .regex(/^\d{1,3} min$/, { error: (issue) => `must be minutes such as "45 min" (got ${shown(issue.input)})` })
      .optional(),
    image: imagePath(),
    listenUrl: z.union([z.literal('#'), httpsUrl()], {
      error: (issue) => `must be an https URL, or "#" while the episode is not on a platform yet (got ${shown(issue.input)})`,
    }),
    isYouTube: flag('isYouTube'),
    isSpotifyVideo: flag('isSpotifyVideo'),
    applePodcastsUrl: httpsUrl().optional(),
    spotifyUrl: httpsUrl().optional(),
    /** The audio file itself, played by the page's own <audio> player. */
    audioUrl: httpsUrl().optional(),
    /** The feed item's guid, so a second import recognises the episode. */
    guid: text('the feed item guid').optional(),
    ...publicationFields,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `is not a field an episode has` : undefined) },
);
export type EpisodeFrontMatter = z.infer<typeof episodeFrontMatter>;

/** content/press/<slug>.yaml: one article about the firm, published elsewhere. */
export const pressFile = z.strictObject({
  id: z
    .number({ error: (issue) => `must be a whole number, unique among the articles (got ${shown(issue.input)})` })
    .int({ error: (issue) => `must be a whole number, unique among the articles (got ${shown(issue.input)})` })
    .positive({ error: (issue) => `must be a whole number, unique among the articles (got ${shown(issue.input)})` }),
  title: text('the article title'),
  date: isoDate(),
  publication: text("the publication's name"),
  image: imagePath(),
  link: httpsUrl(),
  ...publicationFields,
});
export type PressFile = z.infer<typeof pressFile>;

/** An id that can be a URL segment: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** '/podcast/x' from one issue's path, in the words an editor reads. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`)).join('');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);
}

/** Each problem of a failed parse of `input` as `field message`, in the schema's words. */
export function describeIssues(error: z.ZodError, input: unknown): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => `${fieldPath([...issue.path, key])} is not a field this file has`);
    if (issue.path.length > 0 && valueAt(input, issue.path) === undefined) return [`${fieldPath(issue.path)} is missing`];
    const where = fieldPath(issue.path);
    return [where ? `${where} ${issue.message}` : issue.message];
  });
}
