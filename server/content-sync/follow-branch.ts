/**
 * CONTENT_REPO, wired: the follower (./content-follower.ts) over the mirror
 * (./git-mirror.ts), checking each commit as `content:check` does and handing
 * a good one to the site, which builds everything for it and swaps it in.
 * Told by the webhook (./webhook-route.ts), by other replicas
 * (./replica-signal.ts, with DATABASE_URL) and by its own poll.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { ContentSyncConfig } from '../config/content-sync';
import { createContentStore } from '../content/content-store';
import type { ContentStore } from '../content/content-store';
import { CONTENT_DIR, loadContent } from '../content/load-content';
import type { ContentSource } from '../content/load-content';
import { MEDIA_UPLOADS } from '../content/media-uploads';
import { createContentFollower, fileGoodCommitRecord } from './content-follower';
import type { FetchOutcome } from './content-follower';
import type { FollowerStatus } from './content-follower';
import { openGitMirror } from './git-mirror';
import { databaseGoodCommitRecord, listenForReplicas } from './replica-signal';
import type { SharedDatabase } from './replica-signal';
import { CONTENT_WEBHOOK_PATH, contentWebhookRoute, webhookAbsent } from './webhook-route';
import { Router } from 'express';
import type { RequestHandler } from 'express';

export interface FollowBranchOptions {
  /** The site that serves a version once it is built (server/pages/published-site.ts). */
  site: { swapTo(store: ContentStore, uploadsDir: string, options: { warm: boolean }): Promise<void> };
  logger: Logger;
  /** With DATABASE_URL: the replicas hear each other, and the last good commit is kept there. */
  database?: SharedDatabase;
  /** What the metrics show of it (server/http/metrics.ts). */
  metrics?: {
    contentFetches: { inc(labels: { outcome: FetchOutcome }): void };
    setContentSource(source: () => { servedCommit?: string; lastFetchAt?: string }): void;
  };
}

/** POST /api/content/webhook: the route when a secret is set, else a 404 saying what would make it exist. */
export function contentWebhook(following: BranchFollowing | undefined): RequestHandler {
  return following?.webhook ?? Router().all(CONTENT_WEBHOOK_PATH, webhookAbsent);
}

/** Reads and checks a commit's files as content:check does: its uploads in the commit, the other pictures in the image. */
export function checkVersion(folder: string, rootDir: string): ContentSource {
  return loadContent(folder, path.join(folder, CONTENT_DIR), [path.join(folder, 'public'), path.join(rootDir, 'public')]);
}

/**
 * CONTENT_REPO as logs, /readyz and refusals name it: a password in the URL (a replica's
 * http://replica:<CONTENT_REPLICA_TOKEN>@…, a host's token) replaced by ***. Git hides it in its own messages too.
 */
export function shownRepository(repository: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(repository)) return repository;
  try {
    const url = new URL(repository);
    if (!url.password) return repository;
    url.password = '***';
    return url.href;
  } catch {
    return repository;
  }
}

export type BranchFollowing = ReturnType<typeof following>;

/** Undefined without CONTENT_REPO: the site serves the image's content/, as it always has. */
export function followBranch(config: AppConfig, options: FollowBranchOptions) {
  return config.contentSync && following(config.contentSync, config, options);
}

function following(sync: ContentSyncConfig, { rootDir, databaseUrl }: AppConfig, { site, logger, database, metrics }: FollowBranchOptions) {
  const served: Array<(commit: string) => void> = [];
  const follower = createContentFollower({
    // Only shown (what is fetched is the mirror's): never with the password.
    repository: shownRepository(sync.repository),
    branch: sync.branch,
    mirror: openGitMirror(sync),
    check: (folder) => checkVersion(folder, rootDir),
    async serve({ commit, folder, checked }) {
      const store = createContentStore({ rootDir: folder, preview: false, watch: false, logger, source: checked });
      // Rendered before the swap only when a version is being served meanwhile (not at start, before listening).
      await site.swapTo(store, path.join(folder, MEDIA_UPLOADS.folder), { warm: follower.status().served !== undefined });
      for (const listener of served) listener(commit);
    },
    record: database ? databaseGoodCommitRecord(database, sync.branch) : fileGoodCommitRecord(sync.workDir),
    logger,
    onOutcome: metrics && ((outcome) => metrics.contentFetches.inc({ outcome })),
  });
  metrics?.setContentSource(() => ({ servedCommit: follower.status().served?.commit, lastFetchAt: follower.status().lastFetchAt }));
  const refresh = () => void follower.refresh();
  let replicas: ReturnType<typeof listenForReplicas> | undefined;
  let poll: NodeJS.Timeout | undefined;

  /** A push told to one replica is told to all, this one included; if the database cannot say it, this one fetches alone. */
  const pushed = () => {
    if (!replicas) return refresh();
    replicas.announce().catch((error: unknown) => {
      logger.warn({ err: error }, 'content: could not tell the other replicas of a push; they will see it at their next poll');
      refresh();
    });
  };

  return {
    /** Before the site listens: serves the head, or the last good commit, or throws ContentUnavailable. */
    async start() {
      await follower.start();
      if (database && databaseUrl) replicas = listenForReplicas(databaseUrl, sync.branch, refresh, logger);
      if (sync.pollSeconds > 0) {
        poll = setInterval(refresh, sync.pollSeconds * 1000);
        poll.unref();
      }
    },
    async stop() {
      clearInterval(poll);
      await replicas?.close();
    },
    status: (): FollowerStatus => follower.status(),
    /** Calls `listener` with each commit that goes live (the archive names its capture by it). */
    onServed: (listener: (commit: string) => void) => void served.push(listener),
    /** The branch moved here (the editor at /admin published): fetched now, and every replica told, as for a push. */
    moved: pushed,
    /** Fetched now by this replica alone: the others are told later (./published-repository.ts, once its copy holds the version). */
    refresh,
    /** POST /api/content/webhook, when CONTENT_WEBHOOK_SECRET is set. */
    webhook: sync.webhookSecret
      ? contentWebhookRoute({ secret: sync.webhookSecret, branch: sync.branch, refresh: pushed, logger })
      : undefined,
  };
}

/** The content's state in words an operator can act on, for /readyz. */
export function describeFollowing(status: FollowerStatus): string {
  const short = (commit?: string) => commit?.slice(0, 12) ?? 'none';
  const serving = `serving ${short(status.served?.commit)} of ${status.branch}`;
  const { problem } = status;
  if (!problem) return `${serving}, the branch's head at the last fetch (${status.lastFetchAt ?? 'never'})`;
  if (problem.kind === 'fetch')
    return `${serving}; the last fetch failed at ${problem.at}: ${problem.reasons[0]}. Check CONTENT_REPO and the credentials; it is tried again at the next poll or push`;
  return `${serving}; the head ${short(problem.commit)} is not served because it fails the content check: ${problem.reasons.join('; ')}. Push a fix; the next good head is served`;
}
