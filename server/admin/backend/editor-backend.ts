/**
 * The site as Decap CMS's backend (CMS_BACKEND=site, issue 46): POST /admin/api/v1 speaks decap-server's
 * git-mode protocol (decap-cms-backend-proxy is the client), on a bare repository the server owns, with
 * the editorial workflow and four eyes enforced here rather than trusted to the browser. Who is asking
 * comes from the sign-in (res.locals.editor); every commit is theirs.
 *
 * Wiring (server/app.ts): behind the sign-in gate, `app.use(backend.router)`.
 */
import express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import path from 'node:path';
import type { PublicationLine } from '../../approvals/approval-lines';
import { signedInEditor } from '../sign-in/signed-in-editor';
import type { SignedInEditor } from '../sign-in/signed-in-editor';
import type { BackendContext } from './backend-context';
import { parseRequest } from './backend-params';
import type { ParsedRequest } from './backend-params';
import * as reads from './entry-reads';
import { deleteUnpublishedEntry, persistEntry, updateUnpublishedEntryStatus } from './entry-writes';
import { openGitRepository, RefMovedError } from './git-repository';
import { publishUnpublishedEntry } from './publish-entry';
import { refuseMediaLibraryUpload, refusePublishedDeletion } from './refused-writes';
import { BackendFailure, Refusal } from './refusal';
import { workflowStates } from './workflow-state';

export const EDITOR_BACKEND_PATH = '/admin/api/v1';
/** Decap sends an entry's pictures inside the JSON, base64 (a third larger): a few 2 MB pictures and the text. */
export const EDITOR_BACKEND_BODY_LIMIT = '12mb';

export interface EditorBackendOptions {
  /** The bare repository's folder (created and seeded by the operator or the lead's wiring). */
  repository: string;
  /** The branch entries are published to (CMS_BRANCH). */
  branch: string;
  /** The site's root: its public/ holds the pictures that are not uploads, for the content check. */
  rootDir: string;
  logger: Logger;
  /** Appends a publication to the approval record (server/approvals/). */
  recordPublication: (line: PublicationLine) => Promise<void>;
  /** Told the published branch's new head, so the site serves it at once. */
  onPublished: (commit: string) => void;
  /** Reviewers' emails, named when an editor is sent to one. */
  reviewers?: string[];
  now?: () => Date;
}

export function editorBackend(options: EditorBackendOptions) {
  const repository = openGitRepository(options.repository);
  const context: BackendContext = {
    repository,
    branch: options.branch,
    states: workflowStates(repository),
    rootDir: options.rootDir,
    logger: options.logger,
    now: options.now ?? (() => new Date()),
    reviewers: options.reviewers ?? [],
    recordPublication: options.recordPublication,
    onPublished: options.onPublished,
  };

  /** Checked before the body is read: no one who is not signed in learns anything, or makes the server parse 12 MB. */
  const requireEditor: RequestHandler = (_req, res, next) => {
    if (signedInEditor(res)) return next();
    res.status(401).json({ error: 'You are not signed in to the editor: sign in again.' });
  };

  const answer: RequestHandler = async (req: Request, res: Response) => {
    const editor = signedInEditor(res)!;
    const parsed = parseRequest(req.body);
    if (!parsed.ok) return void res.status(400).json({ error: parsed.error });
    const { request } = parsed;
    const branch = (request.params as { branch?: string } | undefined)?.branch;
    if (branch !== undefined && branch !== options.branch)
      return void res.status(400).json({
        error: `${request.action}: params.branch must be ${options.branch}, the branch this site publishes (got ${JSON.stringify(branch)})`,
      });
    try {
      res.json(await perform(context, editor, request, path.basename(options.repository)));
    } catch (error) {
      const { status, body } = failure(error, request.action);
      const log = { action: request.action, editor: editor.email, status, reason: body.error };
      if (status >= 500) options.logger.error({ ...log, err: error }, 'editor: request failed');
      else options.logger.info(log, 'editor: request refused');
      res.status(status).json(body);
    }
  };

  const badBody: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, next) => {
    if (error.type === 'entity.too.large')
      return void res.status(413).json({
        error: `The request is larger than ${EDITOR_BACKEND_BODY_LIMIT}: save fewer or smaller pictures at once (each at most 2 MB).`,
      });
    if (error.type === 'entity.parse.failed') return void res.status(400).json({ error: 'The request is not valid JSON.' });
    if (error.status && error.status >= 400 && error.status < 500)
      return void res.status(error.status).json({ error: 'The request could not be read.' });
    next(error);
  };

  const handle = [requireEditor, express.json({ limit: EDITOR_BACKEND_BODY_LIMIT }), answer, badBody];
  // Answers at the path it is mounted on: the admin surface mounts it at /admin/api/v1 behind the sign-in's gate
  // (router.use strips that prefix, so a route of the full path there would never match).
  const mounted = express.Router();
  mounted.post('/', ...handle);
  mounted.all('/', (_req, res) => void res.status(405).set('Allow', 'POST').json({ error: 'The editor’s backend answers POST only.' }));
  const router = express.Router();
  router.use(EDITOR_BACKEND_PATH, mounted);
  return { router, mounted, handle, path: EDITOR_BACKEND_PATH };
}

function failure(error: unknown, action: string): { status: number; body: { error: string } } {
  if (error instanceof Refusal) return { status: error.status, body: { error: error.message } };
  if (error instanceof RefMovedError)
    return { status: 409, body: { error: 'Someone else changed this entry at the same moment: reload the page and try again.' } };
  if (error instanceof BackendFailure) return { status: 500, body: { error: error.message } };
  return {
    status: 500,
    body: { error: `The editor’s backend could not ${action}: the server’s log says why. Try again, or tell the site’s operator.` },
  };
}

async function perform(context: BackendContext, editor: SignedInEditor, request: ParsedRequest, repo: string): Promise<unknown> {
  switch (request.action) {
    case 'info':
      // Only the workflow: "simple" publishing would write straight to the published branch, which is refused.
      return { repo, publish_modes: ['editorial_workflow'], type: 'local_git' };
    case 'entriesByFolder':
      return reads.entriesByFolder(context, request.params);
    case 'entriesByFiles':
      return reads.entriesByFiles(context, request.params);
    case 'getEntry':
      return reads.getEntry(context, request.params);
    case 'unpublishedEntries':
      return reads.unpublishedEntries(context);
    case 'unpublishedEntry':
      return reads.unpublishedEntry(context, request.params);
    case 'unpublishedEntryDataFile':
      return reads.unpublishedEntryDataFile(context, request.params);
    case 'unpublishedEntryMediaFile':
      return reads.unpublishedEntryMediaFile(context, request.params);
    case 'getMedia':
      return reads.getMedia(context, request.params);
    case 'getMediaFile':
      return reads.getMediaFile(context, request.params);
    case 'persistEntry':
      return persistEntry(context, editor, request.params);
    case 'updateUnpublishedEntryStatus':
      return updateUnpublishedEntryStatus(context, editor, request.params);
    case 'deleteUnpublishedEntry':
      return deleteUnpublishedEntry(context, editor, request.params);
    case 'publishUnpublishedEntry':
      return publishUnpublishedEntry(context, editor, request.params);
    case 'persistMedia':
      return refuseMediaLibraryUpload();
    case 'deleteFile':
      return refusePublishedDeletion([request.params.path]);
    case 'deleteFiles':
      return refusePublishedDeletion(request.params.paths);
    case 'getDeployPreview':
      return null;
    case 'getNotes':
      return { notes: [] };
    case 'getPRMetadata':
      return { metadata: null };
  }
}
