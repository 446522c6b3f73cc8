/**
 * The pure parts of `content:import`: durations, ids, show notes, transcripts
 * and feeds, including what a hostile feed might send.
 */
import { describe, expect, it } from 'vitest';
import { durationFromFeed } from '../../server/content-import/duration';
import { FeedError, parseFeed } from '../../server/content-import/read-feed';
import { markdownFromShowNotes } from '../../server/content-import/show-notes';
import { slugFromTitle } from '../../server/content-import/slug';
import { parseTranscriptFile, transcriptMarkdown } from '../../server/content-import/transcript';
import { parseTranscript } from '../../server/content/load-content';
import { SLUG_PATTERN } from '../../shared/content/schema';

describe('durationFromFeed', () => {
  it.each([
    ['2700', '45 min'],
    ['1339', '22 min'],
    ['16', '1 min'],
    ['39:58', '40 min'],
    ['01:02:31', '63 min'],
    ['00:48:05', '48 min'],
  ])('%s is %s', (raw, shown) => expect(durationFromFeed(raw)).toBe(shown));

  it.each([undefined, '', 'soon', '0', '-5', '1:2:3:4'])('%s is no duration', (raw) => expect(durationFromFeed(raw)).toBeUndefined());
});

describe('slugFromTitle', () => {
  it('makes an address of ASCII words joined by hyphens', () => {
    expect(slugFromTitle('#2 The Secret, Gruesome Internet For Doctors')).toBe('2-the-secret-gruesome-internet-for-doctors');
    expect(slugFromTitle('Crème Brûlée & Estate Taxes: Qu’est-ce que c’est?')).toBe('creme-brulee-and-estate-taxes-quest-ce-que-cest');
  });

  it('stays within 80 characters, cut at a word, and is always a valid id', () => {
    const slug = slugFromTitle('A very long title '.repeat(12));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    for (const title of ['!!!', '日本語のタイトル', 'Episode 12']) expect(slugFromTitle(title)).toMatch(SLUG_PATTERN);
  });
});

describe('markdownFromShowNotes', () => {
  it('keeps paragraphs, lists, emphasis and web links', () => {
    expect(markdownFromShowNotes('<p>One <strong>two</strong> <em>three</em>.</p><ul><li>a</li><li>b</li></ul><p><a href="https://x.example/a">link</a></p>')).toBe(
      'One **two** _three_.\n\n-   a\n-   b\n\n[link](https://x.example/a)',
    );
  });

  it('drops scripts, images, frames and forms, and keeps only the words of other links', () => {
    const markdown = markdownFromShowNotes(
      '<p>Hi <a href="javascript:alert(1)">trap</a> <a href="data:text/html,x">data</a></p><script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><form><input></form><style>p{}</style>',
    );
    expect(markdown).toBe('Hi trap data');
  });

  it('escapes text that would otherwise be Markdown', () => {
    expect(markdownFromShowNotes('<p>*not bold* and [not a link]</p>')).toBe('\\*not bold\\* and \\[not a link\\]');
  });
});

describe('transcripts', () => {
  it('reads Podcasting 2.0 JSON, merging consecutive segments of a speaker', () => {
    const cues = parseTranscriptFile(
      JSON.stringify({ segments: [{ speaker: 'A B', body: 'One.' }, { speaker: 'A B', body: 'Two.' }, { speaker: 'C D', body: 'Three.' }] }),
      'application/json',
    );
    expect(transcriptMarkdown(cues)).toBe('**A B:** One. Two.\n\n**C D:** Three.\n');
  });

  it('reads WebVTT voice tags and SRT speaker prefixes', () => {
    const vtt = parseTranscriptFile('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<v Ann Lee>Hello <b>there</b>.\n', 'text/vtt');
    expect(vtt).toEqual([{ speaker: 'Ann Lee', text: 'Hello there.', start: 0, end: 1 }]);
    const srt = parseTranscriptFile('1\n00:00:00,000 --> 00:00:02,500\nBO SMITH: Hi.\n\n2\n00:00:03,000 --> 00:00:04,000\nno speaker here\n', 'application/x-subrip');
    expect(srt.map(({ speaker, text }) => ({ speaker, text }))).toEqual([
      { speaker: 'BO SMITH', text: 'Hi.' },
      { speaker: '', text: 'no speaker here' },
    ]);
  });

  it('reads HTML paragraphs with a cited speaker', () => {
    const cues = parseTranscriptFile('<p><cite>Ann Lee:</cite> Hello.</p><p>Unattributed words.</p>', 'text/html');
    expect(cues).toEqual([
      { speaker: 'Ann Lee', text: 'Hello.' },
      { speaker: '', text: 'Unattributed words.' },
    ]);
  });

  it('starts a new paragraph at a pause when nobody is named, and round-trips through the site reader', () => {
    const markdown = transcriptMarkdown([
      { speaker: '', text: 'First *star*.', start: 0, end: 1 },
      { speaker: '', text: 'Still first.', start: 1.2, end: 2 },
      { speaker: '', text: 'After a pause.', start: 5, end: 6 },
    ]);
    expect(markdown).toBe('First \\*star\\*. Still first.\n\nAfter a pause.\n');
    expect(parseTranscript(markdown)).toEqual([
      { speaker: '', text: 'First *star*. Still first.' },
      { speaker: '', text: 'After a pause.' },
    ]);
  });

  it('refuses a format it cannot read', () => {
    expect(() => parseTranscriptFile('x', 'application/pdf')).toThrow('transcripts of type application/pdf are not read');
    expect(() => parseTranscriptFile('{}', 'application/json')).toThrow('"segments"');
  });
});

describe('parseFeed', () => {
  const rss = (items: string) => `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>${items}</channel></rss>`;

  it('refuses what is not an RSS feed with one sentence', () => {
    expect(() => parseFeed('not xml <', 'a.xml')).toThrow(FeedError);
    expect(() => parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"></feed>', 'a.xml')).toThrow('a.xml is not an RSS feed: no <rss><channel> element');
    expect(() => parseFeed(rss(''), 'a.xml')).toThrow('a.xml has no <item> elements');
  });

  it('refuses a feed that declares entities (billion laughs, external entities)', () => {
    const bomb = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]><rss><channel><item><title>&b;</title></item></channel></rss>';
    expect(() => parseFeed(bomb, 'bomb.xml')).toThrow('bomb.xml declares its own XML entities, which are not read');
  });

  it('reads attributes, CDATA and the transcripts an item names', () => {
    const feed = parseFeed(
      rss(
        '<item><title>A &amp; B</title><description><![CDATA[<p>x</p>]]></description><enclosure url="https://m.example/a.mp3" type="audio/mpeg"/><podcast:transcript url="https://m.example/a.vtt" type="text/vtt"/></item>',
      ),
      'a.xml',
    );
    expect(feed.items[0]).toMatchObject({
      title: 'A & B',
      notes: '<p>x</p>',
      enclosure: { url: 'https://m.example/a.mp3', type: 'audio/mpeg' },
      transcripts: [{ url: 'https://m.example/a.vtt', type: 'text/vtt' }],
    });
  });
});
