import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOX_TIMINGS, retryDelayMs } from '../../server/forms/outbox/retry-schedule';

describe('the outbox’s retry delays (defaults)', () => {
  const lowest = () => 0;
  const highest = () => 0.999999;

  it('retries first within 5 s, then doubles', () => {
    expect(retryDelayMs(1, DEFAULT_OUTBOX_TIMINGS, highest)).toBeLessThanOrEqual(5_000);
    expect(retryDelayMs(1, DEFAULT_OUTBOX_TIMINGS, lowest)).toBe(2_500);
    expect(retryDelayMs(2, DEFAULT_OUTBOX_TIMINGS, lowest)).toBe(5_000);
    expect(retryDelayMs(3, DEFAULT_OUTBOX_TIMINGS, lowest)).toBe(10_000);
  });

  it('never waits more than 5 minutes, however many attempts failed', () => {
    for (const attempt of [7, 8, 20, 400]) {
      expect(retryDelayMs(attempt, DEFAULT_OUTBOX_TIMINGS, highest)).toBeLessThanOrEqual(300_000);
      expect(retryDelayMs(attempt, DEFAULT_OUTBOX_TIMINGS, lowest)).toBe(150_000);
    }
  });

  it('spreads a crowd of retries with jitter', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(4, DEFAULT_OUTBOX_TIMINGS)));
    expect(delays.size).toBeGreaterThan(1);
  });

  it('gives up after 24 hours, with at most 4 calls in flight', () => {
    expect(DEFAULT_OUTBOX_TIMINGS.giveUpMs).toBe(24 * 60 * 60 * 1000);
    expect(DEFAULT_OUTBOX_TIMINGS.concurrency).toBe(4);
  });
});
