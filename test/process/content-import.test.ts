/**
 * `npm run content:import` as an editor runs it, on real feeds from two hosts
 * and one written for the transcript formats: correct files that the site
 * loads, nothing changed by a second run, nothing written by --dry-run or a
 * malformed feed, and a transcript fetched over HTTP.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content/load-content';
import { publish } from '../../server/content/publication';
import { rootDir } from '../support/app';
import { copyOfContent } from '../support/content-dir';

const FEEDS = path.join(rootDir, 'test/fixtures/feeds');
const tsx = path.join(rootDir, 'node_modules/.bin/tsx');

function run(contentDir: string, ...args: string[]) {
  const result = spawnSync(tsx, [path.join(rootDir, 'server/cli/content-import.ts'), ...args, '--content', contentDir], {
    cwd: path.dirname(contentDir),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking this process: needed when this process also serves the feed. */
async function runAsync(contentDir: string, ...args: string[]) {
  const { stdout } = await promisify(execFile)(tsx, [path.join(rootDir, 'server/cli/content-import.ts'), ...args, '--content', contentDir], {
    cwd: path.dirname(contentDir),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: 0, stdout };
}

/** Every file of the folder and its bytes. */
function snapshot(dir: string): Map<string, string> {
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

describe('content:import', () => {
  it('imports the real Libsyn and Megaphone feeds into files the site loads, and a second run changes nothing', () => {
    const content = copyOfContent();
    const before = snapshot(path.join(content, 'episodes'));
    const libsyn = run(content, path.join(FEEDS, 'libsyn-all-things-chemical.xml'));
    expect(libsyn.status).toBe(0);
    expect(libsyn.stdout.trim().split('\n')).toEqual([
      'created content/episodes/confidential-business-information-under-tsca.md',
      'created content/episodes/chemical-regulation-in-the-middle-east.md',
      'created content/episodes/animal-testing-and-new-tsca.md',
      'created content/episodes/introducing-all-things-chemical.md',
      '4 created, 0 skipped',
    ]);
    const megaphone = run(content, path.join(FEEDS, 'megaphone-reply-all.xml'));
    expect(megaphone.status).toBe(0);
    expect(megaphone.stdout).toContain('3 created, 0 skipped');

    const episodesDir = path.join(content, 'episodes');
    const file = readFileSync(path.join(episodesDir, 'confidential-business-information-under-tsca.md'), 'utf8');
    expect(file).toContain('\nnumber: 3\ndate: 2018-11-29\nduration: 40 min\n');
    expect(file).toContain('\naudioUrl: https://traffic.libsyn.com/secure/allthingschemical/ep3_final_96.mp3?dest-id=814653\n');
    expect(file).toContain('\nThis week, I sat down with Dr. Richard Engler');
    const reply = readFileSync(path.join(episodesDir, '2-the-secret-gruesome-internet-for-doctors.md'), 'utf8');
    expect(reply).toContain('\nduration: 22 min\n');
    // The item's <link> is http://, so the https enclosure is what a visitor opens.
    expect(reply).toContain('\nlistenUrl: https://traffic.megaphone.fm/GLT5626794585.mp3\n');

    // The site reads them all: valid front matter, and they are listed newest first among the rest.
    const published = publish(loadContent(rootDir, content), { now: Date.now() }).content;
    expect(published.episodes.map((episode) => episode.id)).toEqual(expect.arrayContaining(['introducing-all-things-chemical', 'reply-all-mic-test']));
    expect(published.episodes.find((episode) => episode.id === 'introducing-all-things-chemical')!.duration).toBe('1 min');

    const afterFirst = snapshot(episodesDir);
    expect(afterFirst.size).toBe(before.size + 7);
    const again = run(content, path.join(FEEDS, 'libsyn-all-things-chemical.xml'));
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('skipped "Confidential Business Information under TSCA": already imported as content/episodes/confidential-business-information-under-tsca.md (same guid)');
    expect(again.stdout).toContain('0 created, 4 skipped');
    expect(snapshot(episodesDir)).toEqual(afterFirst);
  });

  it('writes transcripts found beside a saved feed, says why one was left out, and turns hh:mm:ss into minutes', () => {
    const content = copyOfContent();
    const result = run(content, path.join(FEEDS, 'pinecast-style-transcripts.xml'));
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'created content/episodes/quarterly-planning-meetings-step-by-step.md and quarterly-planning-meetings-step-by-step.transcript.md',
      'created content/episodes/succession-planning-where-to-start.md and succession-planning-where-to-start.transcript.md',
      'created content/episodes/bonus-ask-us-anything.md (transcript left out (https://media.ledgerlines.example/bonus01.srt: bonus01.srt is not beside the feed))',
      '3 created, 0 skipped',
    ]);
    const episodes = publish(loadContent(rootDir, content), { now: Date.now() }).content.episodes;
    const quarterly = episodes.find((episode) => episode.id === 'quarterly-planning-meetings-step-by-step')!;
    expect(quarterly).toMatchObject({ number: 'Episode 12', duration: '63 min', published: '2025-03-04' });
    // The JSON transcript was preferred over the SRT one, and its speakers kept.
    expect(quarterly.transcript?.map((turn) => turn.speaker)).toEqual(['Dana Whitfield', 'Luis Ortega', 'Dana Whitfield', 'Luis Ortega']);
    expect(quarterly.transcript?.[1]?.text).toBe('Thanks, Dana. It starts with the agenda, sent a week ahead *before* the meeting.');
    // Hostile show notes: no script, image or javascript: link survives.
    const notes = readFileSync(path.join(content, 'episodes', 'quarterly-planning-meetings-step-by-step.md'), 'utf8');
    expect(notes).not.toMatch(/script|tracker\.example|javascript:/);
    expect(notes).toContain('[the agenda template](https://ledgerlines.example/agenda) and a trap.');
    expect(episodes.find((episode) => episode.id === 'succession-planning-where-to-start')!.transcript).toEqual([
      { speaker: 'Dana Whitfield', text: 'When should a founder start planning a succession?' },
      { speaker: 'Priya Raman', text: 'Ten years before they want to leave. At least five. Most start two years before.' },
    ]);
  });

  it('--dry-run says what it would do and writes nothing', () => {
    const content = copyOfContent();
    const before = snapshot(path.join(content, 'episodes'));
    const result = run(content, path.join(FEEDS, 'megaphone-reply-all.xml'), '--dry-run');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('would create content/episodes/reply-all-mic-test.md');
    expect(result.stdout).toContain('3 to create, 0 skipped');
    expect(snapshot(path.join(content, 'episodes'))).toEqual(before);
  });

  it('a malformed feed, a missing file or a plain-http URL gets one line, exit 1 and no file', () => {
    const content = copyOfContent();
    const before = snapshot(path.join(content, 'episodes'));
    const broken = path.join(path.dirname(content), 'broken.xml');
    writeFileSync(broken, readFileSync(path.join(FEEDS, 'megaphone-reply-all.xml'), 'utf8').slice(0, 3000));
    for (const [source, message] of [
      [broken, /^content:import: broken\.xml is not valid XML \(line \d+: .+\)\n$/],
      [path.join(FEEDS, 'no-such-feed.xml'), /^content:import: .*no-such-feed\.xml cannot be read \(no such file\)\n$/],
      ['http://feeds.example.com/show.xml', /^content:import: http:\/\/feeds\.example\.com\/show\.xml: only https:\/\/ addresses are fetched\n$/],
    ] as const) {
      const result = run(content, source);
      expect(result.status, source).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stdout).toBe('');
    }
    expect(snapshot(path.join(content, 'episodes'))).toEqual(before);
    expect(run(content).status).toBe(2);
    expect(run(content, 'a.xml', '--no-such-flag').status).toBe(2);
  });

  describe('from a URL', () => {
    let origin = '';
    const server = createServer((req, res) => {
      if (req.url === '/feed.xml') {
        const xml = readFileSync(path.join(FEEDS, 'pinecast-style-transcripts.xml'), 'utf8').replace(/url="https:\/\/media\.ledgerlines\.example\/([\w.]+\.(?:vtt|srt|json))"/g, `url="${origin}/media/$1"`);
        res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(xml);
      } else if (req.url === '/media/ep11.vtt') {
        res.writeHead(200, { 'content-type': 'text/vtt' }).end(readFileSync(path.join(FEEDS, 'ep11.vtt')));
      } else {
        res.writeHead(404).end();
      }
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches the feed and the transcripts it names, and reports the ones that are not there', async () => {
      const content = copyOfContent();
      const result = await runAsync(content, `${origin}/feed.xml`);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('created content/episodes/succession-planning-where-to-start.md and succession-planning-where-to-start.transcript.md');
      expect(result.stdout).toMatch(/created content\/episodes\/bonus-ask-us-anything\.md \(transcript left out \(.*bonus01\.srt answered 404 Not Found\)\)/);
      expect(readFileSync(path.join(content, 'episodes', 'succession-planning-where-to-start.transcript.md'), 'utf8')).toContain('**Priya Raman:** Ten years');
    });
  });
});
