/**
 * Following a content branch (server/content-sync/): CONTENT_REPO and the rest.
 * Unset, the site serves the content/ it was built with, as it always has.
 */
import path from 'node:path';
import { ConfigError, parseCount, read } from './env-values';
import type { Env } from './env-values';

export interface ContentSyncConfig {
  /** CONTENT_REPO: anything `git fetch` takes (a path, file://, https://, ssh://). */
  repository: string;
  /** CONTENT_BRANCH. */
  branch: string;
  /** CONTENT_POLL_SECONDS: how often the branch is fetched; 0: only at start and when told. */
  pollSeconds: number;
  /** CONTENT_WEBHOOK_SECRET: POST /api/content/webhook exists only with it. */
  webhookSecret?: string;
  /** CONTENT_WORK_DIR: the mirror and each served commit's files (a volume in a container). */
  workDir: string;
}

/** A day: polling less often than that is no longer following. */
const MAX_POLL_SECONDS = 86_400;
/** Shorter than this, a guess at the secret is too easy. */
const MIN_SECRET_LENGTH = 16;

export function parseContentSync(env: Env, rootDir: string): ContentSyncConfig | undefined {
  const repository = read(env, 'CONTENT_REPO');
  if (repository === undefined) {
    for (const name of ['CONTENT_BRANCH', 'CONTENT_WEBHOOK_SECRET']) {
      if (read(env, name) !== undefined)
        throw new ConfigError(`${name} is set but CONTENT_REPO is not: set the repository to follow, or unset ${name}`);
    }
    return undefined;
  }
  if (repository.startsWith('-')) throw new ConfigError(`CONTENT_REPO must be a path or URL git can fetch (got "${repository}")`);
  const branch = read(env, 'CONTENT_BRANCH') ?? 'main';
  if (!/^[\w./-]+$/.test(branch) || branch.includes('..') || branch.startsWith('-') || branch.endsWith('/')) {
    throw new ConfigError(`CONTENT_BRANCH must be a branch name such as main (got "${branch}")`);
  }
  const webhookSecret = read(env, 'CONTENT_WEBHOOK_SECRET');
  if (webhookSecret !== undefined && webhookSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`CONTENT_WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters (make one with: openssl rand -hex 32)`);
  }
  return {
    repository,
    branch,
    pollSeconds: parseCount(env, 'CONTENT_POLL_SECONDS', 60, 'seconds from 0 (off) to 86400', MAX_POLL_SECONDS),
    webhookSecret,
    workDir: path.resolve(rootDir, read(env, 'CONTENT_WORK_DIR') ?? 'data/content-repository'),
  };
}
