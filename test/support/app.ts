/**
 * Builds the real app for tests: real configuration parsing, a logger whose
 * JSON lines the test can read, and optionally a listening server.
 */
import { mkdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { RouteObject } from 'react-router-dom';
import { createApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import type { AppConfig } from '../../server/config';
import { closeGracefully, createHttpServer, listen } from '../../server/http/http-server';
import { siteListener } from '../../server/http/fast-lane';
import type { SubscribeOptions } from '../../server/forms/newsletter/sign-ups';
import type { OutboxTimings } from '../../server/forms/outbox/retry-schedule';
import type { ContactOptions } from '../../server/forms/contact/contact-messages';
import type { ContentStore } from '../../server/content/content-store';
import type { Metrics } from '../../server/http/metrics';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Ledgers of apps whose test named no NEWSLETTER_FILE: one fresh file each, removed when the test process ends. */
const ledgerDir = path.join(tmpdir(), `harbor-test-ledgers-${process.pid}`);
let ledgerCount = 0;
process.once('exit', () => rmSync(ledgerDir, { recursive: true, force: true }));

/** A ledger file nobody else uses (it is created on the first sign-up). */
export function freshLedgerFile(): string {
  mkdirSync(ledgerDir, { recursive: true, mode: 0o700 });
  ledgerCount += 1;
  return path.join(ledgerDir, `subscribers-${ledgerCount}.jsonl`);
}

/** A message ledger nobody else uses. */
export function freshMessageFile(): string {
  mkdirSync(ledgerDir, { recursive: true, mode: 0o700 });
  ledgerCount += 1;
  return path.join(ledgerDir, `messages-${ledgerCount}.jsonl`);
}

/**
 * The real configuration parsing; every config gets its own ledger files unless the test names them.
 * Tests fire requests faster than any person, all from 127.0.0.1: the per-client render budget and the
 * renders' share of the CPU are off unless a test sets RENDER_RATE_LIMIT or RENDER_SHARE
 * (test/http/render-admission.test.tsx does).
 */
export function testConfig(env: Record<string, string> = {}, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...parseConfig(
      {
        LOG_LEVEL: 'debug',
        NEWSLETTER_FILE: freshLedgerFile(),
        CONTACT_FILE: freshMessageFile(),
        RENDER_RATE_LIMIT: '0',
        RENDER_SHARE: '100',
        ...env,
      },
      rootDir,
    ),
    ...overrides,
  };
}

export interface LogRecord {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

/** A pino logger that keeps every line it writes, parsed. */
export function capturingLogger(level = 'debug') {
  const records: LogRecord[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) records.push(JSON.parse(line) as LogRecord);
      done();
    },
  });
  return { logger: pino({ level }, stream), records };
}

export function makeApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<AppConfig>;
    extraRoutes?: RouteObject[];
    newsletter?: SubscribeOptions;
    outbox?: Partial<OutboxTimings>;
    contact?: ContactOptions;
    /** The content files the app serves (test/support/content-dir.ts); by default content/. */
    content?: ContentStore;
    metrics?: Metrics;
  } = {},
) {
  const { logger, records } = capturingLogger();
  const config = testConfig(options.env, options.config);
  const app = createApp(config, {
    logger,
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.newsletter ? { newsletter: options.newsletter } : {}),
    ...(options.outbox ? { outbox: options.outbox } : {}),
    ...(options.contact ? { contact: options.contact } : {}),
    ...(options.content ? { content: options.content } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  return { app, logs: records, config };
}

/** The app listening on a free loopback port. */
export async function startServer(options: Parameters<typeof makeApp>[0] = {}) {
  const { app, logs, config } = makeApp(options);
  const server = createHttpServer(siteListener(app, config));
  await listen(server, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  const { logger } = capturingLogger('silent');
  return {
    origin: `http://127.0.0.1:${port}`,
    logs,
    config,
    app,
    /** Stops the outbox, then the server; resolves with whether it drained. */
    close: async () => {
      await app.outbox.stop();
      return closeGracefully(server, 1_000, logger);
    },
  };
}
