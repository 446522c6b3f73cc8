/**
 * `content:import` as an editor runs it, as a child process, on real feeds
 * from four hosts (test/fixtures/feeds/README.md) and one written for the
 * transcript formats: files whose front matter passes the episode schema and
 * that the site loads, nothing changed by a second run, nothing written by
 * --dry-run or a malformed feed, and transcripts fetched over HTTP from a
 * server on 127.0.0.1. Nothing here reaches the internet.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { loadContent } from '../../server/content/load-content';
import { publish } from '../../server/content/publication';
import { describeIssues, episodeFrontMatter } from '../../shared/content/schema';
import { rootDir } from '../support/app';
import { copyOfContent } from '../support/content-dir';

const FEEDS = path.join(rootDir, 'test/fixtures/feeds');
const CLI = path.join(rootDir, 'server/cli/content-import.ts');
// The tsx that `npx tsx` runs, called directly: npx would add its own notices to stderr.
const tsx = path.join(rootDir, 'node_modules/.bin/tsx');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the command from the folder that holds `contentDir`, as an editor would from the checkout. */
function run(contentDir: string, ...args: string[]): Run {
  const result = spawnSync(tsx, [CLI, ...args, '--content', contentDir], {
    cwd: path.dirname(contentDir),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same without blocking this process, which may serve the feed, so several runs can go at once. */
function runAsync(contentDir: string, ...args: string[]): Promise<Run> {
  return promisify(execFile)(tsx, [CLI, ...args, '--content', contentDir], {
    cwd: path.dirname(contentDir),
    encoding: 'utf8',
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      status: error.code ?? null,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/** Every file of the folder and its bytes. */
function snapshot(dir: string): Map<string, string> {
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

/** The files a run added to the folder. */
function added(before: Map<string, string>, dir: string): string[] {
  return [...snapshot(dir).keys()].filter((name) => !before.has(name)).sort();
}

/** Each new episode file's front matter, checked against the schema as the site checks it. */
function expectValidEpisodes(dir: string, names: string[]) {
  for (const name of names) {
    const source = readFileSync(path.join(dir, name), 'utf8');
    const match = /^---\n([\s\S]*?)\n---\n([\s\S]+)$/.exec(source);
    expect(match, name).not.toBeNull();
    const data: unknown = parseDocument(match![1]!).toJS();
    const checked = episodeFrontMatter.safeParse(data);
    expect(checked.success ? [] : describeIssues(checked.error, data), name).toEqual([]);
    expect(match![2]!.trim(), `${name} has a description`).not.toBe('');
  }
}

const REAL_FEEDS = [
  {
    file: 'libsyn-all-things-chemical.xml',
    lines: [
      'created content/episodes/confidential-business-information-under-tsca.md',
      'created content/episodes/chemical-regulation-in-the-middle-east.md',
      'created content/episodes/animal-testing-and-new-tsca.md',
      'created content/episodes/introducing-all-things-chemical.md',
      '4 created, 0 skipped',
    ],
  },
  {
    file: 'megaphone-reply-all.xml',
    lines: [
      'created content/episodes/1-a-stranger-says-i-love-you.md',
      'created content/episodes/2-the-secret-gruesome-internet-for-doctors.md',
      'created content/episodes/reply-all-mic-test.md',
      '3 created, 0 skipped',
    ],
  },
];

describe('content:import', () => {
  it.each(REAL_FEEDS)('imports the real feed $file into valid files, and a second run changes no byte', ({ file, lines }) => {
    const content = copyOfContent();
    const episodesDir = path.join(content, 'episodes');
    const before = snapshot(episodesDir);
    const first = run(content, path.join(FEEDS, file));
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(first.stdout.trim().split('\n')).toEqual(lines);
    const names = added(before, episodesDir);
    expect(names.length).toBeGreaterThan(0);
    expectValidEpisodes(episodesDir, names);
    // The site loads the whole folder with them in it.
    expect(() => loadContent(rootDir, content)).not.toThrow();

    const afterFirst = snapshot(episodesDir);
    const second = run(content, path.join(FEEDS, file));
    expect(second.status).toBe(0);
    const created = lines.length - 1;
    expect(second.stdout.trim().split('\n').at(-1)).toBe(`0 created, ${created} skipped`);
    expect(second.stdout).toMatch(/skipped ".+": already imported as content\/episodes\/[a-z0-9-]+\.md \(same guid\)/);
    expect(snapshot(episodesDir)).toEqual(afterFirst);
  });

  it('writes the fields the site shows: dates in UTC, minutes, numbers, the https link to listen to, Markdown notes', () => {
    const content = copyOfContent();
    for (const { file } of REAL_FEEDS) expect(run(content, path.join(FEEDS, file)).status).toBe(0);
    const read = (id: string) => readFileSync(path.join(content, 'episodes', `${id}.md`), 'utf8');

    const libsyn = read('confidential-business-information-under-tsca');
    expect(libsyn).toContain('\nnumber: 3\ndate: 2018-11-29\nduration: 40 min\n');
    expect(libsyn).toContain('\naudioUrl: https://traffic.libsyn.com/secure/allthingschemical/ep3_final_96.mp3?dest-id=814653\n');
    expect(libsyn).toContain('\nguid: 9a7e7418443444538633719efdfbe7fa\n---\nThis week, I sat down with Dr. Richard Engler');
    // Reply All's <link> is http://, so the https enclosure is what a visitor opens.
    expect(read('2-the-secret-gruesome-internet-for-doctors')).toContain('\nduration: 22 min\n');
    expect(read('2-the-secret-gruesome-internet-for-doctors')).toContain('\nlistenUrl: https://traffic.megaphone.fm/GLT5626794585.mp3\n');
  });

  it('keeps timed transcripts timed (a JSON one written as WebVTT), imports chapters, drops hostile show notes, and says what was left out', () => {
    const content = copyOfContent();
    const result = run(content, path.join(FEEDS, 'written-ledger-lines-transcripts.xml'));
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'created content/episodes/quarterly-planning-meetings-step-by-step.md and content/transcripts/quarterly-planning-meetings-step-by-step.vtt (chapters left out: chapters[1].start 1:15:00 is after the end of the episode (duration 63 min))',
      'created content/episodes/succession-planning-where-to-start.md and content/transcripts/succession-planning-where-to-start.vtt (1 chapter link left out: only https links are kept)',
      'created content/episodes/bonus-ask-us-anything.md (transcript left out: bonus01.srt is not beside the feed)',
      '3 created, 0 skipped',
    ]);
    const episodes = publish(loadContent(rootDir, content), { now: Date.now() }).content.episodes;
    const quarterly = episodes.find((episode) => episode.id === 'quarterly-planning-meetings-step-by-step')!;
    expect(quarterly).toMatchObject({ number: 'Episode 12', duration: '63 min', published: '2025-03-04' });
    // The JSON's segments, as WebVTT cues with their times and voices, in paragraphs by speaker.
    const paragraphs = quarterly.timedTranscript!.paragraphs;
    expect(paragraphs.map((paragraph) => paragraph.speaker)).toEqual(['Dana Whitfield', 'Luis Ortega', 'Dana Whitfield', 'Luis Ortega']);
    expect(paragraphs[1]).toMatchObject({ start: 10.1, end: 15 });
    expect(paragraphs[1]!.cues[0]!.text).toBe('Thanks, Dana. It starts with the agenda, sent a week ahead *before* the meeting.');
    expect(quarterly.transcript).toBeUndefined();
    // Its chapters went past the episode's end: left out, the episode kept.
    expect(quarterly.chapters).toBeUndefined();
    const notes = readFileSync(path.join(content, 'episodes', 'quarterly-planning-meetings-step-by-step.md'), 'utf8');
    expect(notes).not.toMatch(/script|tracker\.example|javascript:|onerror/);
    expect(notes).toContain('[the agenda template](https://ledgerlines.example/agenda) and a trap.');
    const succession = episodes.find((episode) => episode.id === 'succession-planning-where-to-start')!;
    // The VTT file as the feed had it, byte for byte.
    expect(readFileSync(path.join(content, 'transcripts', 'succession-planning-where-to-start.vtt'))).toEqual(
      readFileSync(path.join(FEEDS, 'ep11.vtt')),
    );
    expect(
      succession.timedTranscript!.paragraphs.map((paragraph) => [paragraph.speaker, paragraph.cues.map((cue) => cue.text).join(' ')]),
    ).toEqual([
      ['Dana Whitfield', 'When should a founder start planning a succession?'],
      ['Priya Raman', 'Ten years before they want to leave. At least five. Most start two years before.'],
    ]);
    // Chapters: the one with toc: false is not one a listener sees; an http link is left out, its chapter kept.
    expect(readFileSync(path.join(content, 'episodes', 'succession-planning-where-to-start.md'), 'utf8')).toContain(
      '  - start: 00:01:35\n',
    );
    expect(succession.chapters).toEqual([
      { start: 0, title: 'Welcome' },
      { start: 95, title: 'When to start', url: 'https://ledgerlines.example/succession-guide' },
      { start: 1530.5, title: 'Who to talk to first' },
    ]);
  });

  it('finds transcripts in the --transcripts folder too', () => {
    const content = copyOfContent();
    const elsewhere = path.join(path.dirname(content), 'saved');
    mkdirSync(path.join(elsewhere, 'transcripts'), { recursive: true });
    writeFileSync(path.join(elsewhere, 'feed.xml'), readFileSync(path.join(FEEDS, 'written-ledger-lines-transcripts.xml')));
    writeFileSync(path.join(elsewhere, 'transcripts', 'ep11.vtt'), readFileSync(path.join(FEEDS, 'ep11.vtt')));
    const result = run(content, path.join(elsewhere, 'feed.xml'), '--transcripts', path.join(elsewhere, 'transcripts'));
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      'created content/episodes/succession-planning-where-to-start.md and content/transcripts/succession-planning-where-to-start.vtt (chapters left out: ep11-chapters.json is not beside the feed nor in the --transcripts folder)',
    );
    expect(result.stdout).toContain('ep12.json is not beside the feed nor in the --transcripts folder');
  });

  it('--dry-run says what it would do and writes nothing', () => {
    const content = copyOfContent();
    const before = snapshot(path.join(content, 'episodes'));
    const result = run(content, path.join(FEEDS, 'written-ledger-lines-transcripts.xml'), '--dry-run');
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'would create content/episodes/quarterly-planning-meetings-step-by-step.md and content/transcripts/quarterly-planning-meetings-step-by-step.vtt (chapters left out: chapters[1].start 1:15:00 is after the end of the episode (duration 63 min))',
      'would create content/episodes/succession-planning-where-to-start.md and content/transcripts/succession-planning-where-to-start.vtt (1 chapter link left out: only https links are kept)',
      'would create content/episodes/bonus-ask-us-anything.md (transcript left out: bonus01.srt is not beside the feed)',
      '3 to create, 0 skipped',
    ]);
    expect(snapshot(path.join(content, 'episodes'))).toEqual(before);
  });

  it('skips what it cannot import, saying why, suffixes a repeated slug, and never touches an existing file', () => {
    const content = copyOfContent();
    const feed = path.join(path.dirname(content), 'edge.xml');
    const item = (fields: string) => `<item>${fields}<pubDate>Tue, 04 Mar 2025 11:00:00 GMT</pubDate></item>`;
    writeFileSync(
      feed,
      `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Edge</title><itunes:image href="https://m.example/show.jpg"/>
      ${item('<title>Same Title</title><guid>a</guid><enclosure url="https://m.example/a.mp3" type="audio/mpeg"/>')}
      ${item('<title>Same Title!</title><guid>b</guid><link>https://www.youtube.com/watch?v=SUdXOb_7ZIg</link><enclosure url="https://m.example/b.mp3" type="audio/mpeg"/>')}
      ${item('<title></title><guid>c</guid><enclosure url="https://m.example/c.mp3" type="audio/mpeg"/>')}
      ${item('<title>Only Plain HTTP</title><guid>d</guid><link>http://m.example/d</link><enclosure url="http://m.example/d.mp3" type="audio/mpeg"/>')}
      ${item('<title>Welcome to Advisory Edge</title><guid>e</guid><enclosure url="https://m.example/e.mp3" type="audio/mpeg"/>')}
      <item><title>No Date</title><guid>f</guid><enclosure url="https://m.example/f.mp3" type="audio/mpeg"/></item>
      </channel></rss>`,
    );
    const existing = readFileSync(path.join(content, 'episodes', 'welcome-to-advisory-edge.md'), 'utf8');
    const result = run(content, feed);
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([
      'created content/episodes/same-title.md',
      'created content/episodes/same-title-2.md',
      'skipped "(no title)": the item has no title',
      'skipped "Only Plain HTTP": neither its <link> nor its enclosure is an https URL, so there is nothing to listen to',
      'skipped "Welcome to Advisory Edge": content/episodes/welcome-to-advisory-edge.md already exists',
      'skipped "No Date": it has no pubDate',
      '2 created, 4 skipped',
    ]);
    expect(readFileSync(path.join(content, 'episodes', 'welcome-to-advisory-edge.md'), 'utf8')).toBe(existing);
    const second = readFileSync(path.join(content, 'episodes', 'same-title-2.md'), 'utf8');
    expect(second).toContain(
      '\nlistenUrl: https://www.youtube.com/watch?v=SUdXOb_7ZIg\nisYouTube: true\nisSpotifyVideo: false\naudioUrl: https://m.example/b.mp3\nguid: b\n---\nSame Title!\n',
    );
    // Run again: the same two files by guid, no -3.
    expect(run(content, feed).stdout).toContain('skipped "Same Title!": already imported as content/episodes/same-title-2.md (same guid)');
  });

  it('a malformed feed, an unreadable file or a refused URL gets one line on stderr, exit 1 and no file', async () => {
    const content = copyOfContent();
    const before = snapshot(path.join(content, 'episodes'));
    const dir = path.dirname(content);
    const write = (name: string, text: string) => {
      writeFileSync(path.join(dir, name), text);
      return name;
    };
    const cases: Array<[string, RegExp]> = [
      [
        write('broken.xml', readFileSync(path.join(FEEDS, 'megaphone-reply-all.xml'), 'utf8').slice(0, 3000)),
        /^broken\.xml is not valid XML \(line \d+: .+\)$/,
      ],
      [
        write('page.html', '<!doctype html><html><body>Not a feed</body></html>'),
        /^page\.html is not valid XML|^page\.html is not an RSS feed/,
      ],
      [
        write('atom.xml', '<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>'),
        /^atom\.xml is not an RSS feed: no <rss><channel> element$/,
      ],
      [
        write('empty-channel.xml', '<rss version="2.0"><channel><title>x</title></channel></rss>'),
        /^empty-channel\.xml has no <item> elements: there is nothing to import$/,
      ],
      [
        write(
          'bomb.xml',
          '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><rss><channel><item><title>&b;</title></item></channel></rss>',
        ),
        /^bomb\.xml declares its own XML entities/,
      ],
      ['no-such-feed.xml', /^no-such-feed\.xml cannot be read \(no such file\)$/],
      ['http://feeds.example.com/show.xml', /^http:\/\/feeds\.example\.com\/show\.xml: only https:\/\/ addresses are fetched/],
      ['ftp://feeds.example.com/show.xml', /^ftp:\/\/feeds\.example\.com\/show\.xml: only https:\/\/ addresses are fetched, not ftp$/],
    ];
    // The eight runs at once: each is its own process and writes nothing, and one after another they took
    // more than the test's 30 s on two busy cores.
    const results = await Promise.all(cases.map(([source]) => runAsync(content, source)));
    for (const [index, [source, message]] of cases.entries()) {
      const result = results[index]!;
      expect(result.status, source).toBe(1);
      expect(result.stdout, source).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, source).toHaveLength(1);
      expect(lines[0]!.replace(/^content:import: /, ''), source).toMatch(message);
      expect(result.stderr, source).not.toMatch(/\n\s+at /);
    }
    expect(snapshot(path.join(content, 'episodes'))).toEqual(before);
  });

  it('bad usage prints the usage line and exits 2', async () => {
    const content = copyOfContent();
    const usages = [[], ['a.xml', '--no-such-flag'], ['a.xml', 'b.xml']];
    const results = await Promise.all(usages.map((args) => runAsync(content, ...args)));
    for (const [index, args] of usages.entries()) {
      const result = results[index]!;
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run content:import -- <feed.xml | https URL>');
    }
  });

  describe('from a URL (a server on 127.0.0.1)', () => {
    let origin = '';
    const served = (name: string) => readFileSync(path.join(FEEDS, name));
    const server = createServer((req, res) => {
      switch (req.url) {
        case '/feed.xml':
          res
            .writeHead(200, { 'content-type': 'application/rss+xml' })
            .end(
              served('written-ledger-lines-transcripts.xml')
                .toString('utf8')
                .replace('https://media.ledgerlines.example/ep12.json', `${origin}/media/ep12.json`)
                .replace('https://media.ledgerlines.example/ep11.vtt', `${origin}/media/ep11.vtt`)
                .replace('https://media.ledgerlines.example/ep11-chapters.json', `${origin}/media/ep11-chapters.json`)
                .replace('https://media.ledgerlines.example/ep12-chapters.json', `${origin}/media/ep12-chapters.json`)
                .replace('https://media.ledgerlines.example/bonus01.srt', `${origin}/media/bonus01.srt`),
            );
          break;
        case '/moved.xml':
          res.writeHead(301, { location: '/feed.xml' }).end();
          break;
        case '/redirecting.xml':
          res
            .writeHead(200, { 'content-type': 'application/rss+xml' })
            .end(
              served('written-ledger-lines-transcripts.xml')
                .toString('utf8')
                .replace('https://media.ledgerlines.example/bonus01.srt', `${origin}/media/elsewhere.srt`),
            );
          break;
        case '/media/ep12.json':
          res.writeHead(200, { 'content-type': 'application/json' }).end(served('ep12.json'));
          break;
        case '/media/ep11.vtt':
          res.writeHead(200, { 'content-type': 'text/vtt' }).end(served('ep11.vtt'));
          break;
        case '/media/ep11-chapters.json':
          res.writeHead(200, { 'content-type': 'application/json+chapters' }).end(served('ep11-chapters.json'));
          break;
        case '/media/ep12-chapters.json':
          // Not JSON: the chapters are left out with the reason, the episode imported.
          res.writeHead(200, { 'content-type': 'application/json+chapters' }).end('{"chapters": [');
          break;
        case '/media/elsewhere.srt':
          // A redirect to plain http off this machine is not followed.
          res.writeHead(302, { location: 'http://transcripts.example.com/052.srt' }).end();
          break;
        case '/not-a-feed':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Hello</body></html>');
          break;
        default:
          res.writeHead(404).end();
      }
    });
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches the feed and the transcripts and chapters it names, and says which could not be had', async () => {
      const content = copyOfContent();
      const result = await runAsync(content, `${origin}/moved.xml`);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n')).toEqual([
        // The parser's own words for the error are the Node version's.
        expect.stringMatching(
          /^created content\/episodes\/quarterly-planning-meetings-step-by-step\.md and content\/transcripts\/quarterly-planning-meetings-step-by-step\.vtt \(chapters left out: ep12-chapters\.json is not JSON \(.+\)\)$/,
        ),
        'created content/episodes/succession-planning-where-to-start.md and content/transcripts/succession-planning-where-to-start.vtt (1 chapter link left out: only https links are kept)',
        `created content/episodes/bonus-ask-us-anything.md (transcript left out: ${origin}/media/bonus01.srt answered 404 Not Found)`,
        '3 created, 0 skipped',
      ]);
      expect(readFileSync(path.join(content, 'transcripts', 'quarterly-planning-meetings-step-by-step.vtt'), 'utf8')).toBe(
        'WEBVTT\n\n' +
          '00:00:00.500 --> 00:00:04.200\n<v Dana Whitfield>Welcome back to Ledger Lines.\n\n' +
          '00:00:04.200 --> 00:00:09.800\n<v Dana Whitfield>Today: quarterly planning meetings, step by step.\n\n' +
          '00:00:10.100 --> 00:00:15.000\n<v Luis Ortega>Thanks, Dana. It starts with the agenda, sent a week ahead *before* the meeting.\n\n' +
          '00:00:15.200 --> 00:00:18.000\n<v Dana Whitfield>And afterwards?\n\n' +
          '00:00:18.300 --> 00:00:24.900\n<v Luis Ortega>A one-page summary, in plain words [no jargon].\n',
      );
      expect(readFileSync(path.join(content, 'transcripts', 'succession-planning-where-to-start.vtt'), 'utf8')).toContain(
        '<v Priya Raman>Ten years',
      );
      expect(() => loadContent(rootDir, content)).not.toThrow();
    });

    it('refuses a redirect to plain http off this machine', async () => {
      const content = copyOfContent();
      const result = await runAsync(content, `${origin}/redirecting.xml`);
      expect(result.status).toBe(0);
      expect(result.stdout).toContain(
        `created content/episodes/bonus-ask-us-anything.md (transcript left out: ${origin}/media/elsewhere.srt redirects to http://transcripts.example.com/052.srt, which is not fetched`,
      );
    });

    it('a page that is not a feed, or a feed that is not there, gets one line and exit 1', async () => {
      const content = copyOfContent();
      const before = snapshot(path.join(content, 'episodes'));
      for (const [url, message] of [
        [`${origin}/not-a-feed`, `content:import: ${origin}/not-a-feed is not an RSS feed: no <rss><channel> element\n`],
        [`${origin}/gone.xml`, `content:import: ${origin}/gone.xml answered 404 Not Found\n`],
      ] as const) {
        const result = await runAsync(content, url);
        expect(result.status).toBe(1);
        expect(result.stderr).toBe(message);
      }
      expect(snapshot(path.join(content, 'episodes'))).toEqual(before);
    });
  });
});
