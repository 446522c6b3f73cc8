/**
 * The episode's player as the transcript drives it (part of the transcript-live chunk): the page's
 * own <audio>, or the YouTube or Spotify embed through the messages their players accept.
 *
 * No player script is loaded (the CSP allows scripts from this origin only). YouTube's embed, with
 * enablejsapi=1 and our origin in its address (episode-media.tsx), takes its IFrame API's messages:
 * `listening` once, then `command` (seekTo, playVideo); it answers with `infoDelivery`, whose
 * currentTime follows playback. Spotify documents only its iFrame API script, which is a wrapper over
 * messages to its embed (`{command: 'seek', timestamp}`, `{command: 'resume'}`; the embed answers with
 * `ready` and `playback_update`, position in ms): the same messages are sent here. Should Spotify stop
 * taking them, a click still updates the address, and a reload opens the embed at the moment (`t=`).
 *
 * An embed that has not played yet reports 0, not the moment it will start at (`start=`, `t=`), so its
 * position is followed only once it has played: else opening `?t=250` would mark the first passage.
 */

const PLAYER = '.episode-player';
const YOUTUBE_ORIGINS = new Set(['https://www.youtube-nocookie.com', 'https://www.youtube.com']);
const SPOTIFY_ORIGIN = 'https://open.spotify.com';
/** How often, and how many times, YouTube's embed is told we listen until it answers. */
const HANDSHAKE_MS = 500;
const HANDSHAKE_TRIES = 40;

type Embed = { frame: HTMLIFrameElement; origin: string; kind: 'youtube' | 'spotify' };

export function episodeAudio(): HTMLAudioElement | null {
  return document.querySelector<HTMLAudioElement>(`${PLAYER} audio`);
}

function episodeEmbed(): Embed | null {
  const frame = document.querySelector<HTMLIFrameElement>(`${PLAYER} iframe`);
  if (!frame?.src) return null;
  const origin = new URL(frame.src).origin;
  if (YOUTUBE_ORIGINS.has(origin)) return { frame, origin, kind: 'youtube' };
  return origin === SPOTIFY_ORIGIN ? { frame, origin, kind: 'spotify' } : null;
}

/** Embeds that have answered: a command sent before then would be lost, so it waits for the answer. */
const answered = new WeakSet<HTMLIFrameElement>();
const waiting = new WeakMap<HTMLIFrameElement, unknown[]>();

function post(embed: Embed, message: unknown) {
  embed.frame.contentWindow?.postMessage(embed.kind === 'youtube' ? JSON.stringify(message) : message, embed.origin);
}

/** The embed has answered (or, for Spotify, may have before we listened): what waited is sent. */
function markAnswered(embed: Embed) {
  if (answered.has(embed.frame)) return;
  answered.add(embed.frame);
  const messages = waiting.get(embed.frame) ?? [];
  waiting.delete(embed.frame);
  messages.forEach((message) => post(embed, message));
}

function send(embed: Embed, messages: unknown[]) {
  if (answered.has(embed.frame)) messages.forEach((message) => post(embed, message));
  else waiting.set(embed.frame, [...(waiting.get(embed.frame) ?? []), ...messages]);
}

const youTubeCommand = (func: string, args: unknown[] = []) => ({ event: 'command', func, args, id: 1, channel: 'widget' });

/** Moves the player to `seconds` and plays from there. False when the page has no player to move. */
export function seekEpisodePlayer(seconds: number): boolean {
  const audio = episodeAudio();
  if (audio) {
    audio.currentTime = seconds;
    // A browser may refuse to play (no user gesture, a file it cannot play): the player then waits at the moment.
    audio.play().catch(() => {});
    return true;
  }
  const embed = episodeEmbed();
  if (!embed) return false;
  if (embed.kind === 'youtube') send(embed, [youTubeCommand('seekTo', [seconds, true]), youTubeCommand('playVideo')]);
  else send(embed, [{ command: 'seek', timestamp: seconds }, { command: 'resume' }]);
  return true;
}

/** What an embed's message reports: its position (seconds) and whether it is playing, where it says. */
function reportOf(embed: Embed, data: unknown): { seconds?: number; playing?: boolean } {
  if (embed.kind === 'youtube') {
    let message: { event?: string; info?: { currentTime?: unknown; playerState?: unknown } } | undefined;
    try {
      message = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      return {};
    }
    const info = message?.event === 'infoDelivery' ? message.info : undefined;
    const seconds = typeof info?.currentTime === 'number' ? info.currentTime : undefined;
    // YouTube sends what changed: a state only when it changes. 1 is playing, 3 buffering to play.
    const playing = typeof info?.playerState === 'number' ? info.playerState === 1 || info.playerState === 3 : undefined;
    return { seconds, playing };
  }
  const message = data as { type?: string; payload?: { position?: unknown; isPaused?: unknown } } | null;
  const payload = message?.type === 'playback_update' ? message.payload : undefined;
  return {
    seconds: typeof payload?.position === 'number' ? payload.position / 1000 : undefined,
    playing: typeof payload?.isPaused === 'boolean' ? !payload.isPaused : undefined,
  };
}

/** Embeds that have played: only their position is followed (see above). */
const played = new WeakSet<HTMLIFrameElement>();

/**
 * Calls `onTime` with the player's position as it plays or is moved, whichever player the page
 * has (the embed comes only after hydration, and may come after this starts). Returns the stop.
 */
export function followEpisodePlayer(onTime: (seconds: number) => void): () => void {
  const onMedia = (event: Event) => {
    if (event.target instanceof HTMLAudioElement && event.target === episodeAudio()) onTime(event.target.currentTime);
  };
  const onMessage = (event: MessageEvent) => {
    const embed = episodeEmbed();
    if (!embed || event.source !== embed.frame.contentWindow || event.origin !== embed.origin) return;
    markAnswered(embed);
    const { seconds, playing } = reportOf(embed, event.data);
    if (playing) played.add(embed.frame);
    if (seconds !== undefined && played.has(embed.frame)) onTime(seconds);
  };
  // YouTube's embed speaks only once told someone listens; it may not have loaded yet, so the word is repeated.
  let tries = 0;
  const handshake = window.setInterval(() => {
    const embed = episodeEmbed();
    tries += 1;
    if ((embed && answered.has(embed.frame)) || tries > HANDSHAKE_TRIES) window.clearInterval(handshake);
    else if (embed?.kind === 'youtube') post(embed, { event: 'listening', id: 1, channel: 'widget' });
    // Spotify's embed says `ready` once, by itself, perhaps before this listened: it is taken as ready by now.
    else if (embed) markAnswered(embed);
  }, HANDSHAKE_MS);
  // Media events do not bubble; the document sees them while capturing.
  document.addEventListener('timeupdate', onMedia, true);
  document.addEventListener('seeked', onMedia, true);
  window.addEventListener('message', onMessage);
  return () => {
    window.clearInterval(handshake);
    document.removeEventListener('timeupdate', onMedia, true);
    document.removeEventListener('seeked', onMedia, true);
    window.removeEventListener('message', onMessage);
  };
}
