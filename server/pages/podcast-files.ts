/**
 * Each episode's machine-readable files, which the show's feed names (./podcast-feed.ts) and
 * podcast apps fetch, often from web players on other origins (so CORS `*`):
 *
 * - /podcast/<id>/chapters.json: JSON Chapters 1.2 (Podcast Namespace), `application/json+chapters`;
 * - /podcast/<id>/transcript.vtt: WebVTT with a `<v Speaker>` voice on every cue, written from the
 *   published cues whatever the source file was (an SRT one too);
 * - /podcast/<id>/transcript.json: the Podcast Namespace's JSON transcript.
 *
 * Built once per content version, like the feeds. An episode without chapters or a timed
 * transcript, or no such episode, goes on to the pages, whose 404 page says so in words.
 */
import type { Response, Router } from 'express';
import express from 'express';
import { writeVtt } from '../../shared/content/timed-transcript';
import type { Episode, TimedCue } from '../../shared/content/types';
import type { SiteContent } from '../content/publication';
import { FEED_CACHE_CONTROL } from './feeds';

/**
 * The files' addresses: only the server and the feed name them, so they live here rather than in
 * shared/paths.ts, whose table every page's script carries.
 */
export const episodeFilePaths = {
  /** JSON Chapters 1.2. */
  chapters: (id: string) => `/podcast/${encodeURIComponent(id)}/chapters.json`,
  /** The timed transcript as WebVTT, and as the Podcast Index's JSON transcript. */
  transcript: (id: string, format: 'vtt' | 'json') => `/podcast/${encodeURIComponent(id)}/transcript.${format}`,
};

const JSON_CHAPTERS_VERSION = '1.2.0';
const JSON_TRANSCRIPT_VERSION = '1.0.0';

/** What apps on any origin may read, with the files' own cache lifetime. */
export function setPodcastFileHeaders(res: Response) {
  res.setHeader('Cache-Control', FEED_CACHE_CONTROL);
  res.setHeader('Access-Control-Allow-Origin', '*');
  // The page headers say same-origin; these files are for other origins' players.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** The cues as published, each with its speaker: its own voice, or its paragraph's. */
function cuesOf(episode: Episode): TimedCue[] {
  return (episode.timedTranscript?.paragraphs ?? []).flatMap((paragraph) =>
    paragraph.cues.map((cue) => {
      const speaker = cue.speaker ?? paragraph.speaker;
      return { start: cue.start, end: cue.end, ...(speaker ? { speaker } : {}), text: cue.text };
    }),
  );
}

/** JSON Chapters 1.2: startTime in seconds, title, and url and img as absolute URLs. */
export function chaptersJson(siteUrl: string, podcastName: string, episode: Episode): string | undefined {
  if (!episode.chapters?.length) return undefined;
  const absolute = (url: string) => (url.startsWith('/') ? siteUrl + url : url);
  return JSON.stringify({
    version: JSON_CHAPTERS_VERSION,
    title: episode.title,
    podcastName,
    chapters: episode.chapters.map((chapter) => ({
      startTime: chapter.start,
      title: chapter.title,
      ...(chapter.url ? { url: chapter.url } : {}),
      ...(chapter.image ? { img: absolute(chapter.image) } : {}),
    })),
  });
}

/** The cues as WebVTT (shared/content/timed-transcript.ts writes it, as content:import does). */
export function transcriptVtt(episode: Episode): string | undefined {
  const cues = cuesOf(episode);
  return cues.length === 0 ? undefined : writeVtt(cues);
}

/** The Podcast Namespace's JSON transcript: a segment per cue. */
export function transcriptJson(episode: Episode): string | undefined {
  const cues = cuesOf(episode);
  if (cues.length === 0) return undefined;
  return JSON.stringify({
    version: JSON_TRANSCRIPT_VERSION,
    segments: cues.map((cue) => ({
      ...(cue.speaker ? { speaker: cue.speaker } : {}),
      startTime: cue.start,
      endTime: cue.end,
      body: cue.text,
    })),
  });
}

interface PodcastFile {
  type: string;
  body: string;
}

/** GET/HEAD of every public episode's files, from text built once per content version. */
export function podcastFilesRouter(siteUrl: string, content: SiteContent): Router {
  const files = new Map<string, PodcastFile>();
  const add = (path: string, type: string, body: string | undefined) => body !== undefined && files.set(path, { type, body });
  for (const episode of content.episodes) {
    add(episodeFilePaths.chapters(episode.id), 'application/json+chapters', chaptersJson(siteUrl, content.site.podcast.name, episode));
    add(episodeFilePaths.transcript(episode.id, 'vtt'), 'text/vtt', transcriptVtt(episode));
    add(episodeFilePaths.transcript(episode.id, 'json'), 'application/json', transcriptJson(episode));
  }
  const router = express.Router();
  // Matched as Express matches every route (any case, a trailing slash allowed); the id as it was written.
  router.get(['/podcast/:id/chapters.json', '/podcast/:id/transcript.vtt', '/podcast/:id/transcript.json'], (req, res, next) => {
    const name = req.path.replace(/\/$/, '').split('/').at(-1)!.toLowerCase();
    const file = files.get(`/podcast/${encodeURIComponent(req.params.id as string)}/${name}`);
    if (!file) return next();
    setPodcastFileHeaders(res);
    res.type(file.type).send(file.body);
  });
  return router;
}
