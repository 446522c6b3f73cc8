import { describe, expect, it } from 'vitest';
import { isSearchUrl } from '../../server/pages/page-keys';
import { createRenderAdmission, memoryRenderBudget, secondsUntilToken } from '../../server/pages/render-admission';
import { parseConfig } from '../../server/config';

describe('memoryRenderBudget', () => {
  it('gives a new client a full burst, then one token per 1/rate seconds, never more than the burst', async () => {
    let now = 0;
    const budget = memoryRenderBudget(100, () => now);
    const take = () => budget.take('a', 10, 20);
    for (let i = 0; i < 20; i++) expect(await take()).toEqual({ admitted: true });
    expect(await take()).toMatchObject({ admitted: false });
    now += 100; // 0.1 s at 10 a second: one token
    expect(await take()).toEqual({ admitted: true });
    expect(await take()).toMatchObject({ admitted: false });
    now += 60_000; // a long pause refills to the burst, not beyond
    for (let i = 0; i < 20; i++) expect(await take()).toEqual({ admitted: true });
    expect(await take()).toMatchObject({ admitted: false });
  });

  it('keeps clients apart, and forgets the least recently seen past its size', async () => {
    const budget = memoryRenderBudget(2, () => 0);
    expect(await budget.take('a', 1, 1)).toEqual({ admitted: true });
    expect(await budget.take('a', 1, 1)).toMatchObject({ admitted: false });
    expect(await budget.take('b', 1, 1)).toEqual({ admitted: true });
    expect(await budget.take('c', 1, 1)).toEqual({ admitted: true });
    // 'a' was forgotten when 'c' came: it starts again with a full bucket.
    expect(await budget.take('a', 1, 1)).toEqual({ admitted: true });
  });
});

describe('admit', () => {
  it('takes one token per request, however often that request is admitted (the fast lane, then Express)', async () => {
    const admission = createRenderAdmission({
      perSecond: 0.001,
      burst: 2,
      store: memoryRenderBudget(),
      concurrency: 4,
      waiting: 8,
      share: 1,
    });
    const request = {};
    await admission.admit({ request, client: '203.0.113.1' });
    await admission.admit({ request, client: '203.0.113.1' });
    await admission.admit({ request: {}, client: '203.0.113.1' });
    await expect(admission.admit({ request: {}, client: '203.0.113.1' })).rejects.toMatchObject({ status: 429, reason: 'client-budget' });
    // The request charged before is still admitted, and another client has its own budget.
    await admission.admit({ request, client: '203.0.113.1' });
    await admission.admit({ request: {}, client: '198.51.100.2' });
  });
});

describe('secondsUntilToken', () => {
  it('is the whole seconds until the bucket holds one token, at least one', () => {
    expect(secondsUntilToken(0, 10)).toBe(1);
    expect(secondsUntilToken(0, 0.5)).toBe(2);
    expect(secondsUntilToken(0.25, 0.25)).toBe(3);
  });
});

describe('isSearchUrl', () => {
  it('is a /podcast URL with words or a format, valid or not, judged before any route runs', () => {
    expect(isSearchUrl('/podcast?q=tax')).toBe(true);
    expect(isSearchUrl('/PODCAST/?format=video&page=2')).toBe(true);
    expect(isSearchUrl('/podcast?q=a&q=b')).toBe(true);
    expect(isSearchUrl('/podcast?page=2')).toBe(false);
    expect(isSearchUrl('/podcast?q=')).toBe(false);
    expect(isSearchUrl('/podcast')).toBe(false);
    expect(isSearchUrl('/press?q=tax')).toBe(false);
    expect(isSearchUrl('/podcast/some-episode?q=tax')).toBe(false);
  });
});

describe('RENDER_RATE_LIMIT and RENDER_QUEUE', () => {
  it('default to 10 a second with bursts of 20, and 32 waiting', () => {
    expect(parseConfig({}).renders).toEqual({ perSecond: 10, burst: 20, queue: 32, share: 0.1 });
    expect(parseConfig({ RENDER_RATE_LIMIT: '0', RENDER_QUEUE: '5', RENDER_SHARE: '100' }).renders).toEqual({
      perSecond: 0,
      burst: 0,
      queue: 5,
      share: 1,
    });
  });

  it('refuse what is not a whole number, in one line naming the variable', () => {
    expect(() => parseConfig({ RENDER_RATE_LIMIT: 'fast' })).toThrow(
      /^RENDER_RATE_LIMIT must be a whole number of new pages a second per client, 0 for no limit \(got "fast"\)$/,
    );
    expect(() => parseConfig({ RENDER_QUEUE: '-1' })).toThrow(/^RENDER_QUEUE must be a whole number/);
    expect(() => parseConfig({ RENDER_SHARE: '0' })).toThrow(/^RENDER_SHARE must be a whole number of percent of one core, 1 to 100/);
    expect(() => parseConfig({ RENDER_SHARE: '150' })).toThrow(/^RENDER_SHARE must be a whole number of percent of one core, 1 to 100/);
  });
});

describe('the render queue’s share of the CPU', () => {
  it('lets renders spend a burst, then makes the next wait until the share has paid for what was spent', async () => {
    let now = 0;
    const admission = createRenderAdmission({
      perSecond: 0,
      burst: 0,
      store: memoryRenderBudget(),
      concurrency: 4,
      waiting: 8,
      share: 0.25,
      now: () => now,
    });
    // A render of 300 ms (the clock moves while it runs) spends the 100 ms burst and 200 ms more.
    await admission.run(async () => {
      now += 300;
    });
    let ran = false;
    const next = admission.run(async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
    // 200 ms of debt at a quarter of the time: 800 ms later there is credit again.
    now += 801;
    await next;
    expect(ran).toBe(true);
  });
});
