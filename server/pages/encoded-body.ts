/**
 * A response body compressed once, at high quality, in every encoding a
 * browser may ask for, with a strong ETag per encoding. Sending it is a
 * lookup: nothing is compressed per request.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface EncodedBody {
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
  /** The encodings in the order they are chosen, when not ENCODINGS' (brotli first). */
  order?: readonly Encoding[];
}

/**
 * How hard to compress: hard for what is kept and sent many times (pages,
 * encodeBody), with brotli at 10, not 11: on a 100 kB page 11 takes about three
 * times the CPU (110 against 37 ms) for 2 % fewer bytes, paid by the first
 * visitor of each page and by every start and archive (decision 007); fast for
 * a body made for one request (freshBody), where top quality would cost far
 * more CPU than its bytes save. The build's assets stay at 11.
 */
const KEPT = { brotliQuality: 10, gzipLevel: zlib.constants.Z_BEST_COMPRESSION };
const FRESH = { brotliQuality: 4, gzipLevel: 6 };

/** log2 of the smallest brotli window (16 to 24 bits) that holds the whole body. */
function windowBits(bytes: number): number {
  return Math.min(zlib.constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, Math.ceil(Math.log2(bytes + 1))));
}

export async function encodeBody(content: string | Buffer, contentKind: 'text' | 'generic' = 'text'): Promise<EncodedBody> {
  const identity = typeof content === 'string' ? Buffer.from(content) : content;
  // Compression runs on libuv's thread pool, so a first render never blocks other requests.
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: KEPT.brotliQuality,
        [zlib.constants.BROTLI_PARAM_MODE]: contentKind === 'text' ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        // A window no larger than the body: the default 4 MB one, taken by each of many searches at once, is most of their memory.
        [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
      },
    }),
    gzip(identity, { level: KEPT.gzipLevel }),
  ]);
  return encodedBodyOf({ br, gzip: gz, identity });
}

/** Brotli for a body sent once or a few times: quality 4 takes about two thirds of 5's CPU for a few percent more bytes. */
function brotliFast(identity: Buffer): Buffer {
  return zlib.brotliCompressSync(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: FRESH.brotliQuality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlib.constants.BROTLI_PARAM_LGWIN]: windowBits(identity.length),
    },
  });
}

/** gzip before brotli: a body made per request is cheapest as gzip (./gzip-segments.ts, decision 018). */
const GZIP_FIRST: readonly Encoding[] = ['gzip', 'br', 'identity'];

/**
 * A body made for one request (a search nobody has made yet, its page data):
 * compressed only in the encoding a client asks for, when first asked, and
 * kept for the next. gzip comes first: `gzip()` is given by the maker, who
 * may assemble it from parts compressed once (server/pages/search-pages.ts);
 * so may the text itself be, when only a client that takes no compression
 * needs it whole. `etag` must name the content: equal for equal bytes, as a
 * hash is.
 */
export function freshBody(identity: Buffer | (() => Buffer), etag: string, gzip?: () => Buffer): EncodedBody {
  let text = typeof identity === 'function' ? undefined : identity;
  const textOf = () => (text ??= (identity as () => Buffer)());
  let br: Buffer | undefined;
  let gz: Buffer | undefined;
  return {
    bodies: {
      get identity() {
        return textOf();
      },
      get br() {
        return (br ??= brotliFast(textOf()));
      },
      get gzip() {
        return (gz ??= gzip ? gzip() : zlib.gzipSync(textOf(), { level: FRESH.gzipLevel }));
      },
    },
    etags: { br: `"${etag}-br"`, gzip: `"${etag}-gz"`, identity: `"${etag}"` },
    order: GZIP_FIRST,
  };
}

/** A short, strong validator of some text: a SHA-256 prefix. */
export function hashOf(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url').slice(0, 27);
}

/** A body already compressed (the build's .br and .gz copies of an asset), with its ETags. */
export function encodedBodyOf(bodies: Record<Encoding, Buffer>): EncodedBody {
  const hash = hashOf(bodies.identity);
  // Strong validators must differ between encodings of the same content.
  return { bodies, etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` } };
}

export const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

function matchesETag(header: string | undefined, etags: Record<Encoding, string>): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === etags.br || candidate === etags.gzip || candidate === etags.identity;
  });
}

export interface SendOptions {
  status: number;
  contentType: string;
  cacheControl: string;
}

const MAX_REMEMBERED_HEADERS = 64;
const chosenEncodings = new Map<readonly Encoding[], Map<string, Encoding>>();

/**
 * The encoding to send: brotli when the client accepts it at all, else gzip,
 * else none (for a body made per request, gzip first: freshBody above). Browsers list gzip first ("gzip, deflate, br, zstd") with equal
 * weight, and brotli is the smaller. Clients send few distinct headers, so
 * each is negotiated once (a bounded map). Express's page path and the fast
 * lane (server/http/fast-lane.ts) both ask here.
 */
export function chooseEncoding(req: Request, order: readonly Encoding[] = ENCODINGS): Encoding {
  const header = req.headers['accept-encoding'] ?? '';
  let chosen = chosenEncodings.get(order);
  if (!chosen) chosenEncodings.set(order, (chosen = new Map()));
  let encoding = chosen.get(header);
  if (encoding === undefined) {
    encoding = order.find((candidate) => req.acceptsEncodings(candidate)) ?? 'identity';
    if (chosen.size >= MAX_REMEMBERED_HEADERS) chosen.clear();
    chosen.set(header, encoding);
  }
  return encoding;
}

/** The bytes of `body` that `req` is sent (the encoding it asks for), made now when they are made on first use (freshBody). */
export function bodyFor(req: Request, body: EncodedBody): Buffer {
  return body.bodies[chooseEncoding(req, body.order)];
}

/** Whether the answer is a 304: only a 200 is revalidated, against the ETag of any encoding. */
export function isNotModified(req: Request, body: EncodedBody, status: number): boolean {
  return status === 200 && matchesETag(req.headers['if-none-match'], body.etags);
}

/**
 * The headers of an answer with this body in this encoding, in the order they
 * are set: one list for Express's path (sendEncodedBody) and the fast lane's
 * precomputed header lists, so the two cannot differ. A 304 has no
 * Content-Encoding or Content-Length: it sends no body.
 */
export function bodyHeaders(body: EncodedBody, options: SendOptions, encoding: Encoding, notModified: boolean): [string, string][] {
  const headers: [string, string][] = [
    ['Content-Type', options.contentType],
    ['Cache-Control', options.cacheControl],
    ['Vary', 'Accept-Encoding'],
    ['ETag', body.etags[encoding]],
  ];
  if (notModified) return headers;
  if (encoding !== 'identity') headers.push(['Content-Encoding', encoding]);
  headers.push(['Content-Length', String(body.bodies[encoding].length)]);
  return headers;
}

/** Sends the encoding chosen above, a 304 for a matching If-None-Match, and no body for HEAD. */
export function sendEncodedBody(req: Request, res: Response, body: EncodedBody, options: SendOptions) {
  const encoding = chooseEncoding(req, body.order);
  const notModified = isNotModified(req, body, options.status);
  res.status(notModified ? 304 : options.status);
  for (const [name, value] of bodyHeaders(body, options, encoding, notModified)) res.setHeader(name, value);
  // Node sends no body for HEAD, but keeps the headers GET would have.
  res.end(notModified ? undefined : body.bodies[encoding]);
}
