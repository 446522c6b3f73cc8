/**
 * The site as operators run it: two instances of the built server, each its
 * own process (NODE_ENV=production) on a fixed loopback port so it can come
 * back on the same one, behind a real nginx running deploy/nginx.conf, with
 * TRUST_PROXY set to nginx's address.
 */
import http from 'node:http';
import https from 'node:https';
import { freshLedgerFile, freshMessageFile } from './app';
import { startServerProcess } from '../../scripts/local/server-process';
import type { ServerProcess } from '../../scripts/local/server-process';
import { freePort, startNginx } from './nginx';
import type { Nginx } from './nginx';

/** nginx connects to the apps from here; the apps trust X-Forwarded-For from this address only. */
export const PROXY_ADDRESS = '127.0.0.1';

export interface Instance {
  name: 'a' | 'b';
  port: number;
  origin: string;
  process: ServerProcess;
  /** Every JSON log line this instance wrote, across restarts. */
  logs: () => Array<Record<string, unknown>>;
}

export interface ProxiedSite {
  nginx: Nginx;
  instances: [Instance, Instance];
  /** Starts the instance again on its port (after it exited) and resolves once /readyz says ready. */
  restart: (instance: Instance) => Promise<void>;
  close: () => Promise<void>;
}

export async function waitUntilReady(origin: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    // A connection of its own each time, so no kept-alive socket of the test lingers on the app.
    const status = await new Promise<number>((resolve) => {
      http
        .get(`${origin}/readyz`, { agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', () => resolve(0));
    });
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${origin} not ready in time (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function startProxiedSite(env: Record<string, string> = {}): Promise<ProxiedSite> {
  const ports: [number, number] = [await freePort(), await freePort()];
  const earlierLogs = new Map<string, string>();
  // Each instance keeps its own ledger across restarts, as it would on its volume.
  const ledgers = new Map(ports.map((port) => [port, freshLedgerFile()]));
  const messageLedgers = new Map(ports.map((port) => [port, freshMessageFile()]));
  const envFor = (port: number) => ({
    TRUST_PROXY: PROXY_ADDRESS,
    NEWSLETTER_FILE: ledgers.get(port)!,
    CONTACT_FILE: messageLedgers.get(port)!,
    ...env,
  });
  const launch = (port: number) => startServerProcess({ port, env: envFor(port) });
  const instances = (await Promise.all(
    (['a', 'b'] as const).map(async (name, index) => {
      const port = ports[index]!;
      const instance: Instance = {
        name,
        port,
        origin: `http://127.0.0.1:${port}`,
        process: await launch(port),
        logs: () =>
          ((earlierLogs.get(name) ?? '') + instance.process.stdout())
            .split('\n')
            .filter((line) => line.startsWith('{'))
            .map((line) => JSON.parse(line) as Record<string, unknown>),
      };
      return instance;
    }),
  )) as [Instance, Instance];
  await Promise.all(instances.map((instance) => waitUntilReady(instance.origin)));
  const nginx = await startNginx({ upstreamPorts: ports });

  return {
    nginx,
    instances,
    async restart(instance) {
      if (instance.process.child.exitCode === null) throw new Error(`instance ${instance.name} is still running`);
      earlierLogs.set(instance.name, (earlierLogs.get(instance.name) ?? '') + instance.process.stdout());
      instance.process = await launch(instance.port);
      await waitUntilReady(instance.origin);
    },
    async close() {
      await nginx.stop();
      await Promise.all(
        instances.map((instance) => (instance.process.child.exitCode === null ? instance.process.stop('SIGKILL') : undefined)),
      );
    },
  };
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through nginx's TLS port, from a chosen loopback source address. */
export function requestThroughProxy(
  site: ProxiedSite,
  path: string,
  options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      `${site.nginx.httpsOrigin}${path}`,
      { method: options.method ?? 'GET', headers: options.headers, ca: site.nginx.ca, localAddress: options.from, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
