/**
 * An entry writes only itself (docs/decisions/034-editor-backend-bounds.md): a folder collection's
 * entry its own file, <folder>/<slug>.<extension>, which a rename moves to a new name in the same folder; a
 * file collection's entry the one file it names; either, uploads to the uploads folder. Checked against what
 * a branch really changes since it left the published branch, the same changes the reviewer is shown: when a
 * save would commit them, and again when the approved branch is published, however it was made.
 */
import path from 'node:path';
import { MEDIA_UPLOADS } from '../../content/media-uploads';
import { cmsCollections } from '../cms-config';
import type { CmsCollection } from '../cms-config';
import type { BackendContext } from './backend-context';
import { Refusal } from './refusal';

export interface ChangedFile {
  /** git's letter: A, M, D or T. */
  status: string;
  path: string;
}

/** What one entry may change. */
interface EntryFiles {
  /** "Press article": how the editor names one of its collection. */
  label: string;
  own: string;
  /** A folder collection's folder and extension: where its entry may be renamed to. */
  folder?: { path: string; extension: string };
}

let collections: CmsCollection[] | undefined;

const UPLOAD_KINDS: readonly string[] = [...MEDIA_UPLOADS.extensions, ...MEDIA_UPLOADS.transcriptExtensions];

/** A file an entry may upload: in the uploads folder, of an allowed kind. */
export function isUploadPath(file: string): boolean {
  return file.startsWith(`${MEDIA_UPLOADS.folder}/`) && UPLOAD_KINDS.includes(path.posix.extname(file).toLowerCase());
}

/** The entry's files, from the editor's own collections; a 400 for a collection or file the editor has not. */
function entryFiles(collection: string, slug: string): EntryFiles {
  collections ??= cmsCollections().collections;
  const found = collections.find((candidate) => candidate.name === collection);
  if (!found) throw new Refusal(400, `The editor has no collection "${collection}": reload the page and save again.`);
  const label = found.label_singular ?? found.label;
  if (found.folder) {
    const extension = found.extension ?? 'md';
    return { label, own: `${found.folder}/${slug}.${extension}`, folder: { path: found.folder, extension } };
  }
  const file = found.files?.find((candidate) => candidate.name === slug);
  if (!file) throw new Refusal(400, `${found.label} has no page "${slug}": reload the page and save again.`);
  return { label: file.label, own: file.file };
}

/**
 * The changes that are not the entry's: anything but its own file and uploads added or changed. Deleting its
 * own file is its rename only, to exactly one new file of its folder; nothing else is ever deleted (a page
 * leaves the site through its Draft field, refused-writes.ts), nor another file of the folder written.
 */
function foreignChanges(files: EntryFiles, changes: ChangedFile[]): ChangedFile[] {
  const inFolder = (file: string) =>
    files.folder !== undefined && path.posix.dirname(file) === files.folder.path && file.endsWith(`.${files.folder.extension}`);
  const renamedTo = changes.filter((change) => change.path !== files.own && change.status === 'A' && inFolder(change.path));
  const renamed = renamedTo.length === 1 && changes.some((change) => change.path === files.own && change.status === 'D');
  return changes.filter((change) => {
    if (change.path === files.own) return change.status === 'D' && !renamed;
    if (renamed && change === renamedTo[0]) return false;
    return !(isUploadPath(change.path) && change.status !== 'D');
  });
}

const STATUS_WORDS: Record<string, string> = { A: 'adds', M: 'changes', T: 'changes', D: 'deletes' };

/**
 * Throws unless `changes` are the entry's own: the refusal names each file that is not, and says what the
 * entry may change and what to do (`advice`).
 */
export function refuseForeignChanges(
  collection: string,
  slug: string,
  changes: ChangedFile[],
  refusal: { status: 400 | 422; advice: string },
): void {
  const files = entryFiles(collection, slug);
  const foreign = foreignChanges(files, changes);
  if (foreign.length === 0) return;
  const what = foreign.map((change) => `${STATUS_WORDS[change.status] ?? 'changes'} ${change.path}`).join(', ');
  const own = files.folder
    ? `its own file, ${files.own} (or that file under a new name in ${files.folder.path}/)`
    : `its own file, ${files.own}`;
  throw new Refusal(
    refusal.status,
    `This entry (${files.label}) may change only ${own} and uploads in ${MEDIA_UPLOADS.folder}/, but it also ${what}. ${refusal.advice}`,
  );
}

/** What an entry's branch changes since it left the published branch (the merge base), or what `tree` would change on it. */
export async function entryChanges(
  context: BackendContext,
  published: string,
  head: string | undefined,
  tree?: string,
): Promise<ChangedFile[]> {
  const base = head ? ((await context.repository.mergeBase(published, head)) ?? published) : published;
  return context.repository.changedFiles(base, tree ?? head ?? published);
}
