/**
 * Folders of a commit written out as plain files: the one way a commit's content/ and uploads reach
 * the disk, for the version the site serves (server/content-sync/git-mirror.ts) and for the merge the
 * editor checks before publishing (server/admin/backend/), so what is checked is what is served.
 *
 * A tree may hold symbolic links and submodules; a served folder may hold neither. A link checked out
 * is followed by whatever reads or serves the folder (`public/media/uploads/root -> /` served the
 * server's own files), so the tree is listed first and any entry that is not a regular file refuses
 * the commit, as a content error naming its path (decision 035). Only then are its blobs written, as
 * new regular files, into a folder of the writer's own that is renamed into place whole: a reader sees
 * no folder or a complete one.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ContentError } from '../content/load-content';

/** Modes of the entries a served folder may hold: a file, an executable file. Not 120000 (a link) nor 160000 (a submodule). */
const REGULAR_MODES = new Set(['100644', '100755']);

export class TreeGitError extends Error {
  override name = 'TreeGitError';
}

/** A regular file of the tree: its path from the repository's root, its blob, and its mode (100644, or 100755 executable). */
export interface TreeFile {
  path: string;
  oid: string;
  mode: string;
}

/** git with no system or user config (a hook path or a filter must not change what is written), no prompt, C locale. */
function git(gitDir: string, args: string[], env: Record<string, string> = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['--git-dir', gitDir, ...args], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        LC_ALL: 'C',
        ...env,
      },
      timeout: 60_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new TreeGitError(error.code === 'ENOENT' ? 'the git command is not installed' : `git ${args[0]}: ${error.message}`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const said = Buffer.concat(err).toString('utf8').trim().split('\n').at(-1);
      reject(new TreeGitError(`git ${args[0]} failed${signal ? ` (${signal})` : ''}: ${said || `exit ${code}`}`));
    });
  });
}

/** `ls-tree -z` output as [mode, type, oid, path] per entry. */
function entries(output: Buffer): Array<[string, string, string, string]> {
  return output
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, oid] = line.slice(0, tab).split(' ') as [string, string, string];
      return [mode, type, oid, line.slice(tab + 1)];
    });
}

const what = (mode: string) =>
  mode === '120000' ? 'a symbolic link' : mode === '160000' ? 'a submodule' : `not a regular file (git mode ${mode})`;

/** Each folder and the folders it is in: public, public/media, public/media/uploads. */
const parentsOf = (folders: string[]) => [
  ...new Set(folders.flatMap((folder) => folder.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/')))),
];

/**
 * The regular files of `folders` in `treeish`. Throws ContentError naming every entry that is a
 * link, a submodule or anything else but a file, in the folders or in place of one of their parents
 * (`public -> /` would put public/media/uploads anywhere).
 */
export async function listTreeFolders(gitDir: string, treeish: string, folders: string[]): Promise<TreeFile[]> {
  const parents = parentsOf(folders);
  const problems: string[] = [];
  for (const [mode, , , file] of entries(await git(gitDir, ['ls-tree', '-z', '--full-tree', treeish, '--', ...parents]))) {
    if (mode !== '040000' && parents.includes(file))
      problems.push(`${file}: is ${what(mode)}, not a folder; the site serves plain files only`);
  }
  const files: TreeFile[] = [];
  if (problems.length === 0) {
    const listed = await git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', treeish, '--', ...folders.map((folder) => `${folder}/`)]);
    for (const [mode, , oid, file] of entries(listed)) {
      if (REGULAR_MODES.has(mode)) files.push({ path: file, oid, mode });
      else problems.push(`${file}: is ${what(mode)}; the site serves plain files only: commit the file itself`);
    }
  }
  if (problems.length > 0) throw new ContentError(problems);
  return files;
}

/** A path of the tree as a path under `root`, or a ContentError: git refuses `..` and empty names, a hand-made tree need not. */
function placeUnder(root: string, file: string): string {
  if (file.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new ContentError([`${JSON.stringify(file)}: is not a path a folder can hold`]);
  return path.join(root, ...file.split('/'));
}

/**
 * Each blob of `files`, byte for byte (no line-ending or other conversion a .gitattributes in the
 * tree could ask of a checkout), through one `git cat-file --batch`, as new regular files under `root`.
 */
async function writeBlobs(gitDir: string, files: TreeFile[], root: string): Promise<void> {
  const child = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch'], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' },
    timeout: 120_000,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(files.map((file) => `${file.oid}\n`).join(''));
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      const file = files[index];
      const headerEnd = pending.indexOf(0x0a);
      if (!file || headerEnd < 0) break;
      const [oid, type, size] = pending.subarray(0, headerEnd).toString('utf8').split(' ');
      if (type !== 'blob' || oid !== file.oid) throw new TreeGitError(`${file.path}: object ${file.oid} is not a blob of the repository`);
      const end = headerEnd + 1 + Number(size);
      if (pending.length < end + 1) break;
      const target = placeUnder(root, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      // wx: a new file, never through a link or over another entry of the same name.
      await writeFile(target, pending.subarray(headerEnd + 1, end), { flag: 'wx', mode: file.mode === '100755' ? 0o755 : 0o644 });
      pending = pending.subarray(end + 1);
      index += 1;
    }
  }
  const code = await exited;
  if (code !== 0 || index !== files.length)
    throw new TreeGitError(`git cat-file stopped after ${index} of ${files.length} files (exit ${code})`);
}

/**
 * Writes `folders` of `treeish` into `dest` (dest/<folder>/…, as the site's own root lays them out),
 * refusing the tree as listTreeFolders does. `dest` must not exist or be an empty folder: the files
 * are written into a sibling folder of the writer's own, which is renamed onto it.
 */
export async function writeTreeFolders(gitDir: string, treeish: string, folders: string[], dest: string): Promise<TreeFile[]> {
  const files = await listTreeFolders(gitDir, treeish, folders);
  const temporary = `${dest}.partial-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  await mkdir(temporary, { recursive: true });
  try {
    await writeBlobs(gitDir, files, temporary);
    await rename(temporary, dest);
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
  return files;
}

/** The id git gives a file's content as a blob (`git hash-object`), for the object format of `oid`. */
function blobId(content: Buffer, oid: string): string {
  return createHash(oid.length === 64 ? 'sha256' : 'sha1')
    .update(`blob ${content.length}\0`)
    .update(content)
    .digest('hex');
}

/**
 * Whether `dest` holds exactly `files` (each the blob it names, as a regular file) and nothing else
 * under `folders`: a folder written earlier, by this process or another on the same work folder, is
 * read again rather than trusted for having been written.
 */
export async function holdsTreeFiles(dest: string, folders: string[], files: TreeFile[]): Promise<boolean> {
  const expected = new Map(files.map((file) => [file.path, file.oid]));
  let seen = 0;
  async function walk(relative: string): Promise<boolean> {
    const info = await lstat(path.join(dest, relative)).catch(() => undefined);
    if (!info) return !files.some((file) => file.path.startsWith(`${relative}/`));
    if (info.isDirectory()) {
      for (const name of await readdir(path.join(dest, relative))) if (!(await walk(`${relative}/${name}`))) return false;
      return true;
    }
    const oid = expected.get(relative);
    if (!info.isFile() || !oid || blobId(await readFile(path.join(dest, relative)), oid) !== oid) return false;
    seen += 1;
    return true;
  }
  for (const folder of folders) {
    // A parent that is not a folder (a link put in its place) would have the walk read elsewhere.
    for (const parent of parentsOf([folder]).filter((name) => name !== folder)) {
      const info = await lstat(path.join(dest, parent)).catch(() => undefined);
      if (info && !info.isDirectory()) return false;
    }
    if (!(await walk(folder))) return false;
  }
  return seen === files.length;
}
