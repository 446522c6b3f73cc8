/**
 * CMS_BACKEND=site put together (issue 46): the editor's API on the content repository
 * (./backend/), each publication written to the approval record (server/approvals/) and served at
 * once (the content follower is told the branch moved, and tells the other replicas), and, with
 * CONTENT_REPLICA_TOKEN, the published branch served read-only to those replicas, who are told of a
 * version once their copy holds it (docs/scaling-out.md, test/process/editor-replicas.test.ts).
 *
 * A content repository that does not exist yet is made here, holding the content the image was built
 * with: an operator names a path on a volume and the editor works on first start.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { openApprovalRecord } from '../approvals/approval-record';
import type { AppConfig } from '../config';
import { CONTENT_DIR } from '../content/load-content';
import { MEDIA_UPLOADS } from '../content/media-uploads';
import type { BranchFollowing } from '../content-sync/follow-branch';
import { publishedRepository } from '../content-sync/published-repository';
import { editorBackend } from './backend/editor-backend';

/** Who the first commit of a new content repository is by: the site itself, not a person. */
const SITE_AUTHOR = { name: 'The site', email: 'site@localhost' };

/** A bare repository at `repository` whose `branch` holds the image's content/ and uploads: made once, never touched again. */
export function seedContentRepository(repository: string, branch: string, rootDir: string, logger: Logger) {
  if (existsSync(path.join(repository, 'HEAD'))) return;
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: SITE_AUTHOR.name,
    GIT_AUTHOR_EMAIL: SITE_AUTHOR.email,
    GIT_COMMITTER_NAME: SITE_AUTHOR.name,
    GIT_COMMITTER_EMAIL: SITE_AUTHOR.email,
  };
  const git = (args: string[], extra: Record<string, string> = {}) =>
    execFileSync('git', args, { env: { ...env, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  git(['init', '--quiet', '--bare', '--initial-branch', branch, repository]);
  const index = path.join(mkdtempSync(path.join(tmpdir(), 'content-seed-')), 'index');
  try {
    const add = { GIT_DIR: repository, GIT_WORK_TREE: rootDir, GIT_INDEX_FILE: index };
    const folders = [CONTENT_DIR, MEDIA_UPLOADS.folder].filter((folder) => existsSync(path.join(rootDir, folder)));
    git(['add', '--force', '--', ...folders], add);
    const tree = git(['write-tree'], add);
    const commit = git(['commit-tree', tree, '-m', 'The content the site was built with'], { GIT_DIR: repository });
    git(['update-ref', `refs/heads/${branch}`, commit], { GIT_DIR: repository });
    logger.info({ repository, branch, commit }, 'content: made the content repository from the content the site was built with');
  } finally {
    rmSync(path.dirname(index), { recursive: true, force: true });
  }
}

/** The editor's API and the replicas' read-only repository; undefined unless CMS_BACKEND=site. */
export function siteBackend(config: AppConfig, { logger, contentSync }: { logger: Logger; contentSync?: BranchFollowing }) {
  const backend = config.cms.backend;
  const sync = config.contentSync;
  if (backend?.name !== 'site' || !sync) return undefined;
  seedContentRepository(sync.repository, sync.branch, config.rootDir, logger);
  const record = config.archiveDir ? openApprovalRecord(config.archiveDir) : undefined;
  if (!record)
    logger.warn('ARCHIVE_DIR is not set: publications are not recorded in approvals.jsonl; set it for the record compliance keeps');
  const replicas =
    sync.replicaToken &&
    publishedRepository({ repository: sync.repository, branch: sync.branch, workDir: sync.workDir, token: sync.replicaToken, logger });
  const api = editorBackend({
    repository: sync.repository,
    branch: sync.branch,
    rootDir: config.rootDir,
    logger,
    reviewers: backend.reviewers,
    recordPublication: async (line) => void (await record?.recordPublication(line)),
    // Served here at once. Replicas fetching from this one's copy are told only once the copy holds the version
    // (below): told now, they would fetch the copy's old head, find nothing new, and wait for their next poll.
    onPublished: () => (replicas ? contentSync?.refresh() : contentSync?.moved()),
  });
  // The replicas get each version once this one has checked and served it: never a head that fails the check.
  // Then every replica is told (LISTEN/NOTIFY with DATABASE_URL), as for a push.
  if (replicas) contentSync?.onServed((commit) => void replicas.update(commit).then(() => contentSync.moved()));
  const router = express.Router();
  if (replicas) router.use(replicas.router);
  // The API as the admin surface mounts it, at /admin/api/v1 (api.router, which routes that full path, would
  // never match there: every call of the editor fell through to the pages' 405).
  return { api: api.endpoint as RequestHandler, replicas: router as RequestHandler };
}
