/**
 * One log line per request, written when its answer is complete: the request
 * id, method, URL and client address, the status and the time taken. Express's
 * path writes it through pino-http (requestLog); the fast lane
 * (server/http/fast-lane.ts), which answers synchronously and has no per-request
 * child logger to make, writes the same line itself (logCompleted). Both
 * choose the level with levelOf, so the two lines cannot drift apart, and
 * write the URL through loggedUrl, so neither logs a credential.
 */
import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { paths } from '../../shared/paths';
import { requestIdOf } from './request-id';

/** What pino-http writes on a finished answer, and the fast lane too. */
export const COMPLETED_MESSAGE = 'request completed';

/** Server errors are errors, a visitor's mistakes (4xx) warnings, the rest information. */
export function levelOf(statusCode: number, err?: unknown): 'error' | 'warn' | 'info' {
  if (err || statusCode >= 500) return 'error';
  if (statusCode >= 400) return 'warn';
  return 'info';
}

/**
 * Query parameters that carry a credential, by the names OAuth and OpenID Connect give them (the sign-in's
 * callback brings `code` and `state`) and the usual others: their values never reach the log, whatever
 * the route. Names are compared decoded and in lower case, as a server reading the query would.
 */
const SECRET_PARAMETERS = new Set([
  'code',
  'state',
  'session_state',
  'id_token',
  'access_token',
  'refresh_token',
  'token',
  'client_secret',
  'secret',
  'password',
]);

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A request's URL as the log writes it: as it came, but for the values of SECRET_PARAMETERS. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      return SECRET_PARAMETERS.has(parameterName(name)) ? `${name}=[redacted]` : part;
    });
  return `${url.slice(0, at)}?${query.join('&')}`;
}

/** The description of a request in its completion line. */
const describeRequest = (req: Request) => ({ id: req.id, method: req.method, url: loggedUrl(req.originalUrl), ip: req.ip });

/**
 * The Express middleware: sets the request id (and X-Request-Id), gives
 * every request `req.log`, and writes the completion line. Health and
 * readiness checks are not logged.
 */
export function requestLog(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const id = requestIdOf(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, err) => levelOf(res.statusCode, err),
    autoLogging: { ignore: (req) => req.url === paths.health || req.url === paths.ready },
    // Lines logged during a request carry only its id (`reqId`); the
    // request itself is described once, in the completion line.
    quietReqLogger: true,
    // Enough to follow a request; headers stay out of the logs. The
    // serializers read Express's own request and response, unwrapped: the
    // wrapped copies pino-std-serializers would make are never logged.
    wrapSerializers: false,
    serializers: {
      req: describeRequest,
      res: (res: Response) => ({ statusCode: res.statusCode }),
    },
  });
}

/**
 * The fast lane's completion line: the fields and their order as pino-http
 * writes them (`reqId`, `req`, `res`, `responseTime`), without the two child
 * loggers pino-http makes per request. `req` is read through Express's request
 * prototype (for `ip`), as the lane sets it; its URL is the one it arrived with.
 */
export function logCompleted(logger: Logger, req: IncomingMessage & Request, id: string, statusCode: number, startedAt: number) {
  const level = levelOf(statusCode);
  if (!logger.isLevelEnabled(level)) return;
  logger[level](
    {
      reqId: id,
      req: { id, method: req.method, url: loggedUrl(req.url!), ip: req.ip },
      res: { statusCode },
      responseTime: Date.now() - startedAt,
    },
    COMPLETED_MESSAGE,
  );
}
