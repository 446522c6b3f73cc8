/**
 * The transcript data: keyed by real episode ids, written for the episodes the
 * issue names, long enough to be the episode's words, spoken by the host and
 * the guests the description names; and the accessibility statement's list of
 * episodes without one, which must follow the data.
 */
import { describe, expect, it } from 'vitest';
import { episodes } from '../support/content';
import { accessibilityStatement } from '../support/content';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Block, Inline } from '../../shared/content/types';
import { rootDir } from '../support/app';
import { paths } from '../../shared/paths';

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const HOST_SPEAKER = 'Morgan Ellery';
/** The transcript files in content/transcripts/, by episode id. */
const transcriptIds = readdirSync(path.join(rootDir, 'content/transcripts'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -'.md'.length));

describe('transcripts', () => {
  it('are files of real episodes, and attached to them', () => {
    const ids = new Set(episodes.map((episode) => episode.id));
    expect(transcriptIds.length).toBeGreaterThan(0);
    for (const id of transcriptIds) {
      expect(ids.has(id), id).toBe(true);
      expect(episodes.find((episode) => episode.id === id)!.transcript?.length, id).toBeGreaterThan(0);
    }
  });

  it('cover the five numbered episodes and the Jordan Reyes episode', () => {
    const wanted = episodes.filter((episode) => /^Episode [0-4]$/.test(episode.number) || episode.title.includes('Jordan Reyes'));
    expect(wanted).toHaveLength(6);
    for (const episode of wanted) expect(episode.transcript?.length, episode.title).toBeGreaterThan(3);
  });

  it('run to a few hundred words each, with the host speaking and each named guest too', () => {
    expect(HOST_SPEAKER).toBe('Morgan Ellery');
    for (const episode of episodes.filter((candidate) => candidate.transcript)) {
      const turns = episode.transcript!;
      const total = turns.reduce((sum, turn) => sum + words(turn.text), 0);
      expect(total, episode.title).toBeGreaterThanOrEqual(300);
      expect(turns.some((turn) => turn.speaker === HOST_SPEAKER)).toBe(true);
      const guest = / with ([A-Z][a-z]+ [A-Z][a-z]+)$/.exec(episode.title)?.[1];
      if (guest)
        expect(
          turns.some((turn) => turn.speaker === guest),
          guest,
        ).toBe(true);
      for (const turn of turns) {
        expect(turn.text).not.toMatch(/lorem|ipsum|TODO/i);
        expect(turn.text.trim()).toBe(turn.text);
      }
    }
  });
});

describe('accessibility statement', () => {
  const limitations = accessibilityStatement.sections.find((section) => section.id === 'known-limitations')!;
  const linkTargets = (block: Block): string[] =>
    block.kind === 'list'
      ? block.items.flat().flatMap((piece: Inline) => (typeof piece === 'object' && piece.kind === 'internal' ? [piece.to] : []))
      : [];

  it('lists exactly the episodes that still have no transcript, each linked', () => {
    const listed = limitations.blocks.flatMap(linkTargets);
    const missing = episodes
      .filter((episode) => !episode.transcript && !episode.timedTranscript)
      .map((episode) => paths.episode(episode.id));
    expect(missing.length).toBeGreaterThan(0);
    expect(listed).toEqual(missing);
  });

  it('says how many episodes that is, and how to report a barrier by email', () => {
    const text = JSON.stringify(limitations);
    const missing = episodes.filter((episode) => !episode.transcript && !episode.timedTranscript).length;
    expect(text).toContain(`${missing} of our ${episodes.length} episodes`);
    const report = accessibilityStatement.sections.find((section) => section.id === 'report-a-barrier')!;
    expect(JSON.stringify(report)).toContain('"kind":"email"');
  });
});
