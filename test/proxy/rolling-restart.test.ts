/**
 * The everyday deploy: two instances behind nginx (deploy/nginx.conf) under
 * 100 connections of mixed requests over HTTPS; instance A gets SIGTERM, exits,
 * starts again and becomes ready, then the same for B. No visitor may notice:
 * every request gets its expected answer (no 502, no reset, no timeout), and
 * both instances exit 0 within 10 s.
 *
 * The figures are printed; on a busy machine latency suffers, the outcome
 * must not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatReport, startLoad } from '../../scripts/bench/load-mix';
import type { LoadTarget } from '../../scripts/bench/load-mix';
import { episodes } from '../support/content';
import { paths } from '../../shared/paths';
import { rootDir } from '../support/app';
import { startProxiedSite } from '../support/proxied-site';
import type { ProxiedSite } from '../support/proxied-site';

const CONNECTIONS = 100;
let site: ProxiedSite | undefined;
afterAll(async () => {
  await site?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let signUps = 0;

/** Pages, page data, assets, a 404 and a newsletter sign-up. */
function mixedRequests(): LoadTarget[] {
  const manifest = JSON.parse(readFileSync(path.join(rootDir, 'dist/build-manifest.json'), 'utf8')) as {
    entry: { file: string; css: string[] };
  };
  const ok = [200];
  return [
    { path: paths.home, expect: ok },
    { path: paths.podcast, expect: ok },
    { path: paths.podcastPage(2), expect: ok },
    { path: paths.episode(episodes[0]!.id), expect: ok },
    { path: paths.press, expect: ok },
    { path: paths.pageData(paths.contact), expect: ok },
    { path: manifest.entry.file, expect: ok, headers: { 'Accept-Encoding': 'br, gzip' } },
    { path: manifest.entry.css[0]!, expect: ok },
    { path: '/favicon.svg', expect: ok },
    { path: '/no-such-page', expect: [404] },
    {
      path: paths.subscribeApi,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: () => JSON.stringify({ email: `rolling-${(signUps += 1)}@example.com` }),
      expect: ok,
    },
  ];
}

describe('a rolling restart behind nginx', () => {
  it('costs no request: each instance in turn gets SIGTERM, exits 0 within 10 s and comes back', async () => {
    // Every request comes from one client here: no sign-up limit.
    site = await startProxiedSite({ NEWSLETTER_RATE_LIMIT: '0' });
    // A request unanswered after 30 s counts as lost (nginx gives up on an instance after 35 s). On a
    // loaded machine 100 connections queue for seconds; that is slow, not lost.
    const load = startLoad({
      origin: site.nginx.httpsOrigin,
      connections: CONNECTIONS,
      targets: mixedRequests(),
      ca: site.nginx.ca,
      timeoutSeconds: 30,
    });
    await expect.poll(() => load.progress().responses, { timeout: 20_000, interval: 100 }).toBeGreaterThan(500);

    const restarts: Array<{
      instance: string;
      exitCode: number | null;
      exitMs: number;
      readyAgainMs: number;
      leaveMs?: number;
      finishMs?: number;
    }> = [];
    let accessLogAtLastReady = 0;
    for (const instance of site.instances) {
      const signalled = performance.now();
      const exitCode = await instance.process.stop('SIGTERM');
      const exitMs = performance.now() - signalled;
      const closed = instance.logs().find((line) => line.msg === 'server closed') as { leaveMs?: number; finishMs?: number } | undefined;
      await site.restart(instance);
      restarts.push({
        instance: instance.name,
        exitCode,
        exitMs: Math.round(exitMs),
        readyAgainMs: Math.round(performance.now() - signalled - exitMs),
        leaveMs: closed?.leaveMs,
        finishMs: closed?.finishMs,
      });
      accessLogAtLastReady = site.nginx.accessLog().length;
    }
    // nginx takes a restarted instance back within fail_timeout (2 s).
    await sleep(3_000);
    load.stop();
    const report = await load.done;

    const errorLog = site.nginx.errorLog();
    if (process.env.SHOW_NGINX_ERRORS) console.log(errorLog.split('\n').slice(0, 12).join('\n'));
    const count = (pattern: RegExp) => errorLog.split('\n').filter((line) => pattern.test(line)).length;
    const nginxErrors = {
      refused: count(/Connection refused/),
      resetByPeer: count(/reset by peer/),
      prematurelyClosed: count(/prematurely closed/),
      noLiveUpstreams: count(/no live upstreams/),
      timedOut: count(/timed out/),
    };
    console.log(
      [
        `rolling restart through nginx, ${CONNECTIONS} connections of mixed requests over HTTPS:`,
        formatReport(report),
        ...restarts.map(
          (r) =>
            `instance ${r.instance}: exit ${r.exitCode} ${r.exitMs} ms after SIGTERM (leaving ${r.leaveMs} ms, in-flight finished in ${r.finishMs} ms), ready again ${r.readyAgainMs} ms later`,
        ),
        `nginx error log (each retried on the other instance): ${JSON.stringify(nginxErrors)}`,
      ].join('\n'),
    );

    expect(report.errors).toEqual({});
    expect(report.unexpected).toEqual({});
    expect(report.responses).toBe(report.requests);
    for (const restart of restarts) {
      expect(restart.exitCode).toBe(0);
      expect(restart.exitMs).toBeLessThan(10_000);
    }
    expect(nginxErrors.noLiveUpstreams).toBe(0);
    // Both instances are in rotation again at the end.
    const lastLines = site.nginx.accessLog().slice(accessLogAtLastReady);
    for (const instance of site.instances) expect(lastLines).toContain(`upstream=127.0.0.1:${instance.port} `);
  }, 120_000);
});
