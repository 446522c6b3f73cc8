import helmet from 'helmet';

/** Hosts of the embedded players and thumbnails the episode pages use. */
export const EMBED_ORIGINS = {
  youtubePlayer: 'https://www.youtube-nocookie.com',
  spotifyPlayer: 'https://open.spotify.com',
  youtubeThumbnails: 'https://i.ytimg.com',
} as const;

/**
 * helmet with a strict Content-Security-Policy. The pages carry no inline
 * script (the hydration data is non-executable JSON), so script-src 'self' is
 * enough and the same HTML can be cached for everyone. The one inline
 * stylesheet is allowed by its hash (`styleSources`, server/inline-styles.ts).
 */
export function securityHeaders(options: { siteUrl: string; styleSources?: () => string[] }) {
  const styleSources = options.styleSources ?? (() => []);
  const isHttps = options.siteUrl.startsWith('https:');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", () => styleSources().join(' ')],
        imgSrc: ["'self'", 'data:', EMBED_ORIGINS.youtubeThumbnails],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
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
