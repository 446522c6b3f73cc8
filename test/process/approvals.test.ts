/**
 * `npm run approvals` as the compliance officer and an examiner run it: the
 * command as its own process (npx tsx server/cli/approvals.ts) on a folder
 * holding real WARCs (the archive's own writer) and a record of
 * publications and bindings: list, verify intact and damaged, export and
 * the folder it writes (checked by hand as its README says, with sha256sum
 * and jq), the usage; and two processes appending to one record at once.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveLine } from '../../server/approvals/approval-lines';
import { openApprovalRecord } from '../../server/approvals/approval-record';
import { rootDir } from '../support/app';
import { commitOf, publication, writeTestWarc } from '../support/approval-record';

const execFileAsync = promisify(execFile);
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(command: string, args: string[], cwd = rootDir): Promise<Run> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as Run;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const approvals = (...args: string[]) => run('npx', ['tsx', path.join(rootDir, 'server/cli/approvals.ts'), ...args]);
/** tsx itself, for commands run in another folder (npx finds it only under the repository). */
const TSX = path.join(rootDir, 'node_modules/.bin/tsx');

let work: string;
/** The archive folder: two WARCs, two publications, each published commit bound. */
let dir: string;
let changeReport: string;
let warcs: string[];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'approvals-cli-'));
  dir = path.join(work, 'archive');
  mkdirSync(dir);
  warcs = [
    await writeTestWarc(dir, commitOf(1), 'Write to us and we answer within a day.', new Date('2026-11-25T10:00:00Z')),
    await writeTestWarc(dir, commitOf(2), 'Most practices are ready to begin within a month.', new Date('2026-11-25T11:00:00Z')),
  ];
  const record = openApprovalRecord(dir);
  await record.recordPublication(publication(1));
  await record.bindArchive({ commit: commitOf(1), warcFile: warcs[0]! });
  await record.recordPublication(publication(2, { approver: { name: 'Dana Reviewer', email: 'dana@example.com' } }));
  const bound = (await record.bindArchive({ commit: commitOf(2), warcFile: warcs[1]! })) as ArchiveLine;
  changeReport = bound.visibleChange!.report;
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('approvals command', { timeout: 60_000 }, () => {
  it('prints its usage and exits 2 when not understood', async () => {
    const cases = [[], ['frobnicate'], ['verify'], ['export', dir], ['list', dir, '--colour']];
    const results = await Promise.all(cases.map((args) => approvals(...args)));
    for (const [i, result] of results.entries()) {
      expect(result.code, cases[i]!.join(' ')).toBe(2);
      expect(result.stderr).toContain('Usage: approvals list DIR');
    }
  });

  it('lists each publication and binding for a person', async () => {
    const { code, stdout } = await approvals('list', dir);
    expect(code).toBe(0);
    expect(stdout).toContain('4 lines: 2 publications, 2 archive bindings');
    expect(stdout).toContain('#1  PUBLICATION  pages/contact  published 2026-11-25 09:05:00 UTC');
    expect(stdout).toContain('  files:      content/pages/contact.yaml');
    expect(stdout).toContain('  authors:    Ada Writer <ada@example.com>');
    expect(stdout).toContain('  approver:   Dana Reviewer <dana@example.com>, approved 2026-11-25 09:00:00 UTC');
    expect(stdout).toContain('  publisher:  Cole Compliance <cole@example.com>, published 2026-11-25 09:05:00 UTC');
    expect(stdout).toContain(`              published ${commitOf(2)}`);
    expect(stdout).toContain(`  archived:   ${path.basename(warcs[1]!)} (#4)`);
    expect(stdout).toContain(`#4  ARCHIVE  commit ${commitOf(2)}  archived 2026-11-25 11:00:00 UTC`);
    expect(stdout).toContain(`              sha256 ${sha256(readFileSync(warcs[1]!))}`);
    expect(stdout).toContain(`  change:     from ${path.basename(warcs[0]!)}, report sha256 ${sha256(changeReport)}`);
  });

  it('verifies an intact record in one line, exit 0, and says the repository was not checked', async () => {
    const { code, stdout } = await approvals('verify', dir);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      `OK ${path.join(dir, 'approvals.jsonl')}: 4 lines (2 publications, 2 archive bindings), chain intact, 2 WARCs match`,
      '  not checked against the content repository: CONTENT_REPO is not set (set it as the server has it, or pass --repo PATH)',
    ]);
  });

  it('the change report is what `archive diff` prints of the two WARCs in the folder', async () => {
    const { code, stdout } = await run(
      TSX,
      [path.join(rootDir, 'server/cli/archive.ts'), 'diff', ...warcs.map((file) => path.basename(file))],
      dir,
    );
    expect(code).toBe(3);
    expect(stdout).toBe(changeReport);
  });

  it('exports a folder an examiner can read and check by hand, and which verifies as it is', async () => {
    const out = path.join(work, 'export');
    const result = await approvals('export', dir, out);
    expect(result.code, result.stderr).toBe(0);
    const names = readdirSync(out).sort();
    const warcNames = warcs.map((file) => path.basename(file));
    expect(names).toEqual(
      [
        'README.txt',
        'approvals.head',
        'approvals.jsonl',
        'record.txt',
        `changes-${commitOf(2).slice(0, 12)}.txt`,
        ...warcNames,
        ...warcNames.map((name) => name.replace(/\.warc\.gz$/, '.manifest.json')),
      ].sort(),
    );
    expect(readFileSync(path.join(out, 'approvals.jsonl'))).toEqual(readFileSync(path.join(dir, 'approvals.jsonl')));
    for (const name of warcNames) expect(readFileSync(path.join(out, name))).toEqual(readFileSync(path.join(dir, name)));
    const recordText = readFileSync(path.join(out, 'record.txt'), 'utf8');
    expect(recordText).toContain('approver:   Dana Reviewer <dana@example.com>');
    expect(recordText).toContain('+intro: New 2'); // the approved diff, in full
    expect(recordText).toContain('+ Most practices are ready to begin within a month.'); // the visible change

    // The README's checks, run as it says: nothing printed by the chain and seq checks, equal hashes, OK files.
    const readme = readFileSync(path.join(out, 'README.txt'), 'utf8');
    const step = (n: number) => {
      const block = readme.split(`\n${n}. `)[1]!.split(/\n\d\. |\n\nNothing printed/)[0]!;
      // The commands: the indented lines after the step's first blank line.
      return block
        .slice(block.indexOf('\n\n') + 2)
        .split('\n')
        .filter((line) => line.startsWith('   '))
        .map((line) => line.slice(3).replace(/\s+# .*$/, ''))
        .join('\n');
    };
    const bash = async (script: string) => (await run('bash', ['-c', `set -e\n${script}`], out)).stdout;
    expect(await bash(step(1))).toBe(`${'0'.repeat(64)}\n`);
    expect(await bash(step(2))).toBe('');
    const [last, head] = (await bash(step(3))).trim().split('\n');
    expect(last!.split(' ')[0]).toBe(head);
    const checked = await bash(step(4));
    expect(checked.trim().split('\n')).toHaveLength(4);
    expect(checked).not.toMatch(/FAILED/);
    expect(await bash(step(5))).toContain(sha256(changeReport));

    expect((await approvals('verify', out)).code).toBe(0);
    // A folder that is not empty is never written into.
    const again = await approvals('export', dir, out);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Not exported: .*export exists and is not empty/);
  });

  it('names the first changed line and exits 1, and refuses to export it', async () => {
    const damaged = path.join(work, 'damaged');
    cpSync(dir, damaged, { recursive: true });
    const file = path.join(damaged, 'approvals.jsonl');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Dana Reviewer', 'Dane Reviewer'));
    const verify = await approvals('verify', damaged);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(
      /^BROKEN .*approvals\.jsonl: line 3: it was changed: its bytes hash to [0-9a-f]{64}, but line 4 records [0-9a-f]{64}\n/,
    );
    const out = path.join(work, 'not-exported');
    const exported = await approvals('export', damaged, out);
    expect(exported.code).toBe(1);
    expect(exported.stderr).toMatch(/^Not exported: the record does not verify, so it is not exported: line 3: it was changed/);
    expect(existsSync(out)).toBe(false);
    const list = await approvals('list', damaged);
    expect(list.code).toBe(1);
    expect(list.stderr).toMatch(/line 3: it was changed/);
  });

  it('says so of a folder without a record, exit 1', async () => {
    const result = await approvals('verify', work);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`No approval record in ${work}: there is no approvals.jsonl there\n`);
  });

  it('keeps one chain when two processes append to the same record at once', async () => {
    const shared = path.join(work, 'shared');
    mkdirSync(shared);
    // .mts: outside the repository's package.json a .ts file would be CommonJS, without top-level await.
    const script = path.join(work, 'append.mts');
    writeFileSync(
      script,
      [
        `import { openApprovalRecord } from ${JSON.stringify(path.join(rootDir, 'server/approvals/approval-record.ts'))};`,
        `import { publication } from ${JSON.stringify(path.join(rootDir, 'test/support/approval-record.ts'))};`,
        `const record = openApprovalRecord(${JSON.stringify(shared)});`,
        `const from = Number(process.argv[2]);`,
        `for (let n = from; n < from + 15; n += 1) await record.recordPublication(publication(n));`,
      ].join('\n'),
    );
    const both = await Promise.all([run(TSX, [script, '1'], work), run(TSX, [script, '101'], work)]);
    expect(both.map((result) => result.code)).toEqual([0, 0]);
    const verify = await approvals('verify', shared);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout).toContain(': 30 lines (30 publications, 0 archive bindings), chain intact');
  });
});
