/**
 * Whether this instance wants new traffic. It stops wanting it once, when
 * server/index.ts gets SIGTERM, and keeps answering for DRAIN_SECONDS while
 * it leaves:
 *
 * - GET /readyz answers 503, so an orchestrator or a load balancer with
 *   active checks takes the instance out of rotation (/healthz stays 200:
 *   the process is fine, it is only leaving);
 * - every answer carries `Connection: close`, so a proxy's keep-alive
 *   connections end after their current request and the proxy opens its next
 *   ones elsewhere, instead of finding them cut while idle.
 *
 * Only then does the server stop accepting (server/http-server.ts). A proxy
 * that still sends a request meets a refused connection, which nginx retries
 * on another instance for any method, since nothing was sent.
 */
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

export interface Readiness {
  readonly leaving: boolean;
  /** From now on /readyz fails and every answer closes its connection. */
  leave(): void;
  /** First in the app, so every answer is covered. */
  middleware: RequestHandler;
  /** GET /readyz. */
  readyHandler: RequestHandler;
}

export function createReadiness(): Readiness {
  let leaving = false;
  // Answers still being prepared when leave() is called get `Connection: close` too.
  const inFlight = new Set<ServerResponse>();

  const middleware: RequestHandler = (_req, res, next) => {
    if (leaving) {
      res.setHeader('Connection', 'close');
      return next();
    }
    next();
    // A page from memory has been answered by now, synchronously: no need to
    // watch it (a listener per request is a measurable cost under load).
    // leave() runs in a task of its own, never inside next(), so only answers
    // still to come need to be known.
    if (res.headersSent) return;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  };

  const readyHandler: RequestHandler = (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (leaving) res.status(503).json({ status: 'leaving', message: 'This instance is shutting down; send traffic elsewhere.' });
    else res.json({ status: 'ready' });
  };

  return {
    get leaving() {
      return leaving;
    },
    leave() {
      leaving = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      inFlight.clear();
    },
    middleware,
    readyHandler,
  };
}
