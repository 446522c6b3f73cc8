/**
 * `npm run review` as a reviewer's CI runs it, with nothing mocked: a
 * throw-away clone of this repository, one commit on it that changes one
 * sentence of content/pages/press.yaml, and scripts/ops/review.ts as its own
 * process, building and archiving both commits in worktrees. The report must
 * name that page and that sentence and nothing else; the same ref twice is
 * "No change"; a ref git does not know is one line and exit 2.
 *
 * Slow by nature (each side is a production build and a capture: minutes on
 * two cores), so the tests have generous timeouts of their own.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = 'scripts/ops/review.ts';
const PRESS = 'content/pages/press.yaml';
const INTRO_END = 'what it means for their clients.';
const SENTENCE = 'New pieces are added here as they are published.';
const BUILDS_TIMEOUT = 15 * 60_000;

let work: string;
let clone: string;
let base: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function review(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile('npx', ['tsx', SCRIPT, ...args], { cwd: clone, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const inClone = (...args: string[]) => execFileSync('git', ['-C', clone, ...args], { encoding: 'utf8' }).trim();

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'review-test-'));
  clone = path.join(work, 'clone');
  // Committed state only: other work in progress in this checkout is not in the clone.
  execFileSync('git', ['clone', '--quiet', rootDir, clone]);
  symlinkSync(path.join(rootDir, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  // The script as it is in this checkout, which may be ahead of its last commit.
  mkdirSync(path.join(clone, path.dirname(SCRIPT)), { recursive: true });
  copyFileSync(path.join(rootDir, SCRIPT), path.join(clone, SCRIPT));
  base = inClone('rev-parse', 'HEAD');
  const press = readFileSync(path.join(clone, PRESS), 'utf8');
  expect(press).toContain(INTRO_END);
  writeFileSync(path.join(clone, PRESS), press.replace(INTRO_END, `${INTRO_END} ${SENTENCE}`));
  inClone(
    '-c',
    'user.name=Editor',
    '-c',
    'user.email=editor@example.com',
    'commit',
    '--quiet',
    '-m',
    'Press: one more sentence',
    '--',
    PRESS,
  );
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('npm run review', () => {
  it(
    'names the one page and the one sentence an editor changed, and exits 3',
    async () => {
      const run = await review(base, 'HEAD');
      expect(run.code, run.stderr).toBe(3);
      expect(run.stdout).toContain(`Review: ${base} (${base.slice(0, 12)}) → HEAD`);
      expect(run.stdout).toContain('Pages changed: 1, added: 0, removed: 0');
      expect(run.stdout).toMatch(/^ {2}changed {2}http:\/\/localhost:3000\/press {2}\(text \+1 −0\)$/m);
      expect(run.stdout).toContain('Report: artifacts/review/changes.html');

      const text = readFileSync(path.join(clone, 'artifacts/review/changes.txt'), 'utf8');
      expect(text).toContain('Pages added: 0, removed: 0, changed: 1');
      expect(text).toContain('Changed: http://localhost:3000/press\n');
      expect(text).not.toContain('OUTSIDE LINKS CHANGED');
      // Every line the report marks as added or removed: exactly the sentence.
      expect(text.split('\n').filter((line) => /^\s+[+-] /.test(line))).toEqual([`    + ${SENTENCE}`]);

      const html = readFileSync(path.join(clone, 'artifacts/review/changes.html'), 'utf8');
      expect(html).toContain(SENTENCE);
      expect(html).toContain('http://localhost:3000/press');
      // The two archives stay beside the report; the worktrees do not stay.
      for (const side of ['base', 'head'])
        expect(readdirSync(path.join(clone, 'artifacts/review', side)).filter((f) => f.endsWith('.warc.gz'))).toHaveLength(1);
      expect(inClone('worktree', 'list').split('\n')).toHaveLength(1);
      expect(existsSync(path.join(rootDir, 'node_modules/.bin/tsx'))).toBe(true);
    },
    BUILDS_TIMEOUT,
  );

  it(
    'says "No change" and exits 0 for the same ref twice',
    async () => {
      const run = await review('HEAD', 'HEAD');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('No change: every page says the same, with the same images and outside links.');
      expect(readFileSync(path.join(clone, 'artifacts/review/changes.txt'), 'utf8')).toContain('No change');
    },
    BUILDS_TIMEOUT,
  );

  it('refuses a ref git does not know in one line, with exit 2', async () => {
    const run = await review(base, 'no-such-branch');
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(
      'Not a commit in this repository: "no-such-branch" (in a CI checkout, fetch it first, e.g. git fetch origin main)',
    );
    expect(run.stdout).toBe('');
  });
});
