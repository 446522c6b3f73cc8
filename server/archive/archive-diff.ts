/**
 * `archive diff OLD NEW`: what changed between two archives, as a compliance
 * reviewer needs it: pages added, removed and changed; for each changed page
 * the sentences that differ in its visible text (jsdiff), its title and
 * description, its images (by alt text and bytes) and, standing out, the
 * links that leave the site. Markup, hashed asset names and capture dates
 * are not content and never show.
 */
import { diffArrays, diffSentences } from 'diff';
import type { PageSnapshot, SiteSnapshot } from './site-snapshot';

export interface TextChange {
  /** The unchanged line before the change, for orientation (shortened). */
  context?: string;
  removed: string[];
  added: string[];
}

export interface FieldChange {
  field: 'status' | 'title' | 'description';
  before: string;
  after: string;
}

export interface PageChange {
  url: string;
  fields: FieldChange[];
  text: TextChange[];
  images: { added: string[]; removed: string[] };
  outsideLinks: { added: string[]; removed: string[] };
}

export interface ArchiveDiff {
  added: PageSnapshot[];
  removed: PageSnapshot[];
  changed: PageChange[];
  /** Links that leave the site, added or removed anywhere (the union of the pages'). */
  outsideLinks: { added: string[]; removed: string[] };
  same: boolean;
}

const CONTEXT_LENGTH = 100;

function shorten(line: string): string {
  return line.length > CONTEXT_LENGTH ? `${line.slice(0, CONTEXT_LENGTH - 1)}…` : line;
}

function setChange(before: readonly string[], after: readonly string[]) {
  const old = new Set(before);
  const now = new Set(after);
  return { added: [...now].filter((item) => !old.has(item)), removed: [...old].filter((item) => !now.has(item)) };
}

/**
 * The text's changes. Paragraphs that were replaced are compared sentence by
 * sentence, so a one-sentence edit in a long paragraph reports that sentence.
 */
export function textChanges(before: readonly string[], after: readonly string[]): TextChange[] {
  const changes: TextChange[] = [];
  let previous: string | undefined;
  const parts = diffArrays(before as string[], after as string[]);
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      previous = part.value.at(-1);
      continue;
    }
    // A removal followed by an addition is one replacement.
    const next = parts[i + 1];
    const removedLines = part.removed ? part.value : [];
    const addedLines = part.added ? part.value : next?.added && part.removed ? next.value : [];
    if (part.removed && next?.added) i += 1;
    if (removedLines.length > 0 && addedLines.length > 0) {
      const sentences = diffSentences(removedLines.join('\n'), addedLines.join('\n'));
      const removed = sentences.filter((s) => s.removed).map((s) => s.value.trim()).filter(Boolean);
      const added = sentences.filter((s) => s.added).map((s) => s.value.trim()).filter(Boolean);
      changes.push({ context: previous && shorten(previous), removed, added });
    } else {
      changes.push({ context: previous && shorten(previous), removed: removedLines, added: addedLines });
    }
    previous = addedLines.at(-1) ?? previous;
  }
  return changes;
}

function pageChange(before: PageSnapshot, after: PageSnapshot): PageChange | undefined {
  const fields: FieldChange[] = [];
  if (before.status !== after.status) fields.push({ field: 'status', before: String(before.status), after: String(after.status) });
  if (before.title !== after.title) fields.push({ field: 'title', before: before.title, after: after.title });
  if (before.description !== after.description) fields.push({ field: 'description', before: before.description, after: after.description });
  const text = textChanges(before.lines, after.lines);
  const images = setChange(before.images, after.images);
  const outsideLinks = setChange(before.outsideLinks, after.outsideLinks);
  const changed =
    fields.length + text.length + images.added.length + images.removed.length + outsideLinks.added.length + outsideLinks.removed.length > 0;
  return changed ? { url: before.url, fields, text, images, outsideLinks } : undefined;
}

export function diffSnapshots(before: SiteSnapshot, after: SiteSnapshot): ArchiveDiff {
  const old = new Map(before.pages.map((page) => [page.url, page]));
  const now = new Map(after.pages.map((page) => [page.url, page]));
  const added = after.pages.filter((page) => !old.has(page.url));
  const removed = before.pages.filter((page) => !now.has(page.url));
  const changed = after.pages.flatMap((page) => {
    const previous = old.get(page.url);
    const change = previous && pageChange(previous, page);
    return change ? [change] : [];
  });
  const outsideLinks = setChange(
    before.pages.flatMap((page) => page.outsideLinks),
    after.pages.flatMap((page) => page.outsideLinks),
  );
  return { added, removed, changed, outsideLinks, same: added.length + removed.length + changed.length === 0 };
}

export interface ArchiveLabel {
  file: string;
  capturedAt?: string;
  commit?: string | null;
}

const describeArchive = ({ file, capturedAt, commit }: ArchiveLabel) =>
  `${file}${capturedAt ? `, captured ${capturedAt}` : ''}${commit ? `, build ${commit.slice(0, 12)}` : ''}`;

/** The report as plain text, for a terminal or a deploy log. */
export function formatDiff(diff: ArchiveDiff, before: ArchiveLabel, after: ArchiveLabel): string {
  const out: string[] = [`Old: ${describeArchive(before)}`, `New: ${describeArchive(after)}`, ''];
  if (diff.same) {
    out.push('No change: every page says the same, with the same images and outside links.');
    return `${out.join('\n')}\n`;
  }
  out.push(`Pages added: ${diff.added.length}, removed: ${diff.removed.length}, changed: ${diff.changed.length}`);
  if (diff.outsideLinks.added.length + diff.outsideLinks.removed.length > 0) {
    out.push('', 'OUTSIDE LINKS CHANGED');
    for (const link of diff.outsideLinks.added) out.push(`  + ${link}`);
    for (const link of diff.outsideLinks.removed) out.push(`  - ${link}`);
  }
  for (const page of diff.added) out.push('', `Added: ${page.url}${page.title ? ` (${page.title})` : ''}`);
  for (const page of diff.removed) out.push('', `Removed: ${page.url}${page.title ? ` (${page.title})` : ''}`);
  for (const page of diff.changed) {
    out.push('', `Changed: ${page.url}`);
    for (const field of page.fields) out.push(`  ${field.field}:`, `    - ${field.before}`, `    + ${field.after}`);
    if (page.text.length > 0) out.push('  text:');
    for (const change of page.text) {
      if (change.context) out.push(`    after “${change.context}”`);
      for (const line of change.removed) out.push(`    - ${line}`);
      for (const line of change.added) out.push(`    + ${line}`);
    }
    if (page.images.added.length + page.images.removed.length > 0) out.push('  images:');
    for (const image of page.images.removed) out.push(`    - ${image}`);
    for (const image of page.images.added) out.push(`    + ${image}`);
    if (page.outsideLinks.added.length + page.outsideLinks.removed.length > 0) out.push('  outside links:');
    for (const link of page.outsideLinks.removed) out.push(`    - ${link}`);
    for (const link of page.outsideLinks.added) out.push(`    + ${link}`);
  }
  return `${out.join('\n')}\n`;
}
