/**
 * The app tuned for tests that talk to a fake provider
 * (scripts/local/fake-provider.ts): provider timeouts, rate limits and outbox
 * timings that keep one test's sign-ups out of another's way.
 */
import { createApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import type { OutboxTimings } from '../../server/forms/outbox/retry-schedule';
import type { SubscribeOptions } from '../../server/forms/newsletter/sign-ups';
import { capturingLogger, testConfig } from './app';

/**
 * Defaults for tests of the visitor's answer: a 300 ms provider timeout, a
 * rate limit no test reaches by accident, and background retries an hour
 * away, so one test's pending entry never reaches the fake during another.
 * Tests of the outbox pass FAST_OUTBOX.
 */
export const FAST_NEWSLETTER: SubscribeOptions = {
  timeoutMs: 300,
  rateLimit: { limit: 1_000, windowMs: 60_000 },
};

/** Background retries an hour away (see FAST_NEWSLETTER). */
export const SLOW_RETRIES: Partial<OutboxTimings> = { firstRetryMs: 3_600_000, maxRetryMs: 3_600_000 };

/** Retries within 200 ms, capped at 400 ms, the file looked at every 100 ms. */
export const FAST_OUTBOX = { firstRetryMs: 200, maxRetryMs: 400, pollMs: 100, stopWaitMs: 1_000 };

/** The real app with newsletter and outbox tuning, and its log lines. */
export function makeSubscribeApp(
  env: Record<string, string>,
  newsletter: SubscribeOptions = {},
  config: Partial<AppConfig> = {},
  outbox: Partial<OutboxTimings> = {},
) {
  const { logger, records } = capturingLogger();
  const appConfig = testConfig(env, config);
  const app = createApp(appConfig, { logger, newsletter: { ...FAST_NEWSLETTER, ...newsletter }, outbox: { ...SLOW_RETRIES, ...outbox } });
  return { app, logs: records, config: appConfig };
}
