/**
 * Runs the server as its own process, as an operator would, and finds the
 * port it chose from its JSON start-up log line.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  stdout: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function startServerProcess(options: {
  cwd: string;
  command: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const [file, ...args] = options.command;
  const child = spawn(file!, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time.\nstdout: ${stdout}\nstderr: ${stderr}`)),
      options.timeoutMs ?? 15_000,
    );
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const match = /"port":(\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}.\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });

  return {
    origin: `http://127.0.0.1:${port}`,
    child,
    stdout: () => stdout,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
      return exitOf(child);
    },
  };
}
