/**
 * Publishing an entry: four eyes checked, the merge made and checked as content:check checks, the
 * published branch moved by compare-and-swap, the publication recorded, the site told. Nothing of the
 * published branch changes unless every check passed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PublicationLine } from '../../approvals/approval-lines';
import { publishMessage } from '../../approvals/publication-anchor';
import type { UnanchoredPublication } from '../../approvals/publication-anchor';
import { ContentError, CONTENT_DIR } from '../../content/load-content';
import { MEDIA_UPLOADS } from '../../content/media-uploads';
import { checkVersion } from '../../content-sync/follow-branch';
import type { SignedInEditor } from '../sign-in/signed-in-editor';
import type { BackendContext } from './backend-context';
import { entryHead, entryKey, entryRef, publishedHead, publishedRef } from './backend-context';
import type { ParamsOf } from './backend-params';
import { entryChanges, refuseForeignChanges } from './entry-files';
import { authorsOf, refusePublication } from './four-eyes';
import { BackendFailure, Refusal } from './refusal';
import { serialized } from './write-queue';

/**
 * The merged tree's content/ and uploads written out as a served version is (git-mirror.ts) and read
 * with the rules of `content:check`: an entry that would break the site is refused here, with every
 * problem named, rather than merged and then left unserved by the content follower.
 */
async function checkMergedTree(context: BackendContext, tree: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'editor-publish-'));
  try {
    await context.repository.writeFolders(tree, [CONTENT_DIR, MEDIA_UPLOADS.folder], folder);
    checkVersion(folder, context.rootDir);
  } catch (error) {
    if (error instanceof ContentError)
      throw new Refusal(
        422,
        `This entry cannot be published: the site would refuse it. ${error.problems.join('; ')}. Fix it, save, and have it approved again.`,
      );
    throw error;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function publishUnpublishedEntry(
  context: BackendContext,
  editor: SignedInEditor,
  params: ParamsOf<'publishUnpublishedEntry'>,
) {
  const key = entryKey(params.collection, params.slug);
  const { repository, logger } = context;
  return serialized(repository.gitDir, async () => {
    const head = await entryHead(context, key);
    const before = await publishedHead(context);
    const commits = await repository.commitsBetween(before, head);
    const authors = authorsOf(commits);
    const stored = await context.states.read(key);
    const refusal = refusePublication(editor, authors, stored.state, head, context.reviewers);
    if (refusal) throw refusal;
    const approval = stored.state!.approval!;
    // What the reviewer was shown (entry-reads.ts) is what merges: the branch's changes since it left the published branch.
    refuseForeignChanges(params.collection, params.slug, await entryChanges(context, before, head), {
      status: 422,
      advice: 'It cannot be published: delete its unpublished changes and make them again in the editor.',
    });

    const { tree, conflicts } = await repository.mergeTrees(before, head);
    if (conflicts.length > 0)
      throw new Refusal(
        409,
        `Since this entry was written, the published site changed the same files (${conflicts.join(', ')}): copy your text, delete this entry's changes and make them again on the published version.`,
      );
    await checkMergedTree(context, tree);

    const publishedAt = context.now();
    // The line is made before the merge commit, whose message carries its hash (decision 036): the files and the
    // diff are of the merged tree, which is the commit's.
    const files = (await repository.changedFiles(before, tree)).map((file) => file.path);
    const diff = await repository.unifiedDiff(before, tree, files);
    const publication: UnanchoredPublication = {
      kind: 'publication',
      entry: { collection: params.collection, slug: params.slug, files },
      authors,
      approver: approval.reviewer,
      publisher: { name: editor.name, email: editor.email },
      writtenAt: commits.map((commit) => commit.at),
      approvedAt: approval.at,
      publishedAt: publishedAt.toISOString(),
      approvedCommit: approval.commit,
      change: { diff, sha256: createHash('sha256').update(diff).digest('hex') },
    };
    // Always a merge commit, never a fast-forward: the publisher is its author, and the entry's commits stay one side of it.
    const merge = await repository.commitTree(
      tree,
      [before, head],
      publishMessage(publication),
      { name: editor.name, email: editor.email },
      publishedAt,
    );
    await repository.updateRef(publishedRef(context), merge, before);
    // The entry is published: its branch and state go (compare-and-swap: nothing else can have moved them inside the queue).
    await repository.deleteRef(entryRef(key), head);
    await context.states.remove(key, stored.oid);

    const { change, ...written } = publication;
    const line: PublicationLine = { ...written, publishedCommit: merge, change };
    logger.info(
      { action: 'publishUnpublishedEntry', entry: key, commit: merge, approvedCommit: head, editor: editor.email },
      'editor: entry published',
    );
    let recorded = true;
    try {
      await context.recordPublication(line);
    } catch (error) {
      recorded = false;
      // The site has changed: say so loudly, with everything needed to add the line by hand but the diff (file contents are never logged).
      logger.error(
        { err: error, publication: { ...line, change: { sha256: line.change.sha256 } } },
        'editor: published, but the approval record refused the line',
      );
    }
    try {
      context.onPublished(merge);
    } catch (error) {
      // The branch is what the site follows; a refresh that failed to start is caught up by the follower's next poll.
      logger.error({ err: error, commit: merge }, 'editor: published, but telling the site failed; it follows at its next poll');
    }
    if (!recorded)
      throw new BackendFailure(
        `${key} was published, but writing it to the approval record failed: tell the site's operator (the server's log holds the line to add).`,
      );
    return { message: `branch cms/${key} merged to ${context.branch}` };
  });
}
