/**
 * CMS_BACKEND=site (server/config/cms-site.ts): the identity provider, the two lists of people and the
 * content repository the server owns; each missing or wrong value is one line naming the variable.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../server/config';
import { asGitStores } from '../../server/config/cms-site';

const SITE = {
  CMS_BACKEND: 'site',
  CONTENT_REPO: '/srv/content.git',
  OIDC_ISSUER: 'https://login.microsoftonline.com/0b5e1a4c-tenant/v2.0',
  OIDC_CLIENT_ID: 'client-1',
  OIDC_CLIENT_SECRET: 'secret-1',
  CMS_EDITORS: ' Ann@Example.com, bob@example.com ,',
  CMS_REVIEWERS: 'Compliance@Example.com',
};

function refusal(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('CMS_BACKEND=site', () => {
  it('reads the provider and the people, trimmed and lower-cased', () => {
    const config = parseConfig(SITE, '/srv/app');
    expect(config.cms.backend).toEqual({
      name: 'site',
      oidc: { issuer: new URL('https://login.microsoftonline.com/0b5e1a4c-tenant/v2.0'), clientId: 'client-1', clientSecret: 'secret-1' },
      editors: ['ann@example.com', 'bob@example.com'],
      reviewers: ['compliance@example.com'],
      signInRateLimit: 30,
    });
    expect(config.contentSync?.repository).toBe('/srv/content.git');
  });

  it('takes a plain-http issuer only on this machine (the tests’ provider)', () => {
    for (const issuer of ['http://127.0.0.1:4000', 'http://localhost:4000/oidc', 'http://[::1]:4000']) {
      const backend = parseConfig({ ...SITE, OIDC_ISSUER: issuer }, '/srv/app').cms.backend;
      expect(backend?.name === 'site' && backend.oidc.issuer.href, issuer).toBe(new URL(issuer).href);
    }
    for (const issuer of [
      'http://idp.example.com',
      'http://10.0.0.5',
      'ftp://idp.example.com',
      'not a url',
      'https://idp.example.com/?x=1',
    ]) {
      expect(refusal({ ...SITE, OIDC_ISSUER: issuer }), issuer).toMatch(/^OIDC_ISSUER must be the provider's https address/);
    }
  });

  it('names each missing value and what to put there', () => {
    expect(refusal({ ...SITE, OIDC_ISSUER: undefined })).toMatch(/^OIDC_ISSUER must be set when CMS_BACKEND is site: the https address/);
    expect(refusal({ ...SITE, OIDC_CLIENT_ID: ' ' })).toMatch(/^OIDC_CLIENT_ID must be set when CMS_BACKEND is site: the client id/);
    expect(refusal({ ...SITE, OIDC_CLIENT_SECRET: undefined })).toMatch(/^OIDC_CLIENT_SECRET must be set when CMS_BACKEND is site/);
    expect(refusal({ ...SITE, CMS_EDITORS: undefined })).toMatch(/^CMS_EDITORS must be set when CMS_BACKEND is site/);
    expect(refusal({ ...SITE, CMS_REVIEWERS: undefined })).toMatch(/^CMS_REVIEWERS must name at least one email address/);
    expect(refusal({ ...SITE, CMS_REVIEWERS: ' , ' })).toMatch(/^CMS_REVIEWERS must name at least one email address/);
  });

  it('refuses what is not an email address, naming it', () => {
    expect(refusal({ ...SITE, CMS_EDITORS: 'ann@example.com, bob' })).toBe(
      'CMS_EDITORS must be email addresses separated by commas (got "bob")',
    );
    expect(refusal({ ...SITE, CMS_REVIEWERS: 'carol@example.com; dan@example.com' })).toMatch(
      /^CMS_REVIEWERS must be email addresses separated by commas/,
    );
  });

  it('reads the sign-in’s rate limit, 0 for none', () => {
    expect(parseConfig({ ...SITE, CMS_SIGN_IN_RATE_LIMIT: '0' }, '/srv/app').cms.backend).toMatchObject({ signInRateLimit: 0 });
    expect(refusal({ ...SITE, CMS_SIGN_IN_RATE_LIMIT: 'lots' })).toBe(
      'CMS_SIGN_IN_RATE_LIMIT must be a whole number of sign-in requests per client per minute, 0 for no limit (got "lots")',
    );
  });

  it('refuses an address git would record otherwise, whose owner would not be the author of their own edits', () => {
    expect(refusal({ ...SITE, CMS_REVIEWERS: "compliance@example.com, 'rita@example.com" })).toBe(
      `CMS_REVIEWERS holds "'rita@example.com", which git would record as "rita@example.com", so that person would not be seen as the author of their own edits: list the address without its leading or trailing punctuation`,
    );
    expect(refusal({ ...SITE, CMS_EDITORS: "''ann@example.com" })).toMatch(
      /^CMS_EDITORS holds "''ann@example.com", which git would record as "ann@example.com"/,
    );
    expect(parseConfig({ ...SITE, CMS_EDITORS: "o'brien@example.com" }, '/srv/app').cms.backend).toMatchObject({
      editors: ["o'brien@example.com"],
    });
  });

  it('knows what git does to a name or an address, as git itself does it', () => {
    const gitDir = mkdtempSync(path.join(tmpdir(), 'git-ident-'));
    try {
      execFileSync('git', ['init', '--quiet', '--bare', gitDir]);
      const tree = execFileSync('git', ['--git-dir', gitDir, 'mktree'], { input: '', encoding: 'utf8' }).trim();
      const values = [
        "'rita@example.com",
        "o'brien@example.com",
        ' .Ann, ',
        'A<b>c',
        '"Quoted"',
        'line\nbreak',
        'tab\tinside',
        '\\back\\',
        'Mallory\x1fbob@example.com\x1f2026\x1e',
        '\x7fDEL\u202eRLO',
        'Zoë.',
        '-dash-',
      ];
      for (const value of values) {
        const commit = execFileSync('git', ['--git-dir', gitDir, 'commit-tree', tree, '-m', 'm'], {
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            GIT_AUTHOR_NAME: value,
            GIT_AUTHOR_EMAIL: value,
            GIT_COMMITTER_NAME: 'c',
            GIT_COMMITTER_EMAIL: 'c@x',
          },
        }).trim();
        const author = execFileSync('git', ['--git-dir', gitDir, 'log', '-1', '-z', '--format=%an%x00%ae', commit], { encoding: 'utf8' });
        expect(author.split('\0').slice(0, 2), JSON.stringify(value)).toEqual([asGitStores(value), asGitStores(value)]);
      }
    } finally {
      rmSync(gitDir, { recursive: true, force: true });
    }
  });

  it('needs the content repository as a path on this machine, which the server owns', () => {
    expect(refusal({ ...SITE, CONTENT_REPO: undefined })).toMatch(
      /^CONTENT_REPO must be the path of a bare git repository on this machine when CMS_BACKEND is site: .*\(got nothing\)$/,
    );
    for (const remote of ['https://github.com/o/n.git', 'file:///srv/content.git', 'git@github.com:o/n.git', 'ssh://git@host/o/n']) {
      expect(refusal({ ...SITE, CONTENT_REPO: remote }), remote).toMatch(/^CONTENT_REPO must be the path of a bare git repository/);
    }
    expect(parseConfig({ ...SITE, CONTENT_REPO: 'data/content.git' }, '/srv/app').contentSync?.repository).toBe('data/content.git');
  });

  it('refuses the git hosts’ variables, which it would not use', () => {
    expect(refusal({ ...SITE, CMS_REPO: 'o/n' })).toMatch(/^CMS_REPO is not used when CMS_BACKEND is site .*: unset it$/);
    expect(refusal({ ...SITE, CMS_BRANCH: 'main' })).toMatch(/^CMS_BRANCH is not used when CMS_BACKEND is site/);
  });

  it('refuses its variables without CMS_BACKEND=site, as the other stray variables are', () => {
    expect(refusal({ OIDC_ISSUER: 'https://accounts.google.com', CMS_REVIEWERS: 'a@example.com' })).toBe(
      'CMS_BACKEND must be site for OIDC_ISSUER, CMS_REVIEWERS to take effect',
    );
    expect(refusal({ CMS_BACKEND: 'gitlab', CMS_REPO: 'o/n', CMS_APP_ID: 'x', CMS_EDITORS: 'a@example.com' })).toBe(
      'CMS_BACKEND must be site for CMS_EDITORS to take effect (it is gitlab)',
    );
  });
});
