/**
 * The CMS's own clone of the working copy (.cache/cms-repo/), which
 * decap-server serves and commits in, and the fast-forwards that keep its
 * branch and the working copy's level. Why a clone, and when each side moves:
 * the top of ../edit.ts. With --sign-in the CMS's side is instead the bare
 * content repository the site commits to (./sign-in-mode.ts), kept level by
 * the same rules.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { EditStop } from './edit-stop';

/** Where the CMS's clone lives, inside the working copy (`.cache/` is git-ignored). */
export const CMS_REPO_DIR = '.cache/cms-repo';

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

function runGit(cwd: string, args: string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function git(cwd: string, args: string[]): Promise<string> {
  const result = await runGit(cwd, args);
  if (result.code !== 0) throw new Error(`git ${args.join(' ')} (in ${cwd}) failed: ${result.stderr.trim() || `exit ${result.code}`}`);
  return result.stdout;
}

async function tipOf(repo: string, branch: string): Promise<string> {
  return (await git(repo, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`])).trim();
}

/** merge-base --is-ancestor: 0 yes, 1 no, anything else an error. */
async function isAncestor(repo: string, older: string, newer: string): Promise<boolean> {
  const result = await runGit(repo, ['merge-base', '--is-ancestor', older, newer]);
  if (result.code > 1) throw new Error(`git merge-base failed in ${repo}: ${result.stderr.trim()}`);
  return result.code === 0;
}

export interface EditSession {
  /** The person's working copy (the dev server's folder). */
  root: string;
  /** The CMS's own clone, which decap-server serves; with --sign-in the bare repository the site commits to. */
  clone: string;
  /** The clone as the messages name it, relative to the working copy. */
  cloneDir: string;
  /** Whether the clone is bare (no files checked out): its branch is moved by a fetch, not a merge. */
  bare: boolean;
  /** The command the person runs again once they have brought a change in by hand. */
  rerun: string;
  /** The branch both are on, as the working copy was when `npm run edit` started. */
  branch: string;
  log: (line: string) => void;
}

/** The working copy's checked-out branch; the CMS works on the same one. */
async function workingCopyBranch(root: string): Promise<string> {
  if ((await runGit(root, ['rev-parse', '--show-toplevel'])).code !== 0) throw new EditStop(`${root} is not a git working copy.`);
  const result = await runGit(root, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  if (result.code !== 0) throw new EditStop('npm run edit needs a branch checked out (HEAD is detached): `git switch <branch>` first.');
  const branch = result.stdout.trim();
  if ((await runGit(root, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code !== 0) {
    throw new EditStop(`Branch ${branch} has no commit yet: commit once before npm run edit.`);
  }
  return branch;
}

/**
 * Makes (or reuses) the clone and puts it on the session's branch. An existing clone keeps its
 * drafts (cms/* branches) and any published commit not yet brought back; syncBranches does that.
 */
export async function prepareClone(root: string, log: (line: string) => void = console.log): Promise<EditSession> {
  const branch = await workingCopyBranch(root);
  const clone = path.join(root, CMS_REPO_DIR);
  if (!existsSync(path.join(clone, '.git'))) {
    mkdirSync(path.dirname(clone), { recursive: true });
    await git(root, ['clone', '--quiet', '--branch', branch, root, clone]);
    log(`npm run edit: made ${CMS_REPO_DIR}/, the CMS's own clone of this repository (its drafts are cms/* branches there)`);
  } else if ((await runGit(clone, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code !== 0) {
    await git(clone, ['fetch', '--quiet', root, `refs/heads/${branch}:refs/heads/${branch}`]);
  }
  const cloneBranch = (await runGit(clone, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).stdout.trim();
  if (cloneBranch !== branch) await git(clone, ['checkout', '--quiet', branch]);
  // decap-server commits with the repository's identity: the person's, as in their own commits.
  for (const key of ['user.name', 'user.email']) {
    const value = (await runGit(root, ['config', key])).stdout.trim();
    if (value) await git(clone, ['config', key, value]);
  }
  if (!(await runGit(clone, ['config', 'user.email'])).stdout.trim()) {
    throw new EditStop(
      'git has no user.email here: the CMS commits as you. Set it with `git config user.name "…"` and `git config user.email …`.',
    );
  }
  return { root, clone, cloneDir: CMS_REPO_DIR, bare: false, rerun: 'npm run edit', branch, log };
}

/**
 * Brings the two branches level, with fast-forwards only. Call it while decap-server is idle.
 * Throws EditStop, naming the files, when the working copy cannot take the CMS's commits safely.
 */
export async function syncBranches(session: EditSession): Promise<void> {
  const { root, clone, branch } = session;
  const [ours, cms] = await Promise.all([tipOf(root, branch), tipOf(clone, branch)]);
  if (ours === cms) return;
  // Both commits in the clone, to compare them there (the clone is ours to write to).
  await git(clone, ['fetch', '--quiet', root, `refs/heads/${branch}`]);
  if (await isAncestor(clone, cms, ours)) {
    // The person committed: the CMS goes on from their commit. The clone is clean between requests; a
    // bare one takes the commit by a fetch, which git refuses unless it is a fast-forward.
    if (session.bare) await git(clone, ['fetch', '--quiet', root, `refs/heads/${branch}:refs/heads/${branch}`]);
    else await git(clone, ['merge', '--ff-only', '--quiet', ours]);
    return;
  }
  const { cloneDir, rerun } = session;
  const byHand = `git pull --no-rebase ${cloneDir} ${branch}`;
  if (!(await isAncestor(clone, ours, cms))) {
    throw new EditStop(
      `Branch ${branch} has new commits both here and in the CMS (${cloneDir}/), so the CMS's cannot be fast-forwarded in.\n` +
        `Bring them in with \`${byHand}\` (a merge), then run ${rerun} again.`,
    );
  }
  await git(root, ['fetch', '--quiet', clone, `refs/heads/${branch}`]);
  const changed = (await git(root, ['diff', '--name-only', '-z', '--no-renames', ours, cms])).split('\0').filter(Boolean);
  const headBranch = (await runGit(root, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).stdout.trim();
  if (headBranch === branch) {
    const local = changed.length
      ? (await git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...changed.map((file) => `:(literal)${file}`)]))
          .split('\0')
          .filter((entry) => /^.. /.test(entry))
          .map((entry) => entry.slice(3))
      : [];
    if (local.length) {
      throw new EditStop(
        `The CMS published changes to files you have changed here and not committed:\n${local.map((file) => `  ${file}`).join('\n')}\n` +
          `Nothing was overwritten. Commit or move your changes, bring the CMS's in with \`${byHand}\`, then run ${rerun} again.`,
      );
    }
    const merged = await runGit(root, ['merge', '--ff-only', '--quiet', cms]);
    if (merged.code !== 0) {
      throw new EditStop(
        `git refused to fast-forward ${branch} to the CMS's commit (nothing was changed):\n${merged.stderr.trim()}\nBring it in with \`${byHand}\`.`,
      );
    }
  } else {
    // Another branch is checked out: move the branch itself. git refuses anything but a
    // fast-forward, and a branch checked out in another worktree.
    const fetched = await runGit(root, ['fetch', '--quiet', clone, `refs/heads/${branch}:refs/heads/${branch}`]);
    if (fetched.code !== 0)
      throw new EditStop(`git refused to move ${branch} to the CMS's commit:\n${fetched.stderr.trim()}\nBring it in with \`${byHand}\`.`);
  }
  session.log(`${rerun}: published by the CMS, now on ${branch} here: ${changed.join(', ') || '(no file changed)'}`);
}

/** With --sign-in: the bare repository the site commits to (CONTENT_REPO), inside the working copy. */
export const CONTENT_REPO_DIR = '.cache/content-repo.git';

/**
 * Makes (or reuses) the bare content repository with the working copy's branch in it, for the site to
 * serve and commit to under --sign-in (./sign-in-mode.ts). An existing one keeps its drafts and any
 * published commit not yet brought back; syncBranches does that, as for the clone.
 */
export async function prepareContentRepository(root: string, log: (line: string) => void = console.log): Promise<EditSession> {
  const branch = await workingCopyBranch(root);
  const repository = path.join(root, CONTENT_REPO_DIR);
  if (!existsSync(path.join(repository, 'HEAD'))) {
    mkdirSync(path.dirname(repository), { recursive: true });
    await git(root, ['init', '--quiet', '--bare', '--initial-branch', branch, repository]);
    log(`npm run edit: made ${CONTENT_REPO_DIR}/, the repository the site commits to (its drafts are cms/* branches there)`);
  }
  if ((await runGit(repository, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code !== 0) {
    await git(repository, ['fetch', '--quiet', root, `refs/heads/${branch}:refs/heads/${branch}`]);
  }
  return { root, clone: repository, cloneDir: CONTENT_REPO_DIR, bare: true, rerun: 'npm run edit -- --sign-in', branch, log };
}
