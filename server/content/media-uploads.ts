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
} as const;
