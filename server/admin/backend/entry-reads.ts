/**
 * The reading actions of Decap's proxy protocol, answered from the repository's refs without a lock
 * (a ref is read atomically): entries and pictures of the published branch, and the unpublished entries
 * on their cms/ branches. The answers have decap-server's shapes (its localGit middleware and
 * utils/entries.ts), which decap-cms-backend-proxy hands to the CMS as they are.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { BackendContext } from './backend-context';
import { ENTRY_BRANCH_PREFIX, entryHead, entryKey, publishedHead } from './backend-context';
import type { ParamsOf } from './backend-params';
import { entryChanges } from './entry-files';
import { authorsOf } from './four-eyes';
import { Refusal } from './refusal';

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * The most of the repository's files one answer reads (docs/decisions/034-editor-backend-bounds.md):
 * an answer is held whole in memory about three times over (the files, their text or base64, the JSON).
 */
export const READ_BYTES = 16_000_000;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const tooLarge = (what: string, bytes: number) =>
  new Refusal(
    413,
    `${what} ${megabytes(bytes)}: the editor reads at most ${READ_BYTES / 1e6} MB at once. Ask for fewer files, or ask the site’s maintainers to make them smaller.`,
  );

export interface EntryFile {
  data: string | null;
  file: { path: string; label?: string; id: string | null };
}

export interface MediaFile {
  id: string;
  content: string;
  encoding: 'base64';
  path: string;
  name: string;
}

const mediaFile = (file: string, content: Buffer): MediaFile => ({
  id: sha256(content),
  content: content.toString('base64'),
  encoding: 'base64',
  path: file,
  name: path.posix.basename(file),
});

/** The files of `commit` at `files` (undefined where it has none), in two git processes however many are asked for. */
async function filesAt(context: BackendContext, commit: string, files: string[]): Promise<Array<Buffer | undefined>> {
  const found = await context.repository.describeFiles(commit, files);
  // Counted as answered: a file asked for twice is in the answer twice.
  const total = found.reduce((sum, file) => sum + (file?.size ?? 0), 0);
  if (total > READ_BYTES) throw tooLarge(files.length === 1 ? `${files[0]} is` : `These ${files.length} files are`, total);
  const oids = [...new Set(found.flatMap((file) => (file ? [file.oid] : [])))];
  const contents = await context.repository.readBlobs(oids);
  const byOid = new Map(oids.map((oid, i) => [oid, contents[i]!]));
  return found.map((file) => file && byOid.get(file.oid));
}

/** The files of `commit` at `files`: their text, or null for one it does not have (as decap-server answers). */
async function entriesAt(context: BackendContext, commit: string, files: Array<{ path: string; label?: string }>): Promise<EntryFile[]> {
  const contents = await filesAt(
    context,
    commit,
    files.map((file) => file.path),
  );
  return files.map(({ path: file, label }, i) => {
    const content = contents[i];
    return content
      ? { data: content.toString('utf8'), file: { path: file, label, id: sha256(content) } }
      : { data: null, file: { path: file, label, id: null } };
  });
}

async function mediaAt(context: BackendContext, commit: string, file: string, where: string): Promise<MediaFile> {
  const [content] = await filesAt(context, commit, [file]);
  if (!content) throw new Refusal(404, `There is no file ${file} ${where}.`);
  return mediaFile(file, content);
}

export async function entriesByFolder(
  context: BackendContext,
  { folder, extension, depth }: ParamsOf<'entriesByFolder'>,
): Promise<EntryFile[]> {
  const head = await publishedHead(context);
  const files = (await context.repository.listFiles(head, folder)).filter(
    (file) => file.path.endsWith(extension) && path.posix.relative(folder, file.path).split('/').length <= depth,
  );
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > READ_BYTES) throw tooLarge(`The files of ${folder} are`, total);
  const contents = await context.repository.readBlobs(files.map((file) => file.oid));
  return files.map((file, i) => ({ data: contents[i]!.toString('utf8'), file: { path: file.path, id: sha256(contents[i]!) } }));
}

export async function entriesByFiles(context: BackendContext, { files }: ParamsOf<'entriesByFiles'>): Promise<EntryFile[]> {
  return entriesAt(context, await publishedHead(context), files);
}

export async function getEntry(context: BackendContext, params: ParamsOf<'getEntry'>): Promise<EntryFile> {
  const [entry] = await entriesAt(context, await publishedHead(context), [{ path: params.path }]);
  return entry!;
}

/**
 * The uploads, for the media library: every one listed, but only the first READ_BYTES of them with their
 * content (the library's thumbnails); the rest come without, and are still chosen by name. decap-server
 * reads them all, which an uploads folder of some hundred pictures turns into gigabytes held at once.
 */
export async function getMedia(context: BackendContext, { mediaFolder }: ParamsOf<'getMedia'>): Promise<MediaFile[]> {
  const head = await publishedHead(context);
  const files = (await context.repository.listFiles(head, mediaFolder)).filter(
    (file) => !path.posix.relative(mediaFolder, file.path).includes('/'),
  );
  const read: typeof files = [];
  let budget = READ_BYTES;
  for (const file of files) {
    if (file.size > budget) continue;
    read.push(file);
    budget -= file.size;
  }
  const contents = await context.repository.readBlobs(read.map((file) => file.oid));
  const byOid = new Map(read.map((file, i) => [file.oid, contents[i]!]));
  if (read.length < files.length)
    context.logger.info(
      { action: 'getMedia', folder: mediaFolder, uploads: files.length, withContent: read.length, bytes: READ_BYTES - budget },
      'editor: the media library lists some uploads without their content',
    );
  return files.map((file) => {
    const content = byOid.get(file.oid);
    return content ? mediaFile(file.path, content) : { ...mediaFile(file.path, Buffer.alloc(0)), id: file.oid };
  });
}

export async function getMediaFile(context: BackendContext, params: ParamsOf<'getMediaFile'>): Promise<MediaFile> {
  return mediaAt(context, await publishedHead(context), params.path, `on the published branch ${context.branch}`);
}

/** Every entry with unpublished changes, as Decap's content keys (collection/slug). */
export async function unpublishedEntries(context: BackendContext): Promise<string[]> {
  return (await context.repository.listRefs(ENTRY_BRANCH_PREFIX)).map(({ ref }) => ref.slice(ENTRY_BRANCH_PREFIX.length));
}

export interface UnpublishedEntry {
  collection: string;
  slug: string;
  status: string;
  diffs: Array<{ oldPath: string; newPath: string; status: string; newFile: boolean; path: string; id: string; binary: boolean }>;
  updatedAt: string;
  pullRequestAuthor?: string;
}

const STATUS_WORDS: Record<string, string> = { A: 'added', M: 'modified', D: 'deleted', T: 'modified' };

/**
 * One entry's changes: every file its branch adds, changes or deletes since it left the published branch
 * (the merge base, so a later publication of another entry does not show up as this one's change), which
 * is exactly what publishing merges; its status, and who wrote it. Decap reads a changed file with the
 * collection's extension as the entry, any other as its media.
 */
export async function unpublishedEntry(context: BackendContext, params: ParamsOf<'unpublishedEntry'>): Promise<UnpublishedEntry> {
  let { collection, slug } = params;
  if (params.id !== undefined) {
    const at = params.id.indexOf('/');
    if (at < 1) throw new Refusal(400, `unpublishedEntry: params.id must be collection/slug (got ${JSON.stringify(params.id)})`);
    [collection, slug] = [params.id.slice(0, at), params.id.slice(at + 1)];
  }
  const key = entryKey(collection!, slug!);
  const head = await entryHead(context, key);
  const published = await publishedHead(context);
  const [changed, commits, { state }] = await Promise.all([
    entryChanges(context, published, head),
    context.repository.commitsBetween(published, head),
    context.states.read(key),
  ]);
  const diffs = changed.map((file) => ({
    oldPath: file.path,
    newPath: file.path,
    status: STATUS_WORDS[file.status] ?? 'modified',
    newFile: file.status === 'A',
    path: file.path,
    id: file.path,
    binary: !/\.(md|markdown|ya?ml|json|toml|txt)$/i.test(file.path),
  }));
  const authors = authorsOf(commits).map((author) => author.name);
  return {
    collection: collection!,
    slug: slug!,
    status: state?.status ?? 'draft',
    diffs,
    updatedAt: commits.at(-1)?.at ?? new Date().toISOString(),
    ...(authors.length > 0 && { pullRequestAuthor: authors.join(', ') }),
  };
}

export async function unpublishedEntryDataFile(
  context: BackendContext,
  params: ParamsOf<'unpublishedEntryDataFile'>,
): Promise<{ data: string }> {
  const key = entryKey(params.collection, params.slug);
  const [content] = await filesAt(context, await entryHead(context, key), [params.path]);
  if (!content) throw new Refusal(404, `The unpublished entry ${key} has no file ${params.path}.`);
  return { data: content.toString('utf8') };
}

export async function unpublishedEntryMediaFile(
  context: BackendContext,
  params: ParamsOf<'unpublishedEntryMediaFile'>,
): Promise<MediaFile> {
  const key = entryKey(params.collection, params.slug);
  return mediaAt(context, await entryHead(context, key), params.path, `in the unpublished entry ${key}`);
}
