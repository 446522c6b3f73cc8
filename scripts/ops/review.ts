/**
 * `npm run review -- [BASE [HEAD]] [--out DIR]`: what a change would do to
 * the published site, in words, for the compliance reviewer. BASE and HEAD
 * are git refs (default `main` and `HEAD`). Each is checked out in a
 * throw-away worktree, built with its own build and captured with its own
 * archive command (server/cli/archive.ts), so each side is exactly what that
 * commit would publish; then this checkout's archive diff compares the two
 * captures: pages added, removed and changed, the sentences, images and
 * outside links that differ.
 *
 * Writes into DIR (default artifacts/review/, git-ignored; each run replaces
 * what the previous one wrote there):
 *   changes.html         the printable report (the `archive diff --html` one)
 *   changes.txt          the same as plain text
 *   base/, head/         the two WARC archives and their manifests
 *
 * Exit codes, as `archive diff`: 0 the published content is the same, 3 it
 * differs; 1 it could not be done (a build failed, the dependencies differ,
 * a ref predates the archive); 2 the command was not understood or a ref is
 * not a commit here.
 *
 * Only commits are compared: uncommitted edits are in neither ref.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { diffSnapshots, formatDiff } from '../../server/archive/archive-diff';
import type { ArchiveDiff, ArchiveLabel } from '../../server/archive/archive-diff';
import { diffReportHtml } from '../../server/archive/diff-report';
import { siteSnapshot } from '../../server/archive/site-snapshot';
import { readManifest, readResponses } from '../../server/archive/warc-file';

const USAGE = `Usage: npm run review -- [BASE [HEAD]] [--out DIR]

  Builds and archives the site at two git refs (default: main and HEAD) and
  writes what a visitor would read differently: DIR/changes.html (default
  DIR: artifacts/review). Exit 0 the same, 3 different, 1 not done, 2 bad usage or ref.`;

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

class UsageError extends Error {}
/** A ref git does not know: one line, exit 2, like a command not understood. */
class RefError extends Error {}
class ReviewError extends Error {}

interface Side {
  name: 'base' | 'head';
  ref: string;
  commit: string;
  tree: string;
}

const progress = (text: string) => process.stderr.write(`${text}\n`);

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: rootDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function resolveRef(name: Side['name'], ref: string): Side {
  let commit: string;
  try {
    commit = git('rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`);
  } catch {
    throw new RefError(`Not a commit in this repository: "${ref}" (in a CI checkout, fetch it first, e.g. git fetch origin main)`);
  }
  return { name, ref, commit, tree: git('rev-parse', `${commit}^{tree}`) };
}

interface LockEntry {
  version?: string;
  link?: boolean;
  optional?: boolean;
}

/**
 * The worktrees reuse this checkout's node_modules instead of installing
 * their own: the two refs of an editor's change differ in content/, not in
 * dependencies, and an install per ref would cost minutes and the network
 * for nothing. That is only sound when the installed packages are the ones
 * each ref locks, so it is checked against what is really installed (each
 * package's own package.json), not against this checkout's package-lock.json,
 * which can differ from node_modules: every package a ref's lock names must
 * be installed at that version. Another platform's optional binaries may be
 * absent, and packages the ref does not name are harmless. A change that
 * touches dependencies is a code change; review it as code, not here.
 */
function dependencyMismatches(side: Side): string[] {
  let lock: { packages?: Record<string, LockEntry> };
  try {
    lock = JSON.parse(git('show', `${side.commit}:package-lock.json`)) as typeof lock;
  } catch {
    throw new ReviewError(`${side.ref} has no readable package-lock.json, so its dependencies cannot be checked`);
  }
  if (!lock.packages) throw new ReviewError(`${side.ref}'s package-lock.json is too old a format (no "packages") to check`);
  const mismatches: string[] = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (!key.startsWith('node_modules/') || entry.link) continue;
    let installed: string | undefined;
    try {
      installed = (JSON.parse(readFileSync(path.join(rootDir, key, 'package.json'), 'utf8')) as { version?: string }).version;
    } catch {
      installed = undefined;
    }
    if (installed === entry.version || (installed === undefined && entry.optional)) continue;
    mismatches.push(`${key.slice('node_modules/'.length)} ${entry.version} (installed: ${installed ?? 'none'})`);
  }
  return mismatches;
}

/** The ref's build script: scripts/build/build.ts now, scripts/build.ts before scripts/ was split by job. */
function buildScript(worktree: string): string {
  for (const candidate of ['scripts/build/build.ts', 'scripts/build.ts']) if (existsSync(path.join(worktree, candidate))) return candidate;
  throw new ReviewError('it has neither scripts/build/build.ts nor scripts/build.ts');
}

/** Runs a command in the worktree; its output is kept and shown only when it fails. */
function run(worktree: string, args: string[], what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npx', ['tsx', ...args], { cwd: worktree, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const tail = `${stdout}${stderr}`.trim().split('\n').slice(-30).join('\n');
      reject(new ReviewError(`${what} failed (exit ${error.code ?? error.signal}):\n${tail}`));
    });
  });
}

/** Builds the side's commit in a worktree under `work` and captures it into `outDir`; returns the archive file. */
async function buildAndArchive(side: Side, work: string, outDir: string, worktrees: string[]): Promise<string> {
  const worktree = path.join(work, side.name);
  git('worktree', 'add', '--detach', '--quiet', worktree, side.commit);
  worktrees.push(worktree);
  await symlink(realpathSync(path.join(rootDir, 'node_modules')), path.join(worktree, 'node_modules'), 'dir');
  const label = `${side.ref} (${side.commit.slice(0, 12)})`;
  if (!existsSync(path.join(worktree, 'server/cli/archive.ts'))) {
    throw new ReviewError(`Cannot review ${label}: it predates the compliance archive (no server/cli/archive.ts)`);
  }
  let script: string;
  try {
    script = buildScript(worktree);
  } catch (error) {
    throw new ReviewError(`Cannot build ${label}: ${(error as Error).message}`);
  }
  progress(`Building ${label}...`);
  await run(worktree, [script], `The build of ${label}`);
  progress(`Archiving ${label}...`);
  // Without the hero videos: the diff compares pages, images and links, never
  // a video's bytes, so they would cost capture time and report space only.
  const output = await run(worktree, ['server/cli/archive.ts', '--out', outDir, '--no-media'], `Archiving ${label}`);
  const file = /^\s+(\S+\.warc\.gz)\s/m.exec(output)?.[1];
  if (!file) throw new ReviewError(`Archiving ${label} named no archive file:\n${output}`);
  return path.resolve(worktree, file);
}

/** Removes the worktrees (their node_modules link first, so nothing can reach through it) and the temporary folder. */
async function cleanUp(work: string, worktrees: string[]) {
  let leftOver = false;
  for (const worktree of worktrees) {
    await unlink(path.join(worktree, 'node_modules')).catch(() => undefined);
    try {
      git('worktree', 'remove', '--force', worktree);
    } catch {
      leftOver = true;
    }
  }
  await rm(work, { recursive: true, force: true });
  // Only when a remove failed: git still lists that worktree, whose folder is gone now.
  if (leftOver) git('worktree', 'prune');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function summary(diff: ArchiveDiff): string[] {
  if (diff.same) return ['No change: every page says the same, with the same images and outside links.'];
  const lines = [`Pages changed: ${diff.changed.length}, added: ${diff.added.length}, removed: ${diff.removed.length}`];
  if (diff.outsideLinks.added.length + diff.outsideLinks.removed.length > 0) {
    lines.push(`Outside links: ${diff.outsideLinks.added.length} added, ${diff.outsideLinks.removed.length} removed`);
  }
  for (const page of diff.added) lines.push(`  added    ${page.url}`);
  for (const page of diff.removed) lines.push(`  removed  ${page.url}`);
  for (const page of diff.changed) {
    const added = page.text.reduce((sum, change) => sum + change.added.length, 0);
    const removed = page.text.reduce((sum, change) => sum + change.removed.length, 0);
    const parts = [
      ...page.fields.map((field) => field.field),
      ...(added + removed > 0 ? [`text +${added} −${removed}`] : []),
      ...(page.images.added.length + page.images.removed.length > 0
        ? [plural(page.images.added.length + page.images.removed.length, 'image')]
        : []),
      ...(page.outsideLinks.added.length + page.outsideLinks.removed.length > 0
        ? [plural(page.outsideLinks.added.length + page.outsideLinks.removed.length, 'outside link')]
        : []),
    ];
    lines.push(`  changed  ${page.url}  (${parts.join(', ')})`);
  }
  return lines;
}

async function review(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { out: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 2) throw new UsageError('review takes at most two refs: the base, then the head');
  const [baseRef = 'main', headRef = 'HEAD'] = positionals;
  const base = resolveRef('base', baseRef);
  const head = resolveRef('head', headRef);
  const outDir = path.resolve(typeof values.out === 'string' ? values.out : path.join(rootDir, 'artifacts/review'));

  if (!existsSync(path.join(rootDir, 'node_modules'))) throw new ReviewError('No node_modules in this checkout: run npm ci first');
  for (const side of base.commit === head.commit ? [base] : [base, head]) {
    const mismatches = dependencyMismatches(side);
    if (mismatches.length > 0) {
      throw new ReviewError(
        `${side.ref} locks other dependencies than are installed here: ${mismatches.slice(0, 5).join('; ')}${mismatches.length > 5 ? `; ${mismatches.length - 5} more` : ''}. ` +
          "The review builds both refs with this checkout's node_modules, so both must lock what is installed: run npm ci if it is out of date; " +
          'a change to dependencies is a code change, to review as code, apart from content.',
      );
    }
  }
  const dirty = git('status', '--porcelain', '--', 'content', 'public');
  if (dirty)
    progress(`Note: uncommitted changes under content/ or public/ are in neither ${base.ref} nor ${head.ref}, so not in this review.`);

  // The previous run's archives go, so what is in DIR is this run's.
  for (const name of ['base', 'head']) await rm(path.join(outDir, name), { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'review-'));
  const worktrees: string[] = [];
  const interrupted = (signal: NodeJS.Signals) => {
    void cleanUp(work, worktrees).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let baseFile: string;
  let headFile: string;
  try {
    baseFile = await buildAndArchive(base, work, path.join(outDir, 'base'), worktrees);
    // The same tree builds the same site: a second build could only say "No change".
    headFile = base.tree === head.tree ? baseFile : await buildAndArchive(head, work, path.join(outDir, 'head'), worktrees);
  } finally {
    await cleanUp(work, worktrees);
  }

  const [before, after] = [siteSnapshot(await readResponses(baseFile)), siteSnapshot(await readResponses(headFile))];
  const diff = diffSnapshots(before, after);
  const label = async (side: Side, file: string): Promise<ArchiveLabel> => {
    const manifest = await readManifest(file);
    return {
      file: `${side.ref}: ${path.relative(process.cwd(), file)}`,
      capturedAt: manifest?.capturedAt,
      commit: manifest?.build.commit ?? side.commit,
    };
  };
  const labels = [await label(base, baseFile), await label(head, headFile)] as const;
  const htmlFile = path.join(outDir, 'changes.html');
  const textFile = path.join(outDir, 'changes.txt');
  await writeFile(htmlFile, diffReportHtml(diff, ...labels));
  await writeFile(textFile, formatDiff(diff, ...labels));

  const lines = [
    `Review: ${base.ref} (${base.commit.slice(0, 12)}) → ${head.ref} (${head.commit.slice(0, 12)})`,
    ...summary(diff),
    `Report: ${path.relative(process.cwd(), htmlFile)} (printable; plain text in ${path.relative(process.cwd(), textFile)})`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return diff.same ? 0 : 3;
}

try {
  process.exitCode = await review(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exitCode = 2;
  } else if (error instanceof RefError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  } else if (error instanceof ReviewError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`Could not review: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
