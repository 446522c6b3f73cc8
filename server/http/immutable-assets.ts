/**
 * The hashed build output (scripts, the stylesheet, the icon sprite) held in
 * memory with the brotli and gzip copies the build wrote beside each file, so
 * answering for one is a map lookup, as for a page (server/pages/encoded-body.ts):
 * no file-system call, no stream. Read once at start-up in production; names
 * are content hashes, so the files never change under them.
 *
 * Only what a page load fetches is held: a file without both compressed
 * copies (a tiny chunk), source maps, licence texts and share images stay with
 * the static handler behind this one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { encodedBodyOf, sendEncodedBody } from '../pages/encoded-body';
import type { EncodedBody, SendOptions } from '../pages/encoded-body';

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface Asset {
  body: EncodedBody;
  /** How it is sent: always a 200, with its type, kept for a year. */
  send: SendOptions;
}

/** Every held file under `dir`, by its path below it ('/entry-AB12.js', '/chunks/…'). */
export function readImmutableAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const names = new Set(readdirSync(dir, { recursive: true, encoding: 'utf8' }));
  for (const name of names) {
    const contentType = CONTENT_TYPES[path.extname(name)];
    if (!contentType || !names.has(`${name}.br`) || !names.has(`${name}.gz`)) continue;
    const read = (suffix: string) => readFileSync(path.join(dir, name + suffix));
    assets.set(`/${name.split(path.sep).join('/')}`, {
      body: encodedBodyOf({ identity: read(''), br: read('.br'), gzip: read('.gz') }),
      send: { status: 200, contentType, cacheControl: IMMUTABLE_CACHE_CONTROL },
    });
  }
  return assets;
}

/**
 * Mounted under /assets, with the files readImmutableAssets held (the fast
 * lane, server/http/fast-lane.ts, answers from the same map). `headers` are set on
 * every answer (the two security headers that apply to files); what is not
 * held goes to the next handler.
 */
export function immutableAssets(assets: Map<string, Asset>, headers: Map<string, string>): RequestHandler {
  return (req, res, next) => {
    const asset = req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path) : undefined;
    if (!asset) return next();
    res.setHeaders(headers);
    sendEncodedBody(req, res, asset.body, asset.send);
  };
}
