/**
 * What the approval record's tests share: real WARCs, written by the
 * archive's own writer (server/archive/warc-file.ts) from a small capture
 * made here (two pages, robots.txt, an image), which takes milliseconds
 * where capturing the built site takes seconds; and publication lines.
 */
import { createHash } from 'node:crypto';
import type { PublicationLine } from '../../server/approvals/approval-lines';
import type { Capture, Exchange } from '../../server/archive/capture';
import { writeArchive } from '../../server/archive/warc-file';

export const SITE = 'https://www.example.com';
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

function exchange(pathname: string, contentType: string, body: Uint8Array, date: string): Exchange {
  return {
    url: `${SITE}${pathname}`,
    status: 200,
    statusText: 'OK',
    contentType,
    body,
    sha256: sha256(body),
    date,
    requestHeaders: [['Accept-Encoding', 'identity']],
    responseHeaders: [
      ['Content-Type', contentType === 'text/html' ? 'text/html; charset=utf-8' : contentType],
      ['Content-Length', String(body.byteLength)],
    ],
  };
}

const page = (title: string, body: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title><meta name="description" content="${title}."></head><body><main>${body}</main></body></html>`;

/** A small site whose contact page says `contactText`. */
export function smallCapture(contactText: string, date = new Date()): Capture {
  const at = date.toISOString();
  const encode = (text: string) => new TextEncoder().encode(text);
  return {
    siteUrl: `${SITE}/`,
    source: 'a test capture',
    pages: [`${SITE}/`, `${SITE}/contact`],
    exchanges: [
      exchange(
        '/',
        'text/html',
        encode(page('Home', '<h1>Harbor Ledger</h1><p>Wealth management for accounting practices.</p><img src="/logo.png" alt="Logo">')),
        at,
      ),
      exchange('/contact', 'text/html', encode(page('Contact', `<h1>Contact</h1><p>${contactText}</p>`)), at),
      exchange('/robots.txt', 'text/plain', encode('User-agent: *\nAllow: /\n'), at),
      exchange('/logo.png', 'image/png', new Uint8Array([137, 80, 78, 71, 1, 2, 3]), at),
    ],
  };
}

/** Writes a WARC and its manifest into `dir` for content commit `commit`, captured at `date`; returns the WARC's path. */
export async function writeTestWarc(dir: string, commit: string, contactText: string, date: Date): Promise<string> {
  const { archiveFile } = await writeArchive(
    smallCapture(contactText, date),
    dir,
    {
      commit: 'b'.repeat(40),
      software: 'test',
      contentCommit: commit,
    },
    date,
  );
  return archiveFile;
}

export const commitOf = (n: number) => createHash('sha1').update(`commit ${n}`).digest('hex');

export function publication(n: number, overrides: Partial<PublicationLine> = {}): PublicationLine {
  const diff = `--- a/content/pages/contact.yaml\n+++ b/content/pages/contact.yaml\n@@ -1 +1 @@\n-intro: Old ${n}\n+intro: New ${n}\n`;
  return {
    kind: 'publication',
    entry: { collection: 'pages', slug: 'contact', files: ['content/pages/contact.yaml'] },
    authors: [{ name: 'Ada Writer', email: 'ada@example.com' }],
    approver: { name: 'Cole Compliance', email: 'cole@example.com' },
    publisher: { name: 'Cole Compliance', email: 'cole@example.com' },
    writtenAt: ['2026-11-24T10:00:00.000Z'],
    approvedAt: '2026-11-25T09:00:00.000Z',
    publishedAt: '2026-11-25T09:05:00.000Z',
    approvedCommit: commitOf(1000 + n),
    publishedCommit: commitOf(n),
    change: { diff, sha256: sha256(diff) },
    ...overrides,
  };
}
