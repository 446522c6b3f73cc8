/**
 * The share cards a build draws are kept in node_modules/.cache/share-cards/: a build whose dist/ is empty
 * (npm run build empties it; the review's worktrees start without one) copies them from there instead of
 * drawing them again, and a card whose text changed is drawn anew and kept there too. The cache starts as
 * this checkout's, filled by the build the test run began with.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildShareImages } from '../../scripts/build/render-share-images';
import { rootDir } from '../support/app';

const CACHE = 'node_modules/.cache/share-cards';
let root: string;
const filesIn = (dir: string) => Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(path.join(dir, name))]));

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'share-cards-'));
  cpSync(path.join(rootDir, 'content'), path.join(root, 'content'), { recursive: true });
  symlinkSync(path.join(rootDir, 'public'), path.join(root, 'public'), 'dir'); // the content's media are checked
  mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
  cpSync(path.join(rootDir, CACHE), path.join(root, CACHE), { recursive: true });
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

it('copies the cached cards into an empty dist/ and draws only a card whose text changed, keeping it too', async () => {
  const cached = filesIn(path.join(root, CACHE));
  const first = await buildShareImages(root);
  expect(first.drawn).toBe(0);
  expect(first.reused).toBeGreaterThan(40);
  const shareDir = path.join(root, 'dist/client/assets/share');
  const copied = filesIn(shareDir);
  expect(Object.keys(copied)).toHaveLength(first.reused);
  for (const [name, bytes] of Object.entries(copied)) expect(bytes.equals(cached[name]!), name).toBe(true);

  const serviceFile = path.join(root, 'content/services/estate-planning.yaml');
  const service = readFileSync(serviceFile, 'utf8');
  expect(service).toMatch(/^heroTitle: /m);
  writeFileSync(serviceFile, service.replace(/^heroTitle: (.+)$/m, 'heroTitle: $1, Today'));
  const second = await buildShareImages(root);
  expect(second.drawn).toBe(1);
  const [drawn] = readdirSync(shareDir).filter((name) => !(name in copied));
  expect(drawn).toMatch(/^service-estate-planning-[0-9a-f]{12}\.png$/);
  expect(readFileSync(path.join(root, CACHE, drawn!)).equals(readFileSync(path.join(shareDir, drawn!)))).toBe(true);
}, 60_000);
