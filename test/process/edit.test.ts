/**
 * `npm run edit` (scripts/ops/edit.ts) as a person meets it, in a throw-away clone of this
 * repository: the CMS's proxy is driven through decap-server's own HTTP API, as the CMS in the
 * browser drives it. An episode created through the editorial workflow (draft, in review, ready,
 * published) lands in content/episodes/ of the working copy, passes content:check and is served by
 * the dev server; a file created and a file edited in the working copy meanwhile are neither lost
 * nor committed; a publish that would overwrite a local edit stops `npm run edit` and names the file.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_SCRIPT, episodeFile, git, startEditSession, TSX } from '../support/edit-session';
import type { EditSession } from '../support/edit-session';

describe('npm run edit', () => {
  let session: EditSession;
  const cms = (action: string, params: Record<string, unknown>) => session.cms(action, params);
  const saveDraft = (slug: string, raw: string) =>
    cms('persistEntry', {
      dataFiles: [{ slug, path: `content/episodes/${slug}.md`, raw }],
      assets: [],
      options: { collectionName: 'episodes', commitMessage: `Create Episodes “${slug}”`, useWorkflow: true, status: 'draft' },
    });

  beforeAll(async () => {
    session = await startEditSession();
  }, 180_000);

  afterAll(() => session?.close(), 30_000);

  it('answers on loopback as decap-server in git mode, with the editorial workflow', async () => {
    const info = await cms('info', {});
    expect(info.body).toMatchObject({ publish_modes: ['simple', 'editorial_workflow'], type: 'local_git' });
    // decap-server's own line, and the proxy in front of it: neither answers on another address.
    expect(session.output()).toContain('Decap CMS Proxy Server listening on 127.0.0.1:');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (outside) {
      await expect(fetch(`http://${outside.address}:${session.cmsPort}/api/v1`, { method: 'POST' })).rejects.toThrow();
    }
  });

  it('an episode published through the workflow lands in content/ of the working copy, and local work is neither lost nor committed', async () => {
    const slug = 'pricing-advisory-work-edit-test';
    const title = 'Pricing Advisory Work, Written in the CMS';
    const raw = episodeFile(title, 'Saved, reviewed and published through the editorial workflow.');

    // The person's work in progress: a new file, an edit to a tracked one, and a commit of their own.
    const wipEpisode = 'content/episodes/hand-written-in-progress.md';
    const wipText = episodeFile('A Hand-Written Episode Not Yet Committed', 'Still being written.');
    writeFileSync(path.join(session.site, wipEpisode), wipText);
    // Made here, so no file of the repository (this one included) holds it.
    const wipMarker = `uncommitted line of the person ${randomUUID()}`;
    appendFileSync(path.join(session.site, 'README.md'), `\n${wipMarker}\n`);
    writeFileSync(path.join(session.site, 'committed-by-the-person.txt'), 'theirs\n');
    git(session.site, 'add', 'committed-by-the-person.txt');
    git(session.site, 'commit', '--quiet', '-m', 'The person commits while the editor runs');
    const personsCommit = git(session.site, 'rev-parse', 'HEAD').trim();

    expect(await saveDraft(slug, raw)).toMatchObject({ status: 200 });
    expect((await cms('unpublishedEntries', {})).body).toEqual([`episodes/${slug}`]);
    for (const newStatus of ['pending_review', 'pending_publish']) {
      expect(await cms('updateUnpublishedEntryStatus', { collection: 'episodes', slug, newStatus })).toMatchObject({ status: 200 });
    }
    expect((await cms('unpublishedEntry', { collection: 'episodes', slug })).body).toMatchObject({ status: 'pending_publish' });
    // A draft is not in the working copy.
    expect(existsSync(path.join(session.site, 'content/episodes', `${slug}.md`))).toBe(false);

    expect(await cms('publishUnpublishedEntry', { collection: 'episodes', slug })).toMatchObject({ status: 200 });

    // Published: committed on the working copy's branch, on top of the person's commit.
    expect(readFileSync(path.join(session.site, 'content/episodes', `${slug}.md`), 'utf8')).toBe(raw);
    expect(git(session.site, 'ls-files', '--', `content/episodes/${slug}.md`).trim()).toBe(`content/episodes/${slug}.md`);
    expect(spawnSync('git', ['merge-base', '--is-ancestor', personsCommit, 'HEAD'], { cwd: session.site }).status).toBe(0);

    // The work in progress is where it was, as it was, and in no commit of either repository.
    expect(readFileSync(path.join(session.site, wipEpisode), 'utf8')).toBe(wipText);
    expect(readFileSync(path.join(session.site, 'README.md'), 'utf8')).toContain(wipMarker);
    const status = git(session.site, 'status', '--porcelain', '--untracked-files=all').split('\n');
    expect(status).toContain(`?? ${wipEpisode}`);
    expect(status).toContain(' M README.md');
    for (const repo of [session.site, path.join(session.site, '.cache/cms-repo')]) {
      expect(git(repo, 'log', '--all', '--format=%H', '--', wipEpisode)).toBe('');
      expect(git(repo, 'log', '--all', '--format=%H', `-S${wipMarker}`)).toBe('');
    }

    const check = spawnSync(TSX, ['server/cli/content-check.ts'], { cwd: session.site, encoding: 'utf8', timeout: 60_000 });
    expect(check.status, check.stdout + check.stderr).toBe(0);

    const page = await fetch(`http://127.0.0.1:${session.sitePort}/podcast/${slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(title);
    // The CMS switched branches in its clone many times; the dev server never restarted for it.
    expect(session.output().match(/"msg":"listening on http/g)).toHaveLength(1);
  }, 120_000);

  it('a publish that would overwrite a local edit stops npm run edit, names the file and changes nothing here', async () => {
    const slug = 'pricing-advisory-work-edit-test';
    const file = `content/episodes/${slug}.md`;
    appendFileSync(path.join(session.site, file), 'A local edit, not committed.\n');
    const before = readFileSync(path.join(session.site, file), 'utf8');
    const head = git(session.site, 'rev-parse', 'HEAD');

    expect(await saveDraft(slug, episodeFile('Pricing Advisory Work, Edited in the CMS', 'A second version.'))).toMatchObject({
      status: 200,
    });
    const published = await cms('publishUnpublishedEntry', { collection: 'episodes', slug });
    expect(published.status).toBe(503);
    expect(await session.exited).toBe(1);
    expect(session.output()).toContain(`The CMS published changes to files you have changed here and not committed:\n  ${file}`);
    expect(readFileSync(path.join(session.site, file), 'utf8')).toBe(before);
    expect(git(session.site, 'rev-parse', 'HEAD')).toBe(head);
  }, 60_000);
});

describe('npm run edit in production', () => {
  it('refuses, saying why', () => {
    const result = spawnSync(TSX, [EDIT_SCRIPT], {
      cwd: tmpdir(),
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('npm run edit refuses to run with NODE_ENV=production');
  });
});
