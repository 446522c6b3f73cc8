/**
 * The built server (dist/server/index.js) as its own process, as an operator
 * runs it, and the port it chose, read from its JSON "listening on" log line.
 * The one way the benches (scripts/bench/) and the tests (test/process,
 * test/proxy, test/container) start it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT_SERVER = 'dist/server/index.js';

/**
 * How production starts Node for the server (the Dockerfile's CMD, npm start), and so how the benches and
 * startServerProcess's default command start it (tests that pass a command of their own do without). A heap ceiling far above what the server holds (33–38 MB live) makes V8 use
 * its growing factor for small heaps: under a search flood RSS peaked at 152 MB instead of 240 MB, for the
 * same CPU per search (docs/decisions/018-pages-made-per-request.md, "Memory under a flood"). The young
 * generation at most 2 × 16 MB, Node 20's own default, which Node 24 (the image's) doubles: 30 MB more RSS
 * under page load for about 1 µs less collection per response (docs/decisions/027-young-generation-bound.md).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--max-semi-space-size=16'];

export interface ServerProcess {
  origin: string;
  port: number;
  /** Where /metrics answers, when METRICS_PORT was set. */
  metricsOrigin: string | undefined;
  child: ChildProcess;
  /** What it wrote on stdout so far (with log: 'drop', up to its listening line). */
  stdout: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface ServerProcessOptions {
  /** Where it runs (and reads content/ from): by default this repository. */
  cwd?: string;
  /** By default this Node running dist/server/index.js; a prefix such as `taskset -c 0` goes here. */
  command?: string[];
  /** 0 (the default): a free port, which the listening line names. */
  port?: number;
  /** Added to PATH, NODE_ENV=production, HOST=127.0.0.1 and PORT, and wins over them. */
  env?: Record<string, string>;
  /**
   * 'keep' (the default): stdout() holds the whole log, for tests to read.
   * 'drop': read and dropped after the listening line, as a log shipper would,
   * so a bench's client neither keeps nor parses the request log.
   */
  log?: 'keep' | 'drop';
  /** 'pipe' (the default): kept for the error when it does not start. 'inherit': this process's stderr. */
  stderr?: 'pipe' | 'inherit';
  /** An IPC channel to the child (child.send, 'message'), for a probe it was started with (scripts/bench/memory-rounds.ts). */
  ipc?: boolean;
  timeoutMs?: number;
}

/** Resolves with the exit code once the child has exited (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

interface ListeningLine {
  port: number;
  metricsPort?: number;
}

function listeningLine(line: string): ListeningLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const record = JSON.parse(line) as { msg?: string; port?: unknown; metricsPort?: unknown };
    if (!record.msg?.startsWith('listening') || typeof record.port !== 'number') return undefined;
    return { port: record.port, ...(typeof record.metricsPort === 'number' ? { metricsPort: record.metricsPort } : {}) };
  } catch {
    return undefined;
  }
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const cwd = options.cwd ?? rootDir;
  if (!options.command && !existsSync(path.join(cwd, BUILT_SERVER))) {
    throw new Error(`${path.join(cwd, BUILT_SERVER)} is missing: run npm run build first`);
  }
  const [file, ...args] = options.command ?? [process.execPath, ...SERVER_NODE_FLAGS, BUILT_SERVER];
  const child = spawn(file!, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(options.port ?? 0), HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', options.stderr ?? 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout!.setEncoding('utf8');

  const listening = await new Promise<ListeningLine>((resolve, reject) => {
    let scanned = 0;
    const timer = setTimeout(() => {
      fail('the server did not start in time');
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 15_000);
    const settle = () => {
      clearTimeout(timer);
      child.off('close', closed);
      child.stdout!.off('data', read);
    };
    const fail = (why: string) => {
      settle();
      reject(new Error(`${why}.\nstdout: ${stdout}\nstderr: ${options.stderr === 'inherit' ? '(above)' : stderr}`));
    };
    const read = (chunk: string) => {
      stdout += chunk;
      // Whole lines only: the listening line may arrive in pieces.
      for (let end = stdout.indexOf('\n', scanned); end !== -1; end = stdout.indexOf('\n', scanned)) {
        const found = listeningLine(stdout.slice(scanned, end));
        scanned = end + 1;
        if (!found) continue;
        settle();
        // From here on the log is only kept (for stdout()), or read and dropped.
        if (options.log === 'drop') child.stdout!.resume();
        else child.stdout!.on('data', (more: string) => (stdout += more));
        resolve(found);
        return;
      }
    };
    // 'close', not 'exit': by then every line it wrote has been read.
    const closed = (code: number | null, signal: NodeJS.Signals | null) => fail(`the server exited (${code ?? signal}) before it listened`);
    child.stdout!.on('data', read);
    child.once('close', closed);
    child.once('error', (error) => fail(`the server could not be started: ${error.message}`));
  });

  return {
    origin: `http://127.0.0.1:${listening.port}`,
    port: listening.port,
    metricsOrigin: listening.metricsPort === undefined ? undefined : `http://127.0.0.1:${listening.metricsPort}`,
    child,
    stdout: () => stdout,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
      return exitOf(child);
    },
  };
}
