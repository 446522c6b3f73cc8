/**
 * Leaving the rotation (server/http/readiness.ts), on the listening app: /readyz
 * turns 503 while /healthz stays 200, and every answer — including one still
 * being prepared when leave() is called — closes its connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../server/http/http-server';
import { siteListener } from '../../server/http/fast-lane';
import { makeApp } from '../support/app';

function get(port: number, path: string, agent: http.Agent) {
  return new Promise<{ status: number; connection: string | undefined; body: string; socket: import('node:net').Socket }>(
    (resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body, socket: res.socket }));
        })
        .on('error', reject);
    },
  );
}

const closeOf = (socket: import('node:net').Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function serve() {
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const { app, config } = makeApp({
    extraRoutes: [{ path: 'slow-page', loader: async () => (await gate, null), Component: () => null }],
  });
  const server = createHttpServer(siteListener(app, config));
  await listen(server, 0, '127.0.0.1');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  cleanup = async () => {
    openGate();
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.outbox.stop();
  };
  return { app, port: (server.address() as AddressInfo).port, agent, openGate };
}

describe('readiness', () => {
  it('is ready, and keeps connections alive, until the instance leaves', async () => {
    const { port, agent } = await serve();
    const ready = await get(port, '/readyz', agent);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    expect(ready.connection).toBe('keep-alive');
    const page = await get(port, '/press', agent);
    expect(page.status).toBe(200);
    expect(page.socket).toBe(ready.socket); // the same kept-alive connection
  });

  it('answers 503 on /readyz once leaving, keeps /healthz and pages at 200, and closes every connection after its answer', async () => {
    const { app, port, agent } = await serve();
    await get(port, '/press', agent);
    app.readiness.leave();

    const ready = await get(port, '/readyz', agent);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'leaving' });
    expect(ready.connection).toBe('close');
    await closeOf(ready.socket);

    for (const path of ['/healthz', '/press', '/no-such-page']) {
      const res = await get(port, path, agent);
      expect(res.status).toBe(path === '/no-such-page' ? 404 : 200);
      expect(res.connection).toBe('close');
      await closeOf(res.socket);
    }
  });

  it('closes the connection of an answer that was still being prepared when the instance left', async () => {
    const { app, port, agent, openGate } = await serve();
    const slow = get(port, '/slow-page', agent);
    await new Promise((resolve) => setTimeout(resolve, 100));
    app.readiness.leave();
    openGate();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.connection).toBe('close');
    await closeOf(res.socket);
  });
});
