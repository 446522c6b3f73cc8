/**
 * The published branch, served read-only to the other replicas (CMS_BACKEND=site with replicas,
 * issue 46, docs/scaling-out.md). The editing replica owns the content repository, drafts and all;
 * the others follow a copy that holds the published branch alone, over git's "dumb" HTTP protocol:
 * static files (info/refs, objects/info/packs, the objects) that `git fetch http://…` reads. So
 * they follow it as they follow any CONTENT_REPO, with LISTEN/NOTIFY telling them when it moved.
 *
 * A copy, not the repository itself: a draft's objects never leave the editing replica. Read with
 * a token (HTTP Basic, any user name): the published branch's commits name the firm's editors.
 */
import { execFile } from 'node:child_process';
import { timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

const run = promisify(execFile);

/** Where replicas fetch from: CONTENT_REPO=http://replica:<token>@<editing replica>/api/content/published.git */
export const PUBLISHED_REPOSITORY_PATH = '/api/content/published.git';

export interface PublishedRepositoryOptions {
  /** The content repository the editor writes (CONTENT_REPO, a bare repository on this machine). */
  repository: string;
  branch: string;
  /** CONTENT_WORK_DIR: the copy lives in it. */
  workDir: string;
  /** CONTENT_REPLICA_TOKEN. */
  token: string;
  logger: Logger;
}

/** The Basic credentials' password, compared in constant time; any user name (git needs one in a URL). */
function hasToken(req: Request, token: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const given = Buffer.from(decoded.slice(decoded.indexOf(':') + 1));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function publishedRepository({ repository, branch, workDir, token, logger }: PublishedRepositoryOptions) {
  const copy = path.join(workDir, 'published.git');
  const git = (args: string[]) =>
    run('git', args, { env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' }, timeout: 60_000 });
  let queue: Promise<void> = Promise.resolve();

  async function update(commit?: string) {
    if (!existsSync(path.join(copy, 'HEAD'))) {
      mkdirSync(workDir, { recursive: true });
      await git(['init', '--quiet', '--bare', copy]);
      // No repacking on its own: a replica may be reading the objects a repack would remove.
      await git(['--git-dir', copy, 'config', 'gc.auto', '0']);
      await git(['--git-dir', copy, 'config', 'receive.autogc', 'false']);
      await git(['--git-dir', copy, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`]);
    }
    // Objects first, then the ref, then the files a dumb fetch reads: a reader sees the old head or the new, whole.
    // The commit this replica served when named: never a head it has not checked yet.
    await git(['--git-dir', repository, 'push', '--quiet', '--force', copy, `${commit ?? `refs/heads/${branch}`}:refs/heads/${branch}`]);
    await git(['--git-dir', copy, 'update-server-info']);
  }

  const router = express.Router({ caseSensitive: true, strict: true });
  router.use(PUBLISHED_REPOSITORY_PATH, (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).type('text/plain').send('The published repository is read-only.\n');
      return;
    }
    if (!hasToken(req, token)) {
      res.setHeader('WWW-Authenticate', 'Basic realm="published content"');
      res
        .status(401)
        .type('text/plain')
        .send('Give CONTENT_REPLICA_TOKEN as the password: http://replica:<token>@host/api/content/published.git\n');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use(PUBLISHED_REPOSITORY_PATH, express.static(copy, { dotfiles: 'deny', index: false, fallthrough: false, etag: false }));

  return {
    router: router as RequestHandler,
    /**
     * Points the replicas' branch at `commit` (by default the branch's head), objects and all; calls run one after
     * another, never at once. Resolves once a replica's fetch would see it (or the failure is logged).
     */
    update(commit?: string): Promise<void> {
      queue = queue
        .then(() => update(commit))
        .catch((error: unknown) => {
          logger.error({ err: error }, 'content: the copy the replicas fetch could not be updated; they keep the version they have');
        });
      return queue;
    },
  };
}
