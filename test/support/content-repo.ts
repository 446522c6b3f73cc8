/**
 * A content repository for the tests of CONTENT_REPO (test/process/content-sync*.test.ts):
 * a real bare repository in a temporary folder, a clone holding a copy of
 * content/ to commit and push from, and the push webhook signed as GitHub
 * signs it.
 */
import { createContentRepo as createRepo } from '../../scripts/local/content-repo';
import type { ContentRepo, ContentRepoOptions } from '../../scripts/local/content-repo';
import { rootDir } from './app';

export { GIT_ENV, readyz, sendPushWebhook, serves } from '../../scripts/local/content-repo';
export type { ContentRepo } from '../../scripts/local/content-repo';

/**
 * A bare repository whose main holds one commit: the content as the image has it, or with
 * `fewEpisodes` only the episodes another file names (a transcript, an old address): every kind
 * of page still, but about half as many to render for each version served (the swap's cost is
 * its CPU, and these tests run on shared machines).
 */
export function createContentRepo(prefix: string, options: ContentRepoOptions = {}): ContentRepo {
  return createRepo(rootDir, prefix, options);
}
