/**
 * How the compliance archive reads a page (visible text, images, outside
 * links, the files it loads) and compares two versions (sentences, not
 * markup; hashed asset names are not content).
 */
import { describe, expect, it } from 'vitest';
import { diffSnapshots, formatDiff, textChanges } from '../../server/archive/archive-diff';
import { diffReportHtml } from '../../server/archive/diff-report';
import { readPage, scriptReferences, stylesheetReferences } from '../../server/archive/page-content';
import { contentFingerprint, siteSnapshot } from '../../server/archive/site-snapshot';
import type { StoredResponse } from '../../server/archive/site-snapshot';

const PAGE_URL = 'https://www.example.com/about';

const page = (body: string, head = '<title>About | Firm</title><meta name="description" content="Who we are.">') =>
  `<!DOCTYPE html><html><head>${head}<link rel="stylesheet" href="/assets/entry-ABC123.css"><link rel="modulepreload" href="/assets/chunk-X1.js"><meta property="og:image" content="https://www.example.com/assets/share/about-1f2e.png"><link rel="alternate" type="application/atom+xml" href="/feed.xml"></head><body>${body}<script type="module" src="/assets/entry-ABC123.js"></script></body></html>`;

describe('readPage', () => {
  const content = readPage(
    page(`<header><nav><ul><li><a href="/">Home</a></li><li><a href="https://calendly.com/firm/call">Book a call</a></li></ul></nav></header>
      <main><h1>About   us</h1><p>We help <strong>CPAs</strong> add wealth management.</p>
      <img src="/media/team.svg" alt="Our team"><img src="/media/divider.svg" alt="">
      <video poster="/media/video/hero.jpg"><source src="/media/video/hero.mp4" type="video/mp4"></video>
      <p>Write to <a href="mailto:hello@example.com">hello@example.com</a> or call <a href="tel:+15550100">555 0100</a>.</p>
      <script type="application/ld+json">{"@type":"Organization"}</script><style>.x{}</style>
      <svg><title>icon</title><use href="/assets/icons-9f8e.svg#mark"></use></svg></main>
      <script type="application/json" id="app-payload">{"assets":{"entryScript":"/assets/entry-Q1.js","styles":["/assets/entry-Q1.css"]},"text":"/not-a-file"}</script>`),
    PAGE_URL,
  );

  it('keeps the title, the description and the visible text, one line per block', () => {
    expect(content.title).toBe('About | Firm');
    expect(content.description).toBe('Who we are.');
    expect(content.lines).toEqual([
      'Home',
      'Book a call',
      'About us',
      'We help CPAs add wealth management.',
      '[image: Our team]',
      'Write to hello@example.com or call 555 0100.',
    ]);
  });

  it('lists links that leave the site (other origins, email, phone), not its own', () => {
    expect(content.outsideLinks).toEqual(['https://calendly.com/firm/call', 'mailto:hello@example.com', 'tel:+15550100']);
  });

  it('lists the files the page loads, videos marked as media', () => {
    expect(content.references).toEqual(
      expect.arrayContaining([
        { url: 'https://www.example.com/assets/entry-ABC123.css', media: false },
        { url: 'https://www.example.com/assets/chunk-X1.js', media: false },
        { url: 'https://www.example.com/assets/share/about-1f2e.png', media: false },
        { url: 'https://www.example.com/feed.xml', media: false },
        { url: 'https://www.example.com/assets/entry-ABC123.js', media: false },
        { url: 'https://www.example.com/media/team.svg', media: false },
        { url: 'https://www.example.com/media/video/hero.jpg', media: false },
        { url: 'https://www.example.com/media/video/hero.mp4', media: true },
        { url: 'https://www.example.com/assets/icons-9f8e.svg', media: false },
        // Named in the client's JSON payload rather than in tags.
        { url: 'https://www.example.com/assets/entry-Q1.js', media: false },
        { url: 'https://www.example.com/assets/entry-Q1.css', media: false },
      ]),
    );
    expect(content.references.map((reference) => reference.url)).not.toContain('https://calendly.com/firm/call');
    expect(content.references.map((reference) => reference.url)).not.toContain('https://www.example.com/not-a-file');
    expect(content.images.map((image) => image.alt)).toEqual(['Our team', '']);
  });

  it('finds what stylesheets and scripts load in turn', () => {
    expect(
      stylesheetReferences(
        'a{background:url("/img/a.svg")} b{background:url(../b.png)} @import "/x.css"; c{background:url(data:image/png;base64,AA)}',
        'https://www.example.com/assets/site.css',
      ),
    ).toEqual(['https://www.example.com/img/a.svg', 'https://www.example.com/b.png', 'https://www.example.com/x.css']);
    expect(
      scriptReferences(
        'import{a}from"./chunk-AB12.js";const p=()=>import("./chunks/page-CD34.js");',
        'https://www.example.com/assets/entry.js',
      ),
    ).toEqual(['https://www.example.com/assets/chunk-AB12.js', 'https://www.example.com/assets/chunks/page-CD34.js']);
  });
});

const html = (url: string, markup: string, extra: Partial<StoredResponse> = {}): StoredResponse => {
  const body = new TextEncoder().encode(markup);
  return { url, status: 200, contentType: 'text/html', body, sha256: url, ...extra };
};

describe('comparing two versions', () => {
  const paragraph = 'We work with CPA firms of every size. Our advisors are fiduciaries. Fees are flat and published.';
  const before = siteSnapshot([
    html(PAGE_URL, page(`<p>${paragraph}</p><p><a href="https://calendly.com/firm/old">Book</a></p>`)),
    html('https://www.example.com/gone', page('<p>Old page</p>')),
  ]);

  it('a rebuild with new asset names and the same words is no change', () => {
    const rebuilt = siteSnapshot([
      html(PAGE_URL, page(`<p>${paragraph}</p><p><a href="https://calendly.com/firm/old">Book</a></p>`).replaceAll('ABC123', 'ZZZ999')),
      html('https://www.example.com/gone', page('<p>Old page</p>').replaceAll('ABC123', 'QQQ111')),
    ]);
    const diff = diffSnapshots(before, rebuilt);
    expect(diff.same).toBe(true);
    expect(contentFingerprint(rebuilt)).toBe(contentFingerprint(before));
    expect(formatDiff(diff, { file: 'a' }, { file: 'b' })).toContain('No change');
  });

  it('reports the one sentence that changed, the page added and removed, and a new outside link', () => {
    const after = siteSnapshot([
      html(
        PAGE_URL,
        page(
          `<p>${paragraph.replace('Fees are flat and published.', 'Fees start at 0.5% a year.')}</p><p><a href="https://calendly.com/firm/new">Book</a></p>`,
        ),
      ),
      html('https://www.example.com/new', page('<p>New page</p>')),
    ]);
    const diff = diffSnapshots(before, after);
    expect(diff.same).toBe(false);
    expect(diff.added.map((p) => p.url)).toEqual(['https://www.example.com/new']);
    expect(diff.removed.map((p) => p.url)).toEqual(['https://www.example.com/gone']);
    expect(diff.changed).toHaveLength(1);
    expect(diff.changed[0]!.text).toEqual([{ removed: ['Fees are flat and published.'], added: ['Fees start at 0.5% a year.'] }]);
    expect(diff.outsideLinks).toEqual({ added: ['https://calendly.com/firm/new'], removed: ['https://calendly.com/firm/old'] });
    expect(contentFingerprint(after)).not.toBe(contentFingerprint(before));

    const report = formatDiff(diff, { file: 'old.warc.gz' }, { file: 'new.warc.gz' });
    expect(report).toContain('OUTSIDE LINKS CHANGED\n  + https://calendly.com/firm/new\n  - https://calendly.com/firm/old');
    expect(report).toContain(`Changed: ${PAGE_URL}\n  text:\n    - Fees are flat and published.\n    + Fees start at 0.5% a year.`);

    const printable = diffReportHtml(diff, { file: 'old.warc.gz' }, { file: 'new.warc.gz' });
    expect(printable).toMatch(/^<!DOCTYPE html>/);
    expect(printable).toContain('<del>Fees are flat and published.</del>');
    expect(printable).toContain('<ins>Fees start at 0.5% a year.</ins>');
    expect(printable).not.toContain('<script');
  });

  it('a swapped image with the same alt text is a change; added lines keep their context', () => {
    const image = (sha: string) => [
      html(PAGE_URL, page('<h2>Team</h2><img src="/media/team.svg" alt="Our team">')),
      { url: 'https://www.example.com/media/team.svg', status: 200, contentType: 'image/svg+xml', body: new Uint8Array(), sha256: sha },
    ];
    const diff = diffSnapshots(siteSnapshot(image('a'.repeat(64))), siteSnapshot(image('b'.repeat(64))));
    expect(diff.changed[0]!.images).toEqual({ added: [`Our team (${'b'.repeat(12)})`], removed: [`Our team (${'a'.repeat(12)})`] });
    expect(textChanges(['Intro', 'Team'], ['Intro', 'New line', 'Team'])).toEqual([{ context: 'Intro', removed: [], added: ['New line'] }]);
  });
});
