import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../support/app';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';

const command = ['node', 'dist/server/index.js'];

describe('the built server process', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server?.child.exitCode === null) await server.stop('SIGKILL');
    server = undefined;
  });

  it('serves pages and exits 0 on SIGTERM, logging JSON lines', async () => {
    server = await startServerProcess({ cwd: rootDir, command, env: { DRAIN_SECONDS: '0' } });
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    const page = await fetch(`${server.origin}/podcast`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Latest Episodes');

    expect(await server.stop('SIGTERM')).toBe(0);
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['server closed']));
    expect(lines.find((line) => line.msg === 'server closed').drained).toBe(true);
  });

  it('on SIGTERM keeps answering for DRAIN_SECONDS with /readyz at 503, then refuses connections and exits 0', async () => {
    server = await startServerProcess({ cwd: rootDir, command, env: { DRAIN_SECONDS: '1.5' } });
    expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    const signalled = Date.now();
    const exited = server.stop('SIGTERM');
    await expect.poll(async () => (await fetch(`${server!.origin}/readyz`)).status, { interval: 20, timeout: 1_000 }).toBe(503);
    const page = await fetch(`${server.origin}/podcast`);
    expect(page.status).toBe(200);
    expect(page.headers.get('connection')).toBe('close');
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    await expect
      .poll(
        () =>
          fetch(`${server!.origin}/healthz`).then(
            () => 'answered',
            (error) => error.cause?.code,
          ),
        { interval: 50, timeout: 10_000 },
      )
      .toBe('ECONNREFUSED');
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_500);
    expect(await exited).toBe(0);
    const closed = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === 'server closed');
    expect(closed).toMatchObject({ drained: true, leaveMs: 1_500 });
  });

  it('on SIGTERM under load writes the log line of every request it answered before it exits', async () => {
    server = await startServerProcess({ cwd: rootDir, command, env: { DRAIN_SECONDS: '0' } });
    const origin = server.origin;
    await (await fetch(`${origin}/press`)).arrayBuffer(); // rendered: from now on the fast lane answers
    const answered: string[] = [];
    let stopped = false;
    // Twenty clients ask as fast as they can until the server stops taking connections.
    const clients = Array.from({ length: 20 }, async () => {
      while (!stopped) {
        try {
          const res = await fetch(`${origin}/press`, { headers: { 'Accept-Encoding': 'br' } });
          await res.arrayBuffer();
          if (res.status === 200) answered.push(res.headers.get('x-request-id')!);
        } catch {
          return;
        }
      }
    });
    await expect.poll(() => answered.length, { timeout: 10_000 }).toBeGreaterThan(500);
    const exited = server.stop('SIGTERM');
    await Promise.race([Promise.all(clients), exited]);
    stopped = true;
    expect(await exited).toBe(0);
    await Promise.all(clients);
    if (!server.child.stdout!.closed) await once(server.child.stdout!, 'close'); // every byte it wrote read
    const lines = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; req?: { id: string } });
    const logged = new Set(lines.filter((line) => line.msg === 'request completed').map((line) => line.req!.id));
    expect(answered.filter((id) => !logged.has(id))).toEqual([]);
    expect(lines.at(-1)!.msg).toBe('server closed');
  });

  it('serves /metrics on METRICS_PORT only, counting the public port’s requests', async () => {
    server = await startServerProcess({ cwd: rootDir, command, env: { METRICS_PORT: '0', DRAIN_SECONDS: '0' } });
    const listening = server
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((line) => line.msg.startsWith('listening'));
    expect(listening.metricsPort).toEqual(expect.any(Number));
    expect(listening.metricsPort).not.toBe(listening.port);
    const page = await fetch(`${server.origin}/press`);
    const publicMetrics = await fetch(`${server.origin}/metrics`);
    await Promise.all([page.arrayBuffer(), publicMetrics.arrayBuffer()]);
    expect([page.status, publicMetrics.status]).toEqual([200, 404]);
    const scrape = await fetch(`http://127.0.0.1:${listening.metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    expect(text).toContain('http_requests_total{method="GET",route="/press",status_code="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="not-found",status_code="404"} 1');
    expect(text).toContain('page_cache_lookups_total{result="miss"}');
    expect(text).toMatch(/^newsletter_outbox_entries\{state="pending"\} 0$/m);
  });

  it('exits 0 on SIGINT too', async () => {
    server = await startServerProcess({ cwd: rootDir, command });
    expect(await server.stop('SIGINT')).toBe(0);
  });

  it.each([
    ['PORT', 'abc'],
    ['TRUST_PROXY', 'sometimes'],
    ['SITE_URL', 'localhost'],
    ['DRAIN_SECONDS', 'a while'],
    ['METRICS_PORT', '99999'],
  ])('refuses to start when %s=%s, with one line naming the variable', (name, value) => {
    const [file, ...args] = command;
    const result = spawnSync(file!, args, {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', [name]: value },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
});
