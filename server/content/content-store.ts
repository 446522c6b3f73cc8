/**
 * The content the site serves right now. Read and checked once at start-up
 * (a broken file stops the start with every problem listed); then:
 * - when a scheduled item's publishAt passes, the next request publishes it
 *   (a time comparison per request; no timer, no restart);
 * - in development, an edited, added or removed file (of content/, or a
 *   picture under public/) is read again on the next request, and a broken
 *   one is reported on the page and in the terminal until it is fixed.
 *
 * Each change bumps `version`, which is how server/pages/published-site.ts knows to build its
 * page cache, sitemap and loaders again.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { CONTENT_DIR, ContentError, loadContent } from './load-content';
import type { ContentSource } from './load-content';
import { publish } from './publication';
import type { Publication, SiteContent } from './publication';

export interface ContentStoreOptions {
  rootDir: string;
  /** Defaults to <rootDir>/content. */
  contentDir?: string;
  /** The files, already read and checked (a followed commit's); by default read from contentDir now. */
  source?: ContentSource;
  /** Show drafts and scheduled items, marked (development). */
  preview: boolean;
  /** Read the files again when they change (development). */
  watch: boolean;
  /** The clock; tests move it. */
  now?: () => number;
  logger?: Logger;
}

export interface ContentSnapshot {
  content: SiteContent;
  /** Changes whenever `content` does. */
  version: number;
}

export interface ContentStore {
  /** The content to serve now. Throws the ContentError of a broken file in development. */
  current(): ContentSnapshot;
  /** Every checked file, drafts and scheduled items included. */
  source(): ContentSource;
}

export function createContentStore(options: ContentStoreOptions): ContentStore {
  const { rootDir, preview, watch, logger } = options;
  const contentDir = options.contentDir ?? path.join(rootDir, CONTENT_DIR);
  const now = options.now ?? Date.now;

  let source = options.source ?? loadContent(rootDir, contentDir);
  // The pictures the files name are checked too (load-content.ts looks for them under public/), so a
  // picture added after the file that names it (git writes content/ before public/) is a change as well.
  const watched = [contentDir, path.join(rootDir, 'public')];
  const signatureNow = () => watched.map(filesSignature).join('||');
  let signature = watch ? signatureNow() : '';
  let publication: Publication = publish(source, { now: now(), preview });
  let version = 0;
  let broken: ContentError | undefined;

  function reloadIfEdited() {
    const latest = signatureNow();
    if (latest === signature) return;
    signature = latest;
    try {
      source = loadContent(rootDir, contentDir);
      broken = undefined;
      publication = publish(source, { now: now(), preview });
      version += 1;
      logger?.info({ contentVersion: version }, 'content files changed: read again');
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      broken = error;
      logger?.error(`${error.message}\nFix the files; the next page load reads them again.`);
    }
  }

  return {
    current() {
      if (watch) reloadIfEdited();
      if (broken) throw broken;
      if (publication.nextChangeAt !== undefined && now() >= publication.nextChangeAt) {
        publication = publish(source, { now: now(), preview });
        version += 1;
        logger?.info({ contentVersion: version }, 'scheduled content published');
      }
      return { content: publication.content, version };
    },
    source: () => source,
  };
}

/**
 * The content as the public sees it at `now`, read once: for scripts and
 * tests. `now: Infinity` is every item that is not a draft (what the build
 * draws share cards for, so a scheduled episode has one when it appears).
 */
export function readPublishedContent(rootDir: string, now = Date.now()): SiteContent {
  return publish(loadContent(rootDir), { now }).content;
}

/** Something that changes when any file under `dir` is added, removed or edited: for development reloads. */
function filesSignature(dir: string): string {
  const parts: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        // Gone since the listing (a checkout or an editor's save under way): the next request looks again.
        const stat = statSync(full, { throwIfNoEntry: false });
        if (stat) parts.push(`${full}:${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return parts.join('|');
}
