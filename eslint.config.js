// ESLint for the whole repository: `npm run lint` (part of `npm test`).
//
// - @eslint/js and typescript-eslint `recommended`: likely bugs (unused values, `any`, stray
//   `@ts-ignore`, ...). Not the type-aware presets: see TYPE-AWARE below.
// - eslint-plugin-react-hooks `recommended`: the rules of hooks, effect dependencies and the React
//   Compiler's checks (no state set during render, refs read in render, impure render, ...).
// - import-x/no-restricted-paths: the layering (LAYERS below).
// - max-lines and import-cycles/no-cycle: files of one concern, without cycles (LAYOUT below).
// - eslint-config-prettier last: no rule that only says how code is laid out (Prettier does that).
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importCycles } from './eslint/import-cycles.js';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = import.meta.dirname;

// ---------------------------------------------------------------------------------------------
// LAYERS
//
// The repository's top folders:
//   shared/   what the server and the browser both run (pages, components, rules, content types)
//   client/   the browser's entry; imports shared/
//   server/   the Node server, in rooms (below)
//   scripts/  build, bench and ops jobs; may import server/ and shared/
//   test/     the tests; may import anything
// shared/ and client/ never import server/ (it would drag Node code into the browser bundle);
// nothing but test/ imports test/ (scripts/ included: a helper both need lives outside test/, and
// test/ imports it from there).
//
// server/'s rooms, each a folder, and the top-level files:
//   config/, logger.ts    foundations: the environment read once (config/index.ts composes one file
//                         per area), the log. Import no room.
//   content/              the site's words, read and checked: a foundation every room may import.
//   pages/                what makes a page (render, cache, feeds, sitemap): content/ and shared/.
//   forms/                what visitors send and where it goes (newsletter, contact, outbox, storage).
//   http/                 the edge a request meets first. It answers cached pages itself (the fast
//                         lane), so it may import pages' answer contract: page-answers (what a page
//                         or a refusal is sent with) and encoded-body. Nothing else of pages/ (not
//                         the page cache itself: the lane takes it from app.ts), nothing of forms/:
//                         app.ts wires those in.
//   content-import/       a podcast feed into content files: content/ and shared/.
//   git/                  a commit's folders written out as plain files (links and submodules
//                         refused): the one writer both content-sync/ and admin/ use, so what the
//                         editor checks is what is served. Foundations only.
//   content-sync/         following the content branch (CONTENT_REPO): git, the check, the webhook,
//                         the replicas' signal. The site it swaps versions into is handed to it by
//                         app.ts; of the other rooms only git/ and the ledgers' file lock (instances
//                         on one work folder take turns on its mirror as the ledgers' writers do).
//   admin/                the editor at /admin (Decap CMS): its page, CSP and config generated from the
//                         schema; with CMS_BACKEND=site also its sign-in (admin/sign-in/) and its backend
//                         on the content repository (admin/backend/). Of pages/ only the asset manifest
//                         (the preview's stylesheets), of http/ only the embed origins its CSP shares
//                         with the pages'; content-sync/ (the repository's check and git) and
//                         approvals/ (the record each publication is written to).
//   approvals/            the record of who approved what went live (ARCHIVE_DIR/approvals.jsonl):
//                         archive/ (the WARCs it binds and their visible-text diff) and the ledgers'
//                         file lock.
//   archive/              the compliance archive. It serves the site in-process, as index.ts does,
//                         to capture it, so it may import app.ts and what index.ts takes of the edge
//                         (http/http-server, http/fast-lane's listener), and the ledgers' file lock;
//                         nothing else of another room.
//   analytics/            counting visits, sources and leads on the server, without a cookie
//                         (decision 038): the rules, the day's counts in memory, the store under
//                         ANALYTICS_DIR or in PostgreSQL, and the report. Of another room only the
//                         ledgers' file lock, folder sync and database (instances share the day's salt
//                         and counts) and the approval record's lines (each month's figures, decision 040).
//   analytics-report/     the report at /admin/analytics (page, CSV, JSON) behind the gate app.ts hands
//                         it: analytics/ (the store's days and the report) and the admin's document
//                         skeleton (admin/admin-document), which every admin page is written with.
//   cli/                  command-line entry points: archive/, content-import/, and of forms/ the
//                         stores (its ledgers and storage/, which the subscribers/messages commands
//                         administer) and intake/ (what all forms share), analytics/ (its report);
//                         never http/, pages/, app.ts.
//   app.ts                composes the rooms into the Express app: any room but archive/ and cli/
//                         (archive/ imports app.ts) and index.ts.
//   index.ts              the process: anything but cli/.
// Every room may import config/, logger.ts, content/ and shared/. Anything else under server/
// is denied unless listed, so a new top-level file or room has to be placed in this list.
// ---------------------------------------------------------------------------------------------

const abs = (p) => path.join(root, p);
// Globs, as the rule wants for exceptions to a glob; `name.*` is one module whatever its extension.
const FOUNDATIONS = ['server/config/**', 'server/logger.*', 'server/content/**'];
const shown = (glob) => glob.replace(/\/\*\*$/, '/').replace(/\.\*$/, '');

/** A room of server/: its files may import from server/ only the room itself, the foundations and `allowed`. */
function room(folder, allowed, why) {
  return {
    target: folder,
    from: abs('server/**'),
    except: [`${folder}/**`, ...FOUNDATIONS, ...allowed].map(abs),
    message: `${folder}/ may import from server/ only ${[...FOUNDATIONS, ...allowed].map(shown).join(', ')}: ${why}.`,
  };
}

const layers = [
  {
    target: 'shared',
    from: ['server', 'client', 'scripts', 'test'],
    message: 'shared/ runs in the browser too: it imports only shared/ and packages.',
  },
  {
    target: 'client',
    from: ['server', 'scripts', 'test'],
    message: 'client/ is the browser bundle: it imports only client/, shared/ and packages.',
  },
  { target: 'server', from: ['scripts', 'test'], message: 'server/ is what runs in production: it never imports scripts/ or test/.' },
  {
    target: 'scripts',
    from: ['test'],
    message: 'scripts/ never imports test/: move what both need out of test/ (test/ may import scripts/).',
  },
  {
    target: ['server/config', 'server/logger.ts'],
    from: abs('server/**'),
    except: ['server/config/**', 'server/logger.*'].map(abs),
    message: 'config/ and logger.ts are foundations every room imports: they import no room of server/.',
  },
  {
    target: 'server/content',
    from: abs('server/**'),
    except: ['server/content/**', 'server/config/**', 'server/logger.*'].map(abs),
    message: 'server/content/ is a foundation every room imports: of server/ it may import only config/ and logger.ts.',
  },
  room('server/pages', [], 'pages are made of content, never of forms/, http/ or app.ts'),
  room('server/forms', [], 'forms/ handles what visitors send; app.ts wires it to the edge and the pages'),
  room(
    'server/http',
    ['server/pages/page-answers.*', 'server/pages/encoded-body.*'],
    "the edge answers cached pages through pages' answer contract only; app.ts wires in the rest",
  ),
  room('server/content-import', [], 'the feed import writes content files'),
  room('server/git', [], "a commit's folders are written out from git alone, for whichever room serves or checks them"),
  room(
    'server/content-sync',
    ['server/git/**', 'server/forms/storage/file-lock.*'],
    "the followed branch is checked as content, written out by git/ under the work folder's lock, and app.ts hands it the site to swap versions into",
  ),
  room(
    'server/admin',
    ['server/pages/asset-manifest.*', 'server/http/security-headers.*', 'server/content-sync/**', 'server/git/**', 'server/approvals/**'],
    "the editor is served beside the pages, not made of them: it reads the build's stylesheets and the players' origins, checks and writes the content repository (writing a merge out as a version is, by git/), and records approvals",
  ),
  room(
    'server/approvals',
    ['server/archive/**', 'server/forms/storage/file-lock.*', 'server/forms/storage/directory-sync.*'],
    'the approval record binds publications to the archive, and locks and syncs its files as the ledgers do',
  ),
  room(
    'server/archive',
    // file-lock: replicas starting together must leave one archive, not one each, and the lock the
    // ledgers use across processes is the one that does it; a second copy would be a second bug to fix.
    ['server/app.*', 'server/http/http-server.*', 'server/http/fast-lane.*', 'server/forms/storage/file-lock.*'],
    'the archive serves the site in-process, as index.ts does, to capture it, and locks its folder as the ledgers do',
  ),
  room(
    'server/analytics',
    [
      'server/forms/storage/file-lock.*',
      'server/forms/storage/directory-sync.*',
      'server/forms/storage/postgres/database.*',
      'server/approvals/approval-lines.*',
      'server/approvals/record-file.*',
    ],
    "counting reads requests handed to it by app.ts and the edge, shares its files across processes with the ledgers' lock or its tables with their database, and records each month's figures in the approval record",
  ),
  room(
    'server/analytics-report',
    ['server/analytics/**', 'server/admin/admin-document.*'],
    "the report reads analytics/' days and figures, and is written with the admin's document skeleton",
  ),
  room(
    'server/cli',
    [
      'server/analytics/**',
      'server/archive/**',
      'server/approvals/**',
      'server/content-import/**',
      'server/forms/intake/**',
      'server/forms/storage/**',
      'server/forms/newsletter/sign-up-ledger.*',
      'server/forms/contact/message-ledger.*',
    ],
    "commands drive the archive, the import and forms' stores, never the edge or the pages",
  ),
  {
    target: 'server/app.ts',
    from: ['server/index.ts', 'server/archive', 'server/cli'],
    message: 'app.ts composes the rooms; the archive and the commands sit above it (they import it).',
  },
  { target: 'server/index.ts', from: ['server/cli'], message: 'index.ts is the server process; commands are processes of their own.' },
];

// ---------------------------------------------------------------------------------------------
// LAYOUT (issue 44, decision 021): kept by the tools instead of by hand.
//
// - max-lines 400 for code (server/, shared/, client/, scripts/; test/ is left out: a test file
//   holds one feature's cases, however many). A file past it holds more than one concern: split
//   it where the concern splits, never by squeezing. Every line counts, comments and blank lines
//   too (ESLint's default, and what `wc -l` says): the comments that say why are part of what a
//   reader reads, and a limit that skipped them would invite fewer, longer lines instead.
// - server/app.ts under 200 (max 199): it only wires (decision 017); what grows it is a decision
//   that belongs in a room.
// - import-cycles/no-cycle: no import cycle, type-only imports included (./eslint/import-cycles.js
//   says why not import-x/no-cycle, which skips them).
// ---------------------------------------------------------------------------------------------

const CODE = ['server', 'shared', 'client', 'scripts'].flatMap((folder) => [`${folder}/**/*.ts`, `${folder}/**/*.tsx`]);
const countEveryLine = { skipBlankLines: false, skipComments: false };

// ---------------------------------------------------------------------------------------------
// TYPE-AWARE: typescript-eslint's type-checked presets (recommendedTypeChecked, projectService)
// were measured here: `eslint .` went from about 20 s to about 85 s of CPU, single-threaded, as it
// builds the whole TypeScript program again after `tsc -p .`: over a minute on 2 cores. Left off;
// `tsc -p .` (strict) runs first in `npm test`.
// ---------------------------------------------------------------------------------------------

export default defineConfig(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'content/',
      'public/',
      'media-src/',
      'deploy/',
      'docs/',
      'data/',
      'artifacts/',
      'archive/',
      '.cache/',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Hooks exist only in React code: shared/ (the pages and components), client/ and any .tsx.
    // Elsewhere `use…` names are no hooks (the tests' useBrowser(), the build's useFrameworkBundle()).
    files: ['shared/**', 'client/**', '**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // The config files run in Node. In .ts/.tsx files TypeScript checks every name (typescript-eslint
    // turns no-undef off there), so no environment's globals are listed for them.
    files: ['**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layers }],
    },
  },
  {
    files: CODE,
    rules: { 'max-lines': ['error', { max: 400, ...countEveryLine }] },
  },
  {
    files: ['server/app.ts'],
    rules: { 'max-lines': ['error', { max: 199, ...countEveryLine }] },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-cycles': { rules: { 'no-cycle': importCycles(root) } } },
    rules: { 'import-cycles/no-cycle': 'error' },
  },
  {
    rules: {
      // The code's convention: a leading underscore names a value unused on purpose (Express's
      // four-argument error handler's `_next`, a property dropped from a rest spread, a
      // position-only parameter). Anything else unused is still an error.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  prettier,
);
