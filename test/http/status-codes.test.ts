import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { staticPagePaths } from '../../shared/paths';
import { makeApp } from '../support/app';

const LEGACY = '/2024/03/12/mastering-money-with-mindfulness-three-step-approach';
const EPISODE = '/podcast/mastering-money-with-mindfulness-three-step-approach-jordan-reyes';

const specRoutes = [...staticPagePaths, EPISODE];

describe('pages', () => {
  const { app } = makeApp();

  it.each(specRoutes)('%s is server-rendered with status 200 inside the layout', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text.startsWith('<!DOCTYPE html><html lang="en">')).toBe(true);
    expect(res.text).toContain('<nav class="site-nav container" aria-label="Main">');
    expect(res.text).toMatch(/<footer class="site-footer[ "]/);
    expect(res.text).toMatch(/<h1[^>]*>/);
  });

  it('gives every route its own <title>', async () => {
    const titles = await Promise.all(
      specRoutes.map(async (path) => /<title>([^<]*)<\/title>/.exec((await request(app).get(path)).text)?.[1]),
    );
    expect(new Set(titles).size).toBe(specRoutes.length);
  });
});

describe('not found', () => {
  it('answers an unknown path with 404, the not-found page, and a log line naming the path', async () => {
    const { app, logs } = makeApp();
    const res = await request(app).get('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Oops! Page not found');
    expect(res.text).toMatch(/<a class="button button--primary" href="\/"[^>]*>Return to Home<\/a>/);
    expect(logs.some((line) => line.msg === 'page not found' && line.path === '/no/such/page')).toBe(true);
  });

  it('answers an unknown episode with 404 and a way back to the podcast list', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/podcast/no-such-episode');
    expect(res.status).toBe(404);
    expect(res.text).toContain('Episode Not Found');
    expect(res.text).toMatch(/<a[^>]*href="\/podcast"[^>]*>← Back to Podcast<\/a>/);
  });

  it('answers a missing build asset with a plain 404 instead of a page', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/assets/no-such-file.js');
    expect(res.status).toBe(404);
    expect(res.text).toBe('Not Found');
  });
});

describe('legacy address', () => {
  // Any case, as Express matches every route: an old link written in capitals still arrives.
  it.each([LEGACY, `${LEGACY}/`, LEGACY.toUpperCase()])('%s answers 301 to the episode page without rendering', async (path) => {
    const { app } = makeApp();
    const res = await request(app).get(path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(EPISODE);
    expect(res.text).not.toContain('<html');
  });
});

describe('errors while rendering', () => {
  const failingRoutes: RouteObject[] = [
    {
      path: 'render-failure',
      Component: () => {
        throw new Error('secret detail: database password is hunter2');
      },
    },
    {
      path: 'loader-failure',
      loader: () => {
        throw new Error('secret detail from a loader');
      },
      Component: () => null,
    },
  ];

  it.each(['/render-failure', '/loader-failure'])(
    '%s answers 500 with the fallback screen and no internals in production',
    async (path) => {
      const { app, logs } = makeApp({ extraRoutes: failingRoutes, config: { isProduction: true } });
      const res = await request(app).get(path);
      expect(res.status).toBe(500);
      expect(res.text).toContain('Unexpected Application Error!');
      expect(res.text).toMatch(/<footer class="site-footer[ "]/);
      expect(res.text).not.toContain('secret detail');
      expect(res.text).not.toMatch(/at \w+ \(|\.tsx?:\d+/);
      const errorLine = logs.find((line) => line.level >= 50);
      expect(errorLine?.reqId ?? (errorLine?.req as { id?: string })?.id).toBe(res.headers['x-request-id']);
    },
  );

  it('shows the error message outside production, to help development', async () => {
    const { app } = makeApp({ extraRoutes: failingRoutes, config: { isProduction: false } });
    const res = await request(app).get('/render-failure');
    expect(res.status).toBe(500);
    expect(res.text).toContain('secret detail: database password is hunter2');
  });
});

describe('methods', () => {
  it('answers HEAD with the status and headers of GET and no body', async () => {
    const { app } = makeApp();
    const res = await request(app).head('/podcast/no-such-episode');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBeUndefined();
  });

  it('refuses other methods on pages with 405 and Allow', async () => {
    const { app } = makeApp();
    const res = await request(app).post('/press').send('x=1');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('health check', () => {
  it('answers 200 JSON and is not cached', async () => {
    const { app } = makeApp();
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
