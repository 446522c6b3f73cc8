/**
 * The kinds of field the content schema (shared/content/schema.ts) is made of, each with the
 * message an editor reads when a value is wrong.
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

/**
 * What the editor (server/admin/cms-config.ts) checks as a field is typed, where the
 * check here is a function: a looser regular expression, so the editor never refuses
 * a value this schema accepts. Metadata only: parsing does not read it.
 */
const HTTPS_URL_PATTERN = '^\\s*https://[^\\s/?#]+\\S*\\s*$';
const SITE_FILE_PATTERN = '^\\s*/(?!/)(?!.*\\.\\.)\\S*\\s*$';

export const httpsUrl = () =>
  z
    .string({ error: (issue) => `must be an https URL (got ${shown(issue.input)})` })
    .trim()
    .refine(isHttps, { error: (issue) => `must be an https URL (got ${shown(issue.input)})` })
    .meta({ pattern: HTTPS_URL_PATTERN });

/** A file the site ships under public/ ('/media/…'), or an https URL. */
export const imagePath = () =>
  z
    .string({ error: (issue) => `must be a path under public/ such as "/media/episodes/cover-1.svg", or an https URL (got ${shown(issue.input)})` })
    .trim()
    .refine((value) => (value.startsWith('/') && !value.startsWith('//') && !value.includes('..')) || isHttps(value), {
      error: (issue) => `must be a path under public/ such as "/media/episodes/cover-1.svg", or an https URL (got ${shown(issue.input)})`,
    })
    // `widget`: the editor offers its media library (uploads under public/media/uploads) for it.
    .meta({ pattern: `(?:${SITE_FILE_PATTERN})|(?:${HTTPS_URL_PATTERN})`, widget: 'image' });

/** A calendar date written as YAML reads it: 2025-05-20. */
export const isoDate = () =>
  z
    .string({ error: (issue) => `must be a date written as YYYY-MM-DD, such as 2025-05-20 (got ${shown(issue.input)})` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { abort: true, error: (issue) => `must be a date written as YYYY-MM-DD, such as 2025-05-20 (got ${shown(issue.input)})` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
      error: (issue) => `is not a real date (got ${shown(issue.input)})`,
    });

/** A moment with its offset: 2026-12-01T09:00:00-05:00. */
export const isoDateTime = () =>
  z
    .string({ error: (issue) => `must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00 (got ${shown(issue.input)})` })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, {
      abort: true,
      error: (issue) => `must be a date and time with its offset, such as 2026-12-01T09:00:00-05:00 (got ${shown(issue.input)})`,
    })
    .refine((value) => !Number.isNaN(Date.parse(value)), { error: (issue) => `is not a real date and time (got ${shown(issue.input)})` });

export const flag = (name: string) =>
  z.boolean({ error: (issue) => `must be true or false (got ${shown(issue.input)})` }).optional().describe(name);
