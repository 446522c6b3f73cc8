/**
 * A content repository as CONTENT_REPO names one, made in a temporary folder: a real bare repository
 * whose main holds a copy of this checkout's content/, and a clone to edit and push from. The tests of
 * following a branch (test/support/content-repo.ts) and the bench of it (scripts/bench/content-swap.ts)
 * both start from it.
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Who commits: fixed, so no git config of the machine is needed. */
export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Test Editor',
  GIT_AUTHOR_EMAIL: 'editor@harborledger.example',
  GIT_COMMITTER_NAME: 'Test Editor',
  GIT_COMMITTER_EMAIL: 'editor@harborledger.example',
};

export interface ContentRepo {
  /** The temporary folder holding it all; work folders of the servers may go in it too. */
  dir: string;
  /** The bare repository: what CONTENT_REPO names. */
  origin: string;
  /** The clone's content/ folder, to edit before `push`. */
  contentDir: string;
  /** Commits everything in the clone, pushes it to main and answers the commit. */
  push(message: string): string;
  /** Removes the folder. */
  remove(): void;
}

export interface ContentRepoOptions {
  /** Only the episodes another file names (a transcript, an old address): every kind of page, about half as many. */
  fewEpisodes?: boolean;
  /** At least this many episodes: the sample's, copied under new ids and titles. */
  episodes?: number;
}

/** Keeps only the episodes a transcript (Markdown or timed) or a redirect names. */
function keepNamedEpisodes(contentDir: string) {
  const redirects = readFileSync(path.join(contentDir, 'redirects.yaml'), 'utf8');
  for (const file of readdirSync(path.join(contentDir, 'episodes'))) {
    const id = file.replace(/\.md$/, '');
    const hasTranscript = ['.md', '.vtt', '.srt'].some((extension) =>
      existsSync(path.join(contentDir, 'transcripts', `${id}${extension}`)),
    );
    if (!hasTranscript && !redirects.includes(`episode: ${id}`)) rmSync(path.join(contentDir, 'episodes', file));
  }
}

/** Copies the sample's episodes under new ids until there are `count`; numbered episodes stay the sample's own. */
function copyEpisodes(contentDir: string, count: number) {
  const episodesDir = path.join(contentDir, 'episodes');
  const sample = readdirSync(episodesDir).filter((name) => name.endsWith('.md'));
  for (let n = sample.length; n < count; n++) {
    const from = sample[n % sample.length]!;
    const text = readFileSync(path.join(episodesDir, from), 'utf8')
      .replace(/^title: .*$/m, `title: "Sample episode, copy ${n}"`)
      .replace(/^number: .*\n/m, '');
    writeFileSync(path.join(episodesDir, `copy-${n}-${from}`), text);
  }
}

export function createContentRepo(rootDir: string, prefix: string, options: ContentRepoOptions = {}): ContentRepo {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const origin = path.join(dir, 'site.git');
  const clone = path.join(dir, 'clone');
  const git = (...args: string[]) => execFileSync('git', ['-C', clone, ...args], { env: GIT_ENV, encoding: 'utf8' }).trim();
  execFileSync('git', ['init', '--quiet', '--bare', '-b', 'main', origin]);
  execFileSync('git', ['init', '--quiet', '-b', 'main', clone]);
  git('remote', 'add', 'origin', origin);
  const contentDir = path.join(clone, 'content');
  cpSync(path.join(rootDir, 'content'), contentDir, { recursive: true });
  if (options.fewEpisodes) keepNamedEpisodes(contentDir);
  if (options.episodes) copyEpisodes(contentDir, options.episodes);
  const push = (message: string) => {
    git('add', '--all');
    git('commit', '--quiet', '-m', message);
    git('push', '--quiet', 'origin', 'main');
    return git('rev-parse', 'HEAD');
  };
  push('The content as the image has it');
  return { dir, origin, contentDir, push, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Tells the server at `serverOrigin` that main moved to `commit`, signed as GitHub signs (X-Hub-Signature-256). */
export function sendPushWebhook(serverOrigin: string, commit: string, secret: string): Promise<Response> {
  const body = JSON.stringify({ ref: 'refs/heads/main', after: commit });
  return fetch(`${serverOrigin}/api/content/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
}

/** /readyz's body: `content` says which commit is served and, when the head is not, why. */
export async function readyz(serverOrigin: string): Promise<{ status: string; content?: string }> {
  return (await (await fetch(`${serverOrigin}/readyz`)).json()) as { status: string; content?: string };
}

/** Whether the server's /readyz says it serves `commit` (`serving <12 hex> of main`). */
export async function serves(serverOrigin: string, commit: string): Promise<boolean> {
  return (await readyz(serverOrigin)).content?.startsWith(`serving ${commit.slice(0, 12)} of main`) ?? false;
}
