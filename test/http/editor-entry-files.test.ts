/**
 * An entry writes only itself (server/admin/backend/entry-files.ts), tried as an editor who wants more would
 * try it: the site with CMS_BACKEND=site on the content repository it makes itself, the real sign-in through
 * a real OpenID provider, Decap's requests at POST /admin/api/v1, and the repository read back with git.
 *
 * - A press article's save that carries the home page as well is refused, and publishing the article then
 *   publishes the article alone.
 * - A "rename" whose old path is another published article, or whose new path is one, or leaves the
 *   collection's folder, is refused; the other article stays published.
 * - A branch given more files some other way (git, here) is shown to the reviewer with every one of them,
 *   and its publication is refused, the published branch unmoved.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEditor } from '../support/editor-sign-in';
import { editorApi, startEditorSite } from '../support/editor-site';
import { startOidcProvider } from '../support/oidc-provider';
import type { TestProvider } from '../support/oidc-provider';

const SITE_URL = 'http://localhost:3000';
const ARTICLE_SLUG = '2025-02-12-tax-trust-weekly';
const ARTICLE = `content/press/${ARTICLE_SLUG}.yaml`;
const OTHER_SLUG = '2025-05-01-the-fiduciary-times';
const OTHER = `content/press/${OTHER_SLUG}.yaml`;
const HOME = 'content/home.yaml';

let dir: string;
let provider: TestProvider;
let site: Awaited<ReturnType<typeof startEditorSite>>;
let ann: { origin: string; siteUrl: string; cookie: string };
let rita: { origin: string; siteUrl: string; cookie: string };

const repository = () => path.join(dir, 'content.git');
const git = (args: string[], env: Record<string, string> = {}, input?: string) =>
  execFileSync('git', ['--git-dir', repository(), ...args], { encoding: 'utf8', env: { ...process.env, ...env }, input }).trim();
const show = (rev: string) => git(['show', rev]);
const exists = (rev: string) => {
  try {
    git(['cat-file', '-e', rev]);
    return true;
  } catch {
    return false;
  }
};
const retitled = (file: string, title: string) => show(`main:${file}`).replace(/^title: .*$/m, `title: ${title}`);

/** A press article's save as Decap's proxy backend sends it, with whatever data files the test makes it carry. */
const savePress = (slug: string, dataFiles: Array<{ path: string; raw: string; newPath?: string }>) =>
  editorApi(ann, 'persistEntry', {
    dataFiles: dataFiles.map((file) => ({ slug, ...file })),
    assets: [],
    options: { collectionName: 'press', commitMessage: `Update Press “${slug}”`, useWorkflow: true, status: 'draft' },
  });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'editor-entry-files-'));
  provider = await startOidcProvider({ redirectUris: [`${SITE_URL}/admin/auth/callback`] });
  site = await startEditorSite({
    env: {
      CMS_BACKEND: 'site',
      CONTENT_REPO: repository(),
      CONTENT_WORK_DIR: path.join(dir, 'work'),
      ...provider.env,
      CMS_EDITORS: 'ann@example.com',
      CMS_REVIEWERS: 'rita@example.com',
      SITE_URL,
    },
    api: 'site-backend',
  });
  const signIn = async (login: string) => ({
    origin: site.origin,
    siteUrl: SITE_URL,
    cookie: (await signInEditor({ site: site.origin, siteUrl: SITE_URL, login })).cookie,
  });
  [ann, rita] = [await signIn('ann'), await signIn('rita')];
});

afterAll(async () => {
  await site?.close();
  await provider?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a save carries the entry’s own file only', () => {
  it('refuses a press article’s save that also carries the home page; publishing the article leaves the home page as it was', async () => {
    const home = git(['rev-parse', `main:${HOME}`]);
    expect((await savePress(ARTICLE_SLUG, [{ path: ARTICLE, raw: retitled(ARTICLE, 'An Honest New Title') }])).status).toBe(200);
    const saved = git(['rev-parse', `refs/heads/cms/press/${ARTICLE_SLUG}`]);

    const smuggled = await savePress(ARTICLE_SLUG, [
      { path: ARTICLE, raw: retitled(ARTICLE, 'An Honest New Title') },
      { path: HOME, raw: show(`main:${HOME}`).replace(/^ {2}headline: .*$/m, '  headline: Send Your Savings To Mallory') },
    ]);
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.error).toBe(
      `This entry (Press article) may change only its own file, ${ARTICLE} (or that file under a new name in content/press/) and uploads in public/media/uploads/, but it also changes ${HOME}. Nothing was saved. Reload the page and save this entry again; to change another page, open that page in the editor and save it on its own.`,
    );
    // The home page alone, as the entry's one data file, and under a file collection's entry that is not the home page.
    expect((await savePress(ARTICLE_SLUG, [{ path: HOME, raw: 'hero: {}\n' }])).body.error).toMatch(
      /but it also changes content\/home\.yaml\./,
    );
    const settings = await editorApi(ann, 'persistEntry', {
      dataFiles: [{ slug: 'press', path: HOME, raw: 'hero: {}\n' }],
      assets: [],
      options: { collectionName: 'settings', commitMessage: 'Update', useWorkflow: true },
    });
    expect(settings.status).toBe(400);
    expect(settings.body.error).toMatch(
      /^This entry \(Press page\) may change only its own file, content\/pages\/press\.yaml and uploads .* changes content\/home\.yaml\./,
    );
    expect(git(['rev-parse', `refs/heads/cms/press/${ARTICLE_SLUG}`])).toBe(saved);
    expect(git(['for-each-ref', 'refs/heads/cms/settings/'])).toBe('');

    expect(
      (await editorApi(rita, 'updateUnpublishedEntryStatus', { collection: 'press', slug: ARTICLE_SLUG, newStatus: 'pending_publish' }))
        .status,
    ).toBe(200);
    expect((await editorApi(rita, 'publishUnpublishedEntry', { collection: 'press', slug: ARTICLE_SLUG })).status).toBe(200);
    expect(show(`main:${ARTICLE}`)).toMatch(/^title: An Honest New Title$/m);
    expect(git(['rev-parse', `main:${HOME}`])).toBe(home);
    expect(git(['diff', '--name-only', 'main^1', 'main'])).toBe(ARTICLE);
  });

  it('refuses a rename from another published article, onto one, or out of the collection’s folder; the other article stays', async () => {
    const before = git(['rev-parse', 'main']);
    const raw = retitled(ARTICLE, 'A Renamed Article');
    const cases: Array<[string, { slug: string; path: string; newPath: string }, RegExp]> = [
      [
        'the old path another article’s',
        { slug: 'a-new-article', path: OTHER, newPath: 'content/press/a-new-article.yaml' },
        /^This entry \(Press article\) may change only its own file, content\/press\/a-new-article\.yaml .* but it also deletes content\/press\/2025-05-01-the-fiduciary-times\.yaml\./,
      ],
      [
        'the new path another article’s',
        { slug: ARTICLE_SLUG, path: ARTICLE, newPath: OTHER },
        /but it also deletes content\/press\/2025-02-12-tax-trust-weekly\.yaml, changes content\/press\/2025-05-01-the-fiduciary-times\.yaml\./,
      ],
      [
        'the new path out of the folder',
        { slug: ARTICLE_SLUG, path: ARTICLE, newPath: HOME },
        /but it also changes content\/home\.yaml, deletes content\/press\/2025-02-12-tax-trust-weekly\.yaml\./,
      ],
    ];
    for (const [what, { slug, ...file }, message] of cases) {
      const res = await savePress(slug, [{ ...file, raw }]);
      expect(res.status, what).toBe(400);
      expect(res.body.error, what).toMatch(message);
      expect(git(['for-each-ref', `refs/heads/cms/press/${slug}`]), what).toBe('');
    }
    expect(git(['rev-parse', 'main'])).toBe(before);
    expect(exists(`main:${OTHER}`)).toBe(true);

    // Its own file to a new name in its folder is a rename, and the reviewer sees both halves of it.
    const renamed = 'content/press/2025-02-12-tax-trust-weekly-renamed.yaml';
    expect((await savePress(ARTICLE_SLUG, [{ path: ARTICLE, newPath: renamed, raw }])).status).toBe(200);
    const view = await editorApi<{ diffs: Array<{ path: string; status: string }> }>(rita, 'unpublishedEntry', {
      id: `press/${ARTICLE_SLUG}`,
    });
    expect(view.body.diffs.map(({ path: file, status }) => `${status} ${file}`).sort()).toEqual([`added ${renamed}`, `deleted ${ARTICLE}`]);
    expect((await editorApi(ann, 'deleteUnpublishedEntry', { collection: 'press', slug: ARTICLE_SLUG })).status).toBe(200);
  });
});

describe('what the reviewer is shown is what would be published', () => {
  it('lists every file of a branch given more some other way, and refuses to publish it', async () => {
    expect((await savePress(OTHER_SLUG, [{ path: OTHER, raw: retitled(OTHER, 'A Title Under Review') }])).status).toBe(200);
    const saved = git(['rev-parse', `refs/heads/cms/press/${OTHER_SLUG}`]);
    // A commit on the entry's branch by git itself, as its author: the home page changed and another article deleted.
    const index = path.join(dir, 'crafted-index');
    const env = {
      GIT_INDEX_FILE: index,
      GIT_AUTHOR_NAME: 'ann',
      GIT_AUTHOR_EMAIL: 'ann@example.com',
      GIT_COMMITTER_NAME: 'ann',
      GIT_COMMITTER_EMAIL: 'ann@example.com',
    };
    git(['read-tree', saved], env);
    const blob = git(
      ['hash-object', '-w', '--stdin'],
      {},
      show(`main:${HOME}`).replace(/^ {2}headline: .*$/m, '  headline: Send Your Savings To Mallory'),
    );
    git(['update-index', '--cacheinfo', `100644,${blob},${HOME}`], env);
    git(['update-index', '--index-info'], env, `0 ${'0'.repeat(40)}\t${ARTICLE}\n`);
    const commit = git(['commit-tree', git(['write-tree'], env), '-p', saved, '-m', 'Update Press'], env);
    git(['update-ref', `refs/heads/cms/press/${OTHER_SLUG}`, commit, saved]);

    const view = await editorApi<{ diffs: Array<{ path: string; status: string }> }>(rita, 'unpublishedEntry', {
      collection: 'press',
      slug: OTHER_SLUG,
    });
    expect(view.status).toBe(200);
    expect(view.body.diffs.map(({ path: file, status }) => `${status} ${file}`).sort()).toEqual([
      `deleted ${ARTICLE}`,
      `modified ${HOME}`,
      `modified ${OTHER}`,
    ]);

    const before = git(['rev-parse', 'main']);
    expect(
      (await editorApi(rita, 'updateUnpublishedEntryStatus', { collection: 'press', slug: OTHER_SLUG, newStatus: 'pending_publish' }))
        .status,
    ).toBe(200);
    const publish = await editorApi(rita, 'publishUnpublishedEntry', { collection: 'press', slug: OTHER_SLUG });
    expect(publish.status).toBe(422);
    expect(publish.body.error).toBe(
      `This entry (Press article) may change only its own file, ${OTHER} (or that file under a new name in content/press/) and uploads in public/media/uploads/, but it also changes ${HOME}, deletes ${ARTICLE}. It cannot be published: delete its unpublished changes and make them again in the editor.`,
    );
    expect(git(['rev-parse', 'main'])).toBe(before);
    expect(exists(`main:${ARTICLE}`)).toBe(true);
    expect(show(`main:${HOME}`)).not.toContain('Mallory');
  });
});
