import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateSegment, gzipOfSegments } from '../../server/pages/gzip-segments';

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

  it('takes empty segments, anywhere', () => {
    const segments = ['', 'a', '', 'b', ''].map((text) => deflateSegment(Buffer.from(text), 4));
    expect(zlib.gunzipSync(gzipOfSegments(segments)).toString()).toBe('ab');
  });
});
