/**
 * The content files: the loader reads what an editor writes, refuses what is
 * wrong with one line per problem naming the file and the field, and never
 * runs anything a file contains.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, loadContent, parseTranscript } from '../../server/content/load-content';
import { markdownBlocks, markdownInline, plainText } from '../../shared/content/markdown';
import { publish } from '../../server/content/publication';
import { rootDir } from '../support/app';
import { copyOfContent, problemsOf, sampleEpisode, writeEpisode } from '../support/content-dir';

const EMAIL = 'hello@harborledger.example';

const validEpisode = sampleEpisode;

describe('content files', () => {
  it('the files in content/ are valid', () => {
    expect(problemsOf(path.join(rootDir, 'content'))).toEqual([]);
  });

  it('a file with three mistakes gives three lines, each naming the file and the field', () => {
    const dir = copyOfContent();
    writeEpisode(dir, 'three-mistakes', { ...validEpisode, listenUrl: 'htp://example.com/x', date: '20 May 2025', duration: 45 }, 'Words.');
    expect(problemsOf(dir)).toEqual([
      'content/episodes/three-mistakes.md: date must be a date written as YYYY-MM-DD, such as 2025-05-20 (got "20 May 2025")',
      'content/episodes/three-mistakes.md: duration must be minutes such as "45 min" (got 45)',
      'content/episodes/three-mistakes.md: listenUrl must be an https URL (got "htp://example.com/x")',
    ]);
  });

  it('lists the problems of every file at once, and the rules that span files', () => {
    const dir = copyOfContent();
    const where = 'content';
    writeEpisode(dir, 'bad-video', { ...validEpisode, isYouTube: true, listenUrl: 'https://www.youtube.com/watch?v=tooShort' }, 'Words.');
    writeEpisode(dir, 'missing-cover', { ...validEpisode, image: '/media/episodes/no-such-cover.svg' }, 'Words.');
    writeEpisode(dir, 'Not_A_Slug', validEpisode, 'Words.');
    writeFileSync(path.join(dir, 'transcripts', 'orphan.md'), '---\nepisode: orphan\n---\n**Morgan Ellery:** Hello.\n');
    writeFileSync(path.join(dir, 'transcripts', 'misnamed.md'), '---\nepisode: bad-video\n---\n**Morgan Ellery:** Hello.\n');
    writeFileSync(path.join(dir, 'redirects.yaml'), 'redirects:\n  - from: /old/address\n    episode: no-such-episode\n');
    const press = readdirSync(path.join(dir, 'press'));
    const first = readFileSync(path.join(dir, 'press', press[0]!), 'utf8');
    writeFileSync(path.join(dir, 'press', 'duplicate.yaml'), first);
    writeFileSync(path.join(dir, 'home.yaml'), readFileSync(path.join(dir, 'home.yaml'), 'utf8').replace('{{firm.name}}', '{{firm.nmae}}'));
    const problems = problemsOf(dir);
    expect(problems).toContain(
      `${where}/episodes/bad-video.md: isYouTube needs a YouTube listenUrl with an 11-character video id (got "https://www.youtube.com/watch?v=tooShort")`,
    );
    expect(problems).toContain(
      `${where}/episodes/missing-cover.md: /media/episodes/no-such-cover.svg is not a file under public/ (looked for public/media/episodes/no-such-cover.svg)`,
    );
    expect(problems.some((line) => line.startsWith(`${where}/episodes/Not_A_Slug.md: the file name is the episode's address`))).toBe(true);
    expect(problems).toContain(`${where}/transcripts/orphan.md: is a transcript of no episode: there is no content/episodes/orphan.md`);
    expect(problems).toContain(
      `${where}/transcripts/misnamed.md: episode "bad-video" must be the file's name: the transcript of bad-video is content/transcripts/bad-video.md`,
    );
    expect(problems).toContain(
      `${where}/redirects.yaml: redirects[0].episode "no-such-episode" is not an episode: there is no content/episodes/no-such-episode.md`,
    );
    expect(problems.some((line) => /^content\/press\/duplicate.yaml: id \d+ is already the id of content\/press\//.test(line))).toBe(true);
    expect(problems.some((line) => line.startsWith(`${where}/home.yaml: {{firm.nmae}} is not a value the site knows`))).toBe(true);
    expect(problems).toHaveLength(8);
  });

  it('names a missing field, an unknown field and a YAML syntax error with its line', () => {
    const dir = copyOfContent();
    const where = 'content';
    const { title: _title, ...untitled } = validEpisode;
    writeEpisode(dir, 'untitled', { ...untitled, titel: 'Typo' }, 'Words.');
    writeFileSync(path.join(dir, 'episodes', 'broken-yaml.md'), '---\ntitle: "unclosed\ndate: 2025-01-01\n---\nWords.\n');
    writeFileSync(path.join(dir, 'episodes', 'no-front-matter.md'), 'Just words.\n');
    const problems = problemsOf(dir);
    expect(problems).toContain(`${where}/episodes/untitled.md: title is missing`);
    expect(problems).toContain(`${where}/episodes/untitled.md: titel is not a field this file has`);
    expect(problems.some((line) => /^.*broken-yaml\.md: line \d+: .*\(the YAML is not valid\)$/.test(line))).toBe(true);
    expect(problems).toContain(
      `${where}/episodes/no-front-matter.md: must start with front matter: a line "---", the fields in YAML, and another line "---"`,
    );
  });

  it('reads front matter as data only: YAML tags that would run code or build objects are refused', () => {
    const dir = copyOfContent();
    writeFileSync(
      path.join(dir, 'episodes', 'tagged.md'),
      '---\ntitle: !!js/function "function () { globalThis.pwned = true }"\ndate: 2025-01-01\nimage: /media/episodes/cover-1.svg\nlistenUrl: "#"\n---\nWords.\n',
    );
    const problems = problemsOf(dir);
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
    expect(problems.some((line) => line.includes('tagged.md'))).toBe(true);
  });

  it('a draft is never published; an item with publishAt appears from that moment', () => {
    const dir = copyOfContent();
    writeEpisode(dir, 'a-draft', { ...validEpisode, draft: true }, 'Not yet.');
    writeEpisode(dir, 'a-scheduled-one', { ...validEpisode, date: '2026-12-01', publishAt: '2026-12-01T09:00:00-05:00' }, 'Soon.');
    const source = loadContent(rootDir, dir);
    const at = Date.parse('2026-12-01T14:00:00Z');
    const before = publish(source, { now: at - 1 });
    expect(before.content.episodes.map((episode) => episode.id)).not.toContain('a-draft');
    expect(before.content.episodes.map((episode) => episode.id)).not.toContain('a-scheduled-one');
    expect(before.nextChangeAt).toBe(at);
    const after = publish(source, { now: at });
    expect(after.content.episodes[0]!.id).toBe('a-scheduled-one');
    expect(after.content.episodes.map((episode) => episode.id)).not.toContain('a-draft');
    expect(after.nextChangeAt).toBeUndefined();
    const preview = publish(source, { now: at - 1, preview: true });
    expect(preview.content.episodes.find((episode) => episode.id === 'a-draft')?.status).toBe('draft');
    expect(preview.content.episodes.find((episode) => episode.id === 'a-scheduled-one')?.status).toBe('scheduled');
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});

describe('pictures uploaded in the editor (public/media/uploads)', () => {
  it('must be a picture of an allowed kind and at most 2 MB, as the editor allows', () => {
    // A site of its own: the content and public/ copied, so the uploads folder is the test's.
    const dir = copyOfContent();
    const root = path.dirname(dir);
    cpSync(path.join(rootDir, 'public'), path.join(root, 'public'), { recursive: true });
    mkdirSync(path.join(root, 'public/media/uploads'), { recursive: true });
    writeFileSync(path.join(root, 'public/media/uploads/fine.png'), Buffer.alloc(1000));
    writeFileSync(path.join(root, 'public/media/uploads/huge.jpg'), Buffer.alloc(2_500_000));
    writeFileSync(path.join(root, 'public/media/uploads/script.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeEpisode(dir, 'fine-cover', { ...validEpisode, image: '/media/uploads/fine.png' }, 'Words.');
    writeEpisode(dir, 'huge-cover', { ...validEpisode, image: '/media/uploads/huge.jpg' }, 'Words.');
    writeEpisode(dir, 'svg-cover', { ...validEpisode, image: '/media/uploads/script.svg' }, 'Words.');
    let problems: string[] = [];
    try {
      loadContent(root, dir);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems = error.problems;
    }
    expect(problems).toEqual([
      'content/episodes/huge-cover.md: /media/uploads/huge.jpg is 2.5 MB: uploads may be at most 2 MB',
      'content/episodes/svg-cover.md: /media/uploads/script.svg is not a kind of picture uploads may be (.jpg, .jpeg, .png, .webp, .avif, .gif)',
    ]);
  });
});

describe('Markdown', () => {
  it('keeps paragraphs, lists, bold, italic and the three kinds of link', () => {
    const blocks = markdownBlocks(
      'First **bold** and _italic_ with [our press](/press),\nan [article](https://example.com/a) and [mail](mailto:hello@harborledger.example?subject=Hi).\n\n- one\n- two\n\n1. first\n2. second',
      { firmEmail: EMAIL },
    );
    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        content: [
          'First ',
          { kind: 'strong', text: 'bold' },
          ' and ',
          { kind: 'emphasis', text: 'italic' },
          ' with ',
          { kind: 'internal', to: '/press', label: 'our press' },
          ', an ',
          { kind: 'external', href: 'https://example.com/a', label: 'article' },
          ' and ',
          { kind: 'email', subject: 'Hi', label: 'mail' },
          '.',
        ],
      },
      { kind: 'list', items: [['one'], ['two']] },
      { kind: 'list', ordered: true, items: [['first'], ['second']] },
    ]);
  });

  it('shows raw HTML as the text it is, and turns links of other schemes into plain words', () => {
    const blocks = markdownBlocks('<script>alert(1)</script>\n\nA [trap](javascript:alert(1)) and <img src=x onerror=alert(1)>.', {
      firmEmail: EMAIL,
    });
    expect(blocks).toEqual([
      { kind: 'paragraph', content: ['<script>alert(1)</script>'] },
      { kind: 'paragraph', content: ['A [trap](javascript:alert(1)) and <img src=x onerror=alert(1)>.'] },
    ]);
    expect(JSON.stringify(blocks)).not.toContain('"kind":"external"');
  });

  it('puts headings under the page outline, quotes in a callout, and definition lists in terms', () => {
    expect(markdownBlocks('# Big\n\n### Small\n\n> Note **this**\n\nTerm\n: What it means', { firmEmail: EMAIL })).toEqual([
      { kind: 'heading', level: 3, content: ['Big'] },
      { kind: 'heading', level: 3, content: ['Small'] },
      { kind: 'callout', content: ['Note ', { kind: 'strong', text: 'this' }] },
      { kind: 'terms', items: [{ term: 'Term', content: ['What it means'] }] },
    ]);
  });

  it('reads one line, and gives plain text for cards and meta descriptions', () => {
    expect(markdownInline('**Not ready?** Listen to [the show](/podcast).', { firmEmail: EMAIL })).toEqual([
      { kind: 'strong', text: 'Not ready?' },
      ' Listen to ',
      { kind: 'internal', to: '/podcast', label: 'the show' },
      '.',
    ]);
    expect(plainText(markdownBlocks('One *two*\nthree.\n\n- four', { firmEmail: EMAIL }))).toBe('One two three. four');
  });

  it('reads transcripts turn by turn, with or without a speaker', () => {
    expect(parseTranscript('**Morgan Ellery:** Hello\nthere.\n\nNo speaker named \\*here\\*.\n')).toEqual([
      { speaker: 'Morgan Ellery', text: 'Hello there.' },
      { speaker: '', text: 'No speaker named *here*.' },
    ]);
  });
});
