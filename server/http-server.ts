import http from 'node:http';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';

/**
 * Timeouts, chosen for life behind a reverse proxy:
 * - keep-alive outlasts the proxy's idle timeout (commonly 60 s), so the
 *   proxy never reuses a connection Node has just closed (which shows as 502s);
 * - headers must arrive within 20 s and a whole request within 30 s, which
 *   bounds slow-loris clients.
 */
export const SERVER_TIMEOUTS = {
  keepAliveTimeout: 65_000,
  headersTimeout: 20_000,
  requestTimeout: 30_000,
} as const;

export const SHUTDOWN_GRACE_MS = 10_000;

export function createHttpServer(app: RequestListener): http.Server {
  return http.createServer({ ...SERVER_TIMEOUTS }, app);
}

export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Stops accepting connections, lets requests in flight finish, and closes
 * idle keep-alive connections. Resolves true when everything drained within
 * `graceMs`, false when the rest had to be cut off.
 */
export function closeGracefully(server: http.Server, graceMs: number, logger: Logger): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      logger.warn({ graceMs }, 'requests still running after the grace period; closing their connections');
      clearInterval(sweeper);
      server.closeAllConnections();
      resolve(false);
    }, graceMs);
    timer.unref();
    // Idle keep-alive sockets, and those that become idle when their last
    // response ends, would otherwise hold close() open until they time out.
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    sweeper.unref();
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweeper);
      resolve(true);
    });
    server.closeIdleConnections();
  });
}
