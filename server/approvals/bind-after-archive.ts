/**
 * What the server process (index.ts) calls after each archive of a served
 * commit (CONTENT_REPO): binds the commit to the WARC that holds what it
 * showed, the one just written or, when nothing visible changed, the newest
 * one already saying the same. Like the archive, it never fails the server:
 * a failure is logged as an error, and the commit stays unbound (`approvals
 * list` shows a publication whose commit has no archive).
 */
import type { Logger } from 'pino';
import path from 'node:path';
import { bindArchive } from './archive-binding';

/** archive-site.ts's ArchiveOutcome, by shape: importing it would tie this room to the app the archive serves. */
export type ArchivedOutcome = { written: true; archiveFile: string } | { written: false; newest: string };

export interface AfterArchive {
  dir: string;
  /** The content commit served; none when the image's own content is served (nothing to bind). */
  commit: string | undefined;
  /** Undefined when the archive failed (already logged). */
  outcome: ArchivedOutcome | undefined;
  logger: Logger;
}

export async function bindAfterArchive({ dir, commit, outcome, logger }: AfterArchive): Promise<void> {
  if (!commit || !outcome) return;
  const warcFile = outcome.written ? outcome.archiveFile : path.join(dir, outcome.newest);
  try {
    const line = await bindArchive(dir, { commit, warcFile });
    if (line) logger.info({ commit, warc: path.basename(warcFile), seq: line.seq }, 'approval record: commit bound to its archive');
  } catch (error) {
    logger.error({ err: error, commit, warc: warcFile }, 'approval record: binding the archive failed; the site keeps running');
  }
}
