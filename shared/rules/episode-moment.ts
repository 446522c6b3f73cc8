/**
 * A moment of an episode as its page shows it: the words (`2:03`) and the `<time datetime>` (`PT123S`),
 * and how long the episode runs, for the player's chapter track.
 * Here, not in shared/content/, because the episode page runs in the browser too and content modules
 * stay out of the bundles (test/build/bundle-budget.test.ts).
 */

/** `1:02:03` for 3723 s, `2:03` under an hour: how a chapter list or a transcript shows a moment. */
export function formatMoment(totalSeconds: number): string {
  const whole = Math.floor(totalSeconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** The moment as an HTML duration, for `<time datetime>`: whole seconds, as the moment's link has them. */
export const momentDuration = (totalSeconds: number) => `PT${Math.floor(totalSeconds)}S`;

/** The moment a page address asks for: `?t=250`, else `#t=250` (paths.episodeMoment writes both); undefined when none. */
export function momentOf({ search, hash }: { search: string; hash: string }): number | undefined {
  const raw = new URLSearchParams(search).get('t') ?? /^#t=(.*)$/.exec(hash)?.[1];
  return raw && /^\d{1,6}$/.test(raw) ? Number(raw) : undefined;
}

/** Seconds of "47 min" (the only form the schema takes), or undefined. */
export function durationSeconds(duration: string): number | undefined {
  const match = /^(\d+) min$/.exec(duration);
  return match ? Number(match[1]) * 60 : undefined;
}

/**
 * How long the episode runs, as far as its content says (seconds): to its timed transcript's last
 * words or its duration, whichever is later; undefined when it has neither. The duration is rounded
 * to the minute, and a chapter may start within that minute: the episode then runs a minute past it.
 */
export function episodeLength({
  duration,
  chapters = [],
  transcriptEnd,
}: {
  duration: string;
  chapters?: readonly { start: number }[];
  transcriptEnd?: number;
}): number | undefined {
  const known = Math.max(transcriptEnd ?? 0, durationSeconds(duration) ?? 0);
  if (known === 0) return undefined;
  const lastStart = chapters.at(-1)?.start ?? 0;
  return lastStart < known ? known : lastStart + 60;
}
