/**
 * A path that does not decode (a lone '%', '%ZZ', a cut-off UTF-8 sequence
 * such as /%E0%A4%A) names nothing on this site. It gets one clear 400 here,
 * before the static files, the sign-up API and the pages, each of which would
 * otherwise trip over it in its own way.
 */
import type { RequestHandler } from 'express';

export const MALFORMED_PATH_MESSAGE =
  'Bad Request: this address has broken percent-encoding (every "%" must start a valid UTF-8 escape such as %C3%A9). Check the link and try again.';

export const rejectMalformedPath: RequestHandler = (req, res, next) => {
  if (!req.path.includes('%')) return next();
  try {
    decodeURIComponent(req.path);
  } catch {
    res.status(400).setHeader('Cache-Control', 'no-store').type('text/plain').send(MALFORMED_PATH_MESSAGE);
    return;
  }
  next();
};
