/**
 * Files an editor uploads through the editor at /admin (server/admin/): where they go,
 * how large and of which kinds. The editor's media library refuses a larger file as it
 * is chosen (Decap's max_file_size), but a file can also reach the folder by git, so
 * the content check (load-content.ts) holds every referenced upload to the same rules.
 */
export const MEDIA_UPLOADS = {
  /** The folder in the repository, and the address the site serves it at (public/ is served as it is). */
  folder: 'public/media/uploads',
  publicPath: '/media/uploads',
  /** 2 MB: a cover or article picture; anything larger slows every page that shows it. */
  maxBytes: 2_000_000,
  /** Pictures, which the pages show as <img>; SVG is left out because an uploaded SVG can carry script. */
  extensions: ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif'],
  /** An episode's timed transcript, chosen in the editor's file field (the episode's `timedTranscript`). */
  transcriptExtensions: ['.vtt', '.srt'],
  /**
   * What each kind is served as, and the only files under publicPath that are served at all: the
   * uploads are the content repository's, so anyone who can push there chooses their names and bytes,
   * and a page or an SVG of theirs must never run on the site's origin (server/http/static-files.ts).
   */
  contentTypes: {
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.png': 'image/png',
    '.webp': 'image/webp',
    '.avif': 'image/avif',
    '.gif': 'image/gif',
    '.vtt': 'text/vtt; charset=utf-8',
    '.srt': 'application/x-subrip; charset=utf-8',
  } as Readonly<Record<string, string | undefined>>,
} as const;
