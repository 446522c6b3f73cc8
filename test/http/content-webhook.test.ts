/** The content webhook where none is configured, and the CONTENT_* variables as the configuration reads them. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../server/config';
import { makeApp } from '../support/app';

const refusal = (env: Record<string, string>) => {
  try {
    parseConfig(env, '/srv/site');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return undefined;
};

describe('the content webhook', () => {
  it('does not exist without CONTENT_REPO and CONTENT_WEBHOOK_SECRET: a 404 saying what would make it exist', async () => {
    const { app } = makeApp();
    const answer = await request(app).post('/api/content/webhook').set('x-hub-signature-256', 'sha256=00').send({ ref: 'refs/heads/main' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('No content webhook here: the site takes pushes only with CONTENT_REPO and CONTENT_WEBHOOK_SECRET set.');
  });
});

describe('CONTENT_* configuration', () => {
  it('follows nothing by default, and reads the branch, poll, secret and work folder when CONTENT_REPO is set', () => {
    expect(parseConfig({}, '/srv/site').contentSync).toBeUndefined();
    expect(parseConfig({ CONTENT_REPO: 'ssh://git@git.example.com/harbor/site.git' }, '/srv/site').contentSync).toEqual({
      repository: 'ssh://git@git.example.com/harbor/site.git',
      branch: 'main',
      pollSeconds: 60,
      webhookSecret: undefined,
      workDir: '/srv/site/data/content-repository',
    });
    const secret = 'f'.repeat(32);
    expect(
      parseConfig(
        {
          CONTENT_REPO: '/srv/content.git',
          CONTENT_BRANCH: 'live',
          CONTENT_POLL_SECONDS: '0',
          CONTENT_WEBHOOK_SECRET: secret,
          CONTENT_WORK_DIR: '/var/cache/c',
        },
        '/srv/site',
      ).contentSync,
    ).toEqual({ repository: '/srv/content.git', branch: 'live', pollSeconds: 0, webhookSecret: secret, workDir: '/var/cache/c' });
  });

  it('refuses what cannot work, naming the variable', () => {
    expect(refusal({ CONTENT_WEBHOOK_SECRET: 'f'.repeat(32) })).toBe(
      'CONTENT_WEBHOOK_SECRET is set but CONTENT_REPO is not: set the repository to follow, or unset CONTENT_WEBHOOK_SECRET',
    );
    expect(refusal({ CONTENT_REPO: '--upload-pack=x' })).toBe('CONTENT_REPO must be a path or URL git can fetch (got "--upload-pack=x")');
    expect(refusal({ CONTENT_REPO: '/r.git', CONTENT_BRANCH: 'a..b' })).toBe(
      'CONTENT_BRANCH must be a branch name such as main (got "a..b")',
    );
    expect(refusal({ CONTENT_REPO: '/r.git', CONTENT_POLL_SECONDS: 'often' })).toBe(
      'CONTENT_POLL_SECONDS must be a whole number of seconds from 0 (off) to 86400 (got "often")',
    );
    expect(refusal({ CONTENT_REPO: '/r.git', CONTENT_WEBHOOK_SECRET: 'short' })).toBe(
      'CONTENT_WEBHOOK_SECRET must be at least 16 characters (make one with: openssl rand -hex 32)',
    );
  });
});
