/**
 * The pure parts of `content:import`: durations, dates, ids, show notes,
 * transcripts and feeds, including what a hostile feed might send.
 */
import { describe, expect, it } from 'vitest';
import { durationFromFeed } from '../../server/content-import/duration';
import { isoDateFromPubDate } from '../../server/content-import/pub-date';
import { FeedError, parseFeed } from '../../server/content-import/read-feed';
import { markdownFromShowNotes, sentenceFromTitle } from '../../server/content-import/show-notes';
import { episodeSlug, slugFromTitle } from '../../server/content-import/slug';
import { parseTranscriptFile, transcriptMarkdown, transcriptRank, transcriptType } from '../../server/content-import/transcript';
import { parseTranscript } from '../../server/content/load-content';
import { SLUG_PATTERN } from '../../shared/content/schema';

describe('durationFromFeed', () => {
  it.each([
    ['2700', '45 min'],
    ['2730', '46 min'],
    ['1339', '22 min'],
    ['2700.4', '45 min'],
    ['16', '1 min'],
    ['39:58', '40 min'],
    ['75:30', '76 min'],
    ['01:02:31', '63 min'],
    ['00:48:05', '48 min'],
    ['1:00:00', '60 min'],
  ])('%s is %s', (raw, shown) => expect(durationFromFeed(raw)).toBe(shown));

  it.each([undefined, '', 'soon', '0', '00:00', '-5', '1:2:3:4', '10:75', '1:75:00', '45 minutes', '20:00:00'])(
    '%s is no duration',
    (raw) => expect(durationFromFeed(raw)).toBeUndefined(),
  );
});

describe('isoDateFromPubDate (UTC)', () => {
  it.each([
    ['Thu, 29 Nov 2018 10:30:00 +0000', '2018-11-29'],
    ['Mon, 24 Nov 2014 13:00:00 -0000', '2014-11-24'],
    ['Thu, 8 Jul 2021 15:20:10 GMT', '2021-07-08'],
    // 22:00 in New York is already the next day in UTC.
    ['Mon, 03 Mar 2025 22:00:00 -0500', '2025-03-04'],
    ['Tue, 04 Mar 2025 23:30 EST', '2025-03-05'],
    ['Wed, 01 Jan 2025 00:30:00 +0100', '2024-12-31'],
    ['2025-03-04', '2025-03-04'],
  ])('%s is %s', (raw, date) => expect(isoDateFromPubDate(raw)).toBe(date));

  it.each([undefined, '', 'soon', '2', '31 Feb 2025 10:00:00 GMT', 'Tue, 04 Mar 2025 11:00:00 XYZ'])('%s is no date', (raw) =>
    expect(isoDateFromPubDate(raw)).toBeUndefined(),
  );
});

describe('slugFromTitle', () => {
  it('makes an address of ASCII words joined by single hyphens', () => {
    expect(slugFromTitle('#2 The Secret, Gruesome Internet For Doctors')).toBe('2-the-secret-gruesome-internet-for-doctors');
    expect(slugFromTitle('Crème Brûlée & Estate Taxes: Qu’est-ce que c’est?')).toBe('creme-brulee-estate-taxes-quest-ce-que-cest');
    expect(slugFromTitle('  Straße, Øresund & Łódź -- Ærø  ')).toBe('strasse-oresund-lodz-aero');
    expect(slugFromTitle('Cincinnatus | 10')).toBe('cincinnatus-10');
    expect(slugFromTitle('Why Your Best Clients Want More Than a Tax Return')).toBe('why-your-best-clients-want-more-than-a-tax-return');
  });

  it('stays within 80 characters, cut between words', () => {
    const slug = slugFromTitle('A very long title about planning '.repeat(6));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(SLUG_PATTERN);
    expect('a-very-long-title-about-planning-'.repeat(6).startsWith(`${slug}-`)).toBe(true);
    expect(slugFromTitle('x'.repeat(100))).toBe('x'.repeat(80));
  });

  it('gives a title with no Latin letters a stable id from its guid', () => {
    expect(slugFromTitle('日本語のタイトル')).toBe('');
    const id = episodeSlug('日本語のタイトル', 'guid-1');
    expect(id).toMatch(/^episode-[0-9a-f]{8}$/);
    expect(episodeSlug('日本語のタイトル', 'guid-1')).toBe(id);
    expect(episodeSlug('日本語のタイトル', 'guid-2')).not.toBe(id);
    for (const title of ['!!!', '日本語のタイトル', 'Episode 12', 'Ça va?']) expect(episodeSlug(title, 'g')).toMatch(SLUG_PATTERN);
  });
});

describe('markdownFromShowNotes', () => {
  it('keeps paragraphs, headings, lists, emphasis, line breaks and web links', () => {
    expect(
      markdownFromShowNotes(
        '<h2>Guests</h2><p>One <strong>two</strong> <em>three</em>.<br>Next line.</p><ul><li>a</li><li>b</li></ul><ol><li>first</li></ol><p><a href="https://x.example/a">link</a> and <a href="mailto:hi@x.example">mail</a></p>',
      ),
    ).toBe(
      '## Guests\n\nOne **two** _three_.\\\nNext line.\n\n-   a\n-   b\n\n1.  first\n\n[link](https://x.example/a) and [mail](mailto:hi@x.example)',
    );
  });

  it('drops scripts, images, frames, forms and styles, and keeps only the words of other links', () => {
    const markdown = markdownFromShowNotes(
      '<p>Hi <a href="javascript:alert(1)">trap</a> <a href=" JaVaScRiPt:alert(1)">caps</a> <a href="data:text/html,x">data</a> <a href="/relative">rel</a> <a href="vbscript:x">vb</a></p>' +
        '<script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe><form action="https://evil.example"><input value="x"><button>Go</button></form>' +
        '<style>p{color:red}</style><svg onload="alert(1)"><script>alert(2)</script></svg><object data="x.swf"></object><p onclick="alert(1)">Clean <span style="x">text</span>.</p>',
    );
    expect(markdown).toBe('Hi trap caps data rel vb\n\nClean text.');
    expect(markdown).not.toMatch(/alert|evil|onerror|<|javascript/i);
  });

  it('escapes text that would otherwise be Markdown or HTML', () => {
    expect(markdownFromShowNotes('<p>*not bold* and [not a link](x) &lt;b&gt;not html&lt;/b&gt; &amp;copy;</p>')).toBe(
      '\\*not bold\\* and \\[not a link\\](x) \\<b>not html\\</b> \\&copy;',
    );
  });

  it('keeps link destinations that hold spaces or parentheses in one piece', () => {
    expect(markdownFromShowNotes('<p><a href="https://x.example/a (b)">x</a></p>')).toBe('[x](https://x.example/a%20%28b%29)');
  });

  it('keeps plain text as text: paragraphs, line breaks, and Markdown characters escaped', () => {
    expect(markdownFromShowNotes('First *line*\nsecond line\n\n\n\nA [new] paragraph')).toBe(
      'First \\*line\\*\\\nsecond line\n\nA \\[new\\] paragraph',
    );
  });

  it('collapses runs of blank lines and gives nothing for notes without words', () => {
    expect(markdownFromShowNotes('<p>a</p><p> </p><p>&nbsp;</p><br><br><br><p>b</p>')).not.toMatch(/\n{3,}/);
    expect(markdownFromShowNotes('<p> </p><img src="x">')).toBe('');
  });

  it('makes a sentence of a title when there are no notes', () => {
    expect(sentenceFromTitle('Bonus: Ask Us *Anything*')).toBe('Bonus: Ask Us \\*Anything\\*.');
    expect(sentenceFromTitle('Why now?')).toBe('Why now?');
  });
});

describe('transcripts', () => {
  it('prefers JSON, then VTT, SRT, HTML and text; a missing type is read from the extension', () => {
    const links = [
      { url: 'https://x.example/a.txt', type: '' },
      { url: 'https://x.example/a.html', type: 'text/html' },
      { url: 'https://x.example/a.srt', type: 'application/srt' },
      { url: 'https://x.example/a.vtt', type: '' },
      { url: 'https://x.example/a.json', type: 'application/json' },
    ];
    const ranked = links.map((link) => transcriptType(link.type, link.url)).sort((a, b) => transcriptRank(a) - transcriptRank(b));
    expect(ranked).toEqual(['application/json', 'text/vtt', 'application/srt', 'text/html', 'text/plain']);
  });

  it('reads Podcasting 2.0 JSON, merging consecutive segments of a speaker', () => {
    const cues = parseTranscriptFile(
      JSON.stringify({
        version: '1.0.0',
        segments: [
          { speaker: 'A B', startTime: 0, endTime: 1, body: 'One.' },
          { speaker: 'A B', startTime: 5, endTime: 6, body: 'Two.' },
          { speaker: 'C D', startTime: 6, endTime: 7, body: 'Three.' },
          { speaker: 'C D', startTime: 7, endTime: 8, body: '   ' },
        ],
      }),
      'application/json',
    );
    expect(transcriptMarkdown(cues)).toBe('**A B:** One. Two.\n\n**C D:** Three.\n');
    expect(() => parseTranscriptFile('{', 'application/json')).toThrow('not valid JSON');
    expect(() => parseTranscriptFile('{}', 'application/json')).toThrow('"segments"');
  });

  it('reads WebVTT voice tags, strips other tags, and skips NOTE blocks', () => {
    const vtt = parseTranscriptFile(
      'WEBVTT\n\nNOTE written by hand\n\n1\n00:00:00.000 --> 00:00:01.000 align:start\n<v Ann Lee>Hello <b>there</b> &amp; <i>welcome</i>.</v>\n\n00:01.500 --> 00:03.000\n<v.loud Bo>Hi!\n<v Ann Lee>Again.\n',
      'text/vtt',
    );
    expect(vtt).toEqual([
      { speaker: 'Ann Lee', text: 'Hello there & welcome.', start: 0, end: 1 },
      { speaker: 'Bo', text: 'Hi!', start: 1.5, end: 3 },
      { speaker: 'Ann Lee', text: 'Again.', start: 1.5, end: 3 },
    ]);
    expect(() => parseTranscriptFile('00:00.000 --> 00:01.000\nHi', 'text/vtt')).toThrow('WEBVTT');
  });

  it('reads SRT, with a leading "Name:" or "SPEAKER NAME:" as the speaker', () => {
    const srt = parseTranscriptFile(
      '1\r\n00:00:00,000 --> 00:00:02,500\r\nBO SMITH: Hi.\r\n\r\n2\r\n00:00:02,600 --> 00:00:04,000\r\nDr. Ann Lee: Hello\r\nthere.\r\n\r\n3\r\n00:00:04,100 --> 00:00:05,000\r\n{\\an8}no speaker <i>here</i>\r\n',
      'application/x-subrip',
    );
    expect(srt).toEqual([
      { speaker: 'BO SMITH', text: 'Hi.', start: 0, end: 2.5 },
      { speaker: 'Dr. Ann Lee', text: 'Hello there.', start: 2.6, end: 4 },
      { speaker: '', text: 'no speaker here', start: 4.1, end: 5 },
    ]);
  });

  it('reads HTML paragraphs, with the speaker in a <cite> before them or a <strong> inside', () => {
    const cues = parseTranscriptFile(
      '<html><body><cite>Ann Lee:</cite><time>0:00</time><p>It&#8217;s a good day.</p><p>Still Ann.</p><cite>Bo:</cite><p>Yes &amp; no.</p><p><strong>Cy:</strong> Hello.</p><script>alert(1)</script></body></html>',
      'text/html',
    );
    expect(cues).toEqual([
      { speaker: 'Ann Lee', text: 'It’s a good day.' },
      { speaker: 'Ann Lee', text: 'Still Ann.' },
      { speaker: 'Bo', text: 'Yes & no.' },
      { speaker: 'Cy', text: 'Hello.' },
    ]);
    expect(transcriptMarkdown(cues)).toBe('**Ann Lee:** It’s a good day. Still Ann.\n\n**Bo:** Yes & no.\n\n**Cy:** Hello.\n');
  });

  it('without speakers, starts a new paragraph at a pause of 2 s or after 8 cues', () => {
    const cue = (text: string, start: number) => ({ speaker: '', text, start, end: start + 0.9 });
    const markdown = transcriptMarkdown([
      cue('a', 0),
      cue('b', 1),
      cue('after a pause', 4),
      ...Array.from({ length: 9 }, (_, index) => cue(`c${index}`, 5 + index)),
    ]);
    expect(markdown.split('\n\n')).toEqual(['a b', 'after a pause c0 c1 c2 c3 c4 c5 c6', 'c7 c8\n']);
  });

  it('escapes Markdown in speech so it reads back exactly through the site reader', () => {
    const spoken = [
      { speaker: 'Ann *Lee*', text: 'A stray * and [brackets](x) and <b>tags</b> and a_b and `code` and #1.' },
      { speaker: '', text: '1. not a list' },
      { speaker: '', text: '- not a bullet', start: 10 },
    ];
    const markdown = transcriptMarkdown(spoken);
    expect(markdown).toBe(
      '**Ann Lee:** A stray \\* and \\[brackets\\](x) and \\<b\\>tags\\</b\\> and a\\_b and \\`code\\` and \\#1.\n\n1\\. not a list - not a bullet\n',
    );
    expect(parseTranscript(markdown)).toEqual([
      { speaker: 'Ann Lee', text: 'A stray * and [brackets](x) and <b>tags</b> and a_b and `code` and #1.' },
      { speaker: '', text: '1. not a list - not a bullet' },
    ]);
  });

  it('refuses a format it cannot read, saying why', () => {
    expect(() => parseTranscriptFile('x', 'application/pdf')).toThrow('transcripts of type application/pdf are not read');
    expect(() => parseTranscriptFile('WEBVTT\n\n', 'text/vtt')).toThrow('no VTT cues found');
    expect(() => parseTranscriptFile('<div>no paragraphs</div>', 'text/html')).toThrow('no paragraphs');
  });
});

describe('parseFeed', () => {
  const rss = (
    items: string,
    namespaces = 'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"',
  ) => `<?xml version="1.0"?><rss version="2.0" ${namespaces}><channel><title>T</title>${items}</channel></rss>`;

  it('refuses what is not an RSS feed with one sentence', () => {
    expect(() => parseFeed('not xml <', 'a.xml')).toThrow(FeedError);
    expect(() => parseFeed('not xml <', 'a.xml')).toThrow(/^a\.xml is not valid XML \(line 1: .+\)$/);
    expect(() => parseFeed('', 'a.xml')).toThrow('a.xml is empty');
    expect(() => parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"></feed>', 'a.xml')).toThrow(
      'a.xml is not an RSS feed: no <rss><channel> element',
    );
    expect(() => parseFeed('<rss version="2.0"></rss>', 'a.xml')).toThrow('a.xml is not an RSS feed: no <rss><channel> element');
    expect(() => parseFeed(rss(''), 'a.xml')).toThrow('a.xml has no <item> elements');
  });

  it('refuses entity declarations: billion laughs and external entities', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><rss><channel><item><title>&c;</title></item></channel></rss>';
    expect(() => parseFeed(bomb, 'bomb.xml')).toThrow('bomb.xml declares its own XML entities');
    const external =
      '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><item><title>&xxe;</title></item></channel></rss>';
    expect(() => parseFeed(external, 'xxe.xml')).toThrow('xxe.xml declares its own XML entities');
    // A DOCTYPE without declarations (RSS 0.91's) is harmless and read.
    const plain = `<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">${rss('<item><title>x</title></item>').replace(/^<\?xml[^>]*>/, '')}`;
    expect(parseFeed(plain, 'old.xml').items[0]!.title).toBe('x');
    // "<!ENTITY" inside show notes is text, not a declaration.
    expect(
      parseFeed(rss('<item><title>x</title><description><![CDATA[<p>&lt;!ENTITY</p> <!ENTITY a "b">]]></description></item>'), 'a.xml')
        .items[0]!.notes[0],
    ).toContain('<!ENTITY');
  });

  it('reads attributes, CDATA, entities and the transcripts an item names', () => {
    const feed = parseFeed(
      rss(
        '<itunes:image href="https://m.example/show.jpg"/><image><url>https://m.example/show-small.jpg</url></image>' +
          '<item><title>A &amp; B &#8217;s &#x201C;C&#x201D;</title><description>\n  <![CDATA[<p>x &amp; y</p>]]>\n</description><itunes:duration>45:00</itunes:duration>' +
          '<itunes:episode>7</itunes:episode><itunes:episodeType>bonus</itunes:episodeType><itunes:image href="https://m.example/a.jpg"/>' +
          '<enclosure url="https://m.example/a.mp3?x=1&amp;y=2" type="audio/mpeg"/><guid isPermaLink="false">g-1</guid>' +
          '<podcast:transcript url="https://m.example/a.vtt" type="text/vtt"/><podcast:transcript url="https://m.example/a.json" type="application/json"/></item>',
      ),
      'a.xml',
    );
    expect(feed.images).toEqual(['https://m.example/show.jpg', 'https://m.example/show-small.jpg']);
    expect(feed.items[0]).toEqual({
      title: 'A & B ’s “C”',
      guid: 'g-1',
      duration: '45:00',
      episode: '7',
      episodeType: 'bonus',
      notes: ['<p>x &amp; y</p>'],
      image: 'https://m.example/a.jpg',
      enclosure: { url: 'https://m.example/a.mp3?x=1&y=2', type: 'audio/mpeg' },
      transcripts: [
        { url: 'https://m.example/a.vtt', type: 'text/vtt' },
        { url: 'https://m.example/a.json', type: 'application/json' },
      ],
    });
  });

  it('finds namespaced tags by namespace, whatever the prefix', () => {
    const feed = parseFeed(
      rss(
        '<item><title>x</title><it:duration>2700</it:duration><pc:transcript url="https://m.example/a.srt" type="application/srt"/><content:encoded>notes</content:encoded></item>',
        'xmlns:it="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:pc="https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md" xmlns:content="http://purl.org/rss/1.0/modules/content/"',
      ),
      'a.xml',
    );
    expect(feed.items[0]).toMatchObject({
      duration: '2700',
      notes: ['notes'],
      transcripts: [{ url: 'https://m.example/a.srt', type: 'application/srt' }],
    });
  });

  it('puts the show notes in order: content:encoded, description, itunes:summary', () => {
    const feed = parseFeed(
      rss(
        '<item><title>x</title><itunes:summary>summary</itunes:summary><description>description</description><content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/">encoded</content:encoded></item>',
      ),
      'a.xml',
    );
    expect(feed.items[0]!.notes).toEqual(['encoded', 'description', 'summary']);
  });
});
