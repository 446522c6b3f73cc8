/**
 * npm run edit: the site's dev server (npm run dev) and Decap CMS's own proxy (decap-server in git
 * mode, which has the editorial workflow), so a person edits at http://localhost:3000/admin with no
 * account. PORT is the site's port; CMS_PROXY_PORT (default 8081) is where the CMS in the browser
 * finds the proxy. Both proxies listen on 127.0.0.1 only: decap-server has no authentication, and
 * this refuses to run with NODE_ENV=production.
 *
 * Why a clone: in git mode decap-server checks branches out in the folder it serves and commits
 * with `git add .`, so serving the working copy would sweep someone's untracked or edited files into
 * a CMS branch, remove them from the folder, and merge them into the branch on publish (seen
 * with decap-server 3.11). So decap-server serves a clone of its own, .cache/cms-repo/
 * (git-ignored; no watcher of the dev server reads it: tsx and esbuild watch what is imported, the
 * content store reads content/), on the working copy's branch. Drafts are cms/* branches of that
 * clone; only commits travel between the two, never a file that is not committed.
 *
 * Why a proxy in front of decap-server (it listens on a private loopback port, this on
 * CMS_PROXY_PORT): requests are taken one at a time, and around each one both branches are brought
 * level while the clone is idle (decap-server's own lock covers only its own requests):
 * - commits the person made on the branch reach the clone first (a fast-forward), so the CMS edits
 *   and publishes on top of them;
 * - when a request moved the clone's branch (a publish), the working copy's branch is fast-forwarded
 *   to it before the CMS hears back, so "Entry published" means the file is in content/ and the
 *   dev server (which serves the working copy) shows it on the next page load. That fast-forward is
 *   made only when no file the CMS changed is modified, staged or untracked in the working copy (and
 *   git itself refuses to overwrite anything); otherwise, or when both branches have new commits,
 *   this stops and names the files and the command that brings the change in by hand. Nothing is
 *   lost: the published commits stay on the clone's branch and the next `npm run edit` tries again.
 * The proxy also names the branch in every request, so the CMS config's `branch` need not match.
 */
import { execFile, spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildAdmin } from '../build/build';

/** Where the CMS's clone lives, inside the working copy (`.cache/` is git-ignored). */
const CMS_REPO_DIR = '.cache/cms-repo';
const LOOPBACK = '127.0.0.1';
/** decap-server itself accepts 50 MB (a media upload in base64). */
const BODY_LIMIT = 60 * 1024 * 1024;

/** A reason to stop that the person can act on; printed as it is, without a stack. */
class EditStop extends Error {
  override name = 'EditStop';
}

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

interface EditSession {
  /** The person's working copy (the dev server's folder). */
  root: string;
  /** The CMS's own clone, which decap-server serves. */
  clone: string;
  /** The branch both are on, as the working copy was when `npm run edit` started. */
  branch: string;
  log: (line: string) => void;
}

/** The working copy's checked-out branch; the CMS works on the same one. */
async function currentBranch(root: string): Promise<string> {
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
async function prepareClone(root: string, log: (line: string) => void = console.log): Promise<EditSession> {
  if ((await runGit(root, ['rev-parse', '--show-toplevel'])).code !== 0) throw new EditStop(`${root} is not a git working copy.`);
  const branch = await currentBranch(root);
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
  return { root, clone, branch, log };
}

/**
 * Brings the two branches level, with fast-forwards only. Call it while decap-server is idle.
 * Throws EditStop, naming the files, when the working copy cannot take the CMS's commits safely.
 */
async function syncBranches(session: EditSession): Promise<void> {
  const { root, clone, branch } = session;
  const [ours, cms] = await Promise.all([tipOf(root, branch), tipOf(clone, branch)]);
  if (ours === cms) return;
  // Both commits in the clone, to compare them there (the clone is ours to write to).
  await git(clone, ['fetch', '--quiet', root, `refs/heads/${branch}`]);
  if (await isAncestor(clone, cms, ours)) {
    // The person committed: the CMS goes on from their commit. The clone is clean between requests.
    await git(clone, ['merge', '--ff-only', '--quiet', ours]);
    return;
  }
  const byHand = `git pull --no-rebase ${CMS_REPO_DIR} ${branch}`;
  if (!(await isAncestor(clone, ours, cms))) {
    throw new EditStop(
      `Branch ${branch} has new commits both here and in the CMS (${CMS_REPO_DIR}/), so the CMS's cannot be fast-forwarded in.\n` +
        `Bring them in with \`${byHand}\` (a merge), then run npm run edit again.`,
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
          `Nothing was overwritten. Commit or move your changes, bring the CMS's in with \`${byHand}\`, then run npm run edit again.`,
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
  session.log(`npm run edit: published by the CMS, now on ${branch} here: ${changed.join(', ') || '(no file changed)'}`);
}

interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Sends one request on to decap-server and reads its whole answer. */
function forward(port: number, req: http.IncomingMessage, body: Buffer): Promise<Answer> {
  const headers = { ...req.headers, host: `${LOOPBACK}:${port}`, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: LOOPBACK, port, method: req.method, path: req.url, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const answerHeaders: http.OutgoingHttpHeaders = { ...incoming.headers };
        delete answerHeaders['transfer-encoding'];
        delete answerHeaders.connection;
        delete answerHeaders['keep-alive'];
        resolve({ status: incoming.statusCode ?? 502, headers: answerHeaders, body: Buffer.concat(chunks) });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The CMS config's `branch` is fixed; the session's branch is whatever was checked out. */
function withBranch(body: Buffer, branch: string): { body: Buffer; action?: string } {
  try {
    const request = JSON.parse(body.toString('utf8')) as { action?: unknown; params?: unknown };
    const action = typeof request.action === 'string' ? request.action : undefined;
    if (request.params && typeof request.params === 'object' && 'branch' in request.params) {
      (request.params as { branch: unknown }).branch = branch;
      return { body: Buffer.from(JSON.stringify(request)), ...(action ? { action } : {}) };
    }
    return { body, ...(action ? { action } : {}) };
  } catch {
    return { body };
  }
}

/** A port nothing listens on now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForDecap(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new EditStop(`decap-server stopped at start-up (exit ${child.exitCode ?? child.signalCode}); see its lines above.`);
    try {
      const answer = await fetch(`http://${LOOPBACK}:${port}/api/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'info', params: {} }),
      });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new EditStop(`decap-server did not answer on ${LOOPBACK}:${port} within ${timeoutMs / 1000} s.`);
}

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new EditStop(`${name} must be a port number (got "${raw}").`);
  return port;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process and everything under it (the dev server is tsx, esbuild, npx and the server under tsx watch). */
function processTree(root: number): number[] {
  const listing = spawnSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).stdout ?? '';
  const children = new Map<number, number[]>();
  for (const line of listing.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/**
 * SIGTERM to the child and all under it, SIGKILL after 10 s; resolves once all of it is gone. The
 * children share this process's group, so Ctrl-C reaches each of them directly as well, even if
 * this process were killed before it could stop them (tsx's signal relay can do that under load).
 */
async function stopChild(child: ChildProcess | undefined): Promise<void> {
  const pid = child?.pid;
  if (pid === undefined || !isRunning(pid)) return;
  const tree = processTree(pid);
  const signal = (name: NodeJS.Signals) => {
    for (const member of tree) {
      try {
        process.kill(member, name);
      } catch {
        // Already gone.
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (tree.some(isRunning)) {
    if (Date.now() > deadline) {
      signal('SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What the editor's bundle is made from; a change to one of them (or to Decap) builds it again. */
const ADMIN_SOURCES = [
  'client/admin.tsx',
  'server/admin/cms-config.ts',
  'shared/content/schema.ts',
  'node_modules/decap-cms-app/package.json',
];
const ADMIN_MANIFEST = 'dist/client/admin/manifest.json';

/**
 * npm run dev does not build the editor's bundle (half a minute, for a page most sessions never
 * open), and /admin answers 503 without it: build it here when it is missing or older than its sources.
 */
async function ensureAdminBundle(root: string) {
  const mtime = (file: string) => (existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0);
  const built = mtime(ADMIN_MANIFEST);
  if (built && ADMIN_SOURCES.every((file) => mtime(file) <= built)) return;
  console.log("npm run edit: building the editor's bundle (dist/client/admin/; about half a minute, then only when its sources change)");
  await buildAdmin('production');
}

let decap: ChildProcess | undefined;
let dev: ChildProcess | undefined;
let front: http.Server | undefined;
let stopping = false;

/** Stops whatever was started, says why, and exits. */
async function stop(code: number, message?: string) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(`\n${message}\n`);
  front?.close();
  await Promise.all([stopChild(dev), stopChild(decap)]);
  process.exit(code);
}

// Last resort if this process ends some other way (an uncaught error): no child outlives it.
process.on('exit', () => {
  for (const child of [dev, decap]) child?.kill('SIGTERM');
});

async function main() {
  if (process.env.NODE_ENV === 'production') {
    throw new EditStop(
      'npm run edit refuses to run with NODE_ENV=production: decap-server has no authentication and commits to the repository. It is for editing on your own machine.',
    );
  }
  const root = process.cwd();
  const proxyPort = portFrom('CMS_PROXY_PORT', 8081);
  const session = await prepareClone(root);
  await syncBranches(session);
  await ensureAdminBundle(root);

  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const decapPort = await freePort();
  const decapBin = createRequire(import.meta.url).resolve('decap-server/dist/index.js');
  decap = spawn(process.execPath, [decapBin], {
    // Its cwd is the clone too: decap-server reads a .env from its cwd.
    cwd: session.clone,
    env: { ...process.env, MODE: 'git', GIT_REPO_DIRECTORY: session.clone, PORT: String(decapPort), BIND_HOST: LOOPBACK },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Ctrl-C reaches decap-server as well as this process: its exit by a signal is no crash.
  decap.on('exit', (code, signal) => void (signal ? stop(0) : stop(1, `decap-server stopped (exit ${code}); npm run edit stops too.`)));
  await waitForDecap(decapPort, decap);

  // One request at a time, each between two syncs: see the top of this file.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  front = http.createServer((req, res) => {
    void (async () => {
      try {
        const { body, action } = withBranch(await readBody(req), session.branch);
        const moves = req.method === 'POST' && action !== 'info';
        const answer = await exclusive(async () => {
          if (moves) await syncBranches(session);
          const reply = await forward(decapPort, req, body);
          if (moves) await syncBranches(session);
          return reply;
        });
        res.writeHead(answer.status, answer.headers).end(answer.body);
      } catch (error) {
        // The CMS shows an error rather than "published": the change is in the clone, not yet here.
        const message =
          error instanceof EditStop
            ? error.message
            : `npm run edit: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
        if (!res.headersSent)
          res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `npm run edit stopped: ${message}` }));
        void stop(1, message);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    front!.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new EditStop(
              `CMS_PROXY_PORT ${proxyPort} is in use: stop what uses it, or set CMS_PROXY_PORT (and the CMS config's local_backend) to another port.`,
            )
          : error,
      ),
    );
    front!.listen(proxyPort, LOOPBACK, () => resolve());
  });
  const cmsPort = (front.address() as AddressInfo).port;

  const tsx = path.join(root, 'node_modules/.bin/tsx');
  dev = spawn(tsx, ['scripts/build/dev.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', CMS_PROXY_PORT: String(cmsPort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  dev.on('exit', (code) => void stop(code ?? 1));
  const sitePort = process.env.PORT || '3000';
  console.log(
    `npm run edit: the CMS proxy (decap-server, git mode) listens on http://${LOOPBACK}:${cmsPort}/api/v1 and edits ${CMS_REPO_DIR}/ on branch ${session.branch}.\n` +
      `Edit at http://localhost:${sitePort}/admin once the dev server below says it is listening; what you publish lands in content/ here.`,
  );
}

main().catch((error: unknown) =>
  stop(
    1,
    error instanceof EditStop ? error.message : `npm run edit: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  ),
);
