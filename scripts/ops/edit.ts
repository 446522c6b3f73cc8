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
 *
 * `npm run edit -- --sign-in` runs the site's own backend instead, with a development sign-in on
 * this machine and no decap-server: ./edit/sign-in-mode.ts (decision 043).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildAdmin } from '../build/build';
import { stopChild } from './edit/child-processes';
import { CMS_REPO_DIR, prepareClone, syncBranches } from './edit/cms-clone';
import { forward, freePort, LOOPBACK, readBody, waitForDecap, withBranch } from './edit/decap-proxy';
import { EditStop } from './edit/edit-stop';
import type { SignInMode } from './edit/sign-in-mode';

function portFrom(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new EditStop(`${name} must be a port number (got "${raw}").`);
  return port;
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
let signIn: SignInMode | undefined;
let stopping = false;

/** Stops whatever was started, says why, and exits. */
async function stop(code: number, message?: string) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(`\n${message}\n`);
  front?.close();
  await Promise.all([stopChild(dev), stopChild(decap)]);
  await signIn?.stop().catch(() => undefined);
  process.exit(code);
}

// Last resort if this process ends some other way (an uncaught error): no child outlives it.
process.on('exit', () => {
  for (const child of [dev, decap]) child?.kill('SIGTERM');
});

const USAGE = 'Usage: npm run edit [-- --sign-in]';

function startDev(root: string, env: NodeJS.ProcessEnv) {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  dev = spawn(tsx, ['scripts/build/dev.ts'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'development' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  dev.on('exit', (code) => void stop(code ?? 1));
}

/** Why npm run edit stops, as the person reads it: an EditStop's own words, anything else with its stack. */
const reason = (error: unknown) =>
  error instanceof EditStop ? error.message : `npm run edit: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;

/** --sign-in: the site's own backend and a development sign-in (./edit/sign-in-mode.ts). */
async function mainWithSignIn(root: string) {
  // Loaded only here: oidc-provider, a devDependency, prints a warning when imported on Node 20.
  const { signInGreeting, startSignInMode } = await import('./edit/sign-in-mode');
  const sitePort = process.env.PORT || '3000';
  signIn = await startSignInMode(root, { sitePort, providerPort: portFrom('OIDC_DEV_PORT', 0) });
  await ensureAdminBundle(root);
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  signIn.follow((error) => void stop(1, reason(error)));
  startDev(root, signIn.env);
  console.log(signInGreeting(signIn));
}

async function main() {
  if (process.env.NODE_ENV === 'production') {
    throw new EditStop(
      'npm run edit refuses to run with NODE_ENV=production: decap-server has no authentication, --sign-in signs anyone in as an editor, and both commit to the repository. It is for editing on your own machine.',
    );
  }
  const flags = process.argv.slice(2);
  if (flags.some((flag) => flag !== '--sign-in')) throw new EditStop(`npm run edit does not know ${flags.join(' ')}.\n${USAGE}`);
  const root = process.cwd();
  if (flags.includes('--sign-in')) return mainWithSignIn(root);
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
        const message = reason(error);
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

  startDev(root, { ...process.env, CMS_PROXY_PORT: String(cmsPort) });
  const sitePort = process.env.PORT || '3000';
  console.log(
    `npm run edit: the CMS proxy (decap-server, git mode) listens on http://${LOOPBACK}:${cmsPort}/api/v1 and edits ${CMS_REPO_DIR}/ on branch ${session.branch}.\n` +
      `Edit at http://localhost:${sitePort}/admin once the dev server below says it is listening; what you publish lands in content/ here.`,
  );
}

main().catch((error: unknown) => stop(1, reason(error)));
