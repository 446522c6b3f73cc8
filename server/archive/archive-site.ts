/**
 * Taking an archive: capture the site (the built site in-process, or a
 * running instance), then write the WARC and its manifest.
 *
 * The built site runs here as production runs it, on a loopback port only
 * this process uses for the capture's seconds, so what is archived is what
 * the server would answer: published content only, never a draft or an item
 * whose publishAt is still ahead.
 */
import { mkdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import { createApp } from '../app';
import { parseConfig } from '../config';
import { closeGracefully, createHttpServer, listen } from '../http/http-server';
import { siteListener } from '../http/fast-lane';
import { withFileLock } from '../forms/storage/file-lock';
import { readBuildCommit } from './build-info';
import { captureSite } from './capture';
import type { Capture } from './capture';
import { contentFingerprint, siteSnapshot } from './site-snapshot';
import { newestManifest, writeArchive } from './warc-file';

export const ARCHIVE_SOFTWARE = 'harbor-site archive (warcio.js)';

/** Captures the built site under rootDir without a running server: the app answers on a private loopback port. */
export async function captureBuiltSite(rootDir: string, includeMedia: boolean, logger: Logger): Promise<Capture> {
  const config = parseConfig({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, rootDir);
  const app = createApp(config, { logger });
  const server = createHttpServer(siteListener(app, config));
  try {
    await listen(server, 0, '127.0.0.1');
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    return await captureSite({ origin: `http://127.0.0.1:${port}`, sourceLabel: 'the built site (in-process)', includeMedia });
  } finally {
    await app.outbox.stop();
    await closeGracefully(server, 1_000, logger);
  }
}

export async function captureRunningSite(url: string, includeMedia: boolean): Promise<Capture> {
  return captureSite({ origin: url, sourceLabel: new URL(url).origin, includeMedia });
}

export function archiveCapture(capture: Capture, dir: string, rootDir: string, contentCommit?: string) {
  return writeArchive(capture, dir, { commit: readBuildCommit(rootDir), software: ARCHIVE_SOFTWARE, contentCommit });
}

export interface ArchiveTarget {
  dir: string;
  origin: string;
  rootDir: string;
  /** The followed content commit being served, which names the archive (CONTENT_REPO). */
  contentCommit?: string;
}

export type ArchiveOutcome = { written: true; archiveFile: string; records: number } | { written: false; newest: string };

/**
 * Archives the site at `origin` into `dir` unless the newest archive there
 * already says the same (same content fingerprint). Under a lock in `dir`,
 * so replicas starting together leave one archive, not one each.
 */
export async function archiveIfChanged({ dir, origin, rootDir, contentCommit }: ArchiveTarget): Promise<ArchiveOutcome> {
  const capture = await captureSite({ origin, sourceLabel: 'the server at its start', includeMedia: true });
  const fingerprint = contentFingerprint(siteSnapshot(capture.exchanges));
  await mkdir(dir, { recursive: true });
  return withFileLock(`${dir}/archive`, async () => {
    const newest = await newestManifest(dir);
    if (newest?.contentFingerprint === fingerprint) return { written: false, newest: newest.archive };
    const { archiveFile, manifest } = await archiveCapture(capture, dir, rootDir, contentCommit);
    return { written: true, archiveFile, records: manifest.records.length };
  });
}

/**
 * ARCHIVE_DIR: after the server listens, it archives itself in the
 * background when its content differs from the newest archive there. A
 * failure is logged as an error and changes nothing else: the site and its
 * health checks never wait for, or depend on, the archive.
 */
export function archiveAfterStart({ logger, ...target }: ArchiveTarget & { logger: Logger }): Promise<void> {
  const { dir } = target;
  const started = performance.now();
  return archiveIfChanged(target).then(
    (outcome) => {
      const ms = Math.round(performance.now() - started);
      if (outcome.written) logger.info({ archive: outcome.archiveFile, records: outcome.records, ms }, 'site archived: its content differs from the newest archive');
      else logger.info({ newest: outcome.newest, ms }, 'site not archived: the newest archive holds the same content');
    },
    (error: unknown) => logger.error({ err: error, dir }, 'site archive failed; the site keeps running'),
  );
}
