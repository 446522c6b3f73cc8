/**
 * Timed transcripts (shared/content/timed-transcript.ts): WebVTT and SRT read into cues, every
 * problem named with its line, and cues grouped into paragraphs by speaker.
 */
import { describe, expect, it } from 'vitest';
import { parseSrt, parseVtt, srtToVtt } from '../../server/content/timed-transcript-file';
import { groupCues, vttSeconds, writeVtt } from '../../shared/content/timed-transcript';
import { formatMoment } from '../../shared/rules/episode-moment';

const VTT = `WEBVTT - a sample

NOTE the sample's own words

intro
00:00:01.000 --> 00:00:04.500 align:start
<v Morgan Ellery>Welcome to the show.

00:00:04.800 --> 00:00:07.000
<v.guest Megan Sato>Thanks &amp; hello,
<i>Morgan</i>.

00:00:07.000 --> 00:00:09.000
Glad to be here.

01:00:00.000 --> 01:00:02.250
<v Morgan Ellery>An hour in.
`;

describe('parseVtt', () => {
  it('reads cues with their voices, tags and character references, in seconds', () => {
    const { cues, errors } = parseVtt(VTT);
    expect(errors).toEqual([]);
    expect(cues.map(({ line: _line, ...cue }) => cue)).toEqual([
      { start: 1, end: 4.5, speaker: 'Morgan Ellery', text: 'Welcome to the show.' },
      { start: 4.8, end: 7, speaker: 'Megan Sato', text: 'Thanks & hello, Morgan.' },
      { start: 7, end: 9, text: 'Glad to be here.' },
      { start: 3600, end: 3602.25, speaker: 'Morgan Ellery', text: 'An hour in.' },
    ]);
    expect(cues.map((cue) => cue.line)).toEqual([6, 9, 13, 16]);
  });

  it('refuses a file without the WEBVTT line', () => {
    expect(parseVtt('00:00:01.000 --> 00:00:02.000\nHi\n').errors[0]).toEqual({
      line: 1,
      message: 'No valid signature. (File needs to start with "WEBVTT".)',
    });
  });

  it('names each problem webvtt-parser finds by its line, and keeps reading', () => {
    const source = [
      'WEBVTT', // 1
      '',
      '00:00:01.000 --> 00:00:02.000', // 3
      '<v A>One.',
      '',
      '00:00:03,000 --> 00:00:04.000', // 6: SRT's comma
      '<v A>Two.',
      '',
      '00:00:06.000 --> 00:00:05.000', // 9: ends before it starts
      '<v A>Three.',
      '',
      '00:00:00.500 --> 00:00:07.000', // 12: before the cue above
      '<v A>Four.',
      '',
      '00:00:08.000 --> 00:00:09.000', // 15: no words
      '<v A></v>',
      '',
      'just words', // 18: no timing
      'more words',
    ].join('\n');
    const { cues, errors } = parseVtt(source);
    // A file with an error serves no cue: it is refused whole, as every content file is.
    expect(cues).toEqual([]);
    expect(errors).toEqual([
      { line: 6, message: 'No decimal separator (".") found.' },
      { line: 9, message: 'End timestamp is not greater than start timestamp.' },
      { line: 12, message: 'Start timestamp is not greater than or equal to start timestamp of previous cue.' },
      { line: 19, message: 'Cue identifier needs to be followed by timestamp.' },
      { line: 20, message: 'Cue identifier cannot be standalone.' },
    ]);
  });

  it('refuses a cue with no words, which the format allows and a transcript cannot use', () => {
    const source = ['WEBVTT', '', '00:00:01.000 --> 00:00:02.000', '<v A>One.', '', '00:00:08.000 --> 00:00:09.000', '<v A></v>'].join(
      '\n',
    );
    expect(parseVtt(source).errors).toEqual([{ line: 6, message: 'the cue has no words' }]);
  });

  it('says so when a file has no cue at all', () => {
    expect(parseVtt('WEBVTT\n\nNOTE nothing yet\n').errors).toEqual([{ line: 1, message: 'the file has no cues' }]);
  });

  it('reads times with and without hours, and refuses minutes past 59', () => {
    expect(vttSeconds('01:02.500')).toBe(62.5);
    expect(vttSeconds('100:00:00.000')).toBe(360000);
    expect(vttSeconds('00:60:00.000')).toBeUndefined();
    expect(vttSeconds('1:02:03')).toBeUndefined();
    expect(formatMoment(3723.9)).toBe('1:02:03');
    expect(formatMoment(65)).toBe('1:05');
  });
});

describe('SRT', () => {
  const SRT = '1\n00:00:01,000 --> 00:00:02,500\n<v Morgan Ellery>Hello.\n\n2\n00:00:03,000 --> 00:00:04,000\nSecond line\nof words.\n';

  it('becomes WebVTT line for line, after the two header lines', () => {
    const vtt = srtToVtt(SRT).split('\n');
    expect(vtt.slice(0, 2)).toEqual(['WEBVTT', '']);
    expect(vtt.slice(2)).toEqual(SRT.replace(/,(\d{3})/g, '.$1').split('\n'));
  });

  it('is read into cues, and its errors are on the SRT file’s own lines', () => {
    expect(parseSrt(SRT).cues.map(({ line, start, text }) => ({ line, start, text }))).toEqual([
      { line: 2, start: 1, text: 'Hello.' },
      { line: 6, start: 3, text: 'Second line of words.' },
    ]);
    expect(parseSrt('1\n00:00:01,000 --> 00:00:02,500\nHi.\n\n2\n00:00:03 --> 00:00:04,000\nNo.\n').errors).toEqual([
      { line: 6, message: 'No decimal separator (".") found.' },
    ]);
  });
});

describe('groupCues', () => {
  it('makes one paragraph per speaker’s turn; a cue without a voice continues the turn', () => {
    const paragraphs = groupCues([
      { start: 0, end: 2, speaker: 'A', text: 'One.' },
      { start: 2, end: 4, speaker: 'A', text: 'Two.' },
      { start: 4, end: 6, text: 'Three.' },
      { start: 6, end: 8, speaker: 'B', text: 'Four.' },
      { start: 8, end: 9, speaker: 'A', text: 'Five.' },
    ]);
    expect(paragraphs.map(({ speaker, start, end, cues }) => ({ speaker, start, end, texts: cues.map((cue) => cue.text) }))).toEqual([
      { speaker: 'A', start: 0, end: 6, texts: ['One.', 'Two.', 'Three.'] },
      { speaker: 'B', start: 6, end: 8, texts: ['Four.'] },
      { speaker: 'A', start: 8, end: 9, texts: ['Five.'] },
    ]);
  });

  it('gives cues with no voice at all one paragraph with no speaker, and nothing for no cues', () => {
    expect(groupCues([{ start: 0, end: 1, text: 'x' }])).toEqual([{ start: 0, end: 1, cues: [{ start: 0, end: 1, text: 'x' }] }]);
    expect(groupCues([])).toEqual([]);
  });
});

describe('writeVtt', () => {
  it('writes cues that webvtt-parser reads back as they were, voices and escapes included', () => {
    const cues = [
      { start: 0.5, end: 4.25, speaker: 'Dana <Host> & Co', text: 'Fees < 1% & "flat" --> yes' },
      { start: 4.25, end: 9, text: 'No voice,\nacross two lines.' },
      { start: 3723.125, end: 3725, speaker: 'Luis Ortega', text: 'An hour in.' },
    ];
    const written = writeVtt(cues);
    expect(written).toContain('01:02:03.125 --> 01:02:05.000\n<v Luis Ortega>An hour in.');
    expect(written).toContain('<v Dana &lt;Host&gt; &amp; Co>Fees &lt; 1% &amp; "flat" --&gt; yes');
    const { cues: read, errors } = parseVtt(written);
    expect(errors).toEqual([]);
    expect(read.map(({ start, end, speaker, text }) => ({ start, end, ...(speaker ? { speaker } : {}), text }))).toEqual([
      cues[0],
      { start: 4.25, end: 9, text: 'No voice, across two lines.' },
      cues[2],
    ]);
  });
});
