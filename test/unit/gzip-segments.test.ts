import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateSegment, gzipOfSegments, storedSegment } from '../../server/pages/gzip-segments';

describe('gzipOfSegments', () => {
  it('is one gzip member of the texts in order, however they are cut and whatever their levels', () => {
    const text = Buffer.from(`${'<p>Harbor “Ledger” — é 😀</p>'.repeat(3_000)}${'x'.repeat(70_000)}`);
    for (let trial = 0; trial < 20; trial++) {
      const cuts = Array.from({ length: trial % 6 }, () => Math.floor(Math.random() * text.length)).sort((a, b) => a - b);
      const bounds = [0, ...cuts, text.length];
      const segments = bounds.slice(1).map((end, i) => deflateSegment(text.subarray(bounds[i]!, end), i % 2 ? 9 : 1));
      expect(zlib.gunzipSync(gzipOfSegments(segments)).equals(text)).toBe(true);
    }
  });

  it('lays stored segments among deflated ones, including one longer than a stored block holds', () => {
    const texts = ['<link rel="preload">', 'é😀'.repeat(30_000), '', 'plain', '<section>'.repeat(100)].map((text) => Buffer.from(text));
    const segments = texts.map((text, i) => (i % 2 ? deflateSegment(text, 1) : storedSegment(text)));
    segments.splice(1, 0, storedSegment(texts[1]!));
    const expected = Buffer.concat([texts[0]!, texts[1]!, ...texts.slice(1)]);
    expect(zlib.gunzipSync(gzipOfSegments(segments)).equals(expected)).toBe(true);
    // Stored means the bytes as they are, five bytes of header per block.
    expect(storedSegment(texts[1]!).deflated.length).toBe(texts[1]!.length + 5 * Math.ceil(texts[1]!.length / 0xffff));
  });

  it('takes empty segments, anywhere', () => {
    const segments = ['', 'a', '', 'b', ''].map((text) => deflateSegment(Buffer.from(text), 4));
    expect(zlib.gunzipSync(gzipOfSegments(segments)).toString()).toBe('ab');
  });
});
