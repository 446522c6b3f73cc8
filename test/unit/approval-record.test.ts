/**
 * The approval record (server/approvals/): the chain appended and read back,
 * every kind of damage named by the line it lies in (a byte changed in any
 * line, the last included; a torn end; a line removed; two lines swapped),
 * appends refused on a broken end, concurrent appends on one file, and the
 * archive binding with real WARCs (the archive's own writer).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openApprovalRecord, RecordBrokenError } from '../../server/approvals/approval-record';
import type { ArchiveLine, RecordedLine } from '../../server/approvals/approval-lines';
import { bindAfterArchive } from '../../server/approvals/bind-after-archive';
import { verifyRecord } from '../../server/approvals/verify-record';
import { commitOf, publication, writeTestWarc } from '../support/approval-record';

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'approvals-'));
  file = path.join(dir, 'approvals.jsonl');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rawLines = () => readFileSync(file, 'utf8').split('\n').slice(0, -1);
const writeLines = (lines: string[]) => writeFileSync(file, lines.map((line) => `${line}\n`).join(''));

async function recordOf(count: number) {
  const record = openApprovalRecord(dir);
  for (let n = 1; n <= count; n += 1) await record.recordPublication(publication(n));
  return record;
}

/** The first problem verify reports. */
async function firstProblem(): Promise<string | undefined> {
  const result = await verifyRecord(dir);
  return result.ok ? undefined : result.problems[0];
}

describe('the chain', () => {
  it('appends lines numbered from 1, each holding the SHA-256 of the line before it as written, and reads them back', async () => {
    const record = openApprovalRecord(dir);
    const first = await record.recordPublication(publication(1));
    const second = await record.recordPublication(publication(2));
    expect(first).toMatchObject({ seq: 1, previous: '0'.repeat(64), kind: 'publication', publishedCommit: commitOf(1) });
    const lines = rawLines();
    expect(lines).toHaveLength(2);
    expect(second.previous).toBe(sha256(lines[0]!));
    // seq and previous first, then the line as handed in: a reader sees the place in the chain before the content.
    expect(Object.keys(JSON.parse(lines[1]!) as object).slice(0, 3)).toEqual(['seq', 'previous', 'kind']);
    expect(JSON.parse(readFileSync(path.join(dir, 'approvals.head'), 'utf8'))).toEqual({ seq: 2, sha256: sha256(lines[1]!) });
    expect(await record.read()).toEqual([first, second]);
    expect(await verifyRecord(dir)).toMatchObject({ ok: true, problems: [], warcs: 0 });
  });

  it('names the line a single changed byte lies in, whichever line it is, the last included', async () => {
    await recordOf(4);
    const intact = rawLines();
    for (let k = 1; k <= 4; k += 1) {
      // A name changed: still valid JSON, so only the hashes can tell.
      writeLines(intact.map((line, i) => (i === k - 1 ? line.replace('Cole Compliance', 'Dole Compliance') : line)));
      expect(await firstProblem(), `a name changed in line ${k}`).toMatch(new RegExp(`^line ${k}: .*changed`));
      // The changed byte in the line's own previous.
      if (k > 1) {
        writeLines(
          intact.map((line, i) =>
            i === k - 1 ? line.replace(/"previous":"(.)/, (_m, c: string) => `"previous":"${c === 'a' ? 'b' : 'a'}`) : line,
          ),
        );
        expect(await firstProblem(), `previous changed in line ${k}`).toMatch(new RegExp(`^line ${k}: `));
      }
      // A byte that breaks the JSON.
      writeLines(intact.map((line, i) => (i === k - 1 ? line.replace('{', '[') : line)));
      expect(await firstProblem(), `JSON broken in line ${k}`).toMatch(new RegExp(`^line ${k}: it is not valid JSON`));
    }
    writeLines(intact);
    expect(await firstProblem()).toBeUndefined();
  });

  it('names a torn last line, and refuses to extend the record past it', async () => {
    const record = await recordOf(3);
    appendFileSync(file, '{"seq":4,"previous":"');
    const torn = readFileSync(file);
    expect(await firstProblem()).toMatch(/^line 4: it has no newline at its end/);
    const refused = await record.recordPublication(publication(4)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RecordBrokenError);
    expect((refused as Error).message).toMatch(/approvals\.jsonl line 4: it has no newline/);
    expect(readFileSync(file)).toEqual(torn);
  });

  it('names a removed line, in the middle or at the end', async () => {
    await recordOf(4);
    const intact = rawLines();
    writeLines(intact.filter((_line, i) => i !== 1));
    expect(await firstProblem()).toMatch(/^line 2: its seq is 3, but 2 should be here/);
    writeLines(intact.slice(0, 3));
    expect(await firstProblem()).toMatch(/^line 4: missing: approvals\.head says the record ends at line 4/);
  });

  it('names two lines swapped', async () => {
    await recordOf(4);
    const [a, b, c, d] = rawLines();
    writeLines([a!, c!, b!, d!]);
    expect(await firstProblem()).toMatch(/^line 2: its seq is 3/);
  });

  it('refuses to extend a record whose last line was changed, naming it, and reads nothing from a broken record', async () => {
    const record = await recordOf(3);
    const lines = rawLines();
    writeLines([...lines.slice(0, 2), lines[2]!.replace('Ada Writer', 'Ava Writer')]);
    await expect(record.recordPublication(publication(4))).rejects.toThrow(/line 3: it was changed/);
    await expect(record.read()).rejects.toThrow(RecordBrokenError);
    expect(rawLines()).toHaveLength(3);
  });

  it('completes an append that wrote its line but not the head (a crash between the two)', async () => {
    const record = await recordOf(2);
    const head = readFileSync(path.join(dir, 'approvals.head'));
    await record.recordPublication(publication(3));
    writeFileSync(path.join(dir, 'approvals.head'), head);
    expect(await verifyRecord(dir)).toMatchObject({ ok: true, unfinished: true });
    await record.recordPublication(publication(4));
    expect(await verifyRecord(dir)).toMatchObject({ ok: true, unfinished: false });
  });

  it('keeps one chain when two records append to the same file at once', async () => {
    const [left, right] = [openApprovalRecord(dir), openApprovalRecord(dir)];
    const written = await Promise.all(
      Array.from({ length: 24 }, (_unused, n) => (n % 2 === 0 ? left : right).recordPublication(publication(n + 1))),
    );
    expect(written.map((line) => line.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_unused, n) => n + 1));
    const result = await verifyRecord(dir);
    expect(result).toMatchObject({ ok: true });
    expect(result.lines).toHaveLength(24);
  });

  it('reads a tail longer than one read (lines of tens of kilobytes)', async () => {
    const record = openApprovalRecord(dir);
    const big = 'x'.repeat(70_000);
    for (let n = 1; n <= 3; n += 1) {
      await record.recordPublication(publication(n, { change: { diff: big, sha256: sha256(big) } }));
    }
    expect((await record.read()).map((line) => line.seq)).toEqual([1, 2, 3]);
  });
});

describe('binding a published version to its WARC', () => {
  const A = commitOf(1);
  const B = commitOf(2);
  const C = commitOf(3);
  const OLD = 'Write to us and we answer within a day.';
  const NEW = 'Most practices are ready to begin within a month.';

  it('binds the commit to its WARC and manifest by SHA-256, with what a visitor reads differently from the one before', async () => {
    const first = await writeTestWarc(dir, A, OLD, new Date('2026-11-25T10:00:00Z'));
    const second = await writeTestWarc(dir, B, NEW, new Date('2026-11-25T11:00:00Z'));
    const record = openApprovalRecord(dir);
    await record.recordPublication(publication(2));

    const bound = (await record.bindArchive({ commit: A, warcFile: first })) as RecordedLine & ArchiveLine;
    expect(bound).toMatchObject({ seq: 2, kind: 'archive', commit: A, archivedAt: '2026-11-25T10:00:00.000Z' });
    expect(bound.warc).toEqual({ file: path.basename(first), sha256: sha256(readFileSync(first)) });
    const manifestFile = first.replace(/\.warc\.gz$/, '.manifest.json');
    expect(bound.manifest).toEqual({ file: path.basename(manifestFile), sha256: sha256(readFileSync(manifestFile)) });
    expect(bound.visibleChange).toBeUndefined();

    const next = (await record.bindArchive({ commit: B, warcFile: path.basename(second) })) as RecordedLine & ArchiveLine;
    expect(next.warc.sha256).toBe(sha256(readFileSync(second)));
    const change = next.visibleChange!;
    expect(change.previousWarc).toBe(path.basename(first));
    expect(change.report).toContain(`Changed: https://www.example.com/contact`);
    expect(change.report).toContain(`- ${OLD}`);
    expect(change.report).toContain(`+ ${NEW}`);
    expect(change.sha256).toBe(sha256(change.report));
    expect(readFileSync(path.join(dir, `changes-${B.slice(0, 12)}.txt`), 'utf8')).toBe(change.report);
    expect(await verifyRecord(dir)).toMatchObject({ ok: true, warcs: 2 });
  });

  it('binds a commit once, however often it is asked, also by two at once', async () => {
    const warc = await writeTestWarc(dir, A, OLD, new Date('2026-11-25T10:00:00Z'));
    const [left, right] = [openApprovalRecord(dir), openApprovalRecord(dir)];
    const both = await Promise.all([left.bindArchive({ commit: A, warcFile: warc }), right.bindArchive({ commit: A, warcFile: warc })]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await left.bindArchive({ commit: A, warcFile: warc })).toBeUndefined();
    expect(await left.read()).toHaveLength(1);
  });

  it('binds a commit that changed nothing visible to the WARC already saying the same, naming the commit it was captured for', async () => {
    const warc = await writeTestWarc(dir, B, NEW, new Date('2026-11-25T11:00:00Z'));
    const record = openApprovalRecord(dir);
    await record.bindArchive({ commit: B, warcFile: warc });
    const same = (await record.bindArchive({ commit: C, warcFile: warc })) as ArchiveLine;
    expect(same).toMatchObject({ commit: C, capturedFor: B, warc: { file: path.basename(warc) } });
    expect(same.visibleChange).toBeUndefined();
  });

  it('refuses a WARC outside the folder, a missing one and a bad commit', async () => {
    const record = openApprovalRecord(dir);
    await expect(record.bindArchive({ commit: A, warcFile: '/elsewhere/site-20261125T100000Z.warc.gz' })).rejects.toThrow(
      /not in the archive folder/,
    );
    await expect(record.bindArchive({ commit: A, warcFile: 'site-20261125T100000Z.warc.gz' })).rejects.toThrow(/is not in/);
    await expect(record.bindArchive({ commit: 'main; rm -rf', warcFile: 'site-x.warc.gz' })).rejects.toThrow(/not a commit id/);
  });

  it('names the binding line when its WARC or manifest changed by one byte, or is gone', async () => {
    const warc = await writeTestWarc(dir, A, OLD, new Date('2026-11-25T10:00:00Z'));
    const record = openApprovalRecord(dir);
    await record.recordPublication(publication(1));
    await record.bindArchive({ commit: A, warcFile: warc });
    const bytes = readFileSync(warc);
    const damaged = Buffer.from(bytes);
    damaged[damaged.length - 30]! ^= 0x01;
    writeFileSync(warc, damaged);
    expect(await firstProblem()).toMatch(
      new RegExp(`^line 2: ${path.basename(warc).replace(/\./g, '\\.')}'s SHA-256 is [0-9a-f]{64}, but the record says ${sha256(bytes)}`),
    );
    rmSync(warc);
    expect(await firstProblem()).toMatch(/^line 2: its WARC site-.* is missing/);
    writeFileSync(warc, bytes);
    const manifest = warc.replace(/\.warc\.gz$/, '.manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"test"', '"tost"').replace('a test capture', 'a tost capture'));
    expect(await firstProblem()).toMatch(/^line 2: site-.*\.manifest\.json's SHA-256 is/);
  });
});

describe('after the server archives a served commit (index.ts)', () => {
  function logged() {
    const lines: { level: number; msg: string }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    return { logger: pino({ level: 'info' }, stream), lines };
  }

  it('binds the WARC just written, or the newest one when nothing visible changed, and nothing without a commit', async () => {
    const { logger, lines } = logged();
    const warc = await writeTestWarc(dir, commitOf(1), 'Hello.', new Date('2026-11-25T10:00:00Z'));
    await bindAfterArchive({ dir, commit: undefined, outcome: { written: true, archiveFile: warc }, logger });
    await bindAfterArchive({ dir, commit: commitOf(1), outcome: undefined, logger });
    await expect(openApprovalRecord(dir).read()).resolves.toEqual([]);
    await bindAfterArchive({ dir, commit: commitOf(1), outcome: { written: true, archiveFile: warc }, logger });
    await bindAfterArchive({ dir, commit: commitOf(2), outcome: { written: false, newest: path.basename(warc) }, logger });
    const record = await openApprovalRecord(dir).read();
    expect(record).toMatchObject([
      { seq: 1, commit: commitOf(1) },
      { seq: 2, commit: commitOf(2), capturedFor: commitOf(1) },
    ]);
    expect(lines.map((line) => line.msg)).toEqual([
      'approval record: commit bound to its archive',
      'approval record: commit bound to its archive',
    ]);
  });

  it('logs a failure as an error and never throws: the site keeps running', async () => {
    const { logger, lines } = logged();
    await bindAfterArchive({ dir, commit: commitOf(1), outcome: { written: false, newest: 'site-20261125T100000Z.warc.gz' }, logger });
    expect(lines).toMatchObject([{ level: 50, msg: 'approval record: binding the archive failed; the site keeps running' }]);
  });
});
