/**
 * The last stop of every request that failed: logged with the request id,
 * answered without internals. In development a broken content file is shown
 * as a page listing its problems, so the editor can fix it.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ContentError } from '../content/load-content';

function contentErrorPage(error: ContentError): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Content errors</title></head><body>' +
    `<main><h1>The content files have ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}</h1>` +
    `<ul>${error.problems.map((problem) => `<li><code>${escape(problem)}</code></li>`).join('')}</ul>` +
    '<p>Fix the files and reload this page.</p></main></body></html>'
  );
}

export function errorHandler({ isProduction }: { isProduction: boolean }): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (err instanceof ContentError && !isProduction && !res.headersSent) {
      res.status(500).setHeader('Cache-Control', 'no-store').type('html').send(contentErrorPage(err));
      return;
    }
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const message =
      status < 500 && err?.expose !== false && typeof err?.message === 'string'
        ? err.message
        : isProduction
          ? 'Internal Server Error'
          : String(err?.message ?? err);
    res
      .status(status)
      .setHeader('Cache-Control', 'no-store')
      .type('text/plain')
      .send(status === 404 ? 'Not Found' : message);
  };
}

/**
 * Pages can only be read; the paths in `postPaths` also take a form's POST
 * (the form without JavaScript posts to its own page), so their Allow says so.
 */
export function methodNotAllowed(postPaths: string[]): RequestHandler {
  const takesPost = new Set(postPaths);
  return (req, res) => {
    res.setHeader('Allow', takesPost.has(req.path.toLowerCase().replace(/\/$/, '')) ? 'GET, HEAD, POST' : 'GET, HEAD');
    res.status(405).type('text/plain').send('Method Not Allowed: pages can only be read with GET or HEAD.');
  };
}
