/**
 * Issue 47's content model: people (content/people/<id>.yaml) with the Marketing Rule's disclosure,
 * episodes naming them by id, chapters, and timed transcripts; each problem named with its file and
 * field, or its line, as content:check names every other.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeIssues, episodeFrontMatter, personFile } from '../../shared/content/schema';
import { rootDir } from '../support/app';
import { loadContent } from '../../server/content/load-content';
import type { ContentError } from '../../server/content/load-content';
import { copyOfContent, problemsOf, sampleEpisode, writeEpisode } from '../support/content-dir';

const problemsOfData = (schema: typeof personFile | typeof episodeFrontMatter, data: unknown) => {
  const result = schema.safeParse(data);
  return result.success ? [] : describeIssues(result.error, data);
};

const person = { name: 'Avery Holt', role: 'guest', bio: 'Avery writes fee schedules.' };

describe('people', () => {
  it('need a name, a role (host, guest or their own words) and a bio; photo and links are optional', () => {
    expect(problemsOfData(personFile, person)).toEqual([]);
    expect(
      problemsOfData(personFile, {
        ...person,
        role: 'co-host',
        photo: '/media/people/avery.svg',
        links: [{ label: 'Site', url: 'https://example.com' }],
      }),
    ).toEqual([]);
    expect(problemsOfData(personFile, { name: 'X', role: '', links: [{ label: 'Site', url: 'http://example.com' }] })).toEqual([
      'role must not be empty',
      'bio is missing',
      'links[0].url must be an https URL (got "http://example.com")',
    ]);
  });

  it('who are clients or paid carry the firm’s disclosure (Marketing Rule)', () => {
    const needed =
      "disclosure is missing: it is needed when client is true: the firm's words saying so, shown next to the person's (Marketing Rule)";
    expect(problemsOfData(personFile, { ...person, client: true })).toEqual([needed]);
    expect(problemsOfData(personFile, { ...person, client: true, paid: true })).toEqual([
      needed.replace('client is true', 'client and paid is true'),
    ]);
    expect(problemsOfData(personFile, { ...person, paid: true, disclosure: 'Avery was paid to appear.' })).toEqual([]);
    expect(problemsOfData(personFile, { ...person, client: false, paid: false })).toEqual([]);
  });

  it('an episode names by id: an unknown id names the file and the field', () => {
    const dir = copyOfContent();
    writeFileSync(path.join(dir, 'people', 'avery-holt.yaml'), 'name: Avery Holt\nrole: guest\nbio: Avery writes fee schedules.\n');
    writeEpisode(dir, 'fee-schedules', sampleEpisode, 'Words.');
    const file = path.join(dir, 'episodes', 'fee-schedules.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('\n---\n', '\nhosts: [morgan-ellery]\nguests: [avery-holt, nobody-known]\n---\n'),
    );
    writeFileSync(path.join(dir, 'people', 'paid-guest.yaml'), 'name: Paid Guest\nrole: guest\nbio: Words.\npaid: true\n');
    expect(problemsOf(dir)).toEqual([
      "content/people/paid-guest.yaml: disclosure is missing: it is needed when paid is true: the firm's words saying so, shown next to the person's (Marketing Rule)",
      'content/episodes/fee-schedules.md: guests[1] "nobody-known" is not a person: there is no content/people/nobody-known.yaml',
    ]);
  });

  it('are read into the content store, and the sample names its people', () => {
    const source = loadContent(rootDir);
    const ids = source.people.map((one) => one.id);
    expect(ids).toEqual(expect.arrayContaining(['morgan-ellery', 'megan-sato', 'jordan-reyes', 'tom-whitaker', 'lisa-moreno']));
    for (const one of source.people) {
      if (one.meta.client || one.meta.paid) expect(one.meta.disclosure, one.id).toBeTruthy();
    }
  });
});

describe('chapters', () => {
  const episode = { ...sampleEpisode, duration: '10 min' };
  it('read HH:MM:SS, MM:SS or seconds as seconds', () => {
    const result = episodeFrontMatter.parse({
      ...episode,
      chapters: [
        { start: '00:00:00', title: 'Hello' },
        { start: '02:30', title: 'Two' },
        { start: 200, title: 'Three', url: 'https://example.com/notes' },
        { start: '300', title: 'Four' },
      ],
    });
    expect(result.chapters!.map((item) => item.start)).toEqual([0, 150, 200, 300]);
  });

  it('each need a title and a start, in ascending order, within the duration', () => {
    expect(
      problemsOfData(episodeFrontMatter, {
        ...episode,
        chapters: [
          { start: '1:00', title: ' ' },
          { start: 'soon', title: 'B' },
        ],
      }),
    ).toEqual([
      'chapters[0].title must not be empty',
      'chapters[1].start must be a moment written as HH:MM:SS (such as 00:12:30) or MM:SS, or a number of seconds (got "soon")',
    ]);
    expect(
      problemsOfData(episodeFrontMatter, {
        ...episode,
        chapters: [
          { start: '00:05:00', title: 'A' },
          { start: '00:04:00', title: 'B' },
          { start: '00:04:00', title: 'C' },
        ],
      }),
    ).toEqual([
      'chapters[1].start 4:00 must come after chapters[0].start (5:00): chapters are listed in the order they are heard',
      'chapters[2].start 4:00 must come after chapters[1].start (4:00): chapters are listed in the order they are heard',
    ]);
    expect(
      problemsOfData(episodeFrontMatter, {
        ...episode,
        chapters: [
          { start: '00:00:00', title: 'A' },
          { start: '00:11:00', title: 'B' },
        ],
      }),
    ).toEqual(['chapters[1].start 11:00 is after the end of the episode (duration 10 min)']);
    // Without a duration there is no end to check against.
    const { duration: _duration, ...noDuration } = episode;
    expect(problemsOfData(episodeFrontMatter, { ...noDuration, chapters: [{ start: '02:00:00', title: 'Late' }] })).toEqual([]);
  });
});

describe('timed transcripts', () => {
  it('in the sample: three episodes with a two-voice VTT and chapters, their voices the people they name', () => {
    const source = loadContent(rootDir);
    const timed = source.episodes.filter((one) => one.timedTranscript);
    expect(timed.length).toBeGreaterThanOrEqual(3);
    for (const one of timed) {
      const voices = new Set(one.timedTranscript!.cues.map((cue) => cue.speaker));
      expect(voices.size, one.id).toBeGreaterThanOrEqual(2);
      expect(one.meta.chapters?.length, one.id).toBeGreaterThan(1);
      expect(one.timedTranscript!.paragraphs.length).toBeLessThan(one.timedTranscript!.cues.length);
      expect(one.timedTranscript!.file).toBe(`content/transcripts/${one.id}.vtt`);
    }
  });

  it('a voice the episode does not name, a second timed file, or an orphan, is refused', () => {
    const dir = copyOfContent();
    const id = 'holistic-planning-meets-tax-return-megan-sato';
    const vtt = readFileSync(path.join(dir, 'transcripts', `${id}.vtt`), 'utf8');
    const line = vtt.split('\n').findIndex((text) => text.startsWith('<v Megan Sato>')) + 1;
    writeFileSync(path.join(dir, 'transcripts', `${id}.vtt`), vtt.replace('<v Megan Sato>', '<v Megan Satto>'));
    writeFileSync(path.join(dir, 'transcripts', `${id}.srt`), '1\n00:00:01,000 --> 00:00:02,000\nHi.\n');
    writeFileSync(path.join(dir, 'transcripts', 'no-such-episode.vtt'), 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi.\n');
    expect(problemsOf(dir)).toEqual([
      `content/transcripts/${id}.srt: ${id}.vtt is the same episode's timed transcript: keep one of the two`,
      'content/transcripts/no-such-episode.vtt: is a transcript of no episode: there is no content/episodes/no-such-episode.md',
      `content/transcripts/${id}.vtt: line ${line - 1}: the voice "Megan Satto" is none of the people content/episodes/${id}.md names (Morgan Ellery, Megan Sato): write their name as in content/people/`,
    ]);
  });

  it('may be an upload chosen in the editor’s file field (timedTranscript), held to the same checks, with its line', () => {
    const dir = copyOfContent();
    const uploads = mkdtempSync(path.join(tmpdir(), 'harbor-public-'));
    mkdirSync(path.join(uploads, 'media', 'uploads'), { recursive: true });
    const publicDirs = [uploads, path.join(rootDir, 'public')];
    const problems = () => {
      try {
        loadContent(rootDir, dir, publicDirs);
        return [];
      } catch (error) {
        return (error as ContentError).problems;
      }
    };
    const vtt =
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Avery Holt>Fees in one page.\n\n00:00:05.000 --> 00:00:07.000\n<v Morgan Ellery>Thank you.\n';
    writeFileSync(path.join(uploads, 'media', 'uploads', 'fees.vtt'), vtt);
    writeEpisode(dir, 'fee-schedules', { ...sampleEpisode, timedTranscript: '/media/uploads/fees.vtt' }, 'Fee schedules.');
    const loaded = loadContent(rootDir, dir, publicDirs).episodes.find((one) => one.id === 'fee-schedules')!;
    expect(loaded.timedTranscript!.paragraphs.map((paragraph) => paragraph.speaker)).toEqual(['Avery Holt', 'Morgan Ellery']);

    // A broken timing is named on its line of the uploaded file.
    writeFileSync(path.join(uploads, 'media', 'uploads', 'fees.vtt'), vtt.replace('00:00:05.000', '00:00:05,000'));
    expect(problems()).toEqual([expect.stringMatching(/media\/uploads\/fees\.vtt: line 6: No decimal separator/)]);
    // Not there; not a transcript; and a second timed transcript beside content/transcripts/<id>.vtt.
    writeEpisode(dir, 'fee-schedules', { ...sampleEpisode, timedTranscript: '/media/uploads/missing.vtt' }, 'Fee schedules.');
    expect(problems()).toEqual([
      'content/episodes/fee-schedules.md: timedTranscript: /media/uploads/missing.vtt is not a file under public/ (looked for public/media/uploads/missing.vtt)',
    ]);
    writeEpisode(dir, 'fee-schedules', { ...sampleEpisode, timedTranscript: '/media/uploads/fees.txt' }, 'Fee schedules.');
    expect(problems()).toEqual([
      'content/episodes/fee-schedules.md: timedTranscript must be a WebVTT or SRT file under public/, such as "/media/uploads/episode-12.vtt" (got "/media/uploads/fees.txt")',
    ]);
    writeFileSync(path.join(uploads, 'media', 'uploads', 'fees.vtt'), vtt);
    writeEpisode(dir, 'fee-schedules', { ...sampleEpisode, timedTranscript: '/media/uploads/fees.vtt' }, 'Fee schedules.');
    writeFileSync(path.join(dir, 'transcripts', 'fee-schedules.vtt'), vtt);
    expect(problems()).toEqual([
      'content/episodes/fee-schedules.md: timedTranscript: content/transcripts/fee-schedules.vtt is already its timed transcript: keep one of the two',
    ]);
    rmSync(uploads, { recursive: true, force: true });
  });

  it('content:check refuses a VTT with an error, naming its file and line, and exits 1', () => {
    const dir = copyOfContent();
    const id = 'mastering-money-with-mindfulness-three-step-approach-jordan-reyes';
    const lines = readFileSync(path.join(dir, 'transcripts', `${id}.vtt`), 'utf8').split('\n');
    const timing = lines.findIndex((text) => text.includes('-->'));
    lines[timing] = lines[timing]!.replace('.', ',');
    writeFileSync(path.join(dir, 'transcripts', `${id}.vtt`), lines.join('\n'));
    const site = mkdtempSync(path.join(tmpdir(), 'harbor-site-'));
    symlinkSync(dir, path.join(site, 'content'));
    symlinkSync(path.join(rootDir, 'public'), path.join(site, 'public'));
    const run = spawnSync(path.join(rootDir, 'node_modules/.bin/tsx'), [path.join(rootDir, 'server/cli/content-check.ts')], {
      cwd: site,
      encoding: 'utf8',
    });
    rmSync(site, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`content/transcripts/${id}.vtt: line ${timing + 1}: No decimal separator (".") found.`);
  });
});

describe('published podcast content', () => {
  it('gives an episode its people (with the disclosure filled in), chapters and timed transcript', async () => {
    const { content } = await import('../support/content');
    const merger = content.episodes.find((episode) => episode.guests?.some((guest) => guest.id === 'lisa-moreno'))!;
    expect(merger.hosts?.map((host) => host.id)).toEqual(['morgan-ellery']);
    const lisa = merger.guests!.find((guest) => guest.id === 'lisa-moreno')!;
    expect(lisa.disclosure).toContain(`is a client of ${content.site.firm.name}.`);
    expect(lisa.disclosure).not.toContain('{{');
    expect(merger.timedTranscript?.paragraphs[0]?.speaker).toBe('Morgan Ellery');
    expect(merger.chapters?.[0]).toMatchObject({ start: 0 });

    const person = content.people.find((candidate) => candidate.id === 'lisa-moreno')!;
    expect(person).toMatchObject({ name: 'Lisa Moreno', client: true, paid: false, episodes: [merger.id] });
    expect(person.bioText).toContain('Tom Whitaker');
    const host = content.people.find((candidate) => candidate.id === 'morgan-ellery')!;
    expect(host.episodes.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(host.bio)).toContain(content.site.podcast.name);
  });
});
