/**
 * `archive verify FILE`: reads every record back and recomputes every digest.
 *
 * - Each record's WARC-Block-Digest over its stored block, and
 *   WARC-Payload-Digest over the HTTP body within it.
 * - With the manifest beside the file: the file's SHA-256, the SHA-256 of
 *   each record's stored bytes (which names the record a changed byte lies
 *   in, even where gzip would not notice, as in a member's timestamp), and
 *   each response's body digest against the one the manifest listed.
 * - A record that cannot be read at all (broken gzip, broken header) is
 *   named by its position, and by URL when the manifest knows it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readManifest, readRecords, sha256Hex, splitHttpBlock } from './warc-file';
import type { ArchiveManifest, ManifestRecord } from './warc-file';

export interface VerifyReport {
  ok: boolean;
  records: number;
  bytes: number;
  sha256: string;
  /** Whether a manifest was found beside the file and checked too. */
  manifest: boolean;
  problems: string[];
}

function describe(record: Pick<ManifestRecord, 'type' | 'url'> | undefined, index: number, offset: number): string {
  const what = record ? `${record.type}${record.url ? ` ${record.url}` : ''}` : 'record';
  return `record ${index + 1} (${what}, at byte ${offset})`;
}

async function fileDigest(file: string): Promise<{ sha256: string; bytes: number; data: Buffer }> {
  const chunks: Buffer[] = [];
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    chunks.push(chunk);
  }
  const data = Buffer.concat(chunks);
  return { sha256: hash.digest('hex'), bytes: data.byteLength, data };
}

/** Checks against the manifest: the file's digest and each record's stored bytes. */
function checkAgainstManifest(manifest: ArchiveManifest, file: { sha256: string; bytes: number; data: Buffer }, problems: string[]) {
  if (manifest.sha256 !== file.sha256) {
    problems.push(`the file's SHA-256 is ${file.sha256}, but its manifest says ${manifest.sha256}`);
  }
  manifest.records.forEach((record, index) => {
    const stored = file.data.subarray(record.offset, record.offset + record.length);
    if (stored.byteLength !== record.length || sha256Hex(stored) !== record.storedSha256) {
      problems.push(`${describe(record, index, record.offset)}: its stored bytes differ from the manifest`);
    }
  });
  const end = manifest.records.reduce((max, record) => Math.max(max, record.offset + record.length), 0);
  if (file.bytes !== end) problems.push(`the file is ${file.bytes} bytes, but its manifest's records end at byte ${end}`);
}

export async function verifyArchive(archiveFile: string): Promise<VerifyReport> {
  const file = await fileDigest(archiveFile);
  const manifest = await readManifest(archiveFile);
  const problems: string[] = [];
  if (manifest) checkAgainstManifest(manifest, file, problems);

  let count = 0;
  let lastOffset = -1;
  const known = (index: number) => manifest?.records[index];
  try {
    for await (const record of readRecords(archiveFile)) {
      const listed = known(record.index);
      if (manifest && listed?.offset !== record.offset) {
        // The reader lost its place after damage: what follows would only repeat it.
        problems.push(`${describe(listed, record.index, listed?.offset ?? record.offset)}: not found where the manifest puts it; the file cannot be read past this point`);
        break;
      }
      count += 1;
      lastOffset = record.offset;
      const name = describe({ type: record.type as ManifestRecord['type'], url: record.url }, record.index, record.offset);
      const blockDigest = record.header('WARC-Block-Digest');
      const payloadDigest = record.header('WARC-Payload-Digest');
      if ((record.type === 'request' || record.type === 'response') && (!blockDigest || !payloadDigest)) {
        problems.push(`${name}: it has no WARC-Block-Digest or WARC-Payload-Digest`);
      }
      if (blockDigest && blockDigest !== `sha256:${sha256Hex(record.block)}`) {
        problems.push(`${name}: WARC-Block-Digest does not match its content`);
      }
      const body = splitHttpBlock(record.block).body;
      if (payloadDigest && payloadDigest !== `sha256:${sha256Hex(body)}`) {
        problems.push(`${name}: WARC-Payload-Digest does not match its body`);
      }
      if (manifest && (!listed || listed.type !== record.type || listed.url !== record.url)) {
        problems.push(`${name}: it is not the record the manifest lists at this position`);
      } else if (listed?.sha256 && listed.sha256 !== sha256Hex(body)) {
        problems.push(`${name}: its body's SHA-256 differs from the one the manifest lists`);
      }
    }
  } catch (error) {
    // The reader stopped inside the record after the last good one: name that one.
    const index = count;
    const offset = manifest?.records[index]?.offset ?? (lastOffset < 0 ? 0 : lastOffset);
    problems.push(`${describe(known(index), index, offset)}: cannot be read (${(error as Error).message})`);
  }
  if (manifest && count < manifest.records.length && problems.length === 0) {
    problems.push(`the file holds ${count} records, but its manifest lists ${manifest.records.length}`);
  }
  return { ok: problems.length === 0, records: count, bytes: file.bytes, sha256: file.sha256, manifest: !!manifest, problems };
}
