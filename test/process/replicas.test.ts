/**
 * Replicas as operators run them: the built server, several processes on one
 * ledger file or one PostgreSQL, with the default retry timings.
 *
 * - Through a 40-second provider outage, 21 addresses (one sent to both
 *   replicas at once) reach the provider exactly once.
 * - A replica killed with `kill -9` while it is sending: the entries it had
 *   claimed are delivered by another replica once their lease runs out, the
 *   rest at once; nothing is lost and nothing is sent twice.
 * - `subscribers list | head` ends quietly.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../support/app';
import { acceptedPerAddress, FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import { ledgerEntries } from '../support/ledger';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { exitOf, startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { until } from '../support/until';

const command = ['node', 'dist/server/index.js'];
let pgs: TestPostgres;
let dir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  [pgs, dir] = await Promise.all([startPostgres(), mkdtemp(path.join(tmpdir(), 'replicas-'))]);
});
afterAll(async () => {
  const running = servers.filter((server) => server.child.exitCode === null && server.child.signalCode === null);
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  await pgs?.destroy();
  await rm(dir, { recursive: true, force: true });
});

async function startReplica(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ cwd: rootDir, command, env: { NEWSLETTER_RATE_LIMIT: '0', ...env } });
  servers.push(server);
  return server;
}

async function subscribe(server: ServerProcess, email: string): Promise<number> {
  const res = await fetch(`${server.origin}/api/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** What the store holds, read from outside the replicas. */
async function signUpsIn(where: Record<string, string>): Promise<Array<{ email: string; status: string; claimedBy?: string }>> {
  if (where.NEWSLETTER_FILE) return ledgerEntries(where.NEWSLETTER_FILE);
  const rows = await pgs.query<{ email: string; status: string; claimed_by: string | null }>(
    where.DATABASE_URL!,
    'SELECT email, status, claimed_by FROM sign_ups ORDER BY seq',
  );
  return rows.map((row) => ({ email: row.email, status: row.status, claimedBy: row.claimed_by ?? undefined }));
}

const stores = [
  { name: 'one ledger file', where: async (id: string) => ({ NEWSLETTER_FILE: path.join(dir, `${id}.jsonl`) }) },
  { name: 'one PostgreSQL', where: async (id: string) => ({ DATABASE_URL: await pgs.createDatabase(id) }) },
];

// All four at once: each waits mostly on the clock (the outage, the backoff, the lease).
describe.concurrent('two replicas', () => {
  for (const { name, where: whereFor } of stores) {
    it(`on ${name} deliver 21 addresses exactly once through a 40-second provider outage`, { timeout: 150_000 }, async () => {
      const fake = await startFormEndpoint();
      const where = await whereFor(name === 'one ledger file' ? 'outage_file' : 'outage_pg');
      const env = { NEWSLETTER_LIST_ID: 'ReplicaList', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`, ...where };
      try {
        const replicas = [await startReplica(env), await startReplica(env)];
        await fake.down();
        const downAt = Date.now();
        const emails = Array.from({ length: 20 }, (_, i) => `outage${i}@example.com`);
        const statuses = await Promise.all([
          ...emails.map((email, i) => subscribe(replicas[i % 2]!, email)),
          ...replicas.map((replica) => subscribe(replica, 'both.at.once@example.com')),
        ]);
        expect(statuses.every((status) => status === 202)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 40_000 - (Date.now() - downAt)));
        await fake.up();
        const all = [...emails, 'both.at.once@example.com'];
        await until(() => all.every((email) => acceptedPerAddress(fake).has(email)), 100_000, 'every address delivered after the outage');
        await new Promise((resolve) => setTimeout(resolve, 2_000));

        const delivered = acceptedPerAddress(fake);
        expect(delivered.size).toBe(21);
        expect([...delivered.entries()].filter(([, times]) => times !== 1)).toEqual([]);
        const kept = await signUpsIn(where);
        expect(kept).toHaveLength(21);
        expect(kept.every((entry) => entry.status === 'subscribed')).toBe(true);
        for (const replica of replicas) expect(await replica.stop('SIGTERM')).toBe(0);
      } finally {
        await fake.close();
      }
    });

    it(
      `on ${name} lose nothing when one is killed with kill -9 while sending: its claims run out and the other delivers`,
      { timeout: 90_000 },
      async () => {
        const fake = await startFormEndpoint('hang');
        const where = await whereFor(name === 'one ledger file' ? 'killed_file' : 'killed_pg');
        // The shortest lease the server accepts with a provider: its 8 s time limit and 5 s to record the answer.
        const env = {
          NEWSLETTER_LIST_ID: 'ReplicaList',
          NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`,
          OUTBOX_LEASE_SECONDS: '13',
          ...where,
        };
        try {
          const doomed = await startReplica(env);
          await fake.down();
          const emails = Array.from({ length: 10 }, (_, i) => `killed${i}@example.com`);
          expect(await Promise.all(emails.map((email) => subscribe(doomed, email)))).toEqual(Array(10).fill(202));
          // The provider comes back, but hangs: the replica's retries claim entries and wait on it.
          await fake.up();
          await until(() => fake.requests.filter((req) => req.answeredWith === 'hang').length >= 4, 30_000, 'four sends in flight');
          doomed.child.kill('SIGKILL');
          await exitOf(doomed.child);
          const killedAt = Date.now();
          const claimed = (await signUpsIn(where)).filter((entry) => entry.claimedBy);
          expect(claimed.length).toBeGreaterThanOrEqual(4);

          fake.setMode('success');
          await startReplica(env);
          await until(
            () => emails.every((email) => acceptedPerAddress(fake).has(email)),
            60_000,
            'every address delivered by the other replica',
          );
          // The claimed ones waited for their lease (13 s from their claim, made just before the kill) to run out.
          expect(Date.now() - killedAt).toBeGreaterThanOrEqual(8_000);
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          expect([...acceptedPerAddress(fake).values()]).toEqual(Array(10).fill(1));
          const kept = await signUpsIn(where);
          expect(kept.map((entry) => entry.status)).toEqual(Array(10).fill('subscribed'));
        } finally {
          await fake.close();
        }
      },
    );
  }
});

describe('subscribers list | head', () => {
  it('ends quietly when the reader stops early', async () => {
    const file = path.join(dir, 'long.jsonl');
    const lines = Array.from(
      { length: 5_000 },
      (_, i) => `{"email":"reader${i}@example.com","status":"subscribed","at":"2026-01-01T00:00:00.000Z"}`,
    );
    await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
    const list = spawn('node', ['dist/cli/subscribers.js', 'list'], {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', NEWSLETTER_FILE: file },
    });
    // One OS pipe from node to head, as a shell makes: once head has its lines and exits, node's writes fail with EPIPE.
    const head = spawn('head', ['-n', '3'], { stdio: [list.stdout, 'pipe', 'inherit'] });
    list.stdout.destroy(); // this process keeps no end of that pipe: head is its only reader
    let stdout = '';
    let stderr = '';
    head.stdout.on('data', (chunk) => (stdout += chunk));
    list.stderr.on('data', (chunk) => (stderr += chunk));
    const [code] = await Promise.all([exitOf(list), exitOf(head)]);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 3)).toEqual([`Sign-up ledger: ${file}`, '', 'subscribed   5000']);
    expect(stderr).toBe('');
  });
});
