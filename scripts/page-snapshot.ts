/**
 * Saves the HTML of every URL in the sitemap (plus the sitemap, robots.txt and
 * the 404 page) from the built site, served in-process, and compares two such
 * saves. Made to check that a refactoring of content or rendering changes only
 * what it meant to change:
 *
 *   npm run build && npx tsx scripts/page-snapshot.ts save /tmp/before
 *   ...change things...
 *   npm run build && npx tsx scripts/page-snapshot.ts save /tmp/after
 *   npx tsx scripts/page-snapshot.ts compare /tmp/before /tmp/after
 *
 * Hashed asset names (`/assets/name-HASH.ext`) change with every build, so
 * they are compared as `/assets/name-*.ext`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../server/app';
import { parseConfig } from '../server/config';
import { createHttpServer, listen } from '../server/http-server';

const SITE_URL = 'https://www.harborledger.example';
const NOT_FOUND_PATH = '/this-page-does-not-exist';

function fileNameOf(urlPath: string): string {
  const name = urlPath.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'index';
  return `${name}.html`;
}

async function save(dir: string) {
  const config = parseConfig({ NODE_ENV: 'production', SITE_URL, NEWSLETTER_FILE: path.join(dir, '.ledger.jsonl') });
  const app = createApp(config, { logger: pino({ level: 'silent' }) });
  const server = createHttpServer(app);
  await listen(server, 0, '127.0.0.1');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    mkdirSync(dir, { recursive: true });
    const get = async (urlPath: string) => {
      const response = await fetch(origin + urlPath, { headers: { 'accept-encoding': 'identity' } });
      return { status: response.status, body: await response.text() };
    };
    const sitemap = await get('/sitemap.xml');
    writeFileSync(path.join(dir, 'sitemap.xml'), sitemap.body);
    writeFileSync(path.join(dir, 'robots.txt'), (await get('/robots.txt')).body);
    const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname + new URL(match[1]!).search);
    for (const urlPath of [...urls, NOT_FOUND_PATH]) {
      const { status, body } = await get(urlPath);
      writeFileSync(path.join(dir, fileNameOf(urlPath)), `<!-- ${status} ${urlPath} -->\n${body}`);
    }
    process.stdout.write(`saved ${urls.length + 1} pages, the sitemap and robots.txt to ${dir}\n`);
  } finally {
    await app.signUps.stop();
    server.close();
  }
}

/** One element per line, asset hashes masked, so a diff shows what a reader would see change. */
function normalise(text: string): string {
  return text.replace(/(\/assets\/[\w.-]+?)-[A-Za-z0-9_]{8,}(\.\w+)/g, '$1-*$2').replace(/></g, '>\n<');
}

function compare(oldDir: string, newDir: string) {
  const names = new Set([...readdirSync(oldDir), ...readdirSync(newDir)].filter((name) => !name.startsWith('.')));
  let changed = 0;
  for (const name of [...names].sort()) {
    const oldFile = path.join(oldDir, name);
    const newFile = path.join(newDir, name);
    if (!existsSync(oldFile) || !existsSync(newFile)) {
      process.stdout.write(`${existsSync(oldFile) ? 'removed' : 'added'}: ${name}\n`);
      changed += 1;
      continue;
    }
    const before = normalise(readFileSync(oldFile, 'utf8'));
    const after = normalise(readFileSync(newFile, 'utf8'));
    if (before === after) continue;
    changed += 1;
    const tmp = path.join(newDir, '.compare');
    mkdirSync(tmp, { recursive: true });
    writeFileSync(path.join(tmp, 'before'), before);
    writeFileSync(path.join(tmp, 'after'), after);
    const diff = spawnSync('diff', ['-u', '--label', `before/${name}`, '--label', `after/${name}`, path.join(tmp, 'before'), path.join(tmp, 'after')], {
      encoding: 'utf8',
    });
    process.stdout.write(diff.stdout);
  }
  process.stdout.write(`${names.size} files compared, ${changed} differ\n`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'save' && args.length === 1) await save(path.resolve(args[0]!));
else if (command === 'compare' && args.length === 2) compare(path.resolve(args[0]!), path.resolve(args[1]!));
else {
  process.stderr.write('usage: page-snapshot.ts save DIR | compare OLD_DIR NEW_DIR\n');
  process.exit(2);
}
