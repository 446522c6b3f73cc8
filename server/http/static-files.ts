/**
 * Files served as they are: the hashed build output under /assets/ and the
 * other public files (images, video, favicon), both precompressed by the build;
 * in development also public/ of the working copy, read at each request.
 */
import type { ServerResponse } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Router, static as expressStatic } from 'express';
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
const staticFileHeaders = (res: ServerResponse) => res.setHeaders(STATIC_FILE_HEADERS);

/**
 * `uploadsDir`: where the served content's uploads are, when they are not the image's (a followed
 * commit's public/media/uploads, server/content-sync/); asked per request, since a swap moves it.
 */
export function staticFiles({ rootDir, isProduction }: { rootDir: string; isProduction: boolean }, uploadsDir?: () => string | undefined) {
  const router = Router();

  // A followed commit's uploads, before the image's public files: one handler per folder, the last one kept.
  if (uploadsDir) {
    let served: { dir: string; handler: ReturnType<typeof expressStatic> } | undefined;
    router.use(MEDIA_UPLOADS.publicPath, (req, res, next) => {
      const dir = uploadsDir();
      if (!dir) return next();
      if (served?.dir !== dir) {
        served = {
          dir,
          handler: expressStatic(dir, { maxAge: PUBLIC_FILES_MAX_AGE, index: false, redirect: false, setHeaders: staticFileHeaders }),
        };
      }
      served.handler(req, res, next);
    });
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
    router.use(expressStatic(path.join(rootDir, 'public'), { maxAge: 0, index: false, redirect: false, setHeaders: staticFileHeaders }));
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
