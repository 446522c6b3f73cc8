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
 * Only then does the server stop accepting (server/http/http-server.ts). A proxy
 * that still sends a request meets a refused connection, which nginx retries
 * on another instance for any method, since nothing was sent.
 *
 * It is also not ready while what it depends on is down: with DATABASE_URL,
 * a database it cannot reach (server/forms/storage/storage.ts). /healthz stays 200 then:
 * restarting the process would not bring the database back, and pages are
 * still served.
 */
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export interface ReadinessDependency {
  /** Undefined when it works, else why not (logged, never shown). */
  problem(): Promise<string | undefined>;
  /** What the answer says while it is down. */
  downMessage: string;
  logger: Logger;
}

export interface Readiness {
  readonly leaving: boolean;
  /** From now on /readyz fails and every answer closes its connection. */
  leave(): void;
  /** First in the app, so every answer is covered. */
  middleware: RequestHandler;
  /** GET /readyz. */
  readyHandler: RequestHandler;
}

/**
 * `details`: what the ready answer also says (the content served and why the newest is not,
 * server/content-sync/), for the operator reading it; never a reason to be unready.
 */
export function createReadiness(dependency?: ReadinessDependency, details?: () => Record<string, string>): Readiness {
  let leaving = false;
  let lastProblem: string | undefined;
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

  const readyHandler: RequestHandler = async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (leaving) return res.status(503).json({ status: 'leaving', message: 'This instance is shutting down; send traffic elsewhere.' });
    const problem = dependency && (await dependency.problem());
    // Said once when it starts and once when it ends, not at every probe.
    if (problem && !lastProblem) dependency.logger.error({ problem }, 'not ready: a dependency is down');
    if (!problem && lastProblem) dependency?.logger.info('ready again: the dependency is back');
    lastProblem = problem;
    if (problem) return res.status(503).json({ status: 'unavailable', message: dependency.downMessage });
    res.json({ status: 'ready', ...details?.() });
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

/** GET /healthz: the process is alive and answering, whatever it depends on. */
export const healthHandler: RequestHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json({ status: 'ok' });
};
