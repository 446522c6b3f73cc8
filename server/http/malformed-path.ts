/**
 * A request this site cannot route gets one clear 400 here, before the static
 * files, the sign-up API and the pages, each of which would otherwise trip
 * over it in its own way (the renderer once failed on it with a 500 and two
 * stack traces):
 *
 * - a request-target that is not a path (origin-form, RFC 9112 §3.2.1): the
 *   absolute form a client sends to a proxy (GET http://evil.example/), the
 *   asterisk form (*), or a bare word. This server is no proxy and names
 *   every page by its path;
 * - a path that does not decode (a lone '%', '%ZZ', a cut-off UTF-8 sequence
 *   such as /%E0%A4%A) names nothing on this site.
 */
import type { RequestHandler, Response } from 'express';

export const MALFORMED_PATH_MESSAGE =
  'Bad Request: this address has broken percent-encoding (every "%" must start a valid UTF-8 escape such as %C3%A9). Check the link and try again.';

export const UNROUTABLE_TARGET_MESSAGE =
  'Bad Request: the request line must name a path on this site, starting with "/" (such as GET /podcast HTTP/1.1). A full address or "*" is for a proxy, and this server is not one.';

function badRequest(res: Response, message: string) {
  res.status(400).setHeader('Cache-Control', 'no-store').type('text/plain').send(message);
}

export const rejectMalformedPath: RequestHandler = (req, res, next) => {
  if (!req.originalUrl.startsWith('/')) return badRequest(res, UNROUTABLE_TARGET_MESSAGE);
  if (!req.path.includes('%')) return next();
  try {
    decodeURIComponent(req.path);
  } catch {
    return badRequest(res, MALFORMED_PATH_MESSAGE);
  }
  next();
};
