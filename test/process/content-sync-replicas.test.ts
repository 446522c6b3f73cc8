/**
 * Replicas following one content repository on one PostgreSQL (issue 45), as
 * operators run them: a real bare repository, pushes from a clone, the built
 * server started twice (then a third time) on one DATABASE_URL, each with its
 * own CONTENT_WORK_DIR, and no poll (CONTENT_POLL_SECONDS=0), so the only way
 * a replica not sent the webhook can hear of a push is the database's NOTIFY.
 *
 * - A push signed to replica A only is served by replica B within seconds.
 * - With the head broken, a replica started afresh serves the last good
 *   commit, recorded in content_served (a table of migration 003, applied
 *   when a replica first touches the database: here, recording the commit it
 *   serves at start), and says on /readyz that the head fails the check.
 * - With the head broken and the database down, a replica refuses to start
 *   in one line that says both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { exitOf, startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { createContentRepo, readyz, sendPushWebhook, serves } from '../support/content-repo';
import type { ContentRepo } from '../support/content-repo';
import { rootDir } from '../support/app';
import { sampleEpisode, writeEpisode } from '../support/content-dir';
import { until } from '../support/until';
import { showReplicaLogsOnFailure } from '../support/replica-logs';

const SECRET = 'a-webhook-secret-for-the-replicas';
const NEW_EPISODE = 'fee-schedules-clients-understand-avery-holt';
/**
 * The longest a version may take from the push to being served: fetched, checked, and every page
 * rendered and compressed. That is CPU, so it goes with the machine's load: with the whole content
 * (72 pages) 12 to 17 s were seen for two replicas swapping at once on two cores shared with other
 * work (load average 6 to 9), 21 s for one at load average 15. These tests serve about 30 (fewEpisodes).
 * Only the limit is long: a test goes on as soon as the version is served.
 */
const SWAP_MS = 60_000;

let pgs: TestPostgres;
let repo: ContentRepo;
let databaseUrl: string;
/** Every replica started, by name, for the clean-up and a failed test's log. */
const servers = new Map<string, ServerProcess>();

async function startReplica(name: string): Promise<ServerProcess> {
  const server = await startServerProcess({
    env: {
      DATABASE_URL: databaseUrl,
      CONTENT_REPO: repo.origin,
      CONTENT_POLL_SECONDS: '0',
      CONTENT_WEBHOOK_SECRET: SECRET,
      CONTENT_WORK_DIR: path.join(repo.dir, `work-${name}`),
      DRAIN_SECONDS: '0',
    },
    timeoutMs: 90_000,
  });
  servers.set(name, server);
  return server;
}

/** The commit content_served holds for main, read from outside the replicas. */
async function recorded(): Promise<string | undefined> {
  const rows = await pgs.query<{ commit_id: string }>(databaseUrl, "SELECT commit_id FROM content_served WHERE branch = 'main'");
  return rows[0]?.commit_id;
}

/**
 * How many replicas wait for notices: a connection of theirs idle after LISTEN, or after a NOTIFY
 * (a replica sends them through that same connection, and sends none before it listens).
 */
async function listening(): Promise<number> {
  const rows = await pgs.query<{ count: string }>(
    databaseUrl,
    `SELECT count(*) FROM pg_stat_activity WHERE application_name = 'harbor-ledger-site content' AND state = 'idle'
       AND (query LIKE 'LISTEN %' OR query LIKE 'SELECT pg_notify(%')`,
  );
  return Number(rows[0]!.count);
}

const status = async (server: ServerProcess, pathname: string) => {
  const answer = await fetch(`${server.origin}${pathname}`);
  await answer.arrayBuffer();
  return answer.status;
};

/** A failed test shows what each replica logged about its content. */
showReplicaLogsOnFailure(servers, /content|database|listening/i);

beforeAll(async () => {
  repo = createContentRepo('harbor-sync-replicas-', { fewEpisodes: true });
  pgs = await startPostgres();
  databaseUrl = await pgs.createDatabase('content_replicas');
});
afterAll(async () => {
  const running = [...servers.values()].filter((server) => server.child.exitCode === null && server.child.signalCode === null);
  await Promise.all(running.map((server) => server.stop('SIGKILL')));
  await pgs?.destroy();
  repo?.remove();
});

describe('replicas following one content repository on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let c: ServerProcess;
  let good: string;
  let broken: string;

  it(
    'start together on an empty database: the schema is migrated once and the commit they serve is recorded',
    // Both render every page before they listen: 45 s was seen at load average 9, with the whole content.
    { timeout: 120_000 },
    async () => {
      [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
      const first = (await readyz(a.origin)).content!.match(/^serving ([0-9a-f]{12}) of main/)?.[1];
      expect(first).toBeDefined();
      expect(await serves(b.origin, first!)).toBe(true);
      expect((await recorded())?.slice(0, 12)).toBe(first);
      for (const replica of [a, b]) expect(replica.stdout()).not.toContain('could not record the commit served');
      // One of them applied the schema (003 among it), under the migration lock; the other found it done.
      expect([a, b].filter((replica) => replica.stdout().includes('"msg":"database schema migrated"'))).toHaveLength(1);
      const versions = await pgs.query<{ version: string }>(databaseUrl, 'SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.map((row) => row.version)).toContain('003_content_served');
      // Each listens for the other's notices, so what follows reaches B through NOTIFY only.
      await until(async () => (await listening()) === 2, 10_000, 'both replicas listening');
    },
  );

  it('a push signed to replica A only is served by replica B within seconds', { timeout: 120_000 }, async () => {
    writeEpisode(repo.contentDir, NEW_EPISODE, sampleEpisode, 'Avery Holt on fee schedules.');
    good = repo.push('A new episode');
    expect(await status(b, `/podcast/${NEW_EPISODE}`)).toBe(404);

    expect((await sendPushWebhook(a.origin, good, SECRET)).status).toBe(202);
    await until(() => serves(b.origin, good), SWAP_MS, 'replica B serving the commit pushed to A');
    expect(await status(b, `/podcast/${NEW_EPISODE}`)).toBe(200);
    expect(await (await fetch(`${b.origin}/podcast`)).text()).toContain(sampleEpisode.title);
    await until(() => serves(a.origin, good), SWAP_MS, 'replica A serving it too');
    await until(async () => (await recorded()) === good, 5_000, 'the commit recorded in content_served');
    // B heard it from the database, not from a webhook: only A logged one.
    expect(a.stdout()).toContain('content webhook: fetching the branch');
    expect(b.stdout()).not.toContain('content webhook: fetching the branch');
  });

  it(
    'with the head broken, a replica started afresh serves the last good commit and says the head fails the check',
    { timeout: 150_000 },
    async () => {
      writeEpisode(repo.contentDir, 'a-broken-episode', { ...sampleEpisode, listenUrl: 'htp://x' }, 'Words.');
      broken = repo.push('A broken episode');
      expect((await sendPushWebhook(a.origin, broken, SECRET)).status).toBe(202);
      for (const replica of [a, b]) {
        await until(
          async () => (await readyz(replica.origin)).content?.includes('fails the content check') ?? false,
          SWAP_MS,
          'the broken head seen by A and B',
        );
        expect(await serves(replica.origin, good)).toBe(true);
      }
      expect(await recorded()).toBe(good);

      c = await startReplica('c');
      const ready = await readyz(c.origin);
      expect(ready.status).toBe('ready');
      expect(ready.content).toMatch(new RegExp(`^serving ${good.slice(0, 12)} of main; the head ${broken.slice(0, 12)} is not served`));
      expect(ready.content).toContain('fails the content check');
      expect(ready.content).toContain('content/episodes/a-broken-episode.md: listenUrl must be an https URL');
      expect(await status(c, `/podcast/${NEW_EPISODE}`)).toBe(200);
      expect(await status(c, '/podcast/a-broken-episode')).toBe(404);
      expect(c.stdout()).toContain(`serving the last good commit ${good.slice(0, 12)}`);
      expect(await recorded()).toBe(good);
    },
  );

  it('a fix signed to replica C reaches B; replica A, stopped, leaves cleanly', { timeout: 150_000 }, async () => {
    // Two replicas rendering a version, not three, on a machine of two shared cores.
    expect(await a.stop('SIGTERM')).toBe(0);
    await until(async () => (await listening()) === 2, 10_000, 'replicas B and C listening, A gone');
    writeEpisode(repo.contentDir, 'a-broken-episode', { ...sampleEpisode, title: 'A Mended Episode' }, 'Words, mended.');
    const mended = repo.push('Mend the broken episode');
    expect((await sendPushWebhook(c.origin, mended, SECRET)).status).toBe(202);
    for (const replica of [b, c]) {
      await until(() => serves(replica.origin, mended), SWAP_MS, 'B and C serving the mended head');
      expect((await readyz(replica.origin)).content).not.toContain('fails the content check');
      expect(await status(replica, '/podcast/a-broken-episode')).toBe(200);
    }
    expect(await recorded()).toBe(mended);
  });

  it('with the database down and the head broken, a replica refuses to start, in one line', { timeout: 60_000 }, async () => {
    writeEpisode(repo.contentDir, 'another-broken-episode', { ...sampleEpisode, title: 'Another', listenUrl: 'htp://x' }, 'Words.');
    repo.push('Another broken episode');
    await pgs.stop();
    const started = spawn(process.execPath, [path.join(rootDir, 'dist/server/index.js')], {
      cwd: rootDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        CONTENT_REPO: repo.origin,
        CONTENT_POLL_SECONDS: '0',
        CONTENT_WORK_DIR: path.join(repo.dir, 'work-d'),
      },
    });
    let stderr = '';
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    started.stdout.resume();
    expect(await exitOf(started)).toBe(1);
    expect(stderr).toMatch(
      /^Not started: the head of main \([0-9a-f]{12}\) fails the content check and no good commit is held \(the record of the last one cannot be read: .*ECONNREFUSED.*\): content\/episodes\/another-broken-episode\.md: listenUrl must be an https URL .*\n$/,
    );
  });
});
