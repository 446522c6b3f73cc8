/**
 * The embedded default (no list id, or NEWSLETTER_PROVIDER=file): one JSON
 * line per sign-up in NEWSLETTER_FILE, on disk before the answer.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { openSignUpLedger, recordSignUp } from '../../server/forms/newsletter/sign-up-ledger';
import { newsletterMessages } from '../../shared/rules/newsletter';
import { makeSubscribeApp } from '../support/fake-provider';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'newsletter-file-'));
});
afterEach(async () => {
  await chmod(dir, 0o700).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function lines(file: string) {
  const text = await readFile(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as { email: string; status: string; at: string });
}

describe('the file default', () => {
  it('is chosen when no list id is set, and appends {email, status, at} after creating the folder', async () => {
    const file = path.join(dir, 'nested/deeper/subscribers.jsonl');
    const { app, config } = makeSubscribeApp({ NEWSLETTER_FILE: file });
    expect(config.newsletter.provider).toBe('file');
    const before = Date.now();
    const res = await request(app).post('/api/subscribe').send({ email: '  first@example.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: newsletterMessages.success });
    // Answered only after the line was written: it is there the moment we look.
    const [line] = await lines(file);
    expect(line).toMatchObject({ email: 'first@example.com', status: 'subscribed' });
    expect(Date.parse(line!.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(line!.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('appends to an existing file and keeps it private to its owner', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    const { app } = makeSubscribeApp({ NEWSLETTER_PROVIDER: 'file', NEWSLETTER_FILE: file });
    await request(app).post('/api/subscribe').send({ email: 'one@example.com' });
    await request(app).post('/api/subscribe').type('form').send({ email: 'two@example.com', returnTo: '/' });
    expect((await lines(file)).map((line) => line.email)).toEqual(['one@example.com', 'two@example.com']);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('writes nothing for invalid input or a filled honeypot', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    const { app } = makeSubscribeApp({ NEWSLETTER_FILE: file });
    expect((await request(app).post('/api/subscribe').send({ email: 'nope' })).status).toBe(400);
    expect((await request(app).post('/api/subscribe').send({ email: 'bot@example.com', website: 'x' })).status).toBe(200);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps 50 concurrent sign-ups as 50 intact lines', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    const { app } = makeSubscribeApp({ NEWSLETTER_FILE: file });
    const emails = Array.from({ length: 50 }, (_, i) => `person${i}${'x'.repeat(i)}@example.com`);
    const answers = await Promise.all(emails.map((email) => request(app).post('/api/subscribe').send({ email })));
    expect(answers.map((res) => res.status)).toEqual(emails.map(() => 200));
    const written = await lines(file);
    expect(written).toHaveLength(50);
    expect(new Set(written.map((line) => line.email))).toEqual(new Set(emails));
  });

  it('serialises appends from separate ledgers on one file too (the lock file), and each sees the other’s', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    const logger = pino({ level: 'silent' });
    const ledgers = [openSignUpLedger({ file, logger }), openSignUpLedger({ file: `${dir}/./subscribers.jsonl`, logger })];
    const added = await Promise.all(Array.from({ length: 40 }, (_, i) => recordSignUp(ledgers[i % 2]!, `p${i}@example.com`, 'subscribed')));
    expect(added.every((result) => result.created)).toBe(true);
    expect(await lines(file)).toHaveLength(40);
    // The other ledger's address is a duplicate here, whatever its case.
    expect((await recordSignUp(ledgers[1]!, 'P0@Example.com', 'subscribed')).created).toBe(false);
    expect(await ledgers[0]!.counts()).toMatchObject({ subscribed: 40 });
  });

  it('reads a file from before the ledger (plain {email, at} lines, duplicates and all) as subscribed addresses', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    await writeFile(
      file,
      [
        '{"email":"old@example.com","at":"2026-01-01T00:00:00.000Z"}',
        '{"email":"OLD@example.com","at":"2026-02-01T00:00:00.000Z"}',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
    const { app } = makeSubscribeApp({ NEWSLETTER_FILE: file });
    const again = await request(app).post('/api/subscribe').send({ email: 'Old@Example.com' });
    expect(again.body.alreadySubscribed).toBe(true);
    expect((await request(app).post('/api/subscribe').send({ email: 'new@example.com' })).status).toBe(200);
    const written = await lines(file);
    expect(written).toHaveLength(3);
    expect(written[2]).toMatchObject({ email: 'new@example.com', status: 'subscribed' });
    // Personal data: a file found readable by others is made owner-only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('compacts superseded lines once they pile up, keeping every address in its latest state', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    const ledger = openSignUpLedger({ file, logger: pino({ level: 'silent' }) });
    await recordSignUp(ledger, 'churn@example.com', 'pending', new Date());
    for (let i = 1; i <= 120; i++) await ledger.update('churn@example.com', (entry) => ({ ...entry, attempts: i }));
    const written = await lines(file);
    expect(written.length).toBeLessThan(110);
    expect(written.filter((line) => line.email === 'churn@example.com').at(-1)).toMatchObject({ status: 'pending', attempts: 120 });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('breaks a lock file left by a process that died, instead of refusing sign-ups', async () => {
    const file = path.join(dir, 'subscribers.jsonl');
    await writeFile(`${file}.lock`, `2147483646@${hostname()}\n`);
    const { app } = makeSubscribeApp({ NEWSLETTER_FILE: file });
    expect((await request(app).post('/api/subscribe').send({ email: 'after.crash@example.com' })).status).toBe(200);
    expect(await lines(file)).toHaveLength(1);
    await expect(stat(`${file}.lock`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  // A folder where the file should be cannot be appended to, even by root (EISDIR).
  it('tells the truth when the file cannot be written: 503, an error log line, nothing claimed', async () => {
    const locked = path.join(dir, 'subscribers.jsonl');
    await mkdir(locked);
    const { app, logs } = makeSubscribeApp({ NEWSLETTER_FILE: locked });
    const res = await request(app).post('/api/subscribe').set('X-Request-Id', 'disk-full').send({ email: 'late@example.com' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body).toEqual({ ok: false, error: 'Unable to connect to subscription service. Please try again or contact support.' });
    expect(logs.find((line) => line.msg === 'newsletter sign-up could not be recorded')).toMatchObject({
      level: 50,
      reqId: 'disk-full',
      provider: 'file',
    });
    expect(JSON.stringify(logs)).not.toContain('late@example.com');
  });

  it('tells the truth when the folder cannot be created (a file is in the way): 503 and an error log line', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const { app, logs } = makeSubscribeApp({ NEWSLETTER_FILE: path.join(blocker, 'subscribers.jsonl') });
    const res = await request(app).post('/api/subscribe').set('X-Request-Id', 'no-folder').send({ email: 'late@example.com' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body.ok).toBe(false);
    expect(logs.find((line) => line.msg === 'newsletter sign-up could not be recorded')).toMatchObject({
      level: 50,
      reqId: 'no-folder',
      provider: 'file',
    });
    expect(JSON.stringify(logs)).not.toContain('late@example.com');
  });
});
