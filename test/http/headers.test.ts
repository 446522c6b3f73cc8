import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { makeApp, rootDir } from '../support/app';

function cspDirectives(header: string): Map<string, string[]> {
  return new Map(
    header.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe('security headers', () => {
  const { app } = makeApp();

  it('sends a strict Content-Security-Policy', async () => {
    const res = await request(app).get('/');
    const csp = cspDirectives(res.headers['content-security-policy'] ?? '');
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com', 'https://open.spotify.com']);
    expect(csp.get('img-src')).toContain('https://i.ytimg.com');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('sends helmet’s hardening headers and hides the framework', async () => {
    const res = await request(app).get('/press');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sets HSTS and upgrade-insecure-requests only when the site is served over https', async () => {
    const plain = await request(app).get('/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const { app: secure } = makeApp({ env: { SITE_URL: 'https://www.harborledger.example' } });
    const res = await request(secure).get('/');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('follows a trusted proxy’s X-Forwarded-Proto over SITE_URL, and ignores an untrusted one', async () => {
    const hsts = async (env: Record<string, string>, proto: string) => {
      const { app } = makeApp({ env });
      const res = await request(app).get('/').set('X-Forwarded-Proto', proto);
      const upgrades = (res.headers['content-security-policy'] ?? '').includes('upgrade-insecure-requests');
      expect(upgrades).toBe(res.headers['strict-transport-security'] !== undefined);
      return res.headers['strict-transport-security'] !== undefined;
    };
    expect(await hsts({ TRUST_PROXY: 'loopback' }, 'https')).toBe(true);
    expect(await hsts({ TRUST_PROXY: 'loopback', SITE_URL: 'https://www.harborledger.example' }, 'http')).toBe(false);
    expect(await hsts({}, 'https')).toBe(false);
    expect(await hsts({ SITE_URL: 'https://www.harborledger.example' }, 'http')).toBe(true);
  });
});

describe('the document', () => {
  const { app } = makeApp();

  it('is byte-for-byte the same for every request to a URL', async () => {
    const [first, second] = await Promise.all([request(app).get('/podcast?page=2'), request(app).get('/podcast?page=2')]);
    expect(first.text).toBe(second.text);
  });

  it('carries no inline executable script: hydration data and JSON-LD are JSON', async () => {
    const res = await request(app).get('/');
    const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      const external = /\bsrc="\/assets\//.test(attributes!) && body === '';
      // Data, not script: the browser never executes either type (the CSP stays script-src 'self').
      const json = /type="application\/(ld\+)?json"/.test(attributes!);
      expect(external || json).toBe(true);
    }
    const payload = /<script type="application\/json" id="app-payload">([\s\S]*?)<\/script>/.exec(res.text)![1]!;
    expect(JSON.parse(payload).router).toHaveProperty('loaderData');
  });

  it('names one hashed entry, which loads hydration and the page chunk after the first paint, and inlines the page’s stylesheet the CSP allows by hash', async () => {
    const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8'));
    const res = await request(app).get('/press');
    const entry = /<script type="module" src="([^"]+)" data-preload="([^"]+)" fetchPriority="low"><\/script>/.exec(res.text);
    expect(entry?.[1]).toBe(manifest.entry.file);
    expect(entry?.[2]!.split(' ')).toEqual(
      expect.arrayContaining([manifest.hydrate.file, ...manifest.hydrate.imports, manifest.pages['press-page'].file]),
    );
    // Nothing is fetched before the first paint but the entry itself.
    expect(res.text).not.toContain('rel="modulepreload"');
    expect(res.text).not.toContain(manifest.pages['home-page'].file);
    expect(res.text).not.toContain('rel="stylesheet"');
    // The press page's own stylesheet, not the whole site's (shared/page-stylesheet.ts).
    const css = /<style id="page-styles">([\s\S]*?)<\/style>/.exec(res.text)?.[1];
    expect(manifest.pages['press-page'].css[0]).not.toBe(manifest.entry.css[0]);
    expect(css).toBe(readFileSync(path.join(rootDir, 'dist/client', manifest.pages['press-page'].css[0]), 'utf8'));
    const hash = createHash('sha256').update(css!).digest('base64');
    const styleSrc = /style-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(styleSrc).toContain(`'sha256-${hash}'`);
    // Every page's, so one policy serves all: each page module's stylesheet and the whole site's (the not-found page).
    const stylesheets = new Set([
      manifest.entry.css[0],
      ...Object.values(manifest.pages).map((page) => (page as { css: string[] }).css[0]),
    ]);
    expect(styleSrc).toEqual(["'self'", ...[...stylesheets].map(() => expect.stringMatching(/^'sha256-[\w+/=]+'$/))]);
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('escapes markup inside the JSON payload', async () => {
    const res = await request(app).get('/podcast/%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<script>alert(1)');
  });
});

describe('caching', () => {
  const { app } = makeApp();

  it('makes browsers and shared caches ask the server before each reuse of a page while visits are counted', async () => {
    for (const url of ['/', '/_data/', '/press', '/no-such-page']) {
      const res = await request(app).get(url);
      expect(res.headers['cache-control'], url).toBe('public, no-cache');
    }
  });

  it('lets a shared cache hold HTML briefly with ANALYTICS=off, browsers still revalidating', async () => {
    const res = await request(makeApp({ env: { ANALYTICS: 'off' } }).app).get('/');
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=60');
  });

  it('caches hashed build assets for a year as immutable', async () => {
    const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8'));
    for (const file of [manifest.entry.file, manifest.entry.css[0]]) {
      const res = await request(app).get(file);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('gives other public files a moderate lifetime in production (development revalidates them: test/http/public-files.test.ts)', async () => {
    const res = await request(makeApp({ config: { isProduction: true } }).app).get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('compresses text responses', async () => {
    const res = await request(app).get('/').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('request ids and proxies', () => {
  it('returns a request id, keeping a sane one the proxy sent', async () => {
    const { app } = makeApp();
    const fresh = await request(app).get('/');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app).get('/').set('X-Request-Id', 'edge-1234');
    expect(kept.headers['x-request-id']).toBe('edge-1234');
    const replaced = await request(app).get('/').set('X-Request-Id', '<script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('takes the client address from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const clientIpOf = async (env: Record<string, string>) => {
      const { app, logs } = makeApp({ env });
      await request(app).get('/').set('X-Forwarded-For', '203.0.113.9');
      return (logs.find((line) => line.msg === 'request completed')?.req as { ip?: string }).ip;
    };
    expect(await clientIpOf({ TRUST_PROXY: 'true' })).toBe('203.0.113.9');
    expect(await clientIpOf({ TRUST_PROXY: 'loopback' })).toBe('203.0.113.9');
    expect(await clientIpOf({})).not.toBe('203.0.113.9');
  });
});
