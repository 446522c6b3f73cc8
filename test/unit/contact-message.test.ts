import { describe, expect, it } from 'vitest';
import { checkContactMessage, contactMessages } from '../../shared/rules/contact-message';
import { composeEmail, outcomeOfSmtpError } from '../../server/forms/contact/smtp-mailer';
import type { MessageEntry } from '../../server/forms/contact/message-ledger';

const TOPICS = ['iar', 'own-ria', 'family-office', 'other'];
const VALID = { name: 'Ann Lee', email: 'ann@example.com', company: '', phone: '', topic: '', message: 'Hello, a question.' };

describe('checkContactMessage (the one rule of the form and POST /api/contact)', () => {
  it('accepts the required fields alone, and returns them trimmed with CRLF as LF', () => {
    const check = checkContactMessage({ name: '  Ann Lee ', email: ' ann@example.com', message: '  Line one\r\nLine two  ' }, TOPICS);
    expect(check).toEqual({
      ok: true,
      values: { name: 'Ann Lee', email: 'ann@example.com', company: '', phone: '', topic: '', message: 'Line one\nLine two' },
    });
  });

  it.each([
    [{ message: 'x'.repeat(10) }, true],
    [{ message: 'x'.repeat(9) }, false],
    [{ message: `  ${'x'.repeat(9)}  ` }, false],
    [{ message: 'x'.repeat(5000) }, true],
    [{ message: 'x'.repeat(5001) }, false],
    [{ name: 'x'.repeat(100) }, true],
    [{ name: 'x'.repeat(101) }, false],
    [{ phone: '+44 20 7946 0958' }, true],
    [{ phone: '(555) 010-2030 ext. 12' }, true],
    [{ phone: '555-CALL-NOW' }, false],
    [{ topic: 'family-office' }, true],
    [{ topic: 'Family office services' }, false],
    [{ message: 'Tabs\tand\nline breaks are fine in a message.' }, true],
    [{ name: 'Ann\u2028Lee' }, false],
    [{ company: 'Acme\u0000' }, false],
  ])('%o → ok: %s', (change, ok) => {
    expect(checkContactMessage({ ...VALID, ...change }, TOPICS).ok).toBe(ok);
  });

  it('reports every problem at once, each under its own field', () => {
    const check = checkContactMessage({ name: '', email: 'ann@', phone: 'x', topic: 'nope', message: 'hi' }, TOPICS);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toEqual({
      name: contactMessages.nameMissing,
      email: 'Please enter a valid email address, like name@example.com.',
      phone: contactMessages.phoneInvalid,
      topic: contactMessages.topicUnknown,
      message: contactMessages.messageTooShort,
    });
  });

  it('never throws on values that are not text, and shows none of them back', () => {
    const check = checkContactMessage({ name: { $gt: '' }, email: ['a@example.com'], message: 12345678901 }, TOPICS);
    expect(check.ok).toBe(false);
    expect(!check.ok && check.errors).toMatchObject({
      name: contactMessages.notText,
      email: contactMessages.notText,
      message: contactMessages.notText,
    });
    expect(check.values).toMatchObject({ name: '', email: '', message: '' });
  });
});

describe('the email built for the firm', () => {
  const entry: MessageEntry = {
    id: 'm-0123456789abcdef',
    status: 'pending',
    at: '2026-11-24T10:00:00.000Z',
    ...VALID,
    topic: 'iar',
    message: 'Subject: not a header\nBcc: nobody@example.net',
  };
  const options = {
    smtp: { url: 'smtp://127.0.0.1:25', to: ['advisors@example.com'], from: 'website@example.com', copyTo: [] },
    siteUrl: 'https://www.example.com',
    topicLabel: (id: string) => (id === 'iar' ? 'Becoming an IAR with us' : undefined),
  };

  it('names the topic by its label, replies to the visitor, keeps their words in the text, and has no Bcc when no copy is asked for', () => {
    const email = composeEmail(entry, options);
    expect(email).toMatchObject({
      from: 'website@example.com',
      to: ['advisors@example.com'],
      bcc: undefined,
      replyTo: 'ann@example.com',
      subject: 'Website enquiry: Becoming an IAR with us',
      messageId: '<m-0123456789abcdef@www.example.com>',
    });
    expect(email.text).toContain('Subject: not a header\nBcc: nobody@example.net');
    expect(email).not.toHaveProperty('html');
  });

  it.each([
    [{ responseCode: 550, response: '550 5.1.1 No such user' }, 'refused'],
    [{ responseCode: 554, response: '554 Transaction failed' }, 'refused'],
    [{ responseCode: 451, response: '451 Try again later' }, 'retry'],
    [{ responseCode: 421, response: '421 Service not available' }, 'retry'],
    [{ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:25' }, 'retry'],
    [{ code: 'ETIMEDOUT', message: 'Greeting never received' }, 'retry'],
    [new Error('something odd'), 'retry'],
  ])('SMTP error %o → %s', (error, kind) => {
    expect(outcomeOfSmtpError(error).kind).toBe(kind);
  });
});
