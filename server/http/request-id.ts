/**
 * The id that ties a request's log lines together, sent back as X-Request-Id.
 * A proxy's own id is kept (when it looks like an id), so lines can be
 * followed across hops; otherwise a random UUID, unique across replicas
 * without any coordination between them.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}
