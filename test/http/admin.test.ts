/**
 * The editor surface at /admin over HTTP: absent in production without
 * CMS_BACKEND (the ordinary 404 page, every other answer's headers as they
 * were), and with a backend its own page, CSP and config naming that backend.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createContentStore } from '../../server/content/content-store';
import { makeApp, rootDir } from '../support/app';
import { copyOfContent, sampleEpisode, writeEpisode } from '../support/content-dir';

const PRODUCTION = { NODE_ENV: 'production' };
const GITLAB = {
  ...PRODUCTION,
  CMS_BACKEND: 'gitlab',
  CMS_REPO: 'harbor-ledger/site',
  CMS_APP_ID: 'app-123',
  CMS_BASE_URL: 'https://gitlab.example.com',
};

function cspDirectives(header: string | undefined): Map<string, string[]> {
  return new Map(
    (header ?? '').split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

/** Headers that differ by request, whatever the app: left out of the comparison. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'etag', 'last-modified', 'content-length', 'connection', 'set-cookie']);
const stableHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !PER_REQUEST.has(name))
      .sort(),
  );

describe('/admin in production without CMS_BACKEND', () => {
  const { app } = makeApp({ env: PRODUCTION });

  it('is no admin surface: /admin, /admin/ and /admin/config.json are the site’s 404', async () => {
    for (const path of ['/admin', '/admin/', '/admin/config.json', '/admin/assets/anything.js']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-security-policy'], path).not.toMatch(/unsafe-eval|unsafe-inline/);
    }
  });

  it('leaves every other page’s headers and HTML exactly as an app with an editor serves them', async () => {
    const { app: withEditor } = makeApp({ env: GITLAB });
    for (const path of ['/', '/press', '/podcast', '/services/estate-planning', '/no-such-page', '/sitemap.xml']) {
      const [plain, edited] = await Promise.all([request(app).get(path), request(withEditor).get(path)]);
      expect(edited.status, path).toBe(plain.status);
      expect(stableHeaders(edited.headers), path).toEqual(stableHeaders(plain.headers));
      expect(edited.text.replace(/"reqId":"[^"]*"/g, ''), path).toBe(plain.text.replace(/"reqId":"[^"]*"/g, ''));
    }
  });
});

describe('/admin with CMS_BACKEND', () => {
  it('gitlab: the page loads its bundle by src, under its own CSP, and the config names the backend (PKCE)', async () => {
    const { app } = makeApp({ env: GITLAB });
    const page = await request(app).get('/admin/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toMatch(/<script type="module" src="\/admin\/assets\/admin-[A-Z0-9]+\.js"><\/script>/);
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const csp = cspDirectives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    // blob:: Decap reads an uploaded picture back from its blob: URL to send it with the entry.
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:', 'https://gitlab.example.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);

    const script = /src="([^"]+)"/.exec(page.text)![1]!;
    const bundle = await request(app).get(script);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cache-control']).toMatch(/immutable/);

    const config = await request(app).get('/admin/config.json');
    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.body.backend).toEqual({
      name: 'gitlab',
      repo: 'harbor-ledger/site',
      branch: 'main',
      auth_type: 'pkce',
      app_id: 'app-123',
      base_url: 'https://gitlab.example.com',
      api_root: 'https://gitlab.example.com/api/v4',
    });
    expect(config.body.local_backend).toBeUndefined();
    expect(config.body.publish_mode).toBe('editorial_workflow');
    expect(config.body.collections.map((collection: { name: string }) => collection.name)).toEqual([
      'episodes',
      'people',
      'transcripts',
      'press',
      'services',
      'settings',
      'redirects',
    ]);
  });

  it('lets the editor show pictures and sound from the site and the hosts its content names, not from any https host', async () => {
    const contentDir = copyOfContent();
    writeEpisode(
      contentDir,
      'remote-cover',
      { ...sampleEpisode, image: 'https://images.example.com/covers/remote.jpg', audioUrl: 'https://audio.example.net/remote.mp3' },
      'An episode whose cover and sound are elsewhere.',
    );
    const { app } = makeApp({
      env: { ...GITLAB, SITE_URL: 'https://www.harbor-ledger.example' },
      content: createContentStore({ rootDir, contentDir, preview: false, watch: false }),
    });
    const csp = cspDirectives((await request(app).get('/admin/')).headers['content-security-policy']);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://www.harbor-ledger.example',
      'https://i.ytimg.com',
      'https://images.example.com',
    ]);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https://www.harbor-ledger.example', 'https://audio.example.net']);

    const plain = cspDirectives((await request(makeApp({ env: GITLAB }).app).get('/admin/')).headers['content-security-policy']);
    expect(plain.get('img-src')).not.toContain('https:');
    expect(plain.get('media-src')).not.toContain('https:');
  });

  it('github: the config names it, with its login helper', async () => {
    const github = makeApp({
      env: {
        ...PRODUCTION,
        CMS_BACKEND: 'github',
        CMS_REPO: 'harbor/site',
        CMS_BRANCH: 'content',
        CMS_AUTH_URL: 'https://cms-auth.example.com',
      },
    });
    const githubConfig = await request(github.app).get('/admin/config.json');
    expect(githubConfig.body.backend).toEqual({
      name: 'github',
      repo: 'harbor/site',
      branch: 'content',
      base_url: 'https://cms-auth.example.com',
    });
    const githubPage = await request(github.app).get('/admin/');
    expect(cspDirectives(githubPage.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'https://api.github.com',
    ]);
  });

  it('outside production: decap-server on this machine (local_backend), on CMS_PROXY_PORT, and View Live on PORT', async () => {
    const { app } = makeApp({ env: { CMS_PROXY_PORT: '8099', PORT: '4173' } });
    const config = await request(app).get('/admin/config.json');
    expect(config.status).toBe(200);
    // Decap's "View Live" link is site_url + the collection's preview_path: the dev server's own address.
    expect(config.body.site_url).toBe('http://localhost:4173');
    expect(config.body.local_backend).toEqual({ url: 'http://localhost:8099/api/v1' });
    expect(config.body.backend.name).toBe('proxy');
    const page = await request(app).get('/admin/');
    expect(cspDirectives(page.headers['content-security-policy']).get('connect-src')).toEqual([
      "'self'",
      'blob:',
      'http://localhost:8099',
      'http://127.0.0.1:8099',
    ]);
  });
});
