/**
 * The site as Decap CMS's backend (server/admin/backend/, issue 46) over HTTP: each action of decap-server's
 * git-mode protocol on a real bare repository (a temporary one seeded with this repository's content/, real
 * git), the editorial workflow and every refusal of four eyes with the words the editor shows.
 *
 * The app here mounts the backend's router behind a middleware that sets res.locals.editor from the test's
 * x-test-editor header: it stands only for the sign-in gate (server/admin/sign-in/), which is tested on its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicationLine } from '../../server/approvals/approval-lines';
import { editorBackend } from '../../server/admin/backend/editor-backend';
import type { SignedInEditor } from '../../server/admin/sign-in/signed-in-editor';
import { rootDir } from '../support/app';
import { createContentRepo } from '../support/content-repo';
import type { ContentRepo } from '../support/content-repo';

const alice: SignedInEditor = { email: 'alice@harborledger.example', name: 'Alice Writer', role: 'editor' };
const bob: SignedInEditor = { email: 'bob@harborledger.example', name: 'Bob Writer', role: 'editor' };
const rita: SignedInEditor = { email: 'rita@harborledger.example', name: 'Rita Reviewer', role: 'reviewer' };
const rex: SignedInEditor = { email: 'rex@harborledger.example', name: 'Rex Reviewer', role: 'reviewer' };
const EDITORS = new Map([alice, bob, rita, rex].map((editor) => [editor.email, editor]));

/** A 1×1 PNG: a real picture, as the content check reads uploads. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const TEMPLATE = readFileSync(path.join(rootDir, 'content/episodes/welcome-to-advisory-edge.md'), 'utf8');

/** An episode file as Decap writes it: the template with another title (and whatever `change` does to it). */
function episode(title: string, change: (raw: string) => string = (raw) => raw): string {
  return change(TEMPLATE.replace(/^title: .*$/m, `title: ${title}`).replace(/^number: .*\n/m, ''));
}

let repo: ContentRepo;
let app: express.Express;
const published: PublicationLine[] = [];
const served: string[] = [];
let clock = new Date('2026-05-01T09:00:00Z');

const git = (...args: string[]) => execFileSync('git', ['--git-dir', repo.origin, ...args], { encoding: 'utf8' }).trim();
const mainHead = () => git('rev-parse', 'refs/heads/main');

function backendApp(recordPublication = async (line: PublicationLine) => void published.push(line)): express.Express {
  const backend = editorBackend({
    repository: repo.origin,
    branch: 'main',
    rootDir,
    logger: pino({ level: 'silent' }),
    recordPublication,
    onPublished: (commit) => void served.push(commit),
    reviewers: [rita.email, rex.email],
    now: () => clock,
  });
  const site = express();
  // Stands for the sign-in gate: who is signed in, as the test says.
  site.use((req, res, next) => {
    const editor = EDITORS.get(req.get('x-test-editor') ?? '');
    if (editor) res.locals.editor = editor;
    next();
  });
  site.use(backend.router);
  return site;
}

function call(who: SignedInEditor | undefined, action: string, params: Record<string, unknown> = {}) {
  const req = request(app).post('/admin/api/v1');
  if (who) req.set('x-test-editor', who.email);
  return req.send({ action, params: { branch: 'main', ...params } });
}

function save(
  who: SignedInEditor,
  slug: string,
  raw: string,
  options: { assets?: Array<{ path: string; content: Buffer }>; status?: string } = {},
) {
  return call(who, 'persistEntry', {
    dataFiles: [{ slug, path: `content/episodes/${slug}.md`, raw }],
    assets: (options.assets ?? []).map((asset) => ({ path: asset.path, content: asset.content.toString('base64'), encoding: 'base64' })),
    options: {
      collectionName: 'episodes',
      commitMessage: `Create Episodes “${slug}”`,
      useWorkflow: true,
      status: options.status ?? 'draft',
    },
  });
}

const setStatus = (who: SignedInEditor, slug: string, newStatus: string) =>
  call(who, 'updateUnpublishedEntryStatus', { collection: 'episodes', slug, newStatus });
const publish = (who: SignedInEditor, slug: string) => call(who, 'publishUnpublishedEntry', { collection: 'episodes', slug });

beforeAll(() => {
  repo = createContentRepo('editor-backend-', { fewEpisodes: true });
  app = backendApp();
});
afterAll(() => repo.remove());

describe('who may ask', () => {
  it('answers 401 in JSON when no editor is signed in, before reading anything', async () => {
    const res = await call(undefined, 'entriesByFolder', { folder: 'content/episodes', extension: 'md', depth: 1 });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'You are not signed in to the editor: sign in again.' });
  });
});

describe('reading the published branch', () => {
  it('says what it is: the editorial workflow only', async () => {
    const res = await call(alice, 'info');
    expect(res.body).toEqual({ repo: 'site.git', publish_modes: ['editorial_workflow'], type: 'local_git' });
  });

  it('lists a folder’s entries with their text, as decap-server does', async () => {
    const res = await call(alice, 'entriesByFolder', { folder: 'content/episodes', extension: 'md', depth: 1 });
    expect(res.status).toBe(200);
    const welcome = (res.body as Array<{ data: string; file: { path: string; id: string } }>).find(
      (entry) => entry.file.path === 'content/episodes/welcome-to-advisory-edge.md',
    );
    expect(welcome?.data).toBe(TEMPLATE);
    expect(welcome?.file.id).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.length).toBe(git('ls-tree', '--name-only', 'main', 'content/episodes/').split('\n').length);
  });

  it('gets one entry, several by file, and null for a file the branch has not', async () => {
    const one = await call(alice, 'getEntry', { path: 'content/site.yaml' });
    expect(one.body.data).toBe(readFileSync(path.join(rootDir, 'content/site.yaml'), 'utf8'));
    const files = await call(alice, 'entriesByFiles', {
      files: [{ path: 'content/home.yaml', label: 'Home' }, { path: 'content/nothing.yaml' }],
    });
    expect(files.body[0].file).toMatchObject({ path: 'content/home.yaml', label: 'Home' });
    expect(files.body[1]).toEqual({ data: null, file: { path: 'content/nothing.yaml', id: null } });
  });
});

describe('the editorial workflow', () => {
  it('saves an entry with a picture as a commit by the editor on cms/<collection>/<slug>, leaving the published branch alone', async () => {
    const before = mainHead();
    clock = new Date('2026-05-01T09:00:00Z');
    const res = await save(
      alice,
      'first-entry',
      episode('The First Entry', (raw) => raw.replace(/^image: .*$/m, 'image: /media/uploads/first.png')),
      {
        assets: [{ path: 'public/media/uploads/first.png', content: PNG }],
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'entry persisted' });
    expect(git('log', '-1', '--format=%an <%ae> | %cn <%ce> | %aI | %s', 'refs/heads/cms/episodes/first-entry')).toBe(
      'Alice Writer <alice@harborledger.example> | Alice Writer <alice@harborledger.example> | 2026-05-01T09:00:00+00:00 | Create Episodes “first-entry”',
    );
    expect(git('diff', '--name-only', 'main', 'cms/episodes/first-entry').split('\n')).toEqual([
      'content/episodes/first-entry.md',
      'public/media/uploads/first.png',
    ]);
    expect(mainHead()).toBe(before);
  });

  it('lists it, and answers the entry, its file and its picture as Decap expects', async () => {
    expect((await call(rex, 'unpublishedEntries')).body).toEqual(['episodes/first-entry']);
    const entry = await call(rex, 'unpublishedEntry', { id: 'episodes/first-entry' });
    expect(entry.body).toMatchObject({
      collection: 'episodes',
      slug: 'first-entry',
      status: 'draft',
      pullRequestAuthor: 'Alice Writer',
      updatedAt: '2026-05-01T09:00:00.000Z',
    });
    expect(entry.body.diffs).toEqual([
      expect.objectContaining({
        path: 'content/episodes/first-entry.md',
        id: 'content/episodes/first-entry.md',
        newFile: true,
        binary: false,
      }),
      expect.objectContaining({ path: 'public/media/uploads/first.png', newFile: true, binary: true }),
    ]);
    const data = await call(rex, 'unpublishedEntryDataFile', {
      collection: 'episodes',
      slug: 'first-entry',
      id: 'x',
      path: 'content/episodes/first-entry.md',
    });
    expect(data.body.data).toMatch(/^title: The First Entry$/m);
    const media = await call(rex, 'unpublishedEntryMediaFile', {
      collection: 'episodes',
      slug: 'first-entry',
      id: 'x',
      path: 'public/media/uploads/first.png',
    });
    expect(media.body).toMatchObject({
      content: PNG.toString('base64'),
      encoding: 'base64',
      name: 'first.png',
      path: 'public/media/uploads/first.png',
    });
  });

  it('answers 404 for an entry with no unpublished changes (Decap: “not under editorial workflow”)', async () => {
    const res = await call(rex, 'unpublishedEntry', { collection: 'episodes', slug: 'no-such-entry' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/no unpublished changes to episodes\/no-such-entry/);
  });

  it('moves its status, which outlives the router (a restart)', async () => {
    expect((await setStatus(alice, 'first-entry', 'pending_review')).status).toBe(200);
    app = backendApp();
    expect((await call(alice, 'unpublishedEntry', { collection: 'episodes', slug: 'first-entry' })).body.status).toBe('pending_review');
  });
});

describe('four eyes', () => {
  it('refuses Ready to an editor, naming the reviewers', async () => {
    const res = await setStatus(alice, 'first-entry', 'pending_publish');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only a reviewer can approve an entry: ask one of rita@harborledger.example, rex@harborledger.example.');
  });

  it('refuses Ready to a reviewer who wrote part of the entry', async () => {
    const res = await save(
      rita,
      'first-entry',
      episode('The First Entry, Reviewed', (raw) => raw.replace(/^image: .*$/m, 'image: /media/uploads/first.png')),
      {
        assets: [{ path: 'public/media/uploads/first.png', content: PNG }],
      },
    );
    expect(res.status).toBe(200);
    const refused = await setStatus(rita, 'first-entry', 'pending_publish');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You wrote part of this entry, so someone else must approve it.');
    expect((await publish(rita, 'first-entry')).body.error).toBe('You wrote part of this entry, so someone else must publish it.');
  });

  it('refuses publishing without an approval, and to an editor', async () => {
    const unapproved = await publish(rex, 'first-entry');
    expect(unapproved.status).toBe(403);
    expect(unapproved.body.error).toBe('This entry has not been approved: a reviewer must set it to Ready before it is published.');
    const byEditor = await publish(bob, 'first-entry');
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error).toBe(
      'Only a reviewer can publish an entry: ask one of rita@harborledger.example, rex@harborledger.example.',
    );
  });

  it('voids an approval when the entry is saved again: back to In review, and publishing refused until approved again', async () => {
    expect((await setStatus(rex, 'first-entry', 'pending_publish')).status).toBe(200);
    expect((await call(rex, 'unpublishedEntry', { collection: 'episodes', slug: 'first-entry' })).body.status).toBe('pending_publish');
    expect((await save(alice, 'first-entry', episode('The First Entry, Changed Later'), {})).status).toBe(200);
    expect((await call(rex, 'unpublishedEntry', { collection: 'episodes', slug: 'first-entry' })).body.status).toBe('pending_review');
    const before = mainHead();
    const res = await publish(rex, 'first-entry');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('This entry changed after it was approved: it needs approving again.');
    expect(mainHead()).toBe(before);
  });

  it('drops the picture the last save no longer sends', async () => {
    expect(git('ls-tree', '--name-only', '-r', 'cms/episodes/first-entry', 'public/media/uploads/')).toBe('');
  });
});

describe('publishing', () => {
  it('refuses an entry the content check refuses, with 422 naming the problem, and moves nothing', async () => {
    expect(
      (
        await save(
          bob,
          'broken-entry',
          episode('A Broken Entry', (raw) => raw.replace(/^listenUrl: .*$/m, 'listenUrl: htp://example.com/x')),
        )
      ).status,
    ).toBe(200);
    expect((await setStatus(rex, 'broken-entry', 'pending_publish')).status).toBe(200);
    const before = mainHead();
    const res = await publish(rex, 'broken-entry');
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^This entry cannot be published: the site would refuse it\. /);
    expect(res.body.error).toContain('content/episodes/broken-entry.md: listenUrl must be an https URL (got "htp://example.com/x")');
    expect(mainHead()).toBe(before);
    expect(git('rev-parse', '--verify', '--quiet', 'refs/heads/cms/episodes/broken-entry')).toMatch(/^[0-9a-f]{40}$/);
    expect(published).toEqual([]);
  });

  it('merges an approved entry as the publisher, records every field, and tells the site', async () => {
    clock = new Date('2026-05-02T10:00:00Z');
    expect((await setStatus(rita, 'first-entry', 'pending_publish')).status).toBe(403); // Rita wrote part of it
    expect((await setStatus(rex, 'first-entry', 'pending_publish')).status).toBe(200);
    const approved = git('rev-parse', 'refs/heads/cms/episodes/first-entry');
    const before = mainHead();
    clock = new Date('2026-05-02T11:30:00Z');
    const res = await publish(rex, 'first-entry');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'branch cms/episodes/first-entry merged to main' });

    const merge = mainHead();
    expect(git('log', '-1', '--format=%P|%an <%ae>|%cn|%aI', merge)).toBe(
      `${before} ${approved}|Rex Reviewer <rex@harborledger.example>|Rex Reviewer|2026-05-02T11:30:00+00:00`,
    );
    expect(git('for-each-ref', 'refs/heads/cms/episodes/first-entry', 'refs/cms-state/episodes/first-entry')).toBe('');
    expect(served).toEqual([merge]);

    const diff = git(
      'diff',
      '--no-color',
      '--no-ext-diff',
      '--no-renames',
      '--full-index',
      before,
      merge,
      '--',
      'content/episodes/first-entry.md',
    );
    expect(published).toHaveLength(1);
    const line = published[0]!;
    expect(line).toEqual({
      kind: 'publication',
      entry: { collection: 'episodes', slug: 'first-entry', files: ['content/episodes/first-entry.md'] },
      authors: [
        { name: 'Alice Writer', email: alice.email },
        { name: 'Rita Reviewer', email: rita.email },
      ],
      approver: { name: 'Rex Reviewer', email: rex.email },
      publisher: { name: 'Rex Reviewer', email: rex.email },
      writtenAt: [expect.any(String), expect.any(String), expect.any(String)],
      approvedAt: '2026-05-02T10:00:00.000Z',
      publishedAt: '2026-05-02T11:30:00.000Z',
      approvedCommit: approved,
      publishedCommit: merge,
      change: { diff: expect.stringContaining('+title: The First Entry, Changed Later'), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(line.change.diff.trim()).toBe(diff);
    const { createHash } = await import('node:crypto');
    expect(line.change.sha256).toBe(createHash('sha256').update(line.change.diff).digest('hex'));
    expect(line.writtenAt[0]).toBe('2026-05-01T09:00:00.000Z');

    const live = await call(alice, 'getEntry', { path: 'content/episodes/first-entry.md' });
    expect(live.body.data).toMatch(/^title: The First Entry, Changed Later$/m);
  });
});

describe('a publication the record refuses', () => {
  it('is said to the publisher and logged, the site told all the same (it has changed)', async () => {
    expect((await save(alice, 'unrecorded', episode('An Unrecorded Entry'))).status).toBe(200);
    expect((await setStatus(rex, 'unrecorded', 'pending_publish')).status).toBe(200);
    const working = app;
    app = backendApp(() => Promise.reject(new Error('the record’s disk is full')));
    try {
      const before = mainHead();
      const res = await publish(rita, 'unrecorded');
      expect(res.status).toBe(500);
      expect(res.body.error).toBe(
        "episodes/unrecorded was published, but writing it to the approval record failed: tell the site's operator (the server's log holds the line to add).",
      );
      expect(mainHead()).not.toBe(before);
      expect(served.at(-1)).toBe(mainHead());
    } finally {
      app = working;
    }
  });
});

describe('writes that would bypass review', () => {
  it('refuses the media library’s own upload, deleting published files and saving without the workflow, moving nothing', async () => {
    const before = mainHead();
    const upload = await call(alice, 'persistMedia', {
      asset: { path: 'public/media/uploads/loose.png', content: PNG.toString('base64'), encoding: 'base64' },
      options: { commitMessage: 'Upload “loose.png”' },
    });
    expect(upload.status).toBe(403);
    expect(upload.body.error).toBe('Pictures are published with the entry that uses them: add it from the entry.');
    for (const who of [alice, rex]) {
      const page = await call(who, 'deleteFiles', {
        paths: ['content/episodes/welcome-to-advisory-edge.md'],
        options: { commitMessage: 'Delete' },
      });
      expect(page.status).toBe(403);
      expect(page.body.error).toMatch(/To remove a published page for good, ask the site’s maintainers\.$/);
    }
    const picture = await call(rex, 'deleteFile', { path: 'public/media/uploads/first.png', options: { commitMessage: 'Delete' } });
    expect(picture.status).toBe(403);
    expect(picture.body.error).toMatch(/^Pictures are published and removed with the entry that uses them/);
    const simple = await call(rex, 'persistEntry', {
      dataFiles: [{ slug: 'sneaky', path: 'content/episodes/sneaky.md', raw: episode('Sneaky') }],
      assets: [],
      options: { collectionName: 'episodes', commitMessage: 'Create', useWorkflow: false, status: 'draft' },
    });
    expect(simple.status).toBe(403);
    expect(simple.body.error).toMatch(/^Changes reach the site only through review/);
    expect(mainHead()).toBe(before);
  });
});

describe('deleting unpublished changes', () => {
  it('is refused to an editor who wrote none of them, and done for their author', async () => {
    const refused = await call(alice, 'deleteUnpublishedEntry', { collection: 'episodes', slug: 'broken-entry' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only the people who wrote this entry, or a reviewer, can delete its unpublished changes.');
    const done = await call(bob, 'deleteUnpublishedEntry', { collection: 'episodes', slug: 'broken-entry' });
    expect(done.status).toBe(200);
    expect(git('for-each-ref', 'refs/heads/cms/episodes/broken-entry', 'refs/cms-state/episodes/broken-entry')).toBe('');
  });
});

describe('serialized writes', () => {
  it('lands every one of concurrent saves, of different entries and of the same one', async () => {
    const results = await Promise.all([
      save(alice, 'concurrent-a', episode('Concurrent A')),
      save(bob, 'concurrent-b', episode('Concurrent B')),
      save(alice, 'concurrent-c', episode('Concurrent C, first')),
      save(bob, 'concurrent-c', episode('Concurrent C, second')),
    ]);
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect((await call(rex, 'unpublishedEntries')).body.sort()).toEqual([
      'episodes/concurrent-a',
      'episodes/concurrent-b',
      'episodes/concurrent-c',
    ]);
    expect(git('log', '--format=%ae', 'main..cms/episodes/concurrent-c').split('\n').sort()).toEqual([alice.email, bob.email]);
    // Whole and sound: every commit and ref intact (objects a refused or replaced write left behind are dangling, which git gc removes).
    expect(git('fsck', '--no-progress', '--no-dangling')).toBe('');
  });
});

describe('bad requests', () => {
  it('answers 400 naming what is wrong, never a 500', async () => {
    const cases: Array<[string, Record<string, unknown> | string, RegExp]> = [
      ['no action', { params: {} }, /action/],
      ['an unknown action', { action: 'formatDisk', params: {} }, /Unknown action "formatDisk"/],
      [
        'a path out of the repository',
        { action: 'getEntry', params: { branch: 'main', path: '../../etc/passwd' } },
        /getEntry: params\.path must be a path inside the repository/,
      ],
      ['git’s own folder', { action: 'getMediaFile', params: { branch: 'main', path: '.git/config' } }, /params\.path/],
      ['another branch', { action: 'getEntry', params: { branch: 'other', path: 'content/site.yaml' } }, /params\.branch must be main/],
      ['a missing folder', { action: 'entriesByFolder', params: { branch: 'main', extension: 'md', depth: 1 } }, /params\.folder/],
      [
        'a status Decap has not',
        {
          action: 'updateUnpublishedEntryStatus',
          params: { branch: 'main', collection: 'episodes', slug: 'concurrent-a', newStatus: 'live' },
        },
        /params\.newStatus/,
      ],
      [
        'a slug git cannot name',
        { action: 'publishUnpublishedEntry', params: { branch: 'main', collection: 'episodes', slug: 'a..b' } },
        /params\.slug/,
      ],
      [
        'an entry file outside content/',
        {
          action: 'persistEntry',
          params: {
            branch: 'main',
            dataFiles: [{ slug: 'x', path: 'server/app.ts', raw: 'x' }],
            assets: [],
            options: { collectionName: 'episodes', commitMessage: 'x', useWorkflow: true },
          },
        },
        /^This entry \(Episode\) may change only its own file, content\/episodes\/x\.md .* but it also adds server\/app\.ts\. Nothing was saved\./,
      ],
      ['not JSON', '{"action":', /not valid JSON/],
      [
        'a picture of a kind uploads may not be',
        {
          action: 'persistEntry',
          params: {
            branch: 'main',
            dataFiles: [{ slug: 'x', path: 'content/episodes/x.md', raw: 'x' }],
            assets: [{ path: 'public/media/uploads/x.svg', content: 'PHN2Zz4=', encoding: 'base64' }],
            options: { collectionName: 'episodes', commitMessage: 'x', useWorkflow: true },
          },
        },
        /A picture \(\.jpg, .*\) or a timed transcript \(\.vtt, \.srt\) is uploaded to public\/media\/uploads\/ \(got public\/media\/uploads\/x\.svg\)/,
      ],
    ];
    for (const [what, body, message] of cases) {
      const req = request(app).post('/admin/api/v1').set('x-test-editor', alice.email).set('content-type', 'application/json');
      const res = await req.send(typeof body === 'string' ? body : JSON.stringify(body));
      expect(res.status, what).toBe(400);
      expect(res.body.error, what).toMatch(message);
    }
  });

  it('answers 413 for a picture over 2 MB, saying the limit', async () => {
    const res = await save(alice, 'too-large', episode('Too Large'), {
      assets: [{ path: 'public/media/uploads/huge.png', content: Buffer.alloc(2_100_000) }],
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('public/media/uploads/huge.png is 2.1 MB: an upload may be at most 2 MB.');
  });

  it('saves a timed transcript chosen in the episode’s file field with its entry', async () => {
    const vtt = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Morgan Ellery>Welcome.\n');
    const res = await save(
      alice,
      'with-transcript',
      episode('With a Transcript', (raw) => raw.replace(/^image: /m, 'timedTranscript: /media/uploads/with-transcript.vtt\nimage: ')),
      { assets: [{ path: 'public/media/uploads/with-transcript.vtt', content: vtt }] },
    );
    expect(res.status).toBe(200);
    expect(git('show', 'cms/episodes/with-transcript:public/media/uploads/with-transcript.vtt')).toBe(vtt.toString().trim());
  });
});
