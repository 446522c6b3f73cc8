/**
 * A copy of content/ in a temporary folder, for tests that add, break or
 * schedule content files without touching the real ones.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ContentError, loadContent } from '../../server/content/load-content';
import { rootDir } from './app';

const copies: string[] = [];
process.once('exit', () => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A fresh copy of content/; returns its path. */
export function copyOfContent(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'harbor-content-')), 'content');
  cpSync(path.join(rootDir, 'content'), dir, { recursive: true });
  copies.push(path.dirname(dir));
  return dir;
}

/** Writes content/episodes/<id>.md from front matter lines and a body. */
export function writeEpisode(contentDir: string, id: string, frontMatter: Record<string, string | number | boolean>, body: string) {
  const lines = Object.entries(frontMatter).map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : value}`);
  writeFileSync(path.join(contentDir, 'episodes', `${id}.md`), `---\n${lines.join('\n')}\n---\n${body}\n`);
}

/** The front matter of a valid audio episode that is not in content/: what tests add, break or schedule. */
export const sampleEpisode = {
  title: 'Fee Schedules That Clients Understand with Avery Holt',
  date: '2026-11-20',
  duration: '38 min',
  image: '/media/episodes/cover-3.svg',
  listenUrl: 'https://podcasts.apple.com/us/podcast/the-advisory-edge/id1700000001?i=1000650009999',
  isYouTube: false,
  isSpotifyVideo: false,
};

/** Every problem loading the content folder finds, as content:check lists them; none when it loads. */
export function problemsOf(contentDir: string): string[] {
  try {
    loadContent(rootDir, contentDir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}
