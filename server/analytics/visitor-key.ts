/**
 * The visitor without a cookie (docs/decisions/038-analytics-counting.md): a
 * keyed hash of the client address, the User-Agent and the site, under a
 * random salt made each day and deleted after 48 hours. Within a day the same
 * browser on the same network is one visitor; across days the keys share
 * nothing, and without the salt no one can test a guessed address against one.
 */
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address as counted: IPv4 whole, IPv6 cut to its /64 network, as the IAB
 * podcast guidelines (v2.1) do, because a device rotates the low 64 bits of
 * its own address (privacy extensions) and would otherwise be a new visitor
 * every few hours. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4.
 */
export function countedAddress(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  return expandIPv6(plain).slice(0, 4).join(':') + '::/64';
}

/** The eight groups of an IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, ... 1). */
function expandIPv6(address: string): string[] {
  let text = address;
  // A trailing dotted quad (::ffff:1.2.3.4 was handled; 64:ff9b::1.2.3.4 is not) is two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, quad.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

/**
 * The visitor key: HMAC-SHA256 under the day's salt of the counted address,
 * the User-Agent and the site's origin, each ended by a NUL so no two
 * different triples run together into the same bytes. 128 bits of it, as
 * base64url (22 characters): collisions among a day's visitors are out of
 * reach, and it is what the day's distinct count (./distinct-count.ts) holds.
 */
export function visitorKey(salt: Buffer, address: string, userAgent: string, siteOrigin: string): string {
  return createHmac('sha256', salt)
    .update(`${countedAddress(address)}\0${userAgent}\0${siteOrigin}\0`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}
