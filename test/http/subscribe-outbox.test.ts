/**
 * The ledger as the provider's outbox, end to end: the real server on a
 * loopback port, the form-endpoint fake going down, hanging and coming back,
 * real ledger files in a temp folder, and the operator's command run as its
 * own process (dist/cli/subscribers.js) against the file the server uses.
 * Retry timings are shortened (FAST_OUTBOX); the behaviour is the same.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { rootDir, startServer } from '../support/app';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../../scripts/local/fake-provider';
import { FAST_OUTBOX } from '../support/fake-provider';
import type { FakeProvider, FormEndpointMode } from '../../scripts/local/fake-provider';
import { ledgerEntries, ledgerLines } from '../support/ledger';

type Server = Awaited<ReturnType<typeof startServer>>;

let fake: FakeProvider<FormEndpointMode>;
let dir: string;
let file: string;
let server: Server | undefined;

beforeAll(async () => {
  fake = await startFormEndpoint();
});
afterAll(() => fake.close());
beforeEach(async () => {
  await fake.up();
  fake.requests.length = 0;
  fake.setMode('success');
  fake.setDelay(0);
  dir = await mkdtemp(path.join(tmpdir(), 'newsletter-outbox-'));
  file = path.join(dir, 'subscribers.jsonl');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}, outbox: Record<string, number> = {}, extra: { timeoutMs?: number } = {}) {
  return startServer({
    env: {
      NEWSLETTER_LIST_ID: 'OutboxList',
      NEWSLETTER_ENDPOINT: `${fake.origin}${FORM_ENDPOINT_PATH}`,
      NEWSLETTER_FILE: file,
      NEWSLETTER_RATE_LIMIT: '0',
      ...env,
    },
    newsletter: { timeoutMs: extra.timeoutMs ?? 300 },
    outbox: { ...FAST_OUTBOX, ...outbox },
  });
}

async function signUp(origin: string, email: string) {
  const res = await fetch(`${origin}/api/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Requests the fake answered with success for this address. */
const deliveries = (email: string) =>
  fake.requests.filter((req) => (req.body as { email?: string }).email === email && req.answeredWith === 'success');

const statusOf = async (email: string) => (await ledgerEntries(file)).find((entry) => entry.email === email)?.status;

const execFileAsync = promisify(execFile);
/** The operator's command, as its own process, on this test's ledger. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync('node', ['dist/cli/subscribers.js', ...args], {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', NEWSLETTER_FILE: file },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const PENDING = { ok: true, message: newsletterMessages.pending };

describe('the provider is down or slow: nothing is lost', () => {
  it('refused → 202 and one pending entry; back up → delivered exactly once, with no new request from the visitor', async () => {
    await fake.down();
    server = await start();
    const answer = await signUp(server.origin, 'outage@example.com');
    expect(answer).toEqual({ status: 202, body: PENDING });
    expect(await ledgerEntries(file)).toEqual([expect.objectContaining({ email: 'outage@example.com', status: 'pending' })]);

    await fake.up();
    await expect.poll(() => statusOf('outage@example.com'), { timeout: 60_000, interval: 100 }).toBe('subscribed');
    // Several more retry periods: no second delivery.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(deliveries('outage@example.com')).toHaveLength(1);
    expect(server.logs.some((line) => line.msg === 'newsletter sign-up delivered on retry')).toBe(true);
  });

  it('hangs → 202 after the time limit and one pending entry; answering again → delivered exactly once', async () => {
    fake.setMode('hang');
    server = await start();
    expect(await signUp(server.origin, 'slow@example.com')).toEqual({ status: 202, body: PENDING });
    expect((await ledgerEntries(file)).map((entry) => entry.status)).toEqual(['pending']);
    fake.setMode('success');
    await expect.poll(() => statusOf('slow@example.com'), { timeout: 60_000, interval: 100 }).toBe('subscribed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(deliveries('slow@example.com')).toHaveLength(1);
  });

  it('a rejection is told to the visitor and never retried', async () => {
    fake.setMode('rejected');
    server = await start();
    const answer = await signUp(server.origin, 'bounced@example.com');
    expect(answer.status).toBe(422);
    expect(answer.body.ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requests).toHaveLength(1);
    expect(await statusOf('bounced@example.com')).toBe('rejected');
  });

  it('gives up after the give-up age and marks the entry failed; `retry` re-queues it and the running server delivers it', async () => {
    fake.setMode('server-error');
    server = await start({}, { giveUpMs: 600 });
    expect((await signUp(server.origin, 'late@example.com')).status).toBe(202);
    await expect.poll(() => statusOf('late@example.com'), { timeout: 30_000, interval: 100 }).toBe('failed');
    expect(server.logs.some((line) => line.msg.startsWith('newsletter sign-up delivery given up') && line.level === 50)).toBe(true);
    const attemptsWhenFailed = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fake.requests).toHaveLength(attemptsWhenFailed);

    fake.setMode('success');
    const retry = await cli('retry');
    expect(retry).toMatchObject({ code: 0 });
    expect(retry.stdout).toContain('Re-queued 1 failed entry for delivery now.');
    await expect.poll(() => statusOf('late@example.com'), { timeout: 30_000, interval: 100 }).toBe('subscribed');
    expect(deliveries('late@example.com')).toHaveLength(1);
  });

  it('keeps at most 4 provider calls in flight; the rest wait in the ledger and none is refused', async () => {
    fake.setDelay(400);
    server = await start({}, {}, { timeoutMs: 5_000 });
    const emails = Array.from({ length: 10 }, (_, i) => `crowd${i}@example.com`);
    const answers = await Promise.all(emails.map((email) => signUp(server!.origin, email)));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 202)).toBe(true);
    expect(answers.filter((answer) => answer.status === 202).length).toBeGreaterThanOrEqual(6);
    await expect
      .poll(async () => (await ledgerEntries(file)).filter((entry) => entry.status === 'subscribed').length, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(10);
    expect(fake.peakInFlight()).toBeLessThanOrEqual(4);
    for (const email of emails) expect(deliveries(email)).toHaveLength(1);
  });
});

describe('duplicates', () => {
  it('100 concurrent sign-ups of 60 addresses, some differing only in case → 60 entries, every duplicate told already subscribed', async () => {
    server = await startServer({ env: { NEWSLETTER_FILE: file, NEWSLETTER_RATE_LIMIT: '0' } });
    const distinct = Array.from({ length: 60 }, (_, i) => `reader${i}@example.com`);
    const repeats = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? distinct[i]!.toUpperCase() : distinct[i]!.replace('reader', 'Reader'),
    );
    const answers = await Promise.all([...distinct, ...repeats].map((email) => signUp(server!.origin, email)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.message === newsletterMessages.success)).toHaveLength(60);
    const told = answers.filter((answer) => answer.body.alreadySubscribed === true);
    expect(told).toHaveLength(40);
    expect(told.every((answer) => answer.body.message === newsletterMessages.alreadySubscribed)).toBe(true);
    const lines = await ledgerLines(file);
    expect(lines).toHaveLength(60);
    expect(new Set(lines.map((line) => String(line.email).toLowerCase())).size).toBe(60);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('with a provider, a pending address sent while it is being delivered shares that delivery and is told already subscribed', async () => {
    fake.setDelay(500);
    server = await start({}, {}, { timeoutMs: 5_000 });
    const [first, second] = await Promise.all([
      signUp(server.origin, 'twice@example.com'),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => signUp(server!.origin, 'TWICE@example.com')),
    ]);
    expect(first.body).toEqual({ ok: true, message: newsletterMessages.success });
    expect(second.body).toEqual({ ok: true, alreadySubscribed: true, message: newsletterMessages.alreadySubscribed });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('one send per record in one replica', () => {
  // A busy machine: the round asks what is due (nothing is in flight yet), the visitor's sign-up is written and due at
  // once, its own attempt begins, and only then is the round's claim written. Both claims used to succeed (same
  // replica), so the provider was called twice. The gates below make that order certain; no timer decides it.
  it('a round claiming a new sign-up as the visitor’s attempt begins: one provider call, its answer told to the visitor', async () => {
    fake.setMode('rejected');
    fake.setDelay(500); // slow on purpose: a second send, were there one, is under way before the visitor is answered
    server = await start({}, { firstRetryMs: 0 }, { timeoutMs: 5_000 }); // due once written: the first retry's delay passed
    const store = server.app.storage.signUps;
    const [claimDue, claim] = [store.claimDue.bind(store), store.claim.bind(store)];
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => (open = resolve));
      return { open, opened };
    };
    const [roundAsks, visitorClaims, roundClaimed] = [gate(), gate(), gate()];
    const visitorGot: unknown[] = [];
    let held = false;
    store.claimDue = async (...args) => {
      if (held) return claimDue(...args);
      held = true;
      roundAsks.open();
      await visitorClaims.opened;
      try {
        return await claimDue(...args);
      } finally {
        roundClaimed.open();
      }
    };
    store.claim = async (...args) => {
      visitorClaims.open();
      await roundClaimed.opened;
      const entry = await claim(...args);
      visitorGot.push(entry);
      return entry;
    };

    await roundAsks.opened; // the round has listed what is in flight: nothing
    const answer = await signUp(server.origin, 'bounced@example.com');
    await server.close(); // waits for every send in flight
    server = undefined;
    expect(fake.requests.map((req) => (req.body as { email: string }).email)).toEqual(['bounced@example.com']);
    expect(answer.status).toBe(422);
    expect(await statusOf('bounced@example.com')).toBe('rejected');
    expect(visitorGot).toEqual([undefined]); // the round's claim kept the visitor's attempt off: it sent under the round's
  });
});

describe('a crash mid-write', () => {
  it('tolerates a torn last line: skipped with a warning, the rest kept, new records whole', async () => {
    await writeFile(file, '{"email":"kept@example.com","status":"subscribed","at":"2026-11-01T10:00:00.000Z"}\n{"email":"torn@exam', {
      mode: 0o600,
    });
    server = await startServer({ env: { NEWSLETTER_FILE: file } });
    expect((await signUp(server.origin, 'KEPT@example.com')).body.alreadySubscribed).toBe(true);
    expect((await signUp(server.origin, 'new@example.com')).status).toBe(200);
    expect(server.logs.some((line) => line.level === 40 && String(line.msg).includes('torn last record'))).toBe(true);
    const text = await readFile(file, 'utf8');
    expect(text.split('\n').at(-2)).toMatch(/^\{"email":"new@example.com","status":"subscribed"/);
    expect((await ledgerEntries(file)).map((entry) => entry.email)).toEqual(['kept@example.com', 'new@example.com']);
  });
});

describe('the operator’s command on a real ledger', () => {
  it('list and export --csv show each state; remove erases the address and the running worker never sends it', async () => {
    await fake.down();
    server = await start();
    for (const email of ['keep.me@example.com', 'forget.me@example.com']) {
      expect((await signUp(server.origin, email)).status).toBe(202);
    }
    const list = await cli('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^pending +2$/m);
    expect(list.stdout).toMatch(/^subscribed +0$/m);
    expect(list.stdout).toMatch(/^pending +forget\.me@example\.com +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +\d+ +next attempt .*ECONNREFUSED/m);

    const removed = await cli('remove', 'Forget.Me@Example.com');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Removed Forget.Me@Example.com');
    expect(await readFile(file, 'utf8')).not.toMatch(/forget\.me/i);

    await fake.up();
    await expect.poll(() => statusOf('keep.me@example.com'), { timeout: 60_000, interval: 100 }).toBe('subscribed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fake.requests.map((req) => (req.body as { email: string }).email)).toEqual(['keep.me@example.com']);
    expect(await readFile(file, 'utf8')).not.toMatch(/forget\.me/i);

    const after = await cli('list');
    expect(after.stdout).toMatch(/^subscribed +1$/m);
    expect(after.stdout).toMatch(/^removed +1 +\(erased/m);
    const csv = await cli('export', '--csv');
    expect(csv.code).toBe(0);
    expect(csv.stdout.trim().split('\n')).toEqual([
      'email,status,subscribed_at',
      expect.stringMatching(/^keep\.me@example\.com,subscribed,\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    ]);
  });

  it('answers bad usage with the usage text and exit code 2, an unknown address with exit code 1', async () => {
    for (const args of [[], ['frobnicate'], ['export'], ['export', '--json'], ['remove'], ['list', 'extra']]) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: subscribers <command>');
      expect(result.stdout).toBe('');
    }
    const missing = await cli('remove', 'nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No entry for nobody@example.com');
    const empty = await cli('list');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toMatch(/^subscribed +0$/m);
  });
});

describe('NEWSLETTER_RATE_LIMIT', () => {
  it('=2 allows two sign-ups per client per minute, then 429', async () => {
    server = await startServer({ env: { NEWSLETTER_FILE: file, NEWSLETTER_RATE_LIMIT: '2' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await signUp(server.origin, `limited${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('=0 turns the limit off', async () => {
    server = await startServer({ env: { NEWSLETTER_FILE: file, NEWSLETTER_RATE_LIMIT: '0' } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signUp(server!.origin, `office${i}@example.com`)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await ledgerLines(file)).toHaveLength(12);
  });

  it('without TRUST_PROXY, warns once at start-up that every visitor behind a proxy shares one budget', async () => {
    server = await start({ NEWSLETTER_RATE_LIMIT: '5' });
    await fetch(`${server.origin}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
      body: JSON.stringify({ email: 'proxied@example.com' }),
    });
    const warnings = server.logs.filter((line) => /TRUST_PROXY|X-Forwarded-For|ERR_ERL/.test(JSON.stringify(line)) && line.level >= 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/^TRUST_PROXY is off: behind a reverse proxy every visitor shares one newsletter sign-up budget/);
    const trusted = await start({ NEWSLETTER_RATE_LIMIT: '5', TRUST_PROXY: '1' });
    expect(trusted.logs.filter((line) => String(line.msg).startsWith('TRUST_PROXY is off'))).toHaveLength(0);
    await trusted.close();
  });
});
