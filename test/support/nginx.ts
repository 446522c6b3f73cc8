/**
 * A real nginx (the Debian package) in front of app instances, running the
 * shipped deploy/nginx.conf: the same file with loopback addresses, free
 * ports and a temporary folder put in place of the container's names and
 * paths. Each substitution must match exactly as often as expected, so a
 * change to the shipped file that the test would silently skip fails here.
 *
 * TLS uses a self-signed certificate made with openssl for this run.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rootDir } from './app';
import { exitOf } from '../../scripts/local/server-process';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const DEPLOY_NGINX_CONF = path.join(rootDir, 'deploy/nginx.conf');

export interface Nginx {
  httpOrigin: string;
  httpsOrigin: string;
  /** The self-signed certificate, for clients to trust. */
  ca: string;
  dir: string;
  errorLog: () => string;
  accessLog: () => string;
  /** Graceful stop (SIGQUIT); resolves with the exit code. */
  stop: () => Promise<number | null>;
}

/** A port nobody listens on right now, for processes that must come back on the same port. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, host, resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function replaceExactly(text: string, from: string, to: string, times = 1): string {
  const found = text.split(from).length - 1;
  if (found !== times) throw new Error(`deploy/nginx.conf: expected "${from}" ${times} time(s), found ${found}`);
  return text.split(from).join(to);
}

/** deploy/nginx.conf with this run's addresses and paths. */
export function renderNginxConf(options: { dir: string; upstreamPorts: [number, number]; httpPort: number; httpsPort: number }): string {
  const { dir, upstreamPorts, httpPort, httpsPort } = options;
  let conf = readFileSync(DEPLOY_NGINX_CONF, 'utf8');
  conf = replaceExactly(conf, 'server app-a:3000 ', `server 127.0.0.1:${upstreamPorts[0]} `);
  conf = replaceExactly(conf, 'server app-b:3000 ', `server 127.0.0.1:${upstreamPorts[1]} `);
  conf = replaceExactly(conf, 'listen 80;', `listen 127.0.0.1:${httpPort};`);
  conf = replaceExactly(conf, 'listen 443 ssl;', `listen 127.0.0.1:${httpsPort} ssl;`);
  conf = replaceExactly(conf, '/etc/nginx/certs/', `${dir}/certs/`, 2);
  conf = replaceExactly(conf, 'pid /run/nginx.pid;', `pid ${dir}/nginx.pid;`);
  conf = replaceExactly(conf, '/var/log/nginx/', `${dir}/logs/`, 2);
  // Temporary files stay in the folder too (the package's defaults are under /var/lib/nginx).
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/temp/${kind};`).join('\n');
  conf = replaceExactly(conf, 'http {\n', `http {\n${temp}\n`);
  return conf;
}

function makeCertificate(certsDir: string) {
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      path.join(certsDir, 'privkey.pem'),
      '-out',
      path.join(certsDir, 'fullchain.pem'),
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`openssl could not make a certificate: ${result.error ?? result.stderr}`);
}

async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port} in time: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startNginx(options: { upstreamPorts: [number, number] }): Promise<Nginx> {
  if (spawnSync(NGINX_PATH, ['-v']).status !== 0) {
    throw new Error(`nginx not found at ${NGINX_PATH}: install it with "apt-get install -y nginx openssl" or set NGINX_PATH.`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'harbor-nginx-'));
  // Started as root, nginx's workers run as an unprivileged user that must reach the temp folder.
  chmodSync(dir, 0o755);
  for (const sub of ['certs', 'logs', 'temp']) mkdirSync(path.join(dir, sub));
  makeCertificate(path.join(dir, 'certs'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  writeFileSync(path.join(dir, 'nginx.conf'), renderNginxConf({ dir, upstreamPorts: options.upstreamPorts, httpPort, httpsPort }));

  const check = spawnSync(NGINX_PATH, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/startup.log')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t rejected the configuration:\n${check.stderr}`);

  const child = spawn(
    NGINX_PATH,
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/startup.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const read = (file: string) => () => {
    try {
      return readFileSync(path.join(dir, 'logs', file), 'utf8');
    } catch {
      return '';
    }
  };
  await waitForPort(httpsPort, child, () => output + read('error.log')());

  return {
    httpOrigin: `http://127.0.0.1:${httpPort}`,
    httpsOrigin: `https://127.0.0.1:${httpsPort}`,
    ca: readFileSync(path.join(dir, 'certs/fullchain.pem'), 'utf8'),
    dir,
    errorLog: read('error.log'),
    accessLog: read('access.log'),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT');
      const code = await exitOf(child);
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
