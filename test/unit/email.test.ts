import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_MAX_LENGTH, emailMessages } from '../../shared/rules/email';
import { noticeForOutcome, newsletterMessages } from '../../shared/rules/newsletter';

describe('checkEmail', () => {
  it.each([
    'name@example.com',
    'first.last@example.co.uk',
    'first+tag@sub.example.org',
    "o'brien@example.ie",
    'x@example.io',
    'user_123-abc@my-firm.example',
    'someone@xn--bcher-kva.example',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(checkEmail(email)).toEqual({ ok: true, email });
  });

  it('trims surrounding spaces and returns the trimmed address', () => {
    expect(checkEmail('  name@example.com \n')).toEqual({ ok: true, email: 'name@example.com' });
  });

  it.each([undefined, null, '', '   ', '\t\n'])('calls %j missing, with the spec’s message', (value) => {
    expect(checkEmail(value)).toEqual({ ok: false, problem: 'missing', message: 'Please enter your email address' });
  });

  it.each([
    'plainaddress',
    '@example.com',
    'name@',
    'name@example',
    'name@@example.com',
    'na me@example.com',
    'name@exa mple.com',
    '.name@example.com',
    'name.@example.com',
    'na..me@example.com',
    'name@example..com',
    'name@-example.com',
    'name@example-.com',
    'name@example.c',
    'name@example.123',
    'name@[127.0.0.1]',
    '"quoted"@example.com',
    'name@example.com\nBcc: other@example.com',
    'name<script>@example.com',
    'ñame@example.com',
    `${'a'.repeat(65)}@example.com`,
    `name@${'a'.repeat(64)}.com`,
  ])('refuses %j as invalid, with an actionable message', (value) => {
    expect(checkEmail(value)).toEqual({ ok: false, problem: 'invalid', message: emailMessages.invalid });
  });

  it('accepts exactly 254 characters and refuses 255 as too long', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.example`; // 189 characters
    const at254 = `${'l'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(at254).toHaveLength(254);
    expect(checkEmail(at254)).toEqual({ ok: true, email: at254 });
    const at255 = `l${at254}`;
    expect(checkEmail(at255)).toMatchObject({ ok: false, problem: 'too-long' });
    expect(emailMessages.tooLong).toMatch(/at most 254 characters/);
  });

  it('measures the length after trimming', () => {
    const domain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.example`;
    const at254 = `${'l'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(checkEmail(`   ${at254}   `)).toEqual({ ok: true, email: at254 });
  });

  it.each([42, true, ['name@example.com'], { email: 'name@example.com' }])('refuses the non-string %j as invalid', (value) => {
    expect(checkEmail(value)).toMatchObject({ ok: false, problem: 'invalid' });
  });
});

describe('outcome notices for the page without JavaScript', () => {
  it('maps each outcome code to its message and tone', () => {
    expect(noticeForOutcome('subscribed')).toEqual({ tone: 'success', message: newsletterMessages.success });
    expect(noticeForOutcome('already-subscribed')?.tone).toBe('success');
    expect(noticeForOutcome('missing')).toEqual({ tone: 'error', message: 'Please enter your email address' });
    expect(noticeForOutcome('unavailable')).toEqual({ tone: 'error', message: newsletterMessages.unavailable });
  });

  it('shows nothing for absent or unknown codes, including prototype keys', () => {
    for (const code of [null, undefined, '', 'bogus', 'constructor', '__proto__', 'toString']) {
      expect(noticeForOutcome(code)).toBeUndefined();
    }
  });

  it('uses the spec’s exact success and failure texts', () => {
    expect(newsletterMessages.success).toBe("Thank you for subscribing! You'll receive growth tips in your inbox.");
    expect(newsletterMessages.unavailable).toBe('Unable to connect to subscription service. Please try again or contact support.');
  });
});
