/**
 * The workflow's writes on an entry's branch: saving it (a commit by the signed-in person), moving its
 * status (Ready is a reviewer's approval of the branch's head), and throwing its changes away. Each runs
 * in the repository's write queue, so what a rule was checked against is still what is written on.
 */
import { MEDIA_UPLOADS } from '../../content/media-uploads';
import type { Person } from '../../approvals/approval-lines';
import type { SignedInEditor } from '../sign-in/signed-in-editor';
import type { BackendContext } from './backend-context';
import { entryHead, entryKey, entryRef, publishedHead } from './backend-context';
import type { ParamsOf } from './backend-params';
import { entryChanges, isUploadPath, refuseForeignChanges } from './entry-files';
import { authorsOf, refuseApproval, refuseDeletion, stateAfterSave, stateAfterStatusChange } from './four-eyes';
import type { FileChange } from './git-repository';
import { ZERO_OID } from './git-repository';
import { refuseWriteWithoutWorkflow } from './refused-writes';
import { Refusal } from './refusal';
import { serialized } from './write-queue';

/** Authors of an entry's changes: who wrote the commits of its branch that the published branch does not have. */
export async function entryAuthors(context: BackendContext, published: string, head: string): Promise<Person[]> {
  return authorsOf(await context.repository.commitsBetween(published, head));
}

const person = (editor: SignedInEditor): Person => ({ name: editor.name, email: editor.email });

/**
 * The files a save writes: its data files (moved, for a rename) and its uploads, each upload of a kind and
 * size the site takes. Whether they are the entry's own is checked on the tree they make (entry-files.ts).
 */
function checkedChanges(params: ParamsOf<'persistEntry'>): { files: FileChange[]; assetPaths: string[] } {
  const dataFiles = params.dataFiles ?? [params.entry!];
  const files: FileChange[] = [];
  // decap-server moves the files only when every one has a new path (a renamed slug); so does this.
  const moved = dataFiles.every((dataFile) => dataFile.newPath && dataFile.newPath !== dataFile.path);
  for (const dataFile of dataFiles) {
    files.push({ path: moved ? dataFile.newPath! : dataFile.path, content: Buffer.from(dataFile.raw, 'utf8') });
    if (moved) files.push({ path: dataFile.path });
  }
  for (const asset of params.assets) {
    if (!isUploadPath(asset.path))
      throw new Refusal(
        400,
        `A picture (${MEDIA_UPLOADS.extensions.join(', ')}) or a timed transcript (${MEDIA_UPLOADS.transcriptExtensions.join(', ')}) is uploaded to ${MEDIA_UPLOADS.folder}/ (got ${asset.path})`,
      );
    const content = Buffer.from(asset.content, 'base64');
    if (content.length > MEDIA_UPLOADS.maxBytes)
      throw new Refusal(
        413,
        `${asset.path} is ${(content.length / 1e6).toFixed(1)} MB: an upload may be at most ${MEDIA_UPLOADS.maxBytes / 1e6} MB.`,
      );
    files.push({ path: asset.path, content });
  }
  return { files, assetPaths: params.assets.map((asset) => asset.path) };
}

export async function persistEntry(context: BackendContext, editor: SignedInEditor, params: ParamsOf<'persistEntry'>) {
  if (!params.options.useWorkflow) refuseWriteWithoutWorkflow();
  const collection = params.options.collectionName;
  if (!collection) throw new Refusal(400, 'persistEntry: params.options.collectionName is required in the editorial workflow');
  const slug = (params.dataFiles ?? [params.entry!])[0]!.slug;
  const key = entryKey(collection, slug);
  const { files, assetPaths } = checkedChanges(params);
  const { repository } = context;

  return serialized(repository.gitDir, async () => {
    const published = await publishedHead(context);
    const existing = await repository.resolve(`${entryRef(key)}^{commit}`);
    const parent = existing ?? published;
    // Pictures the entry's branch added or replaced that this save no longer sends were taken out of the entry (decap-server
    // removes them too): an added one goes, a replaced one is the published one again (an entry never deletes a published file).
    const dropped: FileChange[] = [];
    if (existing) {
      const base = (await repository.mergeBase(published, existing)) ?? published;
      for (const file of await repository.changedFiles(base, existing)) {
        if (file.status === 'D' || !file.path.startsWith(`${MEDIA_UPLOADS.folder}/`) || assetPaths.includes(file.path)) continue;
        const [kept] = await repository.describeFiles(base, [file.path]);
        dropped.push(kept ? { path: file.path, content: await repository.readBlob(kept.oid) } : { path: file.path });
      }
    }
    const tree = await repository.treeWith(parent, [...dropped, ...files]);
    refuseForeignChanges(collection, slug, await entryChanges(context, published, existing, tree), {
      status: 400,
      advice:
        'Nothing was saved. Reload the page and save this entry again; to change another page, open that page in the editor and save it on its own.',
    });
    if (existing && tree === (await repository.treeOf(existing))) {
      context.logger.info(
        { action: 'persistEntry', entry: key, commit: existing, editor: editor.email },
        'editor: entry saved unchanged, no commit',
      );
      return { message: 'entry persisted' };
    }
    const commit = await repository.commitTree(tree, [parent], params.options.commitMessage, person(editor), context.now());
    await repository.updateRef(entryRef(key), commit, existing ?? ZERO_OID);
    const stored = await context.states.read(key);
    const state = stateAfterSave(existing ? stored.state : undefined, params.options.status ?? 'draft');
    await context.states.write(key, state, stored.oid);
    context.logger.info(
      {
        action: 'persistEntry',
        entry: key,
        commit,
        editor: editor.email,
        status: state.status,
        approvalVoided: stored.state?.status === 'pending_publish',
      },
      'editor: entry saved',
    );
    return { message: 'entry persisted' };
  });
}

export async function updateUnpublishedEntryStatus(
  context: BackendContext,
  editor: SignedInEditor,
  params: ParamsOf<'updateUnpublishedEntryStatus'>,
) {
  const key = entryKey(params.collection, params.slug);
  return serialized(context.repository.gitDir, async () => {
    const head = await entryHead(context, key);
    if (params.newStatus === 'pending_publish') {
      const refusal = refuseApproval(editor, await entryAuthors(context, await publishedHead(context), head), context.reviewers);
      if (refusal) throw refusal;
    }
    const stored = await context.states.read(key);
    await context.states.write(key, stateAfterStatusChange(params.newStatus, editor, head, context.now()), stored.oid);
    context.logger.info(
      { action: 'updateUnpublishedEntryStatus', entry: key, commit: head, editor: editor.email, status: params.newStatus },
      params.newStatus === 'pending_publish' ? 'editor: entry approved' : 'editor: entry status changed',
    );
    return { message: `${key} is now ${params.newStatus}` };
  });
}

export async function deleteUnpublishedEntry(context: BackendContext, editor: SignedInEditor, params: ParamsOf<'deleteUnpublishedEntry'>) {
  const key = entryKey(params.collection, params.slug);
  return serialized(context.repository.gitDir, async () => {
    const head = await entryHead(context, key);
    const refusal = refuseDeletion(editor, await entryAuthors(context, await publishedHead(context), head));
    if (refusal) throw refusal;
    const stored = await context.states.read(key);
    await context.repository.deleteRef(entryRef(key), head);
    await context.states.remove(key, stored.oid);
    context.logger.info(
      { action: 'deleteUnpublishedEntry', entry: key, commit: head, editor: editor.email },
      'editor: unpublished changes deleted',
    );
    return { message: `deleted branch: cms/${key}` };
  });
}
