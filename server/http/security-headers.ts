import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';

/** Hosts of the embedded players and thumbnails the episode pages use. */
export const EMBED_ORIGINS = {
  youtubePlayer: 'https://www.youtube-nocookie.com',
  spotifyPlayer: 'https://open.spotify.com',
  youtubeThumbnails: 'https://i.ytimg.com',
} as const;

/**
 * Whether the visitor's connection is HTTPS. A trusted proxy's
 * X-Forwarded-Proto is its word for it (Express reads it into req.secure
 * when TRUST_PROXY covers the proxy); without one, SITE_URL tells.
 */
export function isServedOverHttps(req: Request, siteIsHttps: boolean): boolean {
  if (req.secure) return true;
  const trustProxy = req.app.get('trust proxy fn') as ((address: string | undefined, hop: number) => boolean) | undefined;
  const proxyTold = req.get('x-forwarded-proto') !== undefined && !!trustProxy?.(req.socket.remoteAddress, 0);
  return proxyTold ? false : siteIsHttps;
}

/**
 * helmet with a strict Content-Security-Policy. The pages carry no inline
 * script (the hydration data is non-executable JSON), so script-src 'self' is
 * enough and the same HTML can be cached for everyone. The pages' inline
 * stylesheets are allowed by their hashes (`styleSources`, server/pages/inline-styles.ts).
 *
 * HSTS and `upgrade-insecure-requests` go only on answers over HTTPS
 * (isServedOverHttps): browsers ignore HSTS over plain HTTP, and upgrading
 * subresources of a page served over HTTP would break a site without HTTPS.
 */
/** Outside origins the content itself uses: an episode's audio file, an imported cover image. */
export interface ContentSources {
  media: string[];
  images: string[];
}

export interface SecurityHeaders extends RequestHandler {
  /**
   * The headers for this request (they depend only on its protocol and the
   * inputs above): the same Map object until an input changes, so the fast
   * lane (server/http/fast-lane.ts) can key header lists it built from it.
   */
  forRequest(req: Request): Map<string, string>;
}

export function securityHeaders(options: {
  siteUrl: string;
  styleSources?: () => string[];
  /** Read per request: the content of the moment (server/content/content-store.ts) decides them. */
  contentSources?: () => ContentSources;
}): SecurityHeaders {
  const styleSources = options.styleSources ?? (() => []);
  const noSources: ContentSources = { media: [], images: [] };
  const contentSources = options.contentSources ?? (() => noSources);
  const siteIsHttps = options.siteUrl.startsWith('https:');
  // helmet decides the headers, but they depend only on the protocol, the
  // inline stylesheets' hashes and the content's origins, so each set is worked out once and replayed:
  // building the CSP string on every request was a measurable share of a page
  // served from memory. In development a rebuilt stylesheet changes a hash.
  // The content's sources are one object per content version, so a set is
  // worked out again only when that object or a stylesheet's hash changes.
  type Computed = { styleList?: string[]; styles: string; sources?: ContentSources; headers: Map<string, string> };
  const computed: Record<'https' | 'http', Computed> = {
    https: { styles: '', headers: new Map<string, string>() },
    http: { styles: '', headers: new Map<string, string>() },
  };
  const forRequest = (req: Request): Map<string, string> => {
    const isHttps = isServedOverHttps(req, siteIsHttps);
    const current = computed[isHttps ? 'https' : 'http'];
    // In production the same list every time; joined only when it is another (development reads it anew).
    const styleList = styleSources();
    const styles = styleList === current.styleList ? current.styles : styleList.join(' ');
    current.styleList = styleList;
    const sources = contentSources();
    if (current.sources !== sources || current.styles !== styles) {
      current.styles = styles;
      current.sources = sources;
      current.headers = headersOf(helmetFor(isHttps, styles, sources));
    }
    return current.headers;
  };
  const middleware: RequestHandler = (req, res, next) => {
    res.setHeaders(forRequest(req));
    next();
  };
  return Object.assign(middleware, { forRequest });
}

/** The headers a helmet middleware sets, recorded once. */
function headersOf(middleware: ReturnType<typeof helmet>): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

function helmetFor(isHttps: boolean, styleSources: string, content: ContentSources) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: styleSources ? ["'self'", styleSources] : ["'self'"],
        imgSrc: ["'self'", 'data:', EMBED_ORIGINS.youtubeThumbnails, ...content.images],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'", ...content.media],
        connectSrc: ["'self'"],
        frameSrc: [EMBED_ORIGINS.youtubePlayer, EMBED_ORIGINS.spotifyPlayer],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        scriptSrcAttr: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin players must be able to load inside our pages.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 31536000, includeSubDomains: true } : false,
  });
}
