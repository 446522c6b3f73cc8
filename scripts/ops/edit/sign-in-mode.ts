/**
 * npm run edit -- --sign-in (decision 043): the site's own editor backend (CMS_BACKEND=site) with a sign-in
 * on this machine, so the four-eyes workflow and what only signed-in people see can be tried before the
 * firm's OpenID provider is set up.
 *
 * - A development OpenID provider (scripts/local/oidc-provider.ts, the one the tests run) on 127.0.0.1
 *   only, on OIDC_DEV_PORT or a free port, whose page offers two people: Alex Author (CMS_EDITORS) and
 *   Riley Reviewer (CMS_REVIEWERS), both ANALYTICS_READERS. Its client secret is new on every run.
 * - The site commits to a bare repository of its own, .cache/content-repo.git (git-ignored), made from
 *   the working copy's branch: CONTENT_REPO, CONTENT_BRANCH. The dev server serves that branch, so what
 *   it shows is what is committed, not files being edited in content/.
 * - Both branches are kept level by the rules of npm run edit without --sign-in (./cms-clone.ts
 *   syncBranches): the person's commits go on to the site's branch; a publish is fast-forwarded onto the
 *   working copy's branch within a second, so content/ shows it, and never over a file changed here.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startLocalProvider } from '../../local/oidc-provider';
import type { LocalProvider, ProviderPerson } from '../../local/oidc-provider';
import { prepareContentRepository, syncBranches } from './cms-clone';
import type { EditSession } from './cms-clone';
import { EditStop } from './edit-stop';

/** The two people of the development provider, by login name. */
export const DEV_PEOPLE = {
  author: { name: 'Alex Author', email: 'author@localhost.test', role: 'writes and sends for review' },
  reviewer: { name: 'Riley Reviewer', email: 'reviewer@localhost.test', role: 'approves and publishes' },
} satisfies Record<string, ProviderPerson>;

/** The git hosts' variables, which CMS_BACKEND=site refuses: set in the person's shell, they would stop the site. */
const GIT_HOST_VARIABLES = ['CMS_REPO', 'CMS_BRANCH', 'CMS_APP_ID', 'CMS_BASE_URL', 'CMS_AUTH_URL'];
/** How often the site's branch is compared with the working copy's: a publish shows in content/ within this. */
const FOLLOW_MS = 1_000;

export interface SignInMode {
  session: EditSession;
  provider: LocalProvider;
  siteUrl: string;
  /** The dev server's environment. */
  env: NodeJS.ProcessEnv;
  /** Keeps both branches level until stop(); `fail` hears why it cannot (the person must act). */
  follow(fail: (error: unknown) => void): void;
  stop(): Promise<void>;
}

export async function startSignInMode(root: string, options: { sitePort: string; providerPort: number }): Promise<SignInMode> {
  const session = await prepareContentRepository(root);
  await syncBranches(session);
  const siteUrl = new URL(process.env.SITE_URL || `http://localhost:${options.sitePort}`).origin;
  const provider = await startLocalProvider({
    redirectUris: [`${siteUrl}/admin/auth/callback`],
    people: DEV_PEOPLE,
    port: options.providerPort,
    interactions: 'pick-a-person',
    clientSecret: randomBytes(24).toString('base64url'),
    pickerText: {
      title: 'Sign in on this machine',
      intro: 'This is the development sign-in of npm run edit -- --sign-in, on this computer only. Pick who you are:',
    },
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new EditStop(`OIDC_DEV_PORT ${options.providerPort} is in use: stop what uses it, or set OIDC_DEV_PORT to another port.`);
    throw error;
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CMS_BACKEND: 'site',
    ...provider.env,
    CMS_EDITORS: DEV_PEOPLE.author.email,
    CMS_REVIEWERS: DEV_PEOPLE.reviewer.email,
    ANALYTICS_READERS: `${DEV_PEOPLE.author.email},${DEV_PEOPLE.reviewer.email}`,
    CONTENT_REPO: session.clone,
    CONTENT_BRANCH: session.branch,
    CONTENT_WORK_DIR: path.join(root, '.cache/content-work'),
    // The person's own commits reach the site within seconds (publishes are served at once anyway).
    CONTENT_POLL_SECONDS: process.env.CONTENT_POLL_SECONDS || '5',
  };
  for (const name of GIT_HOST_VARIABLES) delete env[name];

  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  return {
    session,
    provider,
    siteUrl,
    env,
    follow(fail) {
      timer = setInterval(() => {
        if (busy) return;
        busy = true;
        syncBranches(session)
          .catch((error: unknown) => {
            clearInterval(timer);
            fail(error);
          })
          .finally(() => (busy = false));
      }, FOLLOW_MS);
    },
    async stop() {
      clearInterval(timer);
      await provider.stop();
    },
  };
}

/** What the person reads once the site is on its way: where to go and who to be. */
export function signInGreeting(mode: SignInMode): string {
  const { author, reviewer } = DEV_PEOPLE;
  return [
    `npm run edit --sign-in: the site is the editor's backend (CMS_BACKEND=site) on ${mode.session.cloneDir}/, branch ${mode.session.branch}.`,
    `A development sign-in (OpenID provider) listens on ${mode.provider.issuer}, on this machine only. Once the dev server below says it is listening:`,
    `  1. open ${mode.siteUrl}/admin/ and sign in as ${author.name} (${author.email}): write an entry, save it, set it to In review;`,
    `  2. in another browser (or a private window) sign in as ${reviewer.name} (${reviewer.email}): approve it (Ready) and publish it.`,
    `What is published lands on ${mode.session.branch} here and in content/. Both may read ${mode.siteUrl}/admin/analytics.`,
  ].join('\n');
}
