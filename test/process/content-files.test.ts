/**
 * The content files as an operator meets them: the built server started in a
 * folder whose content/ has a new episode serves it; one whose content/ has a
 * file with three mistakes does not start, and says so in three lines, as
 * `npm run content:check` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rootDir } from '../support/app';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';
import { startServerProcess } from '../../scripts/local/server-process';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A folder laid out like the container's /app: the build and public/ of this checkout, and its own content/. */
function siteWith(change: (contentDir: string) => void): string {
  const contentDir = copyOfContent();
  change(contentDir);
  const site = mkdtempSync(path.join(tmpdir(), 'harbor-site-'));
  made.push(site);
  symlinkSync(path.join(rootDir, 'dist'), path.join(site, 'dist'));
  symlinkSync(path.join(rootDir, 'public'), path.join(site, 'public'));
  symlinkSync(contentDir, path.join(site, 'content'));
  return site;
}

const threeMistakes = (contentDir: string) =>
  writeEpisode(
    contentDir,
    'three-mistakes',
    { ...sampleEpisode, listenUrl: 'htp://example.com/x', date: '20 May 2025', duration: 45 },
    'Words.',
  );
const expectedLines = [
  'content/episodes/three-mistakes.md: date must be a date written as YYYY-MM-DD, such as 2025-05-20 (got "20 May 2025")',
  'content/episodes/three-mistakes.md: duration must be minutes such as "45 min" (got 45)',
  'content/episodes/three-mistakes.md: listenUrl must be an https URL (got "htp://example.com/x")',
];

describe('content files and the server process', () => {
  it('a new episode file is served by the server started on it', async () => {
    const site = siteWith((dir) =>
      writeEpisode(dir, 'fee-schedules-clients-understand-avery-holt', sampleEpisode, 'Avery Holt on fee schedules.'),
    );
    const server = await startServerProcess({
      cwd: site,
      command: ['node', path.join(rootDir, 'dist/server/index.js')],
      env: { DRAIN_SECONDS: '0' },
    });
    try {
      const page = await fetch(`${server.origin}/podcast/fee-schedules-clients-understand-avery-holt`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(sampleEpisode.title);
    } finally {
      await server.stop('SIGTERM');
    }
  });

  it('a file with three mistakes stops the start with three lines that name them, and content:check says the same', () => {
    const site = siteWith(threeMistakes);
    const server = spawnSync('node', [path.join(rootDir, 'dist/server/index.js')], {
      cwd: site,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(server.status).toBe(1);
    expect(server.stderr.split('\n').filter((line) => line.startsWith('  '))).toEqual(expectedLines.map((line) => `  ${line}`));
    expect(server.stderr).toContain('Not started: 3 problems in the content files:');

    const check = spawnSync(path.join(rootDir, 'node_modules/.bin/tsx'), [path.join(rootDir, 'server/cli/content-check.ts')], {
      cwd: site,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(check.status).toBe(1);
    expect(check.stderr.trim().split('\n')).toEqual(['3 problems in the content files:', ...expectedLines.map((line) => `  ${line}`)]);
  });
});
