/**
 * Saves the HTML of every URL in the sitemap (plus the sitemap, robots.txt and
 * the 404 page), the response headers of each, and the answers to the old
 * addresses, both form APIs and the operational endpoints (exchanges.txt),
 * from the built site, served in-process, and compares two such saves. Made to check that a refactoring of content or rendering changes only
 * what it meant to change:
 *
 *   npm run build && npx tsx scripts/ops/page-snapshot.ts save /tmp/before
 *   ...change things...
 *   npm run build && npx tsx scripts/ops/page-snapshot.ts save /tmp/after
 *   npx tsx scripts/ops/page-snapshot.ts compare /tmp/before /tmp/after
 *
 * Hashed asset names (`/assets/name-HASH.ext`) change with every build, so
 * they are compared as `/assets/name-*.ext`; what differs per request (Date,
 * X-Request-Id, a rate limit's reset, a message's id) is masked, and ETags,
 * which follow the bytes already compared, are too.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../../server/app';
import { parseConfig } from '../../server/config';
import { createHttpServer, listen } from '../../server/http/http-server';
import { siteListener } from '../../server/http/fast-lane';

const SITE_URL = 'https://www.harborledger.example';
const NOT_FOUND_PATH = '/this-page-does-not-exist';

function fileNameOf(urlPath: string): string {
  const name = urlPath.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'index';
  return `${name}.html`;
}

async function save(dir: string) {
  const config = parseConfig({
    NODE_ENV: 'production',
    SITE_URL,
    NEWSLETTER_FILE: path.join(dir, '.ledger.jsonl'),
    CONTACT_FILE: path.join(dir, '.messages.jsonl'),
  });
  const app = createApp(config, { logger: pino({ level: 'silent' }) });
  const server = createHttpServer(siteListener(app, config));
  await listen(server, 0, '127.0.0.1');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    mkdirSync(dir, { recursive: true });
    const get = async (urlPath: string) => {
      const response = await fetch(origin + urlPath, { headers: { 'accept-encoding': 'identity' } });
      return { status: response.status, body: await response.text() };
    };
    const exchanges: string[] = [];
    /** One request and its answer, as text with what differs per request masked. */
    const exchange = async (method: string, urlPath: string, body?: { type: string; text: string }, withBody = true) => {
      const response = await fetch(origin + urlPath, {
        method,
        redirect: 'manual',
        headers: { 'accept-encoding': 'identity', ...(body ? { 'content-type': body.type } : {}) },
        body: body?.text,
      });
      const text = await response.text();
      exchanges.push(
        `${method} ${urlPath}${body ? ` (${body.type}) ${body.text}` : ''}\n${response.status}\n${headersOf(response)}` +
          (withBody ? `\n${maskVolatile(text)}` : '') +
          '\n',
      );
    };
    const sitemap = await get('/sitemap.xml');
    writeFileSync(path.join(dir, 'sitemap.xml'), sitemap.body);
    writeFileSync(path.join(dir, 'robots.txt'), (await get('/robots.txt')).body);
    const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname + new URL(match[1]!).search);
    for (const urlPath of [...urls, NOT_FOUND_PATH]) {
      const { status, body } = await get(urlPath);
      writeFileSync(path.join(dir, fileNameOf(urlPath)), `<!-- ${status} ${urlPath} -->\n${body}`);
      // The headers a visitor gets, from Express (first answer) and then from the fast lane (held page).
      await exchange('GET', urlPath, undefined, false);
    }
    const legacy = '/2024/03/12/mastering-money-with-mindfulness-three-step-approach';
    for (const urlPath of [legacy, `${legacy}/`, '/PODCAST', '/_data/podcast', '/feed.xml', '/podcast/feed.json', '/healthz', '/readyz']) {
      await exchange('GET', urlPath, undefined, !urlPath.includes('feed'));
    }
    for (const urlPath of ['/assets/missing.js', '/media/missing.png', '/%E0%A4%A']) await exchange('GET', urlPath);
    for (const [method, urlPath] of [
      ['POST', '/press'],
      ['DELETE', '/contact'],
      ['GET', '/api/subscribe'],
      ['PUT', '/api/contact'],
    ]) {
      await exchange(method!, urlPath!);
    }
    const json = (value: unknown) => ({ type: 'application/json', text: JSON.stringify(value) });
    const form = (value: Record<string, string>) => ({
      type: 'application/x-www-form-urlencoded',
      text: new URLSearchParams(value).toString(),
    });
    await exchange('POST', '/api/subscribe', json({ email: 'snapshot@example.com' }));
    await exchange('POST', '/api/subscribe', json({ email: 'not an address' }));
    await exchange('POST', '/api/subscribe', form({ email: 'snapshot-form@example.com', returnTo: '/press' }));
    await exchange('POST', '/api/subscribe', { type: 'text/plain', text: 'email=x@example.com' });
    const message = { name: 'Avery Holt', email: 'avery@example.com', topic: 'other', message: 'A snapshot of the contact answer.' };
    await exchange('POST', '/api/contact', json(message));
    await exchange('POST', '/api/contact', json({ ...message, email: 'nope' }));
    await exchange('POST', '/contact', form({ ...message, email: 'nope' }), false);
    writeFileSync(path.join(dir, 'exchanges.txt'), exchanges.join('\n'));
    process.stdout.write(
      `saved ${urls.length + 1} pages, the sitemap, robots.txt and ${exchanges.length} exchanges with their headers to ${dir}\n`,
    );
  } finally {
    await app.outbox.stop();
    server.close();
  }
}

/** Response headers, sorted by name, with the values that differ per request or per build masked. */
function headersOf(response: Response): string {
  const volatile = new Set(['date', 'x-request-id', 'etag', 'ratelimit-reset', 'ratelimit', 'keep-alive']);
  return [...response.headers]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `  ${name}: ${volatile.has(name) ? '[masked]' : maskHashes(value)}`)
    .join('\n');
}

const maskVolatile = (text: string) => maskHashes(text).replace(/"(id|requestId)":"[^"]+"/g, '"$1":"[masked]"');

const PAYLOAD = /(<script type="application\/json" id="app-payload">)([\s\S]*?)(<\/script>)/;
const STYLES = /(<style id="page-styles">)([\s\S]*?)(<\/style>)/;
const maskHashes = (text: string) => text.replace(/(\/assets\/[\w./-]+?)-[A-Za-z0-9_]{8,}(\.\w+)/g, '$1-*$2');

/**
 * The markup, one element per line and asset hashes masked, so a diff shows
 * what a reader would see change; the inline stylesheet and the hydration
 * payload are compared on their own (see below).
 */
function normalise(text: string): string {
  return maskHashes(text)
    .replace(STYLES, '$1[the inline stylesheet]$3')
    .replace(PAYLOAD, '$1[the hydration payload]$3')
    .replace(/></g, '>\n<');
}

/** Where two JSON values differ, as paths with array indexes folded ('items[].published: added'). */
function jsonDifferences(before: unknown, after: unknown, at = '', out = new Map<string, number>()): Map<string, number> {
  const note = (what: string) => out.set(`${at || '(root)'}: ${what}`, (out.get(`${at || '(root)'}: ${what}`) ?? 0) + 1);
  if (JSON.stringify(before) === JSON.stringify(after)) return out;
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((item, index) => jsonDifferences(item, after[index], `${at}[]`, out));
  } else if (isObject(before) && isObject(after) && !Array.isArray(before) && !Array.isArray(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const path = at ? `${at}.${key}` : key;
      if (!(key in before)) out.set(`${path}: added`, (out.get(`${path}: added`) ?? 0) + 1);
      else if (!(key in after)) out.set(`${path}: removed`, (out.get(`${path}: removed`) ?? 0) + 1);
      else jsonDifferences(before[key], after[key], path, out);
    }
  } else {
    note(`changed (${JSON.stringify(before)?.slice(0, 80)} → ${JSON.stringify(after)?.slice(0, 80)})`);
  }
  return out;
}

function compare(oldDir: string, newDir: string) {
  const names = new Set([...readdirSync(oldDir), ...readdirSync(newDir)].filter((name) => !name.startsWith('.')));
  let changed = 0;
  const payloadChanges = new Map<string, number>();
  const styleChanges = new Set<string>();
  for (const name of [...names].sort()) {
    const oldFile = path.join(oldDir, name);
    const newFile = path.join(newDir, name);
    if (!existsSync(oldFile) || !existsSync(newFile)) {
      process.stdout.write(`${existsSync(oldFile) ? 'removed' : 'added'}: ${name}\n`);
      changed += 1;
      continue;
    }
    const [oldText, newText] = [readFileSync(oldFile, 'utf8'), readFileSync(newFile, 'utf8')];
    if (name === 'exchanges.txt') {
      if (oldText === newText) continue;
      changed += 1;
      const diff = spawnSync('diff', ['-u', oldFile, newFile], { encoding: 'utf8' });
      process.stdout.write(diff.stdout);
      continue;
    }
    const [oldPayload, newPayload] = [PAYLOAD.exec(oldText)?.[2], PAYLOAD.exec(newText)?.[2]];
    if (oldPayload && newPayload) {
      for (const [what, count] of jsonDifferences(JSON.parse(maskHashes(oldPayload)), JSON.parse(maskHashes(newPayload)))) {
        payloadChanges.set(what, (payloadChanges.get(what) ?? 0) + count);
      }
    }
    if (STYLES.exec(oldText)?.[2] !== STYLES.exec(newText)?.[2]) styleChanges.add(name);
    const before = normalise(oldText);
    const after = normalise(newText);
    if (before === after) continue;
    changed += 1;
    const tmp = path.join(newDir, '.compare');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, 'before'), before);
    writeFileSync(path.join(tmp, 'after'), after);
    const diff = spawnSync(
      'diff',
      ['-u', '--label', `before/${name}`, '--label', `after/${name}`, path.join(tmp, 'before'), path.join(tmp, 'after')],
      {
        encoding: 'utf8',
      },
    );
    process.stdout.write(diff.stdout);
  }
  process.stdout.write(`${names.size} files compared: the markup of ${changed} differs\n`);
  process.stdout.write(`inline stylesheet: ${styleChanges.size === 0 ? 'the same everywhere' : `differs in ${styleChanges.size} pages`}\n`);
  process.stdout.write(`hydration payload: ${payloadChanges.size === 0 ? 'the same everywhere' : 'differences (path: what, times)'}\n`);
  for (const [what, count] of [...payloadChanges].sort()) process.stdout.write(`  ${what} ×${count}\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'save' && args.length === 1) await save(path.resolve(args[0]!));
else if (command === 'compare' && args.length === 2) compare(path.resolve(args[0]!), path.resolve(args[1]!));
else {
  process.stderr.write('usage: page-snapshot.ts save DIR | compare OLD_DIR NEW_DIR\n');
  process.exit(2);
}
