/**
 * `approvals verify` against the content repository (decision 036): each publication line is held to
 * the Publish merge commit it names, whose message was made from the line and ends in the line's
 * hash (publication-anchor.ts). Someone who can rewrite ARCHIVE_DIR but not the repository can keep
 * the chain intact, but not the commits:
 *
 * - a line whose fields were changed disagrees with its commit: the line is named, with each field
 *   that differs (from the message, the commit's author date, its diff and the entry's commits);
 * - a line that names another commit, or one missing or off the published branch, is named too;
 * - a line removed leaves a commit on the branch carrying a hash no line has: that commit is named.
 *
 * Publish commits made before the anchor carry no trailer: their line is held to the message alone.
 * git runs read-only, with no system or user config, a handful of processes whatever the record's size.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { RecordedLine } from './approval-lines';
import { anchorOf, ANCHOR_TRAILER, publishMessage } from './publication-anchor';
import { sha256Of } from './record-chain';

const run = promisify(execFile);

export interface ContentRepository {
  /** CONTENT_REPO: the bare repository the editor's backend publishes to. */
  gitDir: string;
  /** CONTENT_BRANCH: the published branch. */
  branch: string;
}

/** The repository could not be read at all (not a repository, no such branch): nothing was checked. */
export class RepositoryCheckError extends Error {
  override name = 'RepositoryCheckError';
}

export interface RepositoryCheck {
  /** What disagrees: `line` is the record's line, undefined for a Publish commit no line names. */
  problems: Array<{ line: number | undefined; text: string }>;
  /** Publications whose commit carries their hash, and those published before the anchor (held to the message alone). */
  anchored: number;
  unanchored: number;
}

type Publication = Extract<RecordedLine, { kind: 'publication' }>;

interface Commit {
  parents: string[];
  /** The author date, in seconds since 1970. */
  authoredAt: number;
  message: string;
}

type Git = ReturnType<typeof gitIn>;

function gitIn(gitDir: string) {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    GIT_DIR: gitDir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    LC_ALL: 'C',
  };
  return async (args: string[], input?: string): Promise<Buffer> => {
    const running = run('git', args, { env, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 });
    // git may exit before it reads its input (a ref it cannot find): that is its answer, not a broken pipe to crash on.
    running.child.stdin?.on('error', () => undefined);
    running.child.stdin?.end(input ?? '');
    return (await running).stdout;
  };
}

/** A raw commit object: its headers, then a blank line, then the message exactly as written. */
function parseCommit(raw: string): Commit {
  const end = raw.indexOf('\n\n');
  const headers = raw.slice(0, end < 0 ? raw.length : end).split('\n');
  const author = headers.find((header) => header.startsWith('author ')) ?? '';
  const dated = / (\d+) [+-]\d{4}$/.exec(author);
  return {
    parents: headers.filter((header) => header.startsWith('parent ')).map((header) => header.slice('parent '.length)),
    authoredAt: Number(dated?.[1] ?? NaN),
    message: end < 0 ? '' : raw.slice(end + 2),
  };
}

/** Every object asked for, by id, in one `cat-file --batch`: a commit's raw text, or undefined when there is no such commit. */
async function readCommits(git: Git, ids: string[]): Promise<Map<string, Commit | undefined>> {
  const found = new Map<string, Commit | undefined>();
  if (ids.length === 0) return found;
  const out = await git(['cat-file', '--batch'], ids.map((id) => `${id}\n`).join(''));
  let at = 0;
  for (const id of ids) {
    const headerEnd = out.indexOf(0x0a, at);
    const [, type, size] = out.subarray(at, headerEnd).toString('utf8').split(' ');
    if (type === 'missing' || size === undefined) {
      found.set(id, undefined);
      at = headerEnd + 1;
      continue;
    }
    const body = out.subarray(headerEnd + 1, headerEnd + 1 + Number(size));
    found.set(id, type === 'commit' ? parseCommit(body.toString('utf8')) : undefined);
    at = headerEnd + 1 + Number(size) + 1;
  }
  return found;
}

/** The value of the message's anchor trailer, when its last paragraph is one. */
function anchorIn(message: string): string | undefined {
  const at = message.lastIndexOf('\n\n');
  if (at < 0) return undefined;
  const last = message.slice(at + 2);
  return last.startsWith(`${ANCHOR_TRAILER}: `) && !last.includes('\n') ? last.slice(ANCHOR_TRAILER.length + 2) : undefined;
}

const quoted = (text: string | undefined) => (text === undefined ? 'nothing' : JSON.stringify(text));

/** The message without its anchor paragraph: the lines a person reads. */
const readable = (message: string) => (anchorIn(message) === undefined ? message : message.slice(0, message.lastIndexOf('\n\n')));

/**
 * Each field of the line that the commit says otherwise: its message, its author date, its diff
 * and the entry's commits. `anchored`: the commit carries a hash to hold the line to.
 */
async function differences(git: Git, line: Publication, commit: Commit, anchored: boolean): Promise<string[]> {
  const found: string[] = [];
  const said = readable(commit.message).split('\n');
  const expected = publishMessage(line, { anchored: false }).split('\n');
  for (let i = 0; i < Math.max(said.length, expected.length); i += 1) {
    if (said[i] !== expected[i]) found.push(`the commit says ${quoted(said[i])} where the line says ${quoted(expected[i])}`);
  }
  const anchor = `sha256:${anchorOf(line)}`;
  const written = anchorIn(commit.message);
  if (anchored && written !== anchor) found.push(`the line hashes to ${anchor}, but the commit's ${ANCHOR_TRAILER} is ${written}`);
  if (Math.floor(Date.parse(line.publishedAt) / 1000) !== commit.authoredAt) {
    found.push(`publishedAt is ${line.publishedAt}, but the commit was made at ${new Date(commit.authoredAt * 1000).toISOString()}`);
  }
  const [base, entry] = commit.parents;
  if (!base || !entry) return [...found, 'the commit is not a merge of an entry into the published branch'];
  const diff = (await git(['diff', '--no-color', '--no-ext-diff', '--no-renames', '--full-index', base, line.publishedCommit])).toString();
  const files = (await git(['diff', '--name-only', '--no-renames', '-z', base, line.publishedCommit])).toString().split('\0');
  const changed = files.filter(Boolean).join(', ');
  if (changed !== line.entry.files.join(', '))
    found.push(`the commit changed ${changed}, but the line says ${line.entry.files.join(', ')}`);
  if (diff !== line.change.diff) found.push("the line's change.diff is not the commit's diff");
  if (sha256Of(diff) !== line.change.sha256) {
    found.push(`the commit's diff hashes to ${sha256Of(diff)}, but the line's change.sha256 is ${line.change.sha256}`);
  }
  const times = (await git(['log', '--reverse', '--format=%aI', `${base}..${entry}`])).toString().split('\n').filter(Boolean);
  const writtenAt = times.map((time) => new Date(time).toISOString()).join(', ');
  if (writtenAt !== line.writtenAt.join(', '))
    found.push(`the entry's commits were written at ${writtenAt}, but the line says ${line.writtenAt.join(', ')}`);
  return found;
}

/** The first-parent history of the branch, oldest first, with each commit's anchor trailer when it has one. */
async function publishedHistory(git: Git, { gitDir, branch }: ContentRepository) {
  const ref = `refs/heads/${branch}`;
  try {
    await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch (error) {
    const said = (error as { stderr?: Buffer }).stderr?.toString('utf8').trim();
    throw new RepositoryCheckError(
      said
        ? `${gitDir} is not a git repository on this machine (git said: ${said.split('\n').at(-1)})`
        : `${gitDir} has no branch ${branch}`,
    );
  }
  const out = await git(['log', '--first-parent', '-z', `--format=%H %(trailers:key=${ANCHOR_TRAILER},valueonly,separator=%x2C)`, ref]);
  return out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((record) => ({ commit: record.slice(0, record.indexOf(' ')), anchor: record.slice(record.indexOf(' ') + 1).trim() || undefined }))
    .reverse();
}

const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * `whole`: `lines` is the whole record, so a Publish commit no line names is a line missing (a record
 * that breaks part way holds only the lines before the break).
 */
export async function checkAgainstRepository(lines: RecordedLine[], repository: ContentRepository, whole = true): Promise<RepositoryCheck> {
  const git = gitIn(repository.gitDir);
  const history = await publishedHistory(git, repository);
  const onBranch = new Set(history.map((entry) => entry.commit));
  const publications = lines.filter((line): line is Publication => line.kind === 'publication');
  const ids = [...new Set(publications.map((line) => line.publishedCommit).filter((id) => COMMIT_ID.test(id)))];
  const commits = await readCommits(git, ids);
  const check: RepositoryCheck = { problems: [], anchored: 0, unanchored: 0 };
  const where = `${repository.gitDir} (${repository.branch})`;
  for (const line of publications) {
    const problem = (text: string) => check.problems.push({ line: line.seq, text });
    const commit = commits.get(line.publishedCommit);
    if (!commit) {
      problem(`its published commit ${quoted(line.publishedCommit)} is not a commit of ${repository.gitDir}`);
      continue;
    }
    if (!onBranch.has(line.publishedCommit)) problem(`its published commit ${line.publishedCommit} is not on ${where}`);
    const anchored = anchorIn(commit.message) !== undefined;
    // A commit made before the anchor has no hash to hold the line to: each field is held to what git says instead.
    const differ = anchored && commit.message === publishMessage(line) ? [] : await differences(git, line, commit, anchored);
    if (differ.length > 0) problem(`it disagrees with its Publish commit ${line.publishedCommit}: ${differ.join('; ')}`);
    else if (anchored) check.anchored += 1;
    else check.unanchored += 1;
  }
  const named = new Set(publications.map((line) => line.publishedCommit));
  for (const { commit, anchor } of history) {
    if (whole && anchor && !named.has(commit)) {
      check.problems.push({
        line: undefined,
        text: `commit ${commit} on ${where} carries ${ANCHOR_TRAILER}: ${anchor}, but no publication line names it (a line removed, or its publishedCommit changed)`,
      });
    }
  }
  return check;
}
