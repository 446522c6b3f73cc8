/**
 * Who is not counted: a person who declined (Sec-GPC, the opt-out cookie),
 * and bots by reason, with real browser and crawler User-Agents from isbot's
 * published fixtures (test/fixtures/isbot-user-agents.json names them).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exclusionOf, hasOptOutCookie, OPT_OUT_COOKIE } from '../../server/analytics/not-counted';

const agents = JSON.parse(readFileSync(new URL('../fixtures/isbot-user-agents.json', import.meta.url), 'utf8')) as {
  browsers: string[];
  crawlers: string[];
};
const BROWSER = agents.browsers[0]!;

describe('exclusionOf', () => {
  it.each(agents.browsers)('counts a browser: %s', (userAgent) => {
    expect(exclusionOf('GET', { 'user-agent': userAgent })).toBeUndefined();
  });

  it.each(agents.crawlers)('counts a crawler apart, by its User-Agent: %s', (userAgent) => {
    expect(exclusionOf('GET', { 'user-agent': userAgent })).toEqual({ kind: 'bot', reason: 'user-agent' });
  });

  it('gives a User-Agent the same verdict every time, kept or not (longer than 512 characters)', () => {
    const long = `${agents.crawlers[1]!} ${'x'.repeat(600)}`;
    for (let round = 0; round < 3; round++) {
      expect(exclusionOf('GET', { 'user-agent': agents.crawlers[1]! })).toEqual({ kind: 'bot', reason: 'user-agent' });
      expect(exclusionOf('GET', { 'user-agent': long })).toEqual({ kind: 'bot', reason: 'user-agent' });
      expect(exclusionOf('GET', { 'user-agent': BROWSER })).toBeUndefined();
    }
  });

  it('counts apart a request with no User-Agent', () => {
    expect(exclusionOf('GET', {})).toEqual({ kind: 'bot', reason: 'no-user-agent' });
    expect(exclusionOf('GET', { 'user-agent': '  ' })).toEqual({ kind: 'bot', reason: 'no-user-agent' });
  });

  it.each([
    ['sec-purpose', 'prefetch'],
    ['sec-purpose', 'prefetch;prerender'],
    ['purpose', 'prefetch'],
    ['x-moz', 'prefetch'],
  ])('counts apart a prefetch (%s: %s)', (name, value) => {
    expect(exclusionOf('GET', { 'user-agent': BROWSER, [name]: value })).toEqual({ kind: 'bot', reason: 'prefetch' });
  });

  it('counts apart a HEAD', () => {
    expect(exclusionOf('HEAD', { 'user-agent': BROWSER })).toEqual({ kind: 'bot', reason: 'head' });
  });

  it('records nothing for Sec-GPC: 1 or the opt-out cookie, even from a crawler', () => {
    expect(exclusionOf('GET', { 'user-agent': BROWSER, 'sec-gpc': '1' })).toEqual({ kind: 'declined', reason: 'gpc' });
    expect(exclusionOf('GET', { 'user-agent': agents.crawlers[0]!, 'sec-gpc': '1' })).toEqual({ kind: 'declined', reason: 'gpc' });
    expect(exclusionOf('GET', { 'user-agent': BROWSER, cookie: `a=b; ${OPT_OUT_COOKIE}=1` })).toEqual({
      kind: 'declined',
      reason: 'opt-out',
    });
    expect(exclusionOf('GET', { 'user-agent': BROWSER, 'sec-gpc': '0' })).toBeUndefined();
  });
});

describe('hasOptOutCookie', () => {
  it('finds the cookie by its exact name only', () => {
    expect(hasOptOutCookie(`${OPT_OUT_COOKIE}=1`)).toBe(true);
    expect(hasOptOutCookie(` x=1 ;${OPT_OUT_COOKIE}`)).toBe(true);
    expect(hasOptOutCookie(`x-${OPT_OUT_COOKIE}=1`)).toBe(false);
    expect(hasOptOutCookie(`x=${OPT_OUT_COOKIE}`)).toBe(false);
    expect(hasOptOutCookie('')).toBe(false);
  });
});
