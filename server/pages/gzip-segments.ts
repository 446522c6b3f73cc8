/**
 * One gzip member made of deflate segments compressed apart: the parts of a
 * page that never change are compressed once, hard, and each request
 * compresses only what is its own, fast (decision 018). A deflate stream is
 * a series of blocks; a segment compressed with a sync flush ends on a byte
 * boundary without the final-block bit, and refers to nothing before it, so
 * segments laid end to end are one valid stream. The CRC-32 and length that
 * close the member are those of the whole text.
 */
import zlib from 'node:zlib';

/** A part of the text with its deflate bytes (raw, sync-flushed, not final). */
export interface DeflatedSegment {
  text: Buffer;
  deflated: Buffer;
}

// ID1 ID2, CM=deflate, no flags, MTIME 0, XFL 0, OS unknown (RFC 1952 2.3).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty fixed-Huffman block with the final bit set: the stream's end.
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** `text` deflated as a segment: `level` 9 for what is kept, lower for what one request makes. */
export function deflateSegment(text: Buffer, level: number): DeflatedSegment {
  // Nothing is no bytes: zlib would end the stream on an empty input.
  if (text.length === 0) return { text, deflated: text };
  return { text, deflated: zlib.deflateRawSync(text, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }) };
}

/** Stored blocks hold at most this many bytes each (RFC 1951 3.2.4). */
const MAX_STORED_BLOCK = 0xffff;

/**
 * `text` as stored (uncompressed) deflate blocks: for a few hundred bytes,
 * compressing would save less than starting zlib costs. Each block is a
 * byte-aligned header (not final, type 00), LEN and its complement, then
 * the bytes, as a sync flush leaves the stream.
 */
export function storedSegment(text: Buffer): DeflatedSegment {
  const blocks: Buffer[] = [];
  for (let at = 0; at < text.length; at += MAX_STORED_BLOCK) {
    const bytes = text.subarray(at, at + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(bytes.length, 1);
    header.writeUInt16LE(~bytes.length & 0xffff, 3);
    blocks.push(header, bytes);
  }
  return { text, deflated: Buffer.concat(blocks) };
}

/** The gzip member whose text is the segments' texts in order. */
export function gzipOfSegments(segments: readonly DeflatedSegment[]): Buffer {
  let crc = 0;
  let length = 0;
  for (const segment of segments) {
    crc = zlib.crc32(segment.text, crc);
    length += segment.text.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...segments.map((segment) => segment.deflated), FINAL_EMPTY_BLOCK, trailer]);
}
