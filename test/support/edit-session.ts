/**
 * `npm run edit` (scripts/ops/edit.ts) in a throw-away git repository made from this checkout as
 * it is now (committed or not), on free loopback ports, for test/process/edit.test.ts and
 * test/browser/admin-workflow.test.ts; and decap-server's HTTP API, as the CMS in the browser posts it.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootDir } from './app';
import { sampleEpisode } from './content-dir';
import { until } from './until';

/** This checkout's script: for runs that need no repository of their own. */
export const EDIT_SCRIPT = path.join(rootDir, 'scripts/ops/edit.ts');
export const TSX = path.join(rootDir, 'node_modules/.bin/tsx');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** An episode file as the CMS writes it: YAML front matter, then the text. */
export function episodeFile(title: string, body: string): string {
  const front = Object.entries({ ...sampleEpisode, title }).map(
    ([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : value}`,
  );
  return `---\n${front.join('\n')}\n---\n${body}\n`;
}

/**
 * A clone of this repository whose one new commit is this checkout's working tree (tracked and
 * untracked files that are not ignored), so the tests run the code as it is, not as last committed.
 */
function repositoryOfThisCheckout(): string {
  const site = mkdtempSync(path.join(tmpdir(), 'harbor-edit-'));
  git(tmpdir(), 'clone', '--quiet', rootDir, site);
  git(site, 'config', 'user.name', 'Edit Test');
  git(site, 'config', 'user.email', 'edit-test@example.com');
  for (const file of git(site, 'ls-files', '-z').split('\0').filter(Boolean)) rmSync(path.join(site, file), { force: true });
  for (const file of git(rootDir, 'ls-files', '-z', '--cached', '--others', '--exclude-standard').split('\0').filter(Boolean)) {
    // Gone, or a folder (a worktree's node_modules, linked to the main checkout's, is an untracked symlink).
    if (!existsSync(path.join(rootDir, file)) || statSync(path.join(rootDir, file)).isDirectory()) continue;
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    copyFileSync(path.join(rootDir, file), path.join(site, file));
  }
  git(site, 'add', '--all');
  git(site, 'commit', '--quiet', '--allow-empty', '-m', 'The working tree under test');
  // After the commit: the symlink is not ignored (.gitignore names node_modules/, a folder), so it
  // stays an untracked file of the working copy, which npm run edit must leave alone.
  symlinkSync(path.join(rootDir, 'node_modules'), path.join(site, 'node_modules'));
  // The editor's bundle, as the suite's build (global-setup) made it from the same sources: npm run
  // edit builds it only when missing, which would cost each test file half a minute.
  for (const built of ['dist/client/admin', 'dist/admin']) {
    if (existsSync(path.join(rootDir, built))) cpSync(path.join(rootDir, built), path.join(site, built), { recursive: true });
  }
  return site;
}

export interface EditSession {
  /** The working copy. */
  site: string;
  sitePort: number;
  cmsPort: number;
  /** What npm run edit and its children wrote so far (stdout and stderr). */
  output: () => string;
  exited: Promise<number | null>;
  child: ChildProcess;
  /** One action of decap-server's API, as the CMS posts it (branch: the CMS config's). */
  cms: (action: string, params: Record<string, unknown>) => Promise<{ status: number; body: unknown }>;
  /** Stops npm run edit (and with it everything it started) and removes the repository. */
  close: () => Promise<void>;
}

/** npm run edit in a fresh repository, once its dev server answers; `args` after `--` (`--sign-in`), `env` beside PORT. */
export async function startEditSession(options: { args?: string[]; env?: Record<string, string> } = {}): Promise<EditSession> {
  const site = repositoryOfThisCheckout();
  const [sitePort, cmsPort] = await Promise.all([freePort(), freePort()]);
  // Its own process group (everything it starts stays in it), so close() can make sure nothing is left.
  // Its own copy of the script, so what it imports (the build) works on its own folder.
  const child = spawn(TSX, [path.join(site, 'scripts/ops/edit.ts'), ...(options.args ?? [])], {
    cwd: site,
    env: { ...process.env, PORT: String(sitePort), CMS_PROXY_PORT: String(cmsPort), DRAIN_SECONDS: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // To the whole group, as Ctrl-C in a terminal: decap-server and the dev server get it too.
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Gone already.
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
    rmSync(site, { recursive: true, force: true });
  };

  const cms: EditSession['cms'] = async (action, params) => {
    const answer = await fetch(`http://127.0.0.1:${cmsPort}/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${sitePort}` },
      body: JSON.stringify({ action, params: { branch: 'main', ...params } }),
    });
    return { status: answer.status, body: await answer.json() };
  };

  const siteAnswers = async () => {
    if (child.exitCode !== null) throw new Error(`npm run edit stopped:\n${output}`);
    return fetch(`http://127.0.0.1:${sitePort}/podcast`).then(
      (answer) => answer.ok,
      () => false,
    );
  };
  try {
    await until(siteAnswers, 170_000, 'the dev server under npm run edit', 500);
  } catch (error) {
    await close();
    throw error;
  }
  return { site, sitePort, cmsPort, output: () => output, exited, child, cms, close };
}
