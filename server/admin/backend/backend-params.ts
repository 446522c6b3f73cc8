/**
 * What each action of Decap's proxy protocol carries (decap-server's joi schema, decap-cms-backend-proxy's
 * requests), checked with zod so a bad request is a 400 naming what is wrong, never a 500 further in.
 */
import { z } from 'zod';
import { WORKFLOW_STATUSES } from './four-eyes';

/** A file's path inside the repository: relative, forward slashes, no `..`, nothing of git's own. */
export function isRepositoryPath(value: string): boolean {
  if (value.length === 0 || value.length > 500 || value.startsWith('/') || /[\\\0\n\r]/.test(value)) return false;
  const parts = value.replace(/\/+$/, '').split('/');
  return parts.every((part) => part !== '' && part !== '.' && part !== '..' && part.toLowerCase() !== '.git');
}

const repositoryPath = z
  .string({ error: 'must be a path such as content/episodes' })
  .refine(isRepositoryPath, {
    error: (issue) => `must be a path inside the repository such as content/episodes (got ${JSON.stringify(issue.input)})`,
  })
  .transform((value) => value.replace(/\/+$/, ''));

/** A collection's name or an entry's slug: one segment of a branch name (cms/<collection>/<slug>). */
const segment = z
  .string({ error: 'is required' })
  .regex(/^[A-Za-z0-9][\w.-]{0,199}$/, {
    error: (issue) => `must be letters, digits, "-", "_" or "." (got ${JSON.stringify(issue.input)})`,
  })
  .refine((value) => !value.includes('..') && !value.endsWith('.lock') && !value.endsWith('.'), { error: 'is not a name git can use' });

const branch = z.string({ error: 'is required (the branch the CMS publishes to)' }).min(1);
const message = z.object({ commitMessage: z.string({ error: 'is required' }).min(1) }, { error: 'is required' });
const entryKey = { branch, collection: segment, slug: segment };

const asset = z.object({
  path: repositoryPath,
  content: z.string({ error: 'is required (the file, base64)' }),
  encoding: z.literal('base64', { error: 'must be "base64"' }),
});
const dataFile = z.object({
  slug: segment,
  path: repositoryPath,
  raw: z.string({ error: 'is required (the file’s text)' }),
  newPath: repositoryPath.optional(),
});

export const ACTIONS = {
  info: z.unknown(),
  entriesByFolder: z.object({ branch, folder: repositoryPath, extension: z.string(), depth: z.number().int().min(0).max(20) }),
  entriesByFiles: z.object({ branch, files: z.array(z.object({ path: repositoryPath, label: z.string().optional() })).max(2000) }),
  getEntry: z.object({ branch, path: repositoryPath }),
  unpublishedEntries: z.object({ branch }),
  unpublishedEntry: z
    .object({
      branch,
      id: z.string().optional(),
      collection: segment.optional(),
      slug: segment.optional(),
      cmsLabelPrefix: z.string().optional(),
    })
    .refine((params) => params.id !== undefined || (params.collection !== undefined && params.slug !== undefined), {
      error: 'needs id, or collection and slug',
    }),
  unpublishedEntryDataFile: z.object({ ...entryKey, id: z.string().optional(), path: repositoryPath }),
  unpublishedEntryMediaFile: z.object({ ...entryKey, id: z.string().optional(), path: repositoryPath }),
  deleteUnpublishedEntry: z.object(entryKey),
  persistEntry: z
    .object({
      branch,
      cmsLabelPrefix: z.string().optional(),
      entry: dataFile.optional(),
      dataFiles: z.array(dataFile).min(1).max(50).optional(),
      assets: z.array(asset).max(50),
      options: z.object(
        {
          collectionName: segment.optional(),
          commitMessage: z.string({ error: 'is required' }).min(1),
          useWorkflow: z.boolean({ error: 'is required (true or false)' }),
          status: z.enum(WORKFLOW_STATUSES).optional(),
        },
        { error: 'is required' },
      ),
    })
    .refine((params) => (params.entry === undefined) !== (params.dataFiles === undefined), { error: 'needs either entry or dataFiles' }),
  updateUnpublishedEntryStatus: z.object({ ...entryKey, newStatus: z.enum(WORKFLOW_STATUSES), cmsLabelPrefix: z.string().optional() }),
  publishUnpublishedEntry: z.object(entryKey),
  getMedia: z.object({ branch, mediaFolder: repositoryPath }),
  getMediaFile: z.object({ branch, path: repositoryPath }),
  persistMedia: z.object({ branch, asset, options: message }),
  deleteFile: z.object({ branch, path: repositoryPath, options: message }),
  deleteFiles: z.object({ branch, paths: z.array(repositoryPath).min(1).max(500), options: message }),
  getDeployPreview: z.object(entryKey),
  // decap-cms-backend-proxy asks for these too (notes on an entry, its "pull request"): there are none here.
  getNotes: z.object({ branch }),
  getPRMetadata: z.object({ branch }),
} as const;

export type Action = keyof typeof ACTIONS;
export type ParamsOf<A extends Action> = z.infer<(typeof ACTIONS)[A]>;

const body = z.object({ action: z.string({ error: 'is required' }), params: z.unknown() }, { error: 'must be a JSON object' });

export type ParsedRequest = { [A in Action]: { action: A; params: ParamsOf<A> } }[Action];

/** The request's action and its params, or an error message saying what is wrong. */
export function parseRequest(raw: unknown): { ok: true; request: ParsedRequest } | { ok: false; error: string } {
  const outer = body.safeParse(raw);
  if (!outer.success) return { ok: false, error: describe(outer.error) };
  const { action } = outer.data;
  if (!Object.hasOwn(ACTIONS, action))
    return { ok: false, error: `Unknown action ${JSON.stringify(action)}: this backend answers ${Object.keys(ACTIONS).join(', ')}` };
  const params = ACTIONS[action as Action].safeParse(action === 'info' ? (outer.data.params ?? {}) : outer.data.params);
  if (!params.success) return { ok: false, error: `${action}: ${describe(params.error, 'params')}` };
  return { ok: true, request: { action, params: params.data } as ParsedRequest };
}

function describe(error: z.ZodError, prefix?: string): string {
  return error.issues
    .map((issue) => {
      const where = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
      return where ? `${where} ${issue.message}` : issue.message;
    })
    .join('; ');
}
