/**
 * The staff's sign-in (server/config/sign-in.ts, decision 042): OIDC_* are read for the editor
 * (CMS_BACKEND=site) and for the analytics readers (ANALYTICS_READERS) whatever the editor's backend.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../server/config';

const PROVIDER = {
  OIDC_ISSUER: 'https://idp.example.com',
  OIDC_CLIENT_ID: 'client-1',
  OIDC_CLIENT_SECRET: 'secret-1',
};
const GITHUB = { CMS_BACKEND: 'github', CMS_REPO: 'harbor-ledger/site', CMS_AUTH_URL: 'https://cms-auth.example.com' };

function refusal(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('no ConfigError');
}

describe('the analytics readers’ sign-in', () => {
  it('needs no editor backend: the readers and the provider are enough', () => {
    const config = parseConfig({ ...PROVIDER, ANALYTICS_READERS: ' Partner@Example.com ,ops@example.com' }, '/srv/app');
    expect(config.cms.backend).toBeUndefined();
    expect(config.analytics.readers).toEqual(['partner@example.com', 'ops@example.com']);
    expect(config.signIn).toEqual({
      oidc: { issuer: new URL('https://idp.example.com'), clientId: 'client-1', clientSecret: 'secret-1' },
      signInRateLimit: 30,
    });
  });

  it('works beside a git host backend, whose editors sign in with the host', () => {
    const config = parseConfig({ ...GITHUB, ...PROVIDER, ANALYTICS_READERS: 'partner@example.com' }, '/srv/app');
    expect(config.cms.backend?.name).toBe('github');
    expect(config.signIn?.oidc.clientId).toBe('client-1');
  });

  it('is the editor’s own sign-in with CMS_BACKEND=site', () => {
    const config = parseConfig(
      {
        ...PROVIDER,
        CMS_BACKEND: 'site',
        CONTENT_REPO: '/srv/content.git',
        CMS_EDITORS: 'ann@example.com',
        CMS_REVIEWERS: 'rita@example.com',
        ANALYTICS_READERS: 'rita@example.com',
      },
      '/srv/app',
    );
    expect(config.signIn).toBe(config.cms.backend);
    expect(config.analytics.readers).toEqual(['rita@example.com']);
  });

  it('names what needs the provider when a variable is missing', () => {
    expect(refusal({ ANALYTICS_READERS: 'partner@example.com' })).toMatch(/^OIDC_ISSUER must be set when ANALYTICS_READERS is set/);
    expect(refusal({ ...PROVIDER, OIDC_CLIENT_SECRET: undefined, ANALYTICS_READERS: 'partner@example.com' })).toMatch(
      /^OIDC_CLIENT_SECRET must be set when ANALYTICS_READERS is set/,
    );
  });

  it('refuses the provider with nothing that signs in, readers with counting off, and a list that is not addresses', () => {
    expect(refusal(PROVIDER)).toMatch(/^CMS_BACKEND must be site for OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET to take effect/);
    expect(refusal({ ...PROVIDER, ANALYTICS: 'off', ANALYTICS_READERS: 'partner@example.com' })).toMatch(
      /^ANALYTICS_READERS has nothing to show while ANALYTICS is off/,
    );
    expect(refusal({ ...PROVIDER, ANALYTICS_READERS: 'partner@example.com, not an address' })).toMatch(
      /^ANALYTICS_READERS must be email addresses separated by commas \(got "not an address"\)/,
    );
    // The editors' lists still need the site backend: readers do not open the way for them.
    expect(refusal({ ...PROVIDER, ANALYTICS_READERS: 'partner@example.com', CMS_EDITORS: 'ann@example.com' })).toMatch(
      /^CMS_BACKEND must be site for CMS_EDITORS to take effect/,
    );
  });
});
