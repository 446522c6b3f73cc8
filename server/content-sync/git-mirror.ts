/**
 * The content repository as this server holds it: a bare mirror of one
 * branch under the work folder, and each commit it serves written out to a
 * folder of its own (versions/<commit>/), holding only what the site reads
 * from a commit: content/ and the editor's uploads, as plain files only
 * (server/git/tree-folders.ts).
 *
 * Several processes may share the work folder (instances on one volume):
 * each fetch, write and prune is done holding the work folder's lock, and a
 * version's folder found there is read back against its commit before it is
 * used, never trusted for being there (decision 035).
 *
 * It runs the git command (any address `git fetch` takes: a path, file://,
 * https://, ssh://) rather than a JavaScript git: ssh and every host's
 * authentication then work as they do for the operator's own git.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CONTENT_DIR } from '../content/load-content';
import { MEDIA_UPLOADS } from '../content/media-uploads';
import { withFileLock } from '../forms/storage/file-lock';
import { holdsTreeFiles, listTreeFolders, writeTreeFolders } from '../git/tree-folders';

const run = promisify(execFile);

/** The folders of a commit the site serves. */
const SERVED_FOLDERS = [CONTENT_DIR, MEDIA_UPLOADS.folder];
/** A fetch that takes longer is abandoned (a host that hangs must not hold every later fetch). */
const FETCH_TIMEOUT_MS = 120_000;
/** How long a process waits for another's fetch or write on the same work folder: longer than any fetch. */
const LOCK_WAIT_MS = FETCH_TIMEOUT_MS + 60_000;
/** A process's list of the versions it serves, not renewed (at each fetch) for this long, is a process gone. */
const LEASE_MS = 24 * 60 * 60 * 1000;

export class GitError extends Error {
  override name = 'GitError';
}

export interface GitMirrorOptions {
  /** CONTENT_REPO: what `git fetch` is given. */
  repository: string;
  /** CONTENT_BRANCH. */
  branch: string;
  /** Where the mirror and the versions live (a volume in a container). */
  workDir: string;
}

export type GitMirror = ReturnType<typeof openGitMirror>;

export function openGitMirror({ repository, branch, workDir }: GitMirrorOptions) {
  const gitDir = path.join(workDir, 'mirror.git');
  const versionsDir = path.join(workDir, 'versions');
  const trackingRef = `refs/remotes/content/${branch}`;
  /** What this process serves, for the prunes of the others on this work folder (serving/<host>-<pid>). */
  const leasesDir = path.join(workDir, 'serving');
  const lease = path.join(leasesDir, `${hostname()}-${process.pid}`);
  /** One writer at a time on the mirror and the versions, whichever process on this work folder it is. */
  const locked = <T>(task: () => Promise<T>) => {
    mkdirSync(workDir, { recursive: true });
    return withFileLock(path.join(workDir, 'mirror'), task, LOCK_WAIT_MS);
  };

  async function git(args: string[], options: { env?: NodeJS.ProcessEnv; timeout?: number; workTree?: string } = {}) {
    const where = ['--git-dir', gitDir, ...(options.workTree ? ['--work-tree', options.workTree] : [])];
    try {
      const { stdout } = await run('git', [...where, ...args], {
        // Never wait for a password on a terminal no one watches; no system or user config changes what is fetched.
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', ...options.env },
        timeout: options.timeout ?? 30_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      return stdout.trim();
    } catch (error) {
      const { stderr, code, killed } = error as { stderr?: string; code?: string | number; killed?: boolean };
      if (code === 'ENOENT') throw new GitError('the git command is not installed: the site needs it to follow CONTENT_REPO');
      if (killed) throw new GitError(`git ${args[0]} took longer than ${(options.timeout ?? 30_000) / 1000} s and was stopped`);
      const said = (stderr ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
      throw new GitError(`git ${args[0]} failed: ${said.at(-1) ?? String(error)}`);
    }
  }

  async function ensureMirror() {
    if (existsSync(path.join(gitDir, 'HEAD'))) return;
    await run('git', ['init', '--quiet', '--bare', gitDir]);
  }

  return {
    /** Fetches the branch and answers its head commit. Throws a GitError saying why it could not. */
    fetchHead(): Promise<string> {
      return locked(async () => {
        await ensureMirror();
        await git(['fetch', '--quiet', '--no-tags', '--force', repository, `+refs/heads/${branch}:${trackingRef}`], {
          timeout: FETCH_TIMEOUT_MS,
        });
        if (existsSync(lease)) utimesSync(lease, new Date(), new Date());
        return git(['rev-parse', '--verify', `${trackingRef}^{commit}`]);
      });
    },

    /**
     * Writes the commit's served folders to versions/<commit>/ and answers that folder, laid out as
     * the site's own root: <folder>/content, <folder>/public/media/uploads. A folder already there
     * is kept only if it holds exactly the commit's files; else it is written again. Throws
     * ContentError when the commit holds a link, a submodule or anything but plain files there.
     */
    checkout(commit: string): Promise<string> {
      if (!/^[0-9a-f]{40,64}$/.test(commit)) return Promise.reject(new GitError(`not a commit id: "${commit}"`));
      const folder = path.join(versionsDir, commit);
      return locked(async () => {
        const files = await listTreeFolders(gitDir, commit, SERVED_FOLDERS);
        if (await holdsTreeFiles(folder, SERVED_FOLDERS, files)) return folder;
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(versionsDir, { recursive: true });
        await writeTreeFolders(gitDir, commit, SERVED_FOLDERS, folder);
        return folder;
      });
    },

    /**
     * Records `keep` (what is served, and what was until just now) as this process's, and removes every
     * version's folder no process on the work folder keeps, and any left half-written: another instance
     * on the volume may still serve a version this one has left behind.
     */
    prune(keep: string[]): Promise<void> {
      return locked(async () => {
        mkdirSync(leasesDir, { recursive: true });
        writeFileSync(lease, `${keep.join('\n')}\n`);
        const kept = new Set(keep);
        for (const name of readdirSync(leasesDir)) {
          const other = path.join(leasesDir, name);
          const info = statSync(other, { throwIfNoEntry: false });
          if (!info || other === lease) continue;
          if (Date.now() - info.mtimeMs > LEASE_MS) rmSync(other, { force: true });
          else for (const commit of readFileSync(other, 'utf8').split('\n')) kept.add(commit);
        }
        if (!existsSync(versionsDir)) return;
        for (const name of readdirSync(versionsDir)) {
          if (!kept.has(name)) rmSync(path.join(versionsDir, name), { recursive: true, force: true });
        }
      });
    },
  };
}
