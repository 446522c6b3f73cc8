/**
 * Writing a capture as a WARC 1.1 file (ISO 28500) with warcio.js, and the
 * JSON manifest beside it; reading one back, record by record.
 *
 * - One `warcinfo` record, then a `request` and a `response` record per URL.
 *   Each record is its own gzip member (as every WARC tool expects of
 *   .warc.gz), so a reader can start at any record's offset.
 * - warcio computes `WARC-Block-Digest` and `WARC-Payload-Digest` (SHA-256,
 *   hex) as it serialises; the manifest's per-record `sha256` is the same
 *   payload digest, so the two can be checked against each other by hand.
 * - The manifest also keeps each record's offset and length in the file, and
 *   the SHA-256 of those bytes, so `verify` can name the record a damaged
 *   byte belongs to even when the damage leaves the gzip stream readable.
 * - Files are written under a temporary name, fsync'd, then renamed: a crash
 *   never leaves a half archive under a real name.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { WARCParser, WARCRecord, WARCSerializer } from 'warcio';
import type { Capture, Exchange } from './capture';
import { contentFingerprint, siteSnapshot } from './site-snapshot';
import type { StoredResponse } from './site-snapshot';

export const MANIFEST_FORMAT = 'harbor-site-archive/1';
const WARC_VERSION = 'WARC/1.1';

export interface ManifestRecord {
  type: 'warcinfo' | 'request' | 'response';
  url: string | null;
  /** HTTP status (responses). */
  status?: number;
  contentType?: string;
  /** SHA-256 of the payload (a response's body), hex; as WARC-Payload-Digest says. */
  sha256?: string;
  /** Where the record's gzip member starts in the file, and its length in bytes. */
  offset: number;
  length: number;
  /** SHA-256 of those stored bytes, hex. */
  storedSha256: string;
}

export interface ArchiveManifest {
  format: typeof MANIFEST_FORMAT;
  archive: string;
  /** SHA-256 of the whole .warc.gz, hex. */
  sha256: string;
  bytes: number;
  siteUrl: string;
  source: string;
  build: { commit: string | null };
  /** The followed content branch's commit this archive holds (CONTENT_REPO). */
  content?: { commit: string };
  capturedAt: string;
  /** Same value ⇔ same visible text, images and outside links on every page (site-snapshot.ts). */
  contentFingerprint: string;
  records: ManifestRecord[];
}

export interface ArchiveInfo {
  commit: string | null;
  software: string;
  /** The content commit served (CONTENT_REPO), which names the archive; absent: the image's own content. */
  contentCommit?: string;
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `site-20261125T130501Z`, or with a followed content commit `site-20261125T130501Z-3f2a9c1b7d04`: sortable, and a valid file name everywhere. */
export function archiveBaseName(date: Date, contentCommit?: string): string {
  const stamp = `site-${date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
  return contentCommit ? `${stamp}-${contentCommit.slice(0, 12)}` : stamp;
}

export const manifestPathOf = (archiveFile: string) => archiveFile.replace(/\.warc\.gz$/, '.manifest.json');

async function* once(bytes: Uint8Array) {
  yield bytes;
}

function requestLine(url: string): string {
  const { pathname, search } = new URL(url);
  return `GET ${pathname}${search} HTTP/1.1`;
}

async function serialize(record: WARCRecord): Promise<Uint8Array> {
  return WARCSerializer.serialize(record, { gzip: true, digest: { algo: 'sha-256', prefix: 'sha256:', base32: false } });
}

/** The records of one exchange: the request, then the response it got. */
async function exchangeRecords(exchange: Exchange): Promise<[Uint8Array, Uint8Array]> {
  const responseId = `<urn:uuid:${randomUUID()}>`;
  const response = WARCRecord.create(
    {
      url: exchange.url,
      date: exchange.date,
      type: 'response',
      warcVersion: WARC_VERSION,
      statusline: `HTTP/1.1 ${exchange.status} ${exchange.statusText}`.trimEnd(),
      httpHeaders: exchange.responseHeaders,
      warcHeaders: { 'WARC-Record-ID': responseId },
      keepHeadersCase: true,
    },
    once(exchange.body),
  );
  const request = WARCRecord.create(
    {
      url: exchange.url,
      date: exchange.date,
      type: 'request',
      warcVersion: WARC_VERSION,
      statusline: requestLine(exchange.url),
      httpHeaders: exchange.requestHeaders,
      warcHeaders: { 'WARC-Concurrent-To': responseId },
      keepHeadersCase: true,
    },
    once(new Uint8Array()),
  );
  return [await serialize(request), await serialize(response)];
}

/** A name in `dir` that no archive has yet: the timestamp, then -2, -3... within the same second. */
async function freeBaseName(dir: string, date: Date, contentCommit?: string): Promise<string> {
  const taken = new Set(await readdir(dir));
  const base = archiveBaseName(date, contentCommit);
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(`${name}.warc.gz`) && !taken.has(`${name}.manifest.json`)) return name;
  }
}

async function writeDurably(file: string, chunks: Uint8Array[]) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  const handle = await open(temporary, 'w', 0o644);
  try {
    for (const chunk of chunks) await handle.write(chunk);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
}

/** Writes `<dir>/site-<UTC timestamp>.warc.gz` and its manifest; returns the manifest and both paths. */
export async function writeArchive(capture: Capture, dir: string, info: ArchiveInfo, now = new Date()) {
  await mkdir(dir, { recursive: true });
  const name = await freeBaseName(dir, now, info.contentCommit);
  const archiveFile = path.join(dir, `${name}.warc.gz`);
  const warcinfo = await serialize(
    WARCRecord.createWARCInfo(
      { filename: path.basename(archiveFile), warcVersion: WARC_VERSION },
      {
        software: info.software,
        format: 'WARC File Format 1.1',
        conformsTo: 'https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/',
        isPartOf: capture.siteUrl,
        description: `The public website as published, captured from ${capture.source}`,
        'build-commit': info.commit ?? 'unknown',
        ...(info.contentCommit ? { 'content-commit': info.contentCommit } : {}),
      },
    ),
  );
  const chunks: Uint8Array[] = [warcinfo];
  const records: ManifestRecord[] = [{ type: 'warcinfo', url: null, offset: 0, length: warcinfo.byteLength, storedSha256: sha256Hex(warcinfo) }];
  let offset = warcinfo.byteLength;
  for (const exchange of capture.exchanges) {
    const [request, response] = await exchangeRecords(exchange);
    records.push({ type: 'request', url: exchange.url, offset, length: request.byteLength, storedSha256: sha256Hex(request) });
    offset += request.byteLength;
    records.push({
      type: 'response',
      url: exchange.url,
      status: exchange.status,
      contentType: exchange.contentType,
      sha256: exchange.sha256,
      offset,
      length: response.byteLength,
      storedSha256: sha256Hex(response),
    });
    offset += response.byteLength;
    chunks.push(request, response);
  }
  const whole = createHash('sha256');
  for (const chunk of chunks) whole.update(chunk);
  const manifest: ArchiveManifest = {
    format: MANIFEST_FORMAT,
    archive: path.basename(archiveFile),
    sha256: whole.digest('hex'),
    bytes: offset,
    siteUrl: capture.siteUrl,
    source: capture.source,
    build: { commit: info.commit },
    ...(info.contentCommit ? { content: { commit: info.contentCommit } } : {}),
    capturedAt: now.toISOString(),
    contentFingerprint: contentFingerprint(siteSnapshot(capture.exchanges)),
    records,
  };
  // The archive first: a manifest never names a file that is not there.
  await writeDurably(archiveFile, chunks);
  const manifestFile = manifestPathOf(archiveFile);
  await writeDurably(manifestFile, [new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`)]);
  return { archiveFile, manifestFile, manifest };
}

/** The manifest beside an archive, or undefined when there is none (or it is not one of ours). */
export async function readManifest(archiveFile: string): Promise<ArchiveManifest | undefined> {
  try {
    const manifest = JSON.parse(await readFile(manifestPathOf(archiveFile), 'utf8')) as ArchiveManifest;
    return manifest.format === MANIFEST_FORMAT && Array.isArray(manifest.records) ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** The newest archive's manifest in `dir` (names sort by time), or undefined. */
export async function newestManifest(dir: string): Promise<ArchiveManifest | undefined> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => /^site-.*\.warc\.gz$/.test(name)).sort();
  for (const name of names.reverse()) {
    const manifest = await readManifest(path.join(dir, name));
    if (manifest) return manifest;
  }
  return undefined;
}

export interface ReadRecord {
  index: number;
  offset: number;
  type: string;
  url: string | null;
  header(name: string): string | null;
  /** The record's block as stored (HTTP headers and body for request/response). */
  block: Uint8Array;
}

/**
 * Every record of an archive, in order, with its raw block. The HTTP part is
 * left unparsed here, so digests are recomputed over the exact stored bytes.
 */
export async function* readRecords(archiveFile: string): AsyncGenerator<ReadRecord> {
  const parser = new WARCParser(createReadStream(archiveFile), { parseHttp: false });
  let index = 0;
  for await (const record of parser) {
    const block = await record.readFully(false);
    yield {
      index,
      offset: parser.offset,
      type: record.warcType ?? '',
      url: record.warcTargetURI ?? null,
      header: (name) => record.warcHeader(name) ?? null,
      block,
    };
    index += 1;
  }
}

const CRLFCRLF = new Uint8Array([13, 10, 13, 10]);

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** An HTTP message's head and body, split at the first blank line. */
export function splitHttpBlock(block: Uint8Array): { head: string; body: Uint8Array } {
  const end = indexOfBytes(block, CRLFCRLF);
  if (end < 0) return { head: new TextDecoder().decode(block), body: new Uint8Array() };
  return { head: new TextDecoder('latin1').decode(block.subarray(0, end)), body: block.subarray(end + 4) };
}

/** The responses an archive holds, as the snapshot and diff read them. */
export async function readResponses(archiveFile: string): Promise<StoredResponse[]> {
  const responses: StoredResponse[] = [];
  for await (const record of readRecords(archiveFile)) {
    if (record.type !== 'response' || !record.url) continue;
    const { head, body } = splitHttpBlock(record.block);
    const [statusLine = '', ...headerLines] = head.split('\r\n');
    const contentTypeLine = headerLines.find((line) => /^content-type:/i.test(line)) ?? '';
    responses.push({
      url: record.url,
      status: Number(statusLine.split(' ')[1] ?? 0),
      contentType: contentTypeLine.slice(contentTypeLine.indexOf(':') + 1).split(';')[0]!.trim().toLowerCase(),
      body,
      sha256: sha256Hex(body),
    });
  }
  return responses;
}

export { sha256Hex };
