/**
 * The compliance archive as an operator uses it: the built command
 * (dist/cli/archive.js) as its own process, on a site root whose content/
 * the test edits (dist/ and public/ are the real build); the archive read
 * back by an independent reader (node-warc, not warcio.js); verify on an
 * intact and a damaged file; diff across a one-sentence change; the same
 * records from a running server (--from); and ARCHIVE_DIR on the real server
 * process, started twice with the same content and once with new content.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveManifest } from '../../server/archive/warc-file';
import { rootDir } from '../support/app';
import { sampleEpisode, writeEpisode } from '../support/content-dir';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';

const execFileAsync = promisify(execFile);
const CLI = path.join(rootDir, 'dist/cli/archive.js');
const SITE = 'http://localhost:3000';
const SENTENCE = 'Most practices are ready to begin within a month.';
const INTRO = 'A clear, unhurried process, so you always know where things stand.';

let work: string;
/** A site root: the real build and public files, its own copy of content/. */
let site: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'archive-test-'));
  site = path.join(work, 'site');
  mkdirSync(site);
  symlinkSync(path.join(rootDir, 'dist'), path.join(site, 'dist'));
  symlinkSync(path.join(rootDir, 'public'), path.join(site, 'public'));
  cpSync(path.join(rootDir, 'content'), path.join(site, 'content'), { recursive: true });
  // Not public: a draft, and an episode scheduled for next year.
  writeEpisode(
    path.join(site, 'content'),
    'a-draft-episode-nobody-may-see',
    { ...sampleEpisode, title: 'A Draft Nobody May See', draft: true },
    'Draft notes.',
  );
  writeEpisode(
    path.join(site, 'content'),
    'an-episode-scheduled-for-later',
    { ...sampleEpisode, title: 'Scheduled For Later', publishAt: '2099-01-01T09:00:00Z' },
    'Later.',
  );
});
afterEach(async () => {
  if (server?.child.exitCode === null) await server.stop('SIGKILL');
  server = undefined;
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The built command, as its own process, in the site root. */
async function archive(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileAsync('node', [CLI, ...args], {
      cwd: site,
      env: {
        PATH: process.env.PATH ?? '',
        NEWSLETTER_FILE: path.join(work, 'subscribers.jsonl'),
        CONTACT_FILE: path.join(work, 'messages.jsonl'),
      },
      maxBuffer: 10 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The archive file named on the command's second line. */
function archiveFileOf(run: Run): string {
  const name = /^\s+(\S+\.warc\.gz)\s/m.exec(run.stdout)?.[1];
  if (!name) throw new Error(`no archive named in:\n${run.stdout}\n${run.stderr}`);
  return path.resolve(site, name);
}

const manifestOf = (file: string) => JSON.parse(readFileSync(file.replace(/\.warc\.gz$/, '.manifest.json'), 'utf8')) as ArchiveManifest;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface IndependentRecord {
  type: string;
  url: string | undefined;
  version: string;
  payloadDigest: string | undefined;
  blockDigest: string | undefined;
  status: number | undefined;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * Every record, read by node-warc (a different library from the writer's).
 * node-warc keeps the blank line that ends a record with its content; the
 * HTTP Content-Length says where the body ends. Its stream transform calls
 * back twice once the file is read (ERR_MULTIPLE_CALLBACK): by then every
 * record has been emitted, so that error ends the reading.
 */
function readWithNodeWarc(file: string): Promise<IndependentRecord[]> {
  const { WARCGzParser } = createRequire(import.meta.url)('node-warc') as {
    WARCGzParser: new (file: string) => {
      on(event: 'record', listener: (record: NodeWarcRecord) => void): void;
      on(event: 'done', listener: () => void): void;
      on(event: 'error', listener: (error: NodeJS.ErrnoException) => void): void;
      start(): void;
    };
  };
  interface NodeWarcRecord {
    warcType: string;
    warcTargetURI?: string;
    warcPayloadDigest?: string;
    warcBlockDigest?: string;
    warcHeader: Record<string, string>;
    httpInfo: { statusCode?: string; headers: Record<string, string> } | null;
    content: Buffer | null;
  }
  return new Promise((resolve, reject) => {
    const records: IndependentRecord[] = [];
    const parser = new WARCGzParser(file);
    parser.on('record', (record) => {
      const headers = Object.fromEntries(
        Object.entries(record.httpInfo?.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      );
      const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
      const content = record.content ?? Buffer.alloc(0);
      records.push({
        type: record.warcType,
        url: record.warcTargetURI,
        version: record.warcHeader['WARC'] ?? '',
        payloadDigest: record.warcPayloadDigest,
        blockDigest: record.warcBlockDigest,
        status: record.httpInfo?.statusCode === undefined ? undefined : Number(record.httpInfo.statusCode),
        contentType: headers['content-type'],
        body: length === undefined ? content : content.subarray(0, length),
      });
    });
    parser.on('done', () => resolve(records));
    parser.on('error', (error) => (error.code === 'ERR_MULTIPLE_CALLBACK' ? resolve(records) : reject(error)));
    parser.start();
  });
}

let first: string;

/** A test that captures the whole site (about 15 s of one core): more than the default 30 s on two busy cores. */
const CAPTURES = { timeout: 90_000 };

describe('npm run archive (dist/cli/archive.js) on the built site, in-process', () => {
  it(
    'writes a WARC 1.1 file and a manifest; an independent reader finds one response per sitemap URL, with digests that match',
    CAPTURES,
    async () => {
      const run = await archive('--out', 'archive');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Archived \d+ pages and \d+ other files from the built site \(in-process\)$/m);
      first = archiveFileOf(run);
      expect(path.basename(first)).toMatch(/^site-\d{8}T\d{6}Z\.warc\.gz$/);
      expect(path.dirname(first)).toBe(path.join(site, 'archive'));

      // The first record's first line, straight from the gzip member.
      expect(gunzipSync(readFileSync(first)).subarray(0, 9).toString()).toBe('WARC/1.1\r');

      const records = await readWithNodeWarc(first);
      const manifest = manifestOf(first);
      expect(records).toHaveLength(manifest.records.length);
      expect(records[0]!.type).toBe('warcinfo');
      expect(records.slice(1).every((record) => record.type === 'request' || record.type === 'response')).toBe(true);

      const responses = records.filter((record) => record.type === 'response');
      for (const record of [...responses, ...records.filter((r) => r.type === 'request')]) {
        expect(record.payloadDigest, record.url).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(record.blockDigest, record.url).toMatch(/^sha256:[0-9a-f]{64}$/);
      }
      for (const record of responses) expect(record.payloadDigest, record.url).toBe(`sha256:${sha256(record.body)}`);

      // One response for every URL the archived sitemap lists, each a 200.
      const sitemap = responses.find((record) => record.url === `${SITE}/sitemap.xml`)!;
      const locations = [...sitemap.body.toString().matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(locations.length).toBeGreaterThan(60);
      for (const url of locations) {
        const found = responses.filter((record) => record.url === url);
        expect(
          found.map((record) => record.status),
          url,
        ).toEqual([200]);
        expect(found[0]!.contentType).toMatch(/^text\/html/);
      }
      const byUrl = (url: string) => responses.find((record) => record.url === url);
      expect(byUrl(`${SITE}/robots.txt`)?.status).toBe(200);
      expect(byUrl(`${SITE}/archive-check-page-not-found`)?.status).toBe(404);
      // What the pages load: the stylesheet, scripts, share images, a hero video and its poster.
      const types = new Set(responses.map((record) => record.contentType?.split(';')[0]));
      for (const type of ['text/css', 'text/javascript', 'image/png', 'image/svg+xml', 'video/mp4']) expect(types, type).toContain(type);

      // Nothing that is not public yet.
      const urls = records.map((record) => record.url ?? '');
      expect(urls.some((url) => url.includes('a-draft-episode-nobody-may-see') || url.includes('an-episode-scheduled-for-later'))).toBe(
        false,
      );

      // The manifest agrees with the file and with what was read.
      expect(manifest.sha256).toBe(sha256(readFileSync(first)));
      expect(manifest.siteUrl).toBe(`${SITE}/`);
      expect(manifest.build.commit).toMatch(/^[0-9a-f]{40}$/);
      for (const [index, listed] of manifest.records.entries()) {
        expect(listed.url ?? undefined).toBe(records[index]!.url);
        if (listed.type === 'response') expect(`sha256:${listed.sha256}`).toBe(records[index]!.payloadDigest);
      }
    },
  );

  it('leaves the videos out with --no-media', CAPTURES, async () => {
    const run = await archive('--out', path.join(work, 'no-media'), '--no-media');
    expect(run.code, run.stderr).toBe(0);
    const manifest = manifestOf(archiveFileOf(run));
    expect(manifest.records.some((record) => record.contentType === 'video/mp4')).toBe(false);
    expect(manifest.records.some((record) => record.contentType === 'image/jpeg' || record.contentType === 'image/svg+xml')).toBe(true);
  });

  it('explains a bad option, with the usage, and exits 2', async () => {
    const run = await archive('--form', 'https://example.com');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown option '--form'");
    expect(run.stderr).toContain('Usage: archive');
  });
});

describe('archive verify', () => {
  it('passes an intact file with one line: records, bytes and the SHA-256', async () => {
    const run = await archive('verify', first);
    const manifest = manifestOf(first);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `OK ${first}: ${manifest.records.length} records, ${manifest.bytes} bytes, sha256 ${manifest.sha256}, matches its manifest\n`,
    );
  });

  it('fails a file with one byte changed, naming the record it belongs to, with or without its manifest', async () => {
    const manifest = manifestOf(first);
    // A byte inside the home page's response record.
    const home = manifest.records.find((record) => record.type === 'response' && record.url === `${SITE}/`)!;
    const damaged = path.join(work, 'damaged', path.basename(first));
    mkdirSync(path.dirname(damaged), { recursive: true });
    const bytes = readFileSync(first);
    bytes[home.offset + Math.floor(home.length / 2)]! ^= 0x01;
    writeFileSync(damaged, bytes);
    writeFileSync(damaged.replace(/\.warc\.gz$/, '.manifest.json'), JSON.stringify(manifest));

    const withManifest = await archive('verify', damaged);
    expect(withManifest.code).toBe(1);
    expect(withManifest.stdout).toMatch(/^DAMAGED /);
    expect(withManifest.stdout).toContain(`(response ${SITE}/, at byte ${home.offset}): its stored bytes differ from the manifest`);

    rm(damaged.replace(/\.warc\.gz$/, '.manifest.json'));
    const alone = await archive('verify', damaged);
    expect(alone.code).toBe(1);
    expect(alone.stdout).toMatch(new RegExp(`record \\d+ \\((response ${SITE.replace(/[.]/g, '\\.')}/, at byte ${home.offset})?`));
    expect(alone.stdout).toContain('DAMAGED');
  });

  it('says so when the file is not there', async () => {
    const run = await archive('verify', path.join(work, 'nothing.warc.gz'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no such file');
  });
});

describe('archive diff', () => {
  it(
    'reports exactly the sentence that changed, on that page (exit 3), in text and as a printable page; the same content exits 0',
    CAPTURES,
    async () => {
      const contactFile = path.join(site, 'content/pages/contact.yaml');
      const original = readFileSync(contactFile, 'utf8');
      writeFileSync(contactFile, original.replace(INTRO, `${INTRO} ${SENTENCE}`));
      try {
        const run = await archive('--out', 'archive', '--no-media');
        expect(run.code, run.stderr).toBe(0);
        const second = archiveFileOf(run);
        const report = path.join(work, 'report.html');
        const diff = await archive('diff', first, second, '--html', report);
        expect(diff.code).toBe(3);
        expect(diff.stdout).toContain('Pages added: 0, removed: 0, changed: 1');
        expect(diff.stdout).toContain(`Changed: ${SITE}/contact\n  text:\n    after “What Happens Next”\n    + ${SENTENCE}\n`);
        expect(diff.stdout).not.toContain('OUTSIDE LINKS');
        const html = readFileSync(report, 'utf8');
        expect(html).toContain(`<ins>${SENTENCE}</ins>`);
        expect(html).not.toContain('<script');

        const same = await archive('diff', first, first);
        expect(same.code).toBe(0);
        expect(same.stdout).toContain('No change');
      } finally {
        writeFileSync(contactFile, original);
      }
    },
  );
});

describe('archive --from URL', () => {
  it('records the same pages from a running server as from the built site', CAPTURES, async () => {
    server = await startServerProcess({
      cwd: site,
      command: ['node', path.join(rootDir, 'dist/server/index.js')],
      env: { NEWSLETTER_FILE: path.join(work, 'subscribers.jsonl'), CONTACT_FILE: path.join(work, 'messages.jsonl') },
    });
    const run = await archive('--from', server.origin, '--out', path.join(work, 'from'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`from ${server.origin}`);
    const fromServer = manifestOf(archiveFileOf(run));
    const inProcess = manifestOf(first);
    const pages = (manifest: ArchiveManifest) =>
      Object.fromEntries(
        manifest.records.filter((r) => r.type === 'response' && r.contentType === 'text/html').map((r) => [r.url, r.sha256]),
      );
    expect(pages(fromServer)).toEqual(pages(inProcess));
    expect(fromServer.contentFingerprint).toBe(inProcess.contentFingerprint);
    expect((await archive('diff', first, archiveFileOf(run))).code).toBe(0);
  });

  it('explains an instance that cannot be reached', async () => {
    const run = await archive('--from', 'http://127.0.0.1:9', '--out', path.join(work, 'nowhere'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Not archived: could not fetch http:\/\/127\.0\.0\.1:9\/sitemap\.xml/);
  });
});

describe('ARCHIVE_DIR: the server archives itself after start', () => {
  const archives = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.warc.gz'));

  async function startWith(env: Record<string, string>, logged: RegExp): Promise<ServerProcess> {
    const started = await startServerProcess({
      cwd: site,
      command: ['node', path.join(rootDir, 'dist/server/index.js')],
      env: {
        NEWSLETTER_FILE: path.join(work, 'subscribers.jsonl'),
        CONTACT_FILE: path.join(work, 'messages.jsonl'),
        DRAIN_SECONDS: '0',
        ...env,
      },
    });
    await expect.poll(() => logged.test(started.stdout()), { timeout: 30_000 }).toBe(true);
    return started;
  }

  // Three starts, each capturing the whole site: more than the default 30 s on two busy cores.
  it(
    'a restart with the same content leaves no new archive; a deploy with changed content leaves exactly one',
    { timeout: 90_000 },
    async () => {
      const dir = path.join(work, 'on-start');
      server = await startWith({ ARCHIVE_DIR: dir }, /site archived: its content differs/);
      expect(archives(dir)).toHaveLength(1);
      expect(await server.stop()).toBe(0);

      server = await startWith({ ARCHIVE_DIR: dir }, /site not archived: the newest archive holds the same content/);
      expect(archives(dir)).toHaveLength(1);
      expect(await server.stop()).toBe(0);

      const contactFile = path.join(site, 'content/pages/contact.yaml');
      const original = readFileSync(contactFile, 'utf8');
      writeFileSync(contactFile, original.replace(INTRO, `${INTRO} ${SENTENCE}`));
      try {
        server = await startWith({ ARCHIVE_DIR: dir }, /site archived: its content differs/);
        expect(archives(dir)).toHaveLength(2);
        expect(await server.stop()).toBe(0);
      } finally {
        writeFileSync(contactFile, original);
      }
      expect(readdirSync(dir).filter((name) => name.includes('.partial') || name.endsWith('.lock'))).toEqual([]);
    },
  );

  // The failure comes when the capture is written, after the whole site was captured.
  it('a failure to archive is logged as an error; the site and its health checks carry on', CAPTURES, async () => {
    const notADirectory = path.join(work, 'a-file');
    writeFileSync(notADirectory, 'not a directory');
    server = await startWith({ ARCHIVE_DIR: notADirectory }, /site archive failed; the site keeps running/);
    const line = server
      .stdout()
      .split('\n')
      .find((text) => text.includes('site archive failed'))!;
    expect(JSON.parse(line).level).toBe(50);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.origin}/`)).status).toBe(200);
  });
});
