/**
 * Files served as they are: the hashed build output under /assets/ and the
 * other public files (images, video, favicon), both precompressed by the build;
 * in development also public/ of the working copy, read at each request.
 */
import type { ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { Router, static as expressStatic } from 'express';
import type { RequestHandler, Response } from 'express';
import { MEDIA_UPLOADS } from '../content/media-uploads';
import expressStaticGzip from 'express-static-gzip';
import { immutableAssets, readImmutableAssets } from './immutable-assets';
import type { Asset } from './immutable-assets';

const ONE_YEAR = '365d';
const PUBLIC_FILES_MAX_AGE = '1d';

/**
 * What a static file needs of the security headers: no MIME sniffing, no use
 * by other sites. The page headers (CSP and the rest) would add a kilobyte to
 * each of a page's requests and say nothing about a file.
 */
export const STATIC_FILE_HEADERS = new Map([
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
]);
/**
 * What every answer under /media/uploads carries: the uploads are the content repository's, chosen by
 * anyone who can push there, so none of them may act as a document of the site's origin (a picture
 * still shows in an <img>: a CSP governs only a document, never an image embedded in one).
 */
export const UPLOAD_CSP = "default-src 'none'; sandbox";
/** res.locals' key for the allow-listed type of the upload being answered. */
const UPLOAD_TYPE = 'uploadContentType';

const staticFileHeaders = (res: ServerResponse) => {
  res.setHeaders(STATIC_FILE_HEADERS);
  const type = (res as Response).locals?.[UPLOAD_TYPE] as string | undefined;
  if (type) res.setHeader('Content-Type', type);
};

/**
 * Under /media/uploads only the kinds the editor uploads (MEDIA_UPLOADS.contentTypes), sent as that
 * type, whichever folder holds them (a followed commit's, the working copy's, the build's): a page,
 * an SVG or anything else placed there by a push is a 404, and never reaches a handler.
 */
const inertUploads: RequestHandler = (req, res, next) => {
  res.setHeader('Content-Security-Policy', UPLOAD_CSP);
  const type = MEDIA_UPLOADS.contentTypes[path.extname(req.path).toLowerCase()];
  if (!type) {
    res
      .status(404)
      .type('text/plain')
      .send(`Not found: ${MEDIA_UPLOADS.publicPath} serves only ${Object.keys(MEDIA_UPLOADS.contentTypes).join(' ')} files.\n`);
    return;
  }
  res.locals[UPLOAD_TYPE] = type;
  next();
};

/**
 * `serve` (a static handler of `dir`) for a path it reaches through no link: a link in a served
 * folder (put there by a commit, or by hand) would have express.static send whatever it points at,
 * and serve-static has no option against it. One realpath per request: the file's real path must be
 * the path asked for, under the folder's real path; else a 404, as for a file that is not there.
 */
function withoutLinks(dir: () => string | undefined, serve: (dir: string) => RequestHandler): RequestHandler {
  // The folder's own real path is asked once per folder (it changes only with a swap), not per request.
  let rootOf: { root: string; real: Promise<string | undefined> } | undefined;
  const realOrNone = (file: string) => realpath(file).catch(() => undefined);
  const realRootOf = (root: string) => {
    if (rootOf?.root !== root) {
      const real = realOrNone(root);
      rootOf = { root, real };
      // A folder not there (yet) is asked again next time, not remembered as missing.
      void real.then((found) => {
        if (found === undefined && rootOf?.real === real) rootOf = undefined;
      });
    }
    return rootOf.real;
  };
  return (req, res, next) => {
    const root = dir();
    if (!root) return next();
    let asked: string;
    try {
      asked = decodeURIComponent(req.path);
    } catch {
      return serve(root)(req, res, next); // the static handler's own 400
    }
    // Not there, a link loop, a folder removed meanwhile: as for any file that is not there, the next handler's (a 404).
    Promise.all([realRootOf(root), realOrNone(path.join(root, asked))])
      .then(([realRoot, real]) => {
        if (realRoot === undefined || real === undefined) return next();
        const inside = real === realRoot || real.startsWith(`${realRoot}${path.sep}`);
        if (!inside || real !== path.join(realRoot, asked).replace(/(.)\/+$/, '$1')) return next();
        serve(root)(req, res, next);
      })
      .catch(next);
  };
}

/**
 * `uploadsDir`: where the served content's uploads are, when they are not the image's (a followed
 * commit's public/media/uploads, server/content-sync/); asked per request, since a swap moves it.
 */
export function staticFiles({ rootDir, isProduction }: { rootDir: string; isProduction: boolean }, uploadsDir?: () => string | undefined) {
  const router = Router();

  router.use(MEDIA_UPLOADS.publicPath, inertUploads);

  // A followed commit's uploads, before the image's public files: one handler per folder, the last one kept.
  if (uploadsDir) {
    let served: { dir: string; handler: ReturnType<typeof expressStatic> } | undefined;
    const handlerOf = (dir: string) => {
      if (served?.dir !== dir) {
        served = {
          dir,
          handler: expressStatic(dir, { maxAge: PUBLIC_FILES_MAX_AGE, index: false, redirect: false, setHeaders: staticFileHeaders }),
        };
      }
      return served.handler;
    };
    router.use(MEDIA_UPLOADS.publicPath, withoutLinks(uploadsDir, handlerOf));
  }

  // Hashed build output never changes under a name: cached for a year. The
  // build wrote brotli and gzip copies beside each text file, so the encoding
  // a browser asks for is a file to send, never work to do. A missing asset is
  // a 404 here, not a rendered page. In production what a page load fetches is
  // held in memory (./immutable-assets.ts); the rest is read from disk.
  const assetsDir = path.join(rootDir, 'dist/client/assets');
  const heldAssets: Map<string, Asset> | undefined = isProduction ? readImmutableAssets(assetsDir) : undefined;
  if (heldAssets) router.use('/assets', immutableAssets(heldAssets, STATIC_FILE_HEADERS));
  router.use(
    '/assets',
    expressStaticGzip(assetsDir, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: ONE_YEAR, index: false, fallthrough: false, setHeaders: staticFileHeaders },
    }),
  );

  // Development (npm run dev, npm run edit): the working copy's public/ as it is at each request, before
  // the build's copy, which a fresh clone lacks and which is never updated while the server runs. A picture
  // added by hand, or uploaded in the editor and published into public/media/uploads, is served at once.
  // Every path costs a file-system lookup here, and browsers revalidate each file (ETag), so a picture
  // replaced under its name shows too.
  if (!isProduction) {
    const workingPublic = path.join(rootDir, 'public');
    const handler = expressStatic(workingPublic, { maxAge: 0, index: false, redirect: false, setHeaders: staticFileHeaders });
    router.use(
      withoutLinks(
        () => workingPublic,
        () => handler,
      ),
    );
  }

  // The build's copy of public/ (with the favicon PNGs and the web app manifest it draws), compressed. Its
  // files keep their names across deploys: a moderate lifetime. Only paths under the folder's own top-level
  // names (read once: the folder changes only with a build) look there, so in production a page request
  // costs no file-system lookup.
  const publicDir = path.join(rootDir, 'dist/public');
  const publicNames = new Set(existsSync(publicDir) ? readdirSync(publicDir) : []);
  const publicFiles = expressStaticGzip(publicDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { maxAge: PUBLIC_FILES_MAX_AGE, index: false, redirect: false, setHeaders: staticFileHeaders },
  });
  router.use((req, res, next) => (publicNames.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next()));

  return { router, heldAssets };
}
