/**
 * The built server as its own process, twice on one ledger file: a sign-up
 * left pending while the provider is down survives SIGTERM and is delivered
 * by the next process, with the default retry timings. Also: a bad
 * NEWSLETTER_RATE_LIMIT stops start-up with one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { rootDir } from '../support/app';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';
import { ledgerEntries } from '../support/ledger';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';

const command = ['node', 'dist/server/index.js'];
let fake: FakeProvider<FormEndpointMode>;
let dir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  fake = await startFormEndpoint();
  dir = await mkdtemp(path.join(tmpdir(), 'newsletter-restart-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  server = undefined;
});

describe('a pending sign-up and a restart', () => {
  it('is kept through SIGTERM and delivered exactly once by the next process', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    const env = { NEWSLETTER_LIST_ID: 'RestartList', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`, NEWSLETTER_FILE: file };
    await fake.down();
    server = await startServerProcess({ cwd: rootDir, command, env });
    const res = await fetch(`${server.origin}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.com' }),
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true, message: newsletterMessages.pending });
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(await ledgerEntries(file)).toEqual([expect.objectContaining({ email: 'restart@example.com', status: 'pending' })]);

    await fake.up();
    server = await startServerProcess({ cwd: rootDir, command, env });
    await expect.poll(async () => (await ledgerEntries(file))[0]?.status, { timeout: 60_000, interval: 200 }).toBe('subscribed');
    const delivered = fake.requests.filter((req) => req.answeredWith === 'success');
    expect(delivered.map((req) => (req.body as { email: string }).email)).toEqual(['restart@example.com']);
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});

describe('NEWSLETTER_RATE_LIMIT', () => {
  it.each(['lots', '-1', '2.5'])('=%s stops start-up with one line naming the variable', (value) => {
    const [file, ...args] = command;
    const result = spawnSync(file!, args, {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', NEWSLETTER_RATE_LIMIT: value },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `Invalid configuration: NEWSLETTER_RATE_LIMIT must be a whole number of sign-ups per client per minute, 0 for no limit (got "${value}")`,
    );
  });
});
