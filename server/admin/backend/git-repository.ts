/**
 * The editor's content repository: a bare git repository the server owns, read and written with git's
 * plumbing only. There is no working copy, so nothing on disk can be swept into a commit (decap-server's
 * `git add .` does exactly that, docs/content-editing.md) and two writers never fight over a checked-out
 * branch: a commit is made from blobs, a temporary index and `commit-tree`, and lands with a
 * compare-and-swap `update-ref`.
 *
 * git runs without a shell and with a fixed environment: no system or user config (a reviewer's
 * `commit.gpgsign` or a hook path must not change what the server writes), no prompt, C locale.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeTreeFolders } from '../../git/tree-folders';

export const ZERO_OID = '0000000000000000000000000000000000000000';
const GIT_TIMEOUT_MS = 30_000;
/**
 * The most git processes this server runs at once, whatever the requests ask for: the rest wait their turn
 * (docs/decisions/034-editor-backend-bounds.md). Each is a process of its own, and a request naming
 * two thousand files must not become two thousand of them.
 */
export const GIT_PROCESSES = 8;

/** A slot for one git process; resolves with the function that gives it back. */
const gitSlots = (() => {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return (): Promise<() => void> => {
    if (running < GIT_PROCESSES) {
      running += 1;
      return Promise.resolve(release);
    }
    // The slot passes straight to the next in line: `running` stays as it is.
    return new Promise((resolve) => waiting.push(() => resolve(release)));
  };
})();

/** git failed in a way no request caused (a broken repository, no git): a 500 with the words logged. */
export class GitCommandError extends Error {
  override name = 'GitCommandError';
}

/** A ref was not where the write expected it: another writer (another process on the same repository) moved it. */
export class RefMovedError extends Error {
  override name = 'RefMovedError';
}

export interface GitPerson {
  name: string;
  email: string;
}

export interface CommitInfo {
  commit: string;
  author: GitPerson;
  /** ISO time the commit was written. */
  at: string;
}

/** A file to write (content) or remove (no content) in a commit. */
export interface FileChange {
  path: string;
  content?: Buffer;
}

interface RunOptions {
  input?: Buffer | string;
  env?: Record<string, string>;
  /** Exit codes that are answers, not failures (e.g. 1 for "no such ref"). */
  okCodes?: number[];
}

export type GitRepository = ReturnType<typeof openGitRepository>;

export function openGitRepository(gitDir: string) {
  const baseEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_DIR: gitDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  };

  /** Every git process of this module starts here, inside a slot (GIT_PROCESSES). */
  async function run(args: string[], options: RunOptions = {}): Promise<{ stdout: Buffer; code: number }> {
    const release = await gitSlots();
    try {
      return await spawnGit(args, options);
    } finally {
      release();
    }
  }

  function spawnGit(args: string[], options: RunOptions): Promise<{ stdout: Buffer; code: number }> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', args, { env: { ...baseEnv, ...options.env }, timeout: GIT_TIMEOUT_MS, stdio: 'pipe' });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(new GitCommandError(error.code === 'ENOENT' ? 'the git command is not installed' : `git ${args[0]}: ${error.message}`)),
      );
      child.on('close', (code, signal) => {
        const exit = code ?? -1;
        if (exit === 0 || options.okCodes?.includes(exit)) return resolve({ stdout: Buffer.concat(out), code: exit });
        const said = Buffer.concat(err).toString('utf8').trim().split('\n').at(-1);
        reject(new GitCommandError(`git ${args[0]} failed${signal ? ` (${signal})` : ''}: ${said || `exit ${exit}`}`));
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
    });
  }
  const text = async (args: string[], options?: RunOptions) => (await run(args, options)).stdout.toString('utf8').trim();

  /** Who wrote a commit and when: the signed-in person, at the server's clock (`now` in tests). */
  const personEnv = (person: GitPerson, at: Date) => {
    const date = `@${Math.floor(at.getTime() / 1000)} +0000`;
    return {
      GIT_AUTHOR_NAME: person.name,
      GIT_AUTHOR_EMAIL: person.email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: person.name,
      GIT_COMMITTER_EMAIL: person.email,
      GIT_COMMITTER_DATE: date,
    };
  };

  /** A temporary index of its own for each commit: reads and other writes never see it. */
  async function withIndex<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T> {
    const dir = mkdtempSync(path.join(tmpdir(), 'editor-index-'));
    try {
      return await work({ GIT_INDEX_FILE: path.join(dir, 'index') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const repository = {
    gitDir,

    /** The object a ref or revision names, or undefined when there is none. */
    async resolve(rev: string): Promise<string | undefined> {
      const { stdout, code } = await run(['rev-parse', '--verify', '--quiet', '--end-of-options', rev], { okCodes: [1] });
      return code === 0 ? stdout.toString('utf8').trim() : undefined;
    },

    /** Refs under a prefix (refs/heads/cms/), with what each points at. */
    async listRefs(prefix: string): Promise<Array<{ ref: string; oid: string }>> {
      const lines = await text(['for-each-ref', '--format=%(objectname) %(refname)', prefix]);
      return lines
        .split('\n')
        .filter(Boolean)
        .map((line) => ({ oid: line.slice(0, line.indexOf(' ')), ref: line.slice(line.indexOf(' ') + 1) }));
    },

    /**
     * What `commit` holds at each of `files`, in one git process (`cat-file --batch-check`): the blob and its
     * size, or undefined where it holds no file. Sizes before contents, so a reader can refuse before reading.
     */
    async describeFiles(commit: string, files: string[]): Promise<Array<{ oid: string; size: number } | undefined>> {
      if (files.length === 0) return [];
      const { stdout } = await run(['cat-file', '--batch-check=%(objectname) %(objecttype) %(objectsize)'], {
        input: files.map((file) => `${commit}:${file}\n`).join(''),
      });
      // A name git cannot find comes back as "<name> missing", and a name may hold spaces: only a full line of three fields is an object.
      return stdout
        .toString('utf8')
        .split('\n')
        .slice(0, files.length)
        .map((line) => {
          const found = /^([0-9a-f]{40,64}) (\w+) (\d+)$/.exec(line);
          return found?.[2] === 'blob' ? { oid: found[1]!, size: Number(found[3]) } : undefined;
        });
    },

    async readBlob(oid: string): Promise<Buffer> {
      return (await run(['cat-file', 'blob', oid])).stdout;
    },

    /** Many blobs in one git process (a folder of entries is fifty files): `cat-file --batch`, in order. */
    async readBlobs(oids: string[]): Promise<Buffer[]> {
      if (oids.length === 0) return [];
      const { stdout } = await run(['cat-file', '--batch'], { input: oids.map((oid) => `${oid}\n`).join('') });
      const blobs: Buffer[] = [];
      let at = 0;
      for (const oid of oids) {
        const headerEnd = stdout.indexOf(0x0a, at);
        const [, type, size] = stdout.subarray(at, headerEnd).toString('utf8').split(' ');
        if (type === 'missing' || size === undefined) throw new GitCommandError(`object ${oid} is missing from the repository`);
        const start = headerEnd + 1;
        blobs.push(stdout.subarray(start, start + Number(size)));
        at = start + Number(size) + 1;
      }
      return blobs;
    },

    /** Every file of a commit under `folder`, with its path from the repository's root and its size. */
    async listFiles(commit: string, folder: string): Promise<Array<{ path: string; oid: string; size: number }>> {
      const { stdout } = await run(['ls-tree', '-r', '-l', '-z', '--full-tree', commit, '--', folder.replace(/\/*$/, '/')]);
      return stdout
        .toString('utf8')
        .split('\0')
        .filter(Boolean)
        .map((line) => {
          const [meta, file] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
          const [, type, oid, size] = meta.split(/ +/);
          return { type, oid: oid!, path: file, size: Number(size) };
        })
        .filter((entry) => entry.type === 'blob')
        .map(({ path: file, oid, size }) => ({ path: file, oid, size }));
    },

    /**
     * The commits of `head` not on `base`, oldest first, with who wrote each and when. Read NUL-separated
     * (`-z`, `%x00`): a name or address can hold any byte but NUL (git takes them from the environment),
     * so no name can move the fields along and pass for someone else.
     */
    async commitsBetween(base: string, head: string): Promise<CommitInfo[]> {
      const { stdout } = await run(['log', '-z', '--reverse', '--format=%H%x00%an%x00%ae%x00%aI', `${base}..${head}`]);
      const fields = stdout.toString('utf8').split('\0');
      if (fields.pop() !== '' || fields.length % 4 !== 0) throw new GitCommandError(`git log of ${base}..${head}: unreadable output`);
      const commits: CommitInfo[] = [];
      for (let i = 0; i < fields.length; i += 4) {
        const [commit, name, email, at] = fields.slice(i, i + 4) as [string, string, string, string];
        commits.push({ commit, author: { name, email }, at: new Date(at).toISOString() });
      }
      return commits;
    },

    async mergeBase(a: string, b: string): Promise<string | undefined> {
      const { stdout, code } = await run(['merge-base', a, b], { okCodes: [1] });
      return code === 0 ? stdout.toString('utf8').trim() : undefined;
    },

    /** The files that differ between two commits, with git's status letter (A, M, D, T). */
    async changedFiles(from: string, to: string): Promise<Array<{ status: string; path: string }>> {
      const fields = (await run(['diff', '--name-status', '--no-renames', '-z', from, to])).stdout.toString('utf8').split('\0');
      const files: Array<{ status: string; path: string }> = [];
      for (let i = 0; i + 1 < fields.length; i += 2) files.push({ status: fields[i]!, path: fields[i + 1]! });
      return files;
    },

    /** A unified diff of `files` between two commits, as git writes it with no configuration. */
    async unifiedDiff(from: string, to: string, files: string[]): Promise<string> {
      if (files.length === 0) return '';
      return (await run(['diff', '--no-color', '--no-ext-diff', '--no-renames', '--full-index', from, to, '--', ...files])).stdout.toString(
        'utf8',
      );
    },

    /** The tree a merge of two commits would have, and the files that conflict (then the tree is of no use). */
    async mergeTrees(ours: string, theirs: string): Promise<{ tree: string; conflicts: string[] }> {
      const { stdout } = await run(['merge-tree', '--write-tree', '--name-only', '--no-messages', '-z', ours, theirs], { okCodes: [1] });
      const [tree, ...conflicts] = stdout.toString('utf8').split('\0').filter(Boolean);
      return { tree: tree!, conflicts };
    },

    async hashBlob(content: Buffer | string): Promise<string> {
      return text(['hash-object', '-w', '--stdin'], { input: content });
    },

    /** A tree: `base`'s tree with `changes` applied, built in a temporary index. */
    async treeWith(base: string, changes: FileChange[]): Promise<string> {
      const lines = await Promise.all(
        changes.map(async (change) =>
          change.content === undefined
            ? `0 ${ZERO_OID}\t${change.path}`
            : `100644 ${await repository.hashBlob(change.content)}\t${change.path}`,
        ),
      );
      return withIndex(async (env) => {
        await run(['read-tree', base], { env });
        await run(['update-index', '-z', '--index-info'], { env, input: lines.map((line) => `${line}\0`).join('') });
        return text(['write-tree'], { env });
      });
    },

    async treeOf(commit: string): Promise<string> {
      return text(['rev-parse', '--verify', `${commit}^{tree}`]);
    },

    /** A commit of `tree` by `person` (author and committer) at `at`. */
    async commitTree(tree: string, parents: string[], message: string, person: GitPerson, at: Date): Promise<string> {
      return text(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], {
        input: message,
        env: personEnv(person, at),
      });
    },

    /** Moves `ref` from `expected` (ZERO_OID: it must not exist yet) to `next`, or throws RefMovedError. */
    async updateRef(ref: string, next: string, expected: string): Promise<void> {
      try {
        await run(['update-ref', '--no-deref', ref, next, expected]);
      } catch (error) {
        if (error instanceof GitCommandError && /cannot lock ref|but expected|reference already exists/.test(error.message))
          throw new RefMovedError(ref);
        throw error;
      }
    },

    /** Deletes `ref` if it still points at `expected`, or throws RefMovedError. */
    async deleteRef(ref: string, expected: string): Promise<void> {
      try {
        await run(['update-ref', '--no-deref', '-d', ref, expected]);
      } catch (error) {
        if (error instanceof GitCommandError && /cannot lock ref|but expected/.test(error.message)) throw new RefMovedError(ref);
        throw error;
      }
    },

    /**
     * Writes `folders` of a tree into `dest` (dest/<folder>/…) as a served version is written, by the
     * same code (server/git/tree-folders.ts), so the content check reads exactly what would be served
     * and a link or a submodule is refused here as it would be there.
     */
    async writeFolders(treeish: string, folders: string[], dest: string): Promise<void> {
      await writeTreeFolders(gitDir, treeish, folders, dest);
    },
  };
  return repository;
}
