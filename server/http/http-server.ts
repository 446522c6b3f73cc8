import http from 'node:http';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';

export interface ServerTimeouts {
  keepAliveTimeout: number;
  headersTimeout: number;
  requestTimeout: number;
  /** How often Node looks for requests past headersTimeout/requestTimeout. */
  connectionsCheckingInterval: number;
}

/**
 * Timeouts, chosen for life behind a reverse proxy:
 * - keep-alive (65 s) outlasts the proxy's upstream idle timeout (4 s in
 *   deploy/nginx.conf, 60 s in many others), so the proxy, never Node, closes
 *   an idle connection: Node closing one just as the proxy sends a request
 *   down it shows as a reset and a 502;
 * - headers must arrive within 20 s and a whole request within 30 s, checked
 *   every second (Node's default is every 30 s), which bounds slow-loris
 *   clients.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = {
  keepAliveTimeout: 65_000,
  headersTimeout: 20_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
};

/**
 * Once the server stops accepting, how long requests in flight get to finish.
 * With the default 5 s drain (DRAIN_SECONDS) a SIGTERM ends within 9 s, inside
 * the 10 s that `docker stop` and most orchestrators wait before SIGKILL.
 */
export const FINISH_IN_FLIGHT_MS = 4_000;

/** Tests pass shorter timeouts to see them act. */
export function createHttpServer(app: RequestListener, timeouts: Partial<ServerTimeouts> = {}): http.Server {
  return http.createServer({ ...SERVER_TIMEOUTS, ...timeouts }, app);
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
