/**
 * Several replicas, one store: two and three apps share one ledger file, or
 * one real PostgreSQL, through a provider outage, and each record is still
 * delivered exactly once (claims, server/forms/storage/record-store.ts). Also on
 * PostgreSQL: the contact queue, the rate limit shared across replicas, the
 * database stopped and restarted under load, two replicas migrating one
 * empty database together, and the operator's commands. Real time, fast
 * retries; the 40-second outage with real processes is
 * test/process/replicas.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createMetrics } from '../../server/http/metrics';
import type { Metrics } from '../../server/http/metrics';
import { openSignUpLedger, recordSignUp } from '../../server/forms/newsletter/sign-up-ledger';
import { migrationFiles, MIGRATIONS_DIR } from '../../server/forms/storage/postgres/migrate';
import { capturingLogger, rootDir, testConfig } from '../support/app';
import { acceptedPerAddress, FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import { FAST_NEWSLETTER, FAST_OUTBOX } from '../support/fake-provider';
import { startPostgres } from '../../scripts/local/postgres';
import type { TestPostgres } from '../../scripts/local/postgres';
import { startSmtpServer } from '../support/smtp-server';
import { until } from '../support/until';

const execFileAsync = promisify(execFile);

let pgs: TestPostgres;
let dir: string;
let databases = 0;

beforeAll(async () => {
  [pgs, dir] = await Promise.all([startPostgres(), mkdtemp(path.join(tmpdir(), 'shared-outbox-'))]);
});
afterAll(async () => {
  await pgs?.destroy();
  await rm(dir, { recursive: true, force: true });
});

async function freshDatabase(): Promise<string> {
  databases += 1;
  return pgs.createDatabase(`replicas_${databases}`);
}

type Replica = ReturnType<typeof makeReplica>;

/**
 * One replica: the real app with fast retries and a lease longer than any send here. The provider's time limit is
 * 5 s, not FAST_NEWSLETTER's 300 ms: on a loaded machine 300 ms ran out after the fake had taken a sign-up, and
 * the retry after that timeout (right to make: the answer was lost) counted as a second delivery.
 */
function makeReplica(env: Record<string, string>, options: { limit?: number; metrics?: Metrics } = {}) {
  const { logger, records } = capturingLogger('info');
  const app = createApp(testConfig(env), {
    logger,
    metrics: options.metrics,
    newsletter: {
      ...FAST_NEWSLETTER,
      timeoutMs: 5_000,
      ...(options.limit ? { rateLimit: { limit: options.limit, windowMs: 60_000 } } : {}),
    },
    outbox: { ...FAST_OUTBOX, leaseMs: 10_000 },
    contact: { rateLimit: { limit: 1_000, windowMs: 3_600_000 }, smtpTimeoutMs: 2_000 },
  });
  return { app, logs: records };
}

const subscribe = (replica: Replica, email: string) => request(replica.app).post('/api/subscribe').send({ email });

describe.each([
  { store: 'one ledger file', replicas: 2 },
  { store: 'one ledger file', replicas: 3 },
  { store: 'one PostgreSQL', replicas: 2 },
  { store: 'one PostgreSQL', replicas: 3 },
])('$replicas replicas on $store, through a provider outage', ({ store, replicas: count }) => {
  it('deliver 21 addresses exactly once, one of them sent to every replica at once', async () => {
    const fake = await startFormEndpoint();
    const where: Record<string, string> =
      store === 'one ledger file' ? { NEWSLETTER_FILE: path.join(dir, `outage-${count}.jsonl`) } : { DATABASE_URL: await freshDatabase() };
    const env = { NEWSLETTER_LIST_ID: 'SharedList', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`, ...where };
    const replicas = Array.from({ length: count }, () => makeReplica(env));
    try {
      await fake.down();
      const emails = Array.from({ length: 20 }, (_, i) => `reader${i}@example.com`);
      const answers = await Promise.all([
        ...emails.map((email, i) => subscribe(replicas[i % count]!, email)),
        ...replicas.map((replica) => subscribe(replica, 'Everywhere@Example.com')),
      ]);
      expect(answers.map((res) => res.status).every((status) => status === 202)).toBe(true);

      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the outage: every replica retries meanwhile
      await fake.up();
      const all = [...emails, 'everywhere@example.com'];
      await until(() => all.every((email) => acceptedPerAddress(fake).has(email)), 15_000, 'every address delivered');
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // time for a second delivery, were there one

      const delivered = acceptedPerAddress(fake);
      expect([...delivered.keys()].sort()).toEqual(all.sort());
      expect([...delivered.values()].every((times) => times === 1)).toBe(true);
      // Every replica's view of the store agrees: 21 subscribed, none claimed.
      const entries = await replicas[0]!.app.storage.signUps.list();
      expect(entries).toHaveLength(21);
      expect(entries.every((entry) => entry.status === 'subscribed' && !entry.claimedBy)).toBe(true);
    } finally {
      await Promise.all(replicas.map((replica) => replica.app.outbox.stop()));
      await Promise.all(replicas.map((replica) => replica.app.storage.close()));
      await fake.close();
    }
    // Its own waits add up to 17.5 s at most (the outage, delivery, a second look); three apps on one database,
    // made while both cores run Chromium, once pushed the whole past the default 30 s.
  }, 60_000);
});

describe('claims on the ledger file', () => {
  it('keep other replicas off a record until its lease runs out, then let one take it over', async () => {
    const file = path.join(dir, 'claims.jsonl');
    const logger = capturingLogger('silent').logger;
    const [a, b] = [openSignUpLedger({ file, logger }), openSignUpLedger({ file, logger })];
    await recordSignUp(a, 'held@example.com', 'pending', new Date(0));
    expect(await a.claim('held@example.com', 'replica-a', 300)).toMatchObject({ claimedBy: 'replica-a' });
    expect(await b.claim('held@example.com', 'replica-b', 300)).toBeUndefined();
    expect(await b.claimDue('replica-b', 300, 4, [])).toEqual([]);
    // A's answer is recorded only by A; B's would be refused.
    expect(await b.settle('held@example.com', 'replica-b', (entry) => ({ ...entry, status: 'subscribed' }))).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await b.claimDue('replica-b', 300, 4, [])).toEqual([
      expect.objectContaining({ email: 'held@example.com', claimedBy: 'replica-b' }),
    ]);
    // A, too late now, records nothing over B's claim.
    expect(await a.settle('held@example.com', 'replica-a', (entry) => ({ ...entry, status: 'subscribed' }))).toBeUndefined();
    expect(await b.settle('held@example.com', 'replica-b', (entry) => ({ ...entry, status: 'subscribed' }))).toMatchObject({
      status: 'subscribed',
    });
    expect((await a.get('held@example.com'))?.claimedBy).toBeUndefined();
  });
});

describe.each(['the ledger file', 'PostgreSQL'])('claims on %s', (where) => {
  async function openStore(name: string) {
    if (where === 'the ledger file') {
      return {
        store: openSignUpLedger({ file: path.join(dir, `${name}.jsonl`), logger: capturingLogger('silent').logger }),
        close: async () => {},
      };
    }
    const replica = makeReplica({ DATABASE_URL: await freshDatabase() }); // no provider: its outbox claims nothing here
    return { store: replica.app.storage.signUps, close: () => replica.app.storage.close() };
  }

  it('a running claim keeps off every other, one under the same name too: one claim, one send', async () => {
    const { store, close } = await openStore('same-name');
    try {
      await recordSignUp(store, 'once@example.com', 'pending', new Date(0));
      expect(await store.claim('once@example.com', 'replica-a#1', 60_000)).toMatchObject({ claimedBy: 'replica-a#1' });
      expect(await store.claim('once@example.com', 'replica-a#1', 60_000)).toBeUndefined();
      expect(await store.claimDue('replica-a#1', 60_000, 4, [])).toEqual([]);
      expect(await store.claim('once@example.com', 'replica-a#2', 60_000)).toBeUndefined();
      expect(await store.settle('once@example.com', 'replica-a#1', (entry) => ({ ...entry, status: 'rejected' }))).toMatchObject({
        status: 'rejected',
      });
      expect(await store.claimDue('replica-a#3', 60_000, 4, [])).toEqual([]);
    } finally {
      await close();
    }
  });

  it('an answer that comes after its claim ran out and another took the record is not recorded over that claim', async () => {
    const { store, close } = await openStore('ran-out');
    try {
      await recordSignUp(store, 'late@example.com', 'pending', new Date(0));
      expect(await store.claim('late@example.com', 'replica-a#1', 0)).toMatchObject({ claimedBy: 'replica-a#1' }); // ran out at once
      expect(await store.claimDue('replica-b#1', 60_000, 4, [])).toEqual([expect.objectContaining({ claimedBy: 'replica-b#1' })]);
      expect(await store.settle('late@example.com', 'replica-a#1', (entry) => ({ ...entry, status: 'subscribed' }))).toBeUndefined();
      expect((await store.get('late@example.com'))?.claimedBy).toBe('replica-b#1');
      expect(await store.settle('late@example.com', 'replica-b#1', (entry) => ({ ...entry, status: 'subscribed' }))).toMatchObject({
        status: 'subscribed',
      });
    } finally {
      await close();
    }
  });
});

describe('on PostgreSQL', () => {
  it('two replicas starting together on an empty database apply the schema once', async () => {
    const url = await freshDatabase();
    const replicas = [makeReplica({ DATABASE_URL: url }), makeReplica({ DATABASE_URL: url })];
    try {
      const ready = await Promise.all(replicas.map((replica) => request(replica.app).get('/readyz')));
      expect(ready.map((res) => res.status)).toEqual([200, 200]);
      const applied = await pgs.query<{ version: string }>(url, 'SELECT version FROM schema_migrations');
      const files = await migrationFiles(path.join(rootDir, MIGRATIONS_DIR));
      expect(files.length).toBeGreaterThan(1);
      expect(applied.map((row) => row.version).sort()).toEqual(files.map((file) => file.replace(/\.sql$/, '')));
    } finally {
      await Promise.all(replicas.map((replica) => replica.app.storage.close()));
    }
  });

  it('deliver each contact message exactly once through an SMTP outage, across two replicas', async () => {
    const smtp = await startSmtpServer();
    const url = await freshDatabase();
    const env = { DATABASE_URL: url, CONTACT_SMTP_URL: smtp.url, CONTACT_TO: 'advisors@example.com', CONTACT_FROM: 'website@example.com' };
    const replicas = [makeReplica(env), makeReplica(env)];
    try {
      await smtp.stop();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          request(replicas[i % 2]!.app)
            .post('/api/contact')
            .send({
              name: `Reader ${i}`,
              email: `writer${i}@example.com`,
              topic: 'own-ria',
              message: `Message number ${i}, about our practice.`,
            }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await smtp.start();
      await smtp.waitFor(8, 15_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.received).toHaveLength(8);
      expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(8);
      const rows = await pgs.query<{ status: string }>(url, 'SELECT status FROM contact_messages');
      expect(rows.map((row) => row.status)).toEqual(Array(8).fill('sent'));
    } finally {
      await Promise.all(replicas.map((replica) => replica.app.outbox.stop()));
      await Promise.all(replicas.map((replica) => replica.app.storage.close()));
      await smtp.close();
    }
  });

  it('hold one rate limit across replicas: a client’s fourth sign-up of three is refused wherever it lands', async () => {
    const url = await freshDatabase();
    const replicas = [makeReplica({ DATABASE_URL: url }, { limit: 3 }), makeReplica({ DATABASE_URL: url }, { limit: 3 })];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await subscribe(replicas[i % 2]!, `limited${i}@example.com`)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // In memory, each replica would have allowed two more.
      expect((await subscribe(replicas[1]!, 'limited9@example.com')).status).toBe(429);
    } finally {
      await Promise.all(replicas.map((replica) => replica.app.storage.close()));
    }
  });

  it('the database stopped and restarted under load: a 503 to try again, never another 5xx, and nothing acknowledged is lost', async () => {
    const local = await startPostgres();
    const url = local.url;
    const replica = makeReplica({ DATABASE_URL: url });
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    let n = 0;
    const load = async () => {
      while (!stop) {
        const email = `load${(n += 1)}@example.com`;
        const res = await subscribe(replica, email);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) acknowledged.push(email);
        if (res.status === 503) {
          expect(res.body).toEqual({ ok: false, error: 'Unable to connect to subscription service. Please try again or contact support.' });
          expect(res.headers['retry-after']).toBe('60');
        }
      }
    };
    try {
      const workers = Array.from({ length: 4 }, load);
      await new Promise((resolve) => setTimeout(resolve, 700));
      await local.stop();
      await until(() => (statuses.get(503) ?? 0) >= 4, 15_000, 'sign-ups refused while the database is down');
      const ready = await request(replica.app).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('unavailable');
      expect((await request(replica.app).get('/healthz')).status).toBe(200);
      expect((await request(replica.app).get('/')).status).toBe(200); // pages never needed it
      await local.start();
      const before = acknowledged.length;
      await until(() => acknowledged.length > before + 5, 20_000, 'sign-ups accepted again');
      stop = true;
      await Promise.all(workers);
      expect((await request(replica.app).get('/readyz')).status).toBe(200);

      expect([...statuses.keys()].sort()).toEqual([200, 503]);
      const kept = new Set((await local.query<{ email: string }>(url, 'SELECT email FROM sign_ups')).map((row) => row.email));
      expect(acknowledged.filter((email) => !kept.has(email))).toEqual([]);
    } finally {
      stop = true;
      await replica.app.storage.close();
      await local.destroy();
    }
  });

  it('report the whole backlog from every replica: the gauges read the shared tables', async () => {
    const fake = await startFormEndpoint();
    const url = await freshDatabase();
    const env = { DATABASE_URL: url, NEWSLETTER_LIST_ID: 'GaugeList', NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}` };
    const metrics = [await createMetrics(), await createMetrics()];
    const replicas = metrics.map((registry) => makeReplica(env, { metrics: registry }));
    try {
      await fake.down();
      for (let i = 0; i < 5; i++) expect((await subscribe(replicas[i % 2]!, `gauge${i}@example.com`)).status).toBe(202);
      for (const { registry } of metrics) {
        const text = await registry.metrics();
        expect(text).toContain('newsletter_outbox_entries{state="pending"} 5');
        expect(text).toContain('newsletter_outbox_entries{state="failed"} 0');
        expect(text).toContain('contact_outbox_entries{state="pending"} 0');
      }
    } finally {
      await Promise.all(replicas.map((replica) => replica.app.outbox.stop()));
      await Promise.all(replicas.map((replica) => replica.app.storage.close()));
      await fake.close();
    }
  });

  it('a replica started while the database is down serves pages, refuses forms with 503, and takes them once it is back', async () => {
    const local = await startPostgres();
    await local.stop();
    const replica = makeReplica({ DATABASE_URL: local.url });
    try {
      expect((await request(replica.app).get('/')).status).toBe(200);
      expect((await request(replica.app).get('/readyz')).status).toBe(503);
      expect((await request(replica.app).get('/healthz')).status).toBe(200);
      expect((await subscribe(replica, 'early@example.com')).status).toBe(503);
      const message = await request(replica.app)
        .post('/api/contact')
        .send({ name: 'Early Bird', email: 'early@example.com', topic: 'own-ria', message: 'Written while the database was down.' });
      expect(message.status).toBe(503);
      expect(message.body.error).toMatch(/could not be saved just now, so it has not reached us\. Please try again/);
      await local.start();
      expect((await request(replica.app).get('/readyz')).status).toBe(200);
      expect((await subscribe(replica, 'early@example.com')).status).toBe(200);
      expect(await local.query(local.url, 'SELECT email, status FROM sign_ups')).toEqual([
        { email: 'early@example.com', status: 'subscribed' },
      ]);
      // The schema was applied on the first use after the database came up, once.
      const versions = (await migrationFiles(path.join(rootDir, MIGRATIONS_DIR))).map((file) => ({ version: file.replace(/\.sql$/, '') }));
      expect(await local.query(local.url, 'SELECT version FROM schema_migrations ORDER BY version')).toEqual(versions);
    } finally {
      await replica.app.storage.close();
      await local.destroy();
    }
  });

  it('the commands work the same against it, and import-file moves a ledger in once', async () => {
    const url = await freshDatabase();
    const file = path.join(dir, 'to-import.jsonl');
    const ledger = openSignUpLedger({ file, logger: capturingLogger('silent').logger });
    await recordSignUp(ledger, 'kept@example.com', 'subscribed');
    await recordSignUp(ledger, 'Waiting@Example.com', 'pending', new Date());
    const subscribers = (...args: string[]) =>
      execFileAsync('node', ['dist/cli/subscribers.js', ...args], { cwd: rootDir, env: { ...process.env, DATABASE_URL: url } });

    const first = await subscribers('import-file', file);
    expect(first.stdout).toContain('Imported 2 of 2 records');
    const again = await subscribers('import-file', file);
    expect(again.stdout).toContain('Imported 0 of 2 records');
    expect(again.stdout).toContain('2 were already there and left as they were.');

    const listed = (await subscribers('list')).stdout;
    expect(listed).toContain('Sign-up ledger: table sign_ups in PostgreSQL');
    expect(listed).toMatch(/subscribed\s+1/);
    expect(listed).toMatch(/pending\s+1/);
    expect((await subscribers('export', '--csv')).stdout.split('\n')[1]).toMatch(/^kept@example\.com,subscribed,/);
    expect((await subscribers('remove', 'waiting@example.com')).stdout).toContain('Removed waiting@example.com');
    expect((await subscribers('list')).stdout).toMatch(/removed\s+1/);
    expect(await pgs.query(url, 'SELECT email FROM sign_ups')).toEqual([{ email: 'kept@example.com' }]);

    // messages: the inbox without SMTP, in the database.
    const replica = makeReplica({ DATABASE_URL: url });
    for (const who of ['ana', 'ana', 'ben']) {
      const res = await request(replica.app)
        .post('/api/contact')
        .send({ name: who, email: `${who}@example.com`, topic: 'own-ria', message: `A question from ${who} about the RIA route.` });
      expect(res.status).toBe(200);
    }
    await replica.app.storage.close();
    const messages = (...args: string[]) =>
      execFileAsync('node', ['dist/cli/messages.js', ...args], { cwd: rootDir, env: { ...process.env, DATABASE_URL: url } });
    const inbox = (await messages('list')).stdout;
    expect(inbox).toContain('Message ledger: table contact_messages in PostgreSQL');
    expect(inbox).toMatch(/received\s+3/);
    const id = /m-[0-9a-f]{16}/.exec(inbox)![0];
    expect((await messages('show', id)).stdout).toContain('A question from');
    expect((await messages('remove', 'ANA@example.com')).stdout).toContain('Removed 2 messages from ANA@example.com');
    expect((await messages('list')).stdout).toMatch(/received\s+1[\s\S]*removed\s+2/);
  });
});
