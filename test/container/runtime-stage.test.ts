/**
 * No Docker engine runs here, so this reproduces the Dockerfile's runtime
 * stage by hand: a folder holding only what that stage copies, its
 * `npm ci --omit=dev`, and the server started exactly as its CMD says.
 * A runtime dependency filed under devDependencies makes this fail.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../support/app';
import { startPostgres } from '../../scripts/local/postgres';
import { SERVER_NODE_FLAGS, startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';

interface RuntimeStage {
  from: string;
  env: Record<string, string>;
  copies: { fromStage?: string; sources: string[]; dest: string }[];
  runs: string[];
  user?: string;
  expose?: string;
  healthcheck?: string;
  cmd: string[];
}

/** Reads the last stage of the Dockerfile, joining continued lines. */
function readRuntimeStage(): RuntimeStage {
  const text = readFileSync(path.join(rootDir, 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const start = lines.findLastIndex((line) => line.startsWith('FROM '));
  const stage: RuntimeStage = { from: lines[start]!.split(/\s+/)[1]!, env: {}, copies: [], runs: [], cmd: [] };
  for (const line of lines.slice(start + 1)) {
    const [instruction, ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'ENV') {
      for (const pair of args.split(/\s+/)) {
        const [key, value] = pair.split('=');
        stage.env[key!] = value!;
      }
    } else if (instruction === 'COPY') {
      const parts = args.split(/\s+/);
      const fromStage = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
      stage.copies.push({ fromStage, sources: parts.slice(0, -1), dest: parts.at(-1)! });
    } else if (instruction === 'RUN') stage.runs.push(args);
    else if (instruction === 'USER') stage.user = args;
    else if (instruction === 'EXPOSE') stage.expose = args;
    else if (instruction === 'HEALTHCHECK') stage.healthcheck = args;
    else if (instruction === 'CMD') stage.cmd = JSON.parse(args) as string[];
  }
  return stage;
}

const stage = readRuntimeStage();
let appDir: string;
let server: ServerProcess | undefined;

beforeAll(() => {
  appDir = mkdtempSync(path.join(os.tmpdir(), 'runtime-stage-'));
  for (const { fromStage, sources, dest } of stage.copies) {
    for (const source of sources) {
      // The build stage's WORKDIR is /app, so /app/dist there is dist/ here (built by the test setup).
      const from = fromStage ? path.join(rootDir, path.relative('/app', source)) : path.join(rootDir, source);
      const to = dest.endsWith('/') ? path.join(appDir, dest, path.basename(source)) : path.join(appDir, dest);
      cpSync(from, to, { recursive: true });
    }
  }
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: appDir, stdio: 'pipe' });
}, 300_000);

afterAll(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  if (appDir) rmSync(appDir, { recursive: true, force: true });
});

describe('the Dockerfile runtime stage', () => {
  it('is a non-root node:24-slim image in production mode with a health check and an exec-form CMD', () => {
    expect(stage.from).toBe('node:24-slim');
    expect(stage.env.NODE_ENV).toBe('production');
    expect(stage.user).toBe('node');
    expect(stage.expose).toBe('3000');
    expect(stage.healthcheck).toContain('/healthz');
    // Node started as the benches and process tests start it (scripts/local/server-process.ts).
    expect(stage.cmd).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/index.js']);
    const { scripts } = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/index.js`);
    expect(stage.runs.some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true);
  });

  it('holds no source, tests or dev dependencies', () => {
    const copied = stage.copies.flatMap((copy) => copy.sources);
    expect(copied).not.toEqual(expect.arrayContaining(['server', 'shared', 'client', 'test', '.']));
    expect(() => readFileSync(path.join(appDir, 'node_modules/vitest/package.json'))).toThrow();
  });

  it('starts as CMD starts it and serves the health check and pages', async () => {
    server = await startServerProcess({ cwd: appDir, command: stage.cmd, env: { ...stage.env, PORT: '0' } });
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const home = await fetch(`${server.origin}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<!DOCTYPE html>');
    const entry = /<script type="module" src="([^"]+)"/.exec(html)![1]!;
    // Each body is read to its end: a response left half-read keeps its connection busy, and the
    // server, rightly, reports on SIGTERM that a request did not finish (exit 1).
    const statusOf = async (url: string) => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.status;
    };
    expect(await statusOf(server.origin + entry)).toBe(200);
    expect(await statusOf(`${server.origin}/media/video/hero-home.mp4`)).toBe(200);
    expect(await statusOf(`${server.origin}/no/such/page`)).toBe(404);

    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('runs the operator’s command as `docker exec … node dist/cli/subscribers.js` would, with production dependencies only', async () => {
    const env = { PATH: process.env.PATH ?? '', ...stage.env, NEWSLETTER_FILE: 'data/subscribers.jsonl' };
    server = await startServerProcess({ cwd: appDir, command: stage.cmd, env: { ...env, PORT: '0' } });
    const signUp = await fetch(`${server.origin}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'container@example.com' }),
    });
    expect(signUp.status).toBe(200);
    const list = execFileSync('node', ['dist/cli/subscribers.js', 'list'], { cwd: appDir, env, encoding: 'utf8' });
    expect(list).toMatch(/^subscribed +1$/m);
    expect(list).toMatch(/^subscribed +container@example\.com /m);
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('carries the database schema: with DATABASE_URL it migrates a new database and keeps sign-ups there', async () => {
    const postgres = await startPostgres();
    try {
      const env = { PATH: process.env.PATH ?? '', ...stage.env, DATABASE_URL: postgres.url };
      server = await startServerProcess({ cwd: appDir, command: stage.cmd, env: { ...env, PORT: '0' } });
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      const signUp = await fetch(`${server.origin}/api/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'in.the.database@example.com' }),
      });
      expect(signUp.status).toBe(200);
      expect(await server.stop('SIGTERM')).toBe(0);
      const list = execFileSync('node', ['dist/cli/subscribers.js', 'list'], { cwd: appDir, env, encoding: 'utf8' });
      expect(list).toMatch(/^Sign-up ledger: table sign_ups in PostgreSQL/m);
      expect(list).toMatch(/^subscribed +in\.the\.database@example\.com /m);
    } finally {
      await postgres.destroy();
    }
  });
});
