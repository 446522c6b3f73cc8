/**
 * The visitor key and the day: one visitor per browser and network within a
 * day, nothing shared across days (the salt), IPv6 counted by its /64.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isDay, utcDay } from '../../server/analytics/day';
import { countedAddress, visitorKey } from '../../server/analytics/visitor-key';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:109.0) Gecko/20100101 Firefox/115.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const SITE = 'https://www.example.com';

describe('countedAddress', () => {
  it('keeps IPv4 whole and reads an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(countedAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(countedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('cuts IPv6 to its /64 network, however it is written', () => {
    expect(countedAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(countedAddress('2001:0DB8:85A3:08D3:ffff::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(countedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(countedAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(countedAddress('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });
});

describe('visitorKey', () => {
  const salt = randomBytes(16);

  it('is the same for one browser within a day, whatever its IPv6 interface bits', () => {
    const a = visitorKey(salt, '2001:db8:1:2:aaaa:bbbb:cccc:dddd', FIREFOX, SITE);
    expect(visitorKey(salt, '2001:db8:1:2::9', FIREFOX, SITE)).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('differs by address, User-Agent and site', () => {
    const base = visitorKey(salt, '203.0.113.7', FIREFOX, SITE);
    expect(visitorKey(salt, '203.0.113.8', FIREFOX, SITE)).not.toBe(base);
    expect(visitorKey(salt, '203.0.113.7', SAFARI, SITE)).not.toBe(base);
    expect(visitorKey(salt, '203.0.113.7', FIREFOX, 'https://other.example')).not.toBe(base);
    expect(visitorKey(salt, '2001:db8:1:3::9', FIREFOX, SITE)).not.toBe(visitorKey(salt, '2001:db8:1:2::9', FIREFOX, SITE));
  });

  it("cannot be linked across days: another day's salt gives another key", () => {
    expect(visitorKey(randomBytes(16), '203.0.113.7', FIREFOX, SITE)).not.toBe(visitorKey(salt, '203.0.113.7', FIREFOX, SITE));
  });

  it('does not run fields together', () => {
    expect(visitorKey(salt, '1.2.3.4', 'ab', 'c')).not.toBe(visitorKey(salt, '1.2.3.4', 'a', 'bc'));
  });
});

describe('utcDay and isDay', () => {
  it('is the UTC date of the moment', () => {
    expect(utcDay(Date.parse('2026-12-01T23:59:59.999Z'))).toBe('2026-12-01');
    expect(utcDay(Date.parse('2026-12-01T23:30:00-05:00'))).toBe('2026-12-02');
  });

  it('accepts real dates only', () => {
    expect(isDay('2026-12-01')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});
