import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../server/config';
import { SEND_TIME_LIMIT_SECONDS } from '../../server/config/outbox';
import { DEFAULT_SMTP_TIMEOUT_MS } from '../../server/forms/contact/smtp-mailer';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from '../../server/forms/newsletter/sign-ups';

describe('parseConfig', () => {
  it('has working defaults with no environment at all', () => {
    const config = parseConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000',
      trustProxy: false,
      logLevel: 'info',
      isProduction: false,
      newsletter: {
        provider: 'file',
        file: '/srv/app/data/subscribers.jsonl',
        endpoint: 'https://manage.kmail-lists.com/ajax/subscriptions/subscribe',
        apiUrl: 'https://a.klaviyo.com',
        rateLimit: 5,
      },
      contact: { file: '/srv/app/data/messages.jsonl', smtp: undefined, rateLimit: 5 },
    });
  });

  it("reads the contact form's SMTP settings: lists of addresses, one sender", () => {
    const config = parseConfig({
      CONTACT_SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      CONTACT_TO: 'advisors@example.com, partners@example.com',
      CONTACT_FROM: 'website@example.com',
      CONTACT_COPY_TO: 'compliance@example.com',
      CONTACT_RATE_LIMIT: '0',
      CONTACT_FILE: '/var/lib/site/messages.jsonl',
    });
    expect(config.contact).toEqual({
      file: '/var/lib/site/messages.jsonl',
      smtp: {
        url: 'smtps://user:secret@smtp.example.com:465',
        to: ['advisors@example.com', 'partners@example.com'],
        from: 'website@example.com',
        copyTo: ['compliance@example.com'],
      },
      rateLimit: 0,
    });
  });

  it.each([
    ['0', 0],
    ['2', 2],
    [' 120 ', 120],
  ])('reads NEWSLETTER_RATE_LIMIT=%j as %i sign-ups per client per minute (0: no limit)', (raw, expected) => {
    expect(parseConfig({ NEWSLETTER_RATE_LIMIT: raw }).newsletter.rateLimit).toBe(expected);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be a whole number/],
    [{ PORT: '70000' }, /^PORT /],
    [{ SITE_URL: 'not a url' }, /^SITE_URL /],
    [{ SITE_URL: 'https://example.com/blog' }, /^SITE_URL must be an origin/],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL /],
    [{ TRUST_PROXY: 'not-an-address' }, /^TRUST_PROXY /],
    [{ NEWSLETTER_PROVIDER: 'mailchimp' }, /^NEWSLETTER_PROVIDER /],
    [{ NEWSLETTER_PROVIDER: 'klaviyo-form' }, /^NEWSLETTER_LIST_ID must be set/],
    [{ NEWSLETTER_LIST_ID: 'Abc123', NEWSLETTER_PROVIDER: 'klaviyo-api' }, /^NEWSLETTER_COMPANY_ID must be set/],
    [{ NEWSLETTER_ENDPOINT: 'ftp://x' }, /^NEWSLETTER_ENDPOINT /],
    [{ NEWSLETTER_RATE_LIMIT: 'five' }, /^NEWSLETTER_RATE_LIMIT must be a whole number/],
    [{ NEWSLETTER_RATE_LIMIT: '-1' }, /^NEWSLETTER_RATE_LIMIT /],
    [{ NEWSLETTER_RATE_LIMIT: '1.5' }, /^NEWSLETTER_RATE_LIMIT /],
    [{ DRAIN_SECONDS: 'soon' }, /^DRAIN_SECONDS must be a number of seconds/],
    [{ DRAIN_SECONDS: '61' }, /^DRAIN_SECONDS /],
    [{ DRAIN_SECONDS: '-1' }, /^DRAIN_SECONDS /],
    [{ FAST_LANE: 'no' }, /^FAST_LANE must be "on" or "off"/],
    [{ METRICS_PORT: 'metrics' }, /^METRICS_PORT must be a whole number/],
    [{ METRICS_PORT: '3000' }, /^METRICS_PORT must differ from PORT/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, /^METRICS_PORT must differ from PORT/],
    [{ CONTACT_SMTP_URL: 'https://smtp.example.com' }, /^CONTACT_SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ CONTACT_SMTP_URL: 'smtp://127.0.0.1:25', CONTACT_FROM: 'web@example.com' }, /^CONTACT_TO must be set/],
    [{ CONTACT_SMTP_URL: 'smtp://127.0.0.1:25', CONTACT_TO: 'a@example.com' }, /^CONTACT_FROM must be one address/],
    [
      { CONTACT_SMTP_URL: 'smtp://127.0.0.1:25', CONTACT_TO: 'a@example.com', CONTACT_FROM: 'web@' },
      /^CONTACT_FROM must be email addresses/,
    ],
    [{ CONTACT_TO: 'a@example.com' }, /^CONTACT_SMTP_URL must be set for CONTACT_TO/],
    [{ CONTACT_RATE_LIMIT: 'lots' }, /^CONTACT_RATE_LIMIT must be a whole number of messages per client per hour/],
    [{ DATABASE_URL: 'mysql://db/harbor' }, /^DATABASE_URL must be a postgres:\/\/ URL/],
    [{ DATABASE_URL: 'db.internal:5432' }, /^DATABASE_URL must be a postgres:\/\/ URL/],
    [{ OUTBOX_LEASE_SECONDS: '0' }, /^OUTBOX_LEASE_SECONDS must be a whole number of seconds from 1 to 3600/],
    [{ OUTBOX_LEASE_SECONDS: 'a minute' }, /^OUTBOX_LEASE_SECONDS /],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrowError(ConfigError);
    expect(() => parseConfig(env)).toThrowError(message);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
    ['loopback', 'loopback'],
    ['10.0.0.0/8, 192.168.1.1', '10.0.0.0/8, 192.168.1.1'],
  ])('reads TRUST_PROXY=%s as Express expects it', (raw, expected) => {
    expect(parseConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('keeps records in the files unless DATABASE_URL names a PostgreSQL, and leases claims for 120 s unless told otherwise', () => {
    expect(parseConfig({})).toMatchObject({ databaseUrl: undefined, outboxLeaseSeconds: 120 });
    const url = 'postgres://harbor:secret@db.internal:5432/harbor';
    expect(parseConfig({ DATABASE_URL: url, OUTBOX_LEASE_SECONDS: '300' })).toMatchObject({ databaseUrl: url, outboxLeaseSeconds: 300 });
    expect(parseConfig({ DATABASE_URL: 'postgresql://db/harbor' }).databaseUrl).toBe('postgresql://db/harbor');
  });

  describe('a lease shorter than a send', () => {
    const smtp = { CONTACT_SMTP_URL: 'smtp://127.0.0.1:25', CONTACT_TO: 'a@example.com', CONTACT_FROM: 'web@example.com' };
    const forProvider =
      'OUTBOX_LEASE_SECONDS must be at least 13 when NEWSLETTER_PROVIDER is klaviyo-form: a claim must outlast a provider call';
    const forSmtp = 'OUTBOX_LEASE_SECONDS must be at least 20 when CONTACT_SMTP_URL is set: a claim must outlast an SMTP exchange';

    it.each([
      [{ NEWSLETTER_LIST_ID: 'Abc123', OUTBOX_LEASE_SECONDS: '5' }, forProvider],
      [{ NEWSLETTER_LIST_ID: 'Abc123', OUTBOX_LEASE_SECONDS: '12' }, forProvider],
      [{ ...smtp, OUTBOX_LEASE_SECONDS: '19' }, forSmtp],
      [{ ...smtp, NEWSLETTER_LIST_ID: 'Abc123', OUTBOX_LEASE_SECONDS: '15' }, forSmtp],
    ])('refuses %o at start-up, in one line naming the variables', (env, message) => {
      expect(() => parseConfig(env)).toThrowError(ConfigError);
      expect(() => parseConfig(env)).toThrowError(message);
      expect(() => parseConfig(env)).toThrowError(/^[^\n]+ \(got \d+\)$/);
    });

    it('takes a lease that outlasts every send configured, the default with every sender, and any lease when nothing is sent', () => {
      expect(parseConfig({ NEWSLETTER_LIST_ID: 'Abc123', OUTBOX_LEASE_SECONDS: '13' }).outboxLeaseSeconds).toBe(13);
      expect(parseConfig({ ...smtp, OUTBOX_LEASE_SECONDS: '20' }).outboxLeaseSeconds).toBe(20);
      expect(parseConfig({ ...smtp, NEWSLETTER_LIST_ID: 'Abc123' }).outboxLeaseSeconds).toBe(120);
      expect(parseConfig({ OUTBOX_LEASE_SECONDS: '1' }).outboxLeaseSeconds).toBe(1);
    });

    it('knows the senders’ own time limits', () => {
      expect(SEND_TIME_LIMIT_SECONDS.newsletter * 1000).toBe(DEFAULT_UPSTREAM_TIMEOUT_MS);
      expect(SEND_TIME_LIMIT_SECONDS.smtpExchange * 1000).toBe(DEFAULT_SMTP_TIMEOUT_MS);
    });
  });

  it('drains for 5 s after SIGTERM unless DRAIN_SECONDS says otherwise, and has no metrics unless METRICS_PORT is set', () => {
    expect(parseConfig({})).toMatchObject({ drainSeconds: 5, metricsPort: undefined });
    expect(parseConfig({ DRAIN_SECONDS: '0', METRICS_PORT: '9464' })).toMatchObject({ drainSeconds: 0, metricsPort: 9464 });
    expect(parseConfig({ DRAIN_SECONDS: '2.5', PORT: '0', METRICS_PORT: '0' })).toMatchObject({ drainSeconds: 2.5, metricsPort: 0 });
  });

  it('answers from the fast lane unless FAST_LANE=off', () => {
    expect(parseConfig({}).fastLane).toBe(true);
    expect(parseConfig({ FAST_LANE: 'on' }).fastLane).toBe(true);
    expect(parseConfig({ FAST_LANE: 'OFF' }).fastLane).toBe(false);
  });

  it('picks the newsletter provider from the list id', () => {
    expect(parseConfig({ NEWSLETTER_LIST_ID: 'Abc123' }).newsletter.provider).toBe('klaviyo-form');
    expect(
      parseConfig({ NEWSLETTER_LIST_ID: 'Abc123', NEWSLETTER_PROVIDER: 'klaviyo-api', NEWSLETTER_COMPANY_ID: 'PK1' }).newsletter.provider,
    ).toBe('klaviyo-api');
  });

  it('normalises SITE_URL to an origin and knows production', () => {
    const config = parseConfig({ SITE_URL: 'https://www.harborledger.example/', NODE_ENV: 'production' });
    expect(config.siteUrl).toBe('https://www.harborledger.example');
    expect(config.isProduction).toBe(true);
  });

  it('without SITE_URL, names this machine on the port it listens on in development (the editor links there), on 3000 in production', () => {
    expect(parseConfig({ PORT: '4173' }).siteUrl).toBe('http://localhost:4173');
    expect(parseConfig({ PORT: '4173', SITE_URL: 'https://www.harborledger.example' }).siteUrl).toBe('https://www.harborledger.example');
    expect(parseConfig({ PORT: '0' }).siteUrl).toBe('http://localhost:3000');
    expect(parseConfig({ PORT: '4173', NODE_ENV: 'production' }).siteUrl).toBe('http://localhost:3000');
  });
});
