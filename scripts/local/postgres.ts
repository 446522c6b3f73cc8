/**
 * A real PostgreSQL for a test or a bench: a throw-away cluster made with
 * Debian's `postgresql` package (../shared/notes/postgres.md), in a temporary
 * folder, on a free loopback port, with its socket in that folder, so test
 * files can each run their own. PostgreSQL refuses to run as root: as root
 * (CI) its binaries run as the `postgres` user, otherwise as the current user.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const major = majors.at(-1);
  if (!major) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (see .ci/run)');
  return path.join(root, major, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface TestPostgres {
  url: string;
  port: number;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  start(): Promise<void>;
  /** A fresh, empty database on this server; resolves with its URL. */
  createDatabase(name: string): Promise<string>;
  /** One query with its own connection. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<R[]>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** `durable`: fsync on, as in production (the bench); tests run without it, for speed. */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'harbor-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
      Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
    );
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', ...(options.durable ? [] : ['--no-sync'])]);
  const start = async () => {
    await pgRun('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${options.durable ? '' : ' -c fsync=off'}`,
    ]);
  };
  const stop = async () => {
    await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <R extends pg.QueryResultRow>(target: string, text: string, values?: unknown[]) => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return (await client.query<R>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    url,
    port,
    stop,
    start,
    query,
    async createDatabase(name) {
      await query(url, `CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
