import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { closeGracefully, createHttpServer, listen, SERVER_TIMEOUTS } from '../../server/http/http-server';

const logger = pino({ level: 'silent' });

function get(port: number, path: string, agent?: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('the HTTP server', () => {
  it('sets keep-alive longer than a proxy’s idle timeout and bounds slow requests', () => {
    const server = createHttpServer(() => {});
    expect(server.keepAliveTimeout).toBe(SERVER_TIMEOUTS.keepAliveTimeout);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBe(SERVER_TIMEOUTS.headersTimeout);
    expect(server.requestTimeout).toBe(SERVER_TIMEOUTS.requestTimeout);
  });

  it('lets a request in flight finish, refuses new connections, and reports a clean drain', async () => {
    const server = createHttpServer((req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('finished'), 300);
      else res.end('fast');
    });
    await listen(server, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    // An idle keep-alive connection must not hold the shutdown open.
    const agent = new http.Agent({ keepAlive: true });
    await get(port, '/fast', agent);

    const inFlight = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = closeGracefully(server, 5_000, logger);

    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(inFlight).resolves.toEqual({ status: 200, body: 'finished' });
    await expect(closing).resolves.toBe(true);
    agent.destroy();
  });

  it('cuts off requests that outlive the grace period and says so', async () => {
    const server = createHttpServer(() => {
      /* never answers */
    });
    await listen(server, 0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const hanging = get(port, '/').catch((error: NodeJS.ErrnoException) => error.code);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(closeGracefully(server, 200, logger)).resolves.toBe(false);
    await expect(hanging).resolves.toBe('ECONNRESET');
  });
});
