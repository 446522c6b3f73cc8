/**
 * The pictures of the content being served. In development (npm run dev, npm run edit) they are the
 * working copy's public/, read at each request: a fresh clone has no copy of it in dist/, and a
 * picture added while the server runs (an upload the editor published) is served at once, and so is
 * the page that names it. In production they are the build's copy, looked up only under its own
 * top-level names (the followed commit's uploads are test/process/content-sync.test.ts's).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp, rootDir } from '../support/app';
import { sampleEpisode, writeEpisode } from '../support/content-dir';

/** A 1×1 PNG: what an editor uploads (SVG uploads are refused by the content check). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f60000000049454e44ae426082',
  'hex',
);

/**
 * A checkout as a fresh clone has it under npm run dev: content/ and public/ of its own (copies, so
 * files can be added), the suite's build of the bundles, and no dist/public.
 */
const site = mkdtempSync(path.join(tmpdir(), 'harbor-public-files-'));
cpSync(path.join(rootDir, 'content'), path.join(site, 'content'), { recursive: true });
cpSync(path.join(rootDir, 'public'), path.join(site, 'public'), { recursive: true });
mkdirSync(path.join(site, 'dist'));
for (const entry of readdirSync(path.join(rootDir, 'dist')).filter((name) => name !== 'public')) {
  symlinkSync(path.join(rootDir, 'dist', entry), path.join(site, 'dist', entry));
}
afterAll(() => rmSync(site, { recursive: true, force: true }));

const uploads = path.join(site, 'public/media/uploads');

describe('pictures in development', () => {
  const { app } = makeApp({ config: { rootDir: site } });

  it("serves the working copy's covers, logos and icons with no copy of public/ in dist/, revalidated at each use", async () => {
    for (const file of ['/media/episodes/cover-1.svg', '/media/logo.svg', '/media/logos/advisor-quarterly.svg', '/favicon.svg']) {
      const res = await request(app).get(file).buffer(true);
      expect(res.status, file).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=0');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(res.body as Buffer)).toEqual(readFileSync(path.join(site, 'public', file)));
    }
  });

  it('serves a picture put into public/media/uploads after the start, with no restart', async () => {
    expect((await request(app).get('/media/uploads/taken-later.png')).status).toBe(404);
    writeFileSync(path.join(uploads, 'taken-later.png'), PNG);
    const res = await request(app).get('/media/uploads/taken-later.png').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.from(res.body as Buffer)).toEqual(PNG);
  });

  it('publishes an episode whose picture arrives after its file (git writes content/ before public/), on the next request', async () => {
    const id = 'fee-schedules-with-a-late-picture';
    writeEpisode(path.join(site, 'content'), id, { ...sampleEpisode, image: '/media/uploads/late.png' }, 'Avery Holt on fee schedules.');
    // Until the picture is there, the content check holds the new file back, as it should.
    expect((await request(app).get(`/podcast/${id}`)).status).not.toBe(200);
    writeFileSync(path.join(uploads, 'late.png'), PNG);
    const page = await request(app).get(`/podcast/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('src="/media/uploads/late.png"');
    expect((await request(app).get('/media/uploads/late.png')).status).toBe(200);
  });
});

describe('links in the working copy', () => {
  const { app } = makeApp({ config: { rootDir: site } });

  it('are not followed out of public/, to a file or to a folder, even named as a picture', async () => {
    const ledger = path.join(site, 'subscribers.png');
    writeFileSync(ledger, 'LEDGER-LINE-NEVER-SERVED');
    symlinkSync(ledger, path.join(uploads, 'linked.png'));
    symlinkSync(site, path.join(site, 'public', 'media', 'linked'));
    for (const url of ['/media/uploads/linked.png', '/media/linked/subscribers.png']) {
      const res = await request(app).get(url).buffer(true);
      expect(res.status, url).toBe(404);
      expect(String(res.text ?? res.body)).not.toContain('LEDGER-LINE');
    }
    expect((await request(app).get('/media/logo.svg')).status).toBe(200);
  });
});

describe('pictures in production', () => {
  it("are the build's copy only: the working copy's public/ is never looked at", async () => {
    const { app } = makeApp({ config: { rootDir: site, isProduction: true } });
    expect((await request(app).get('/media/logo.svg')).status).toBe(404);
    const built = await request(makeApp({ config: { isProduction: true } }).app).get('/media/logo.svg');
    expect(built.status).toBe(200);
    expect(built.headers['cache-control']).toBe('public, max-age=86400');
  });
});
