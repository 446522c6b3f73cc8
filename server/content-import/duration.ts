/**
 * `itunes:duration` as the pages show a duration: whole minutes, '45 min'.
 * Feeds write seconds ('2700', sometimes '2700.5'), 'mm:ss' or 'hh:mm:ss'
 * ('75:30' is read as minutes and seconds too). Rounded to the nearest minute,
 * at least 1; undefined for anything else, so the field is left out.
 */
/** The episode schema allows up to three digits. */
const MAX_MINUTES = 999;

export function secondsFromFeedDuration(raw: string | undefined): number | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const clock = /^(?:(\d+):)?(\d{1,3}):(\d{1,2}(?:\.\d+)?)$/.exec(value);
  if (!clock) return undefined;
  const [, hours, minutes, seconds] = clock;
  if (Number(seconds) >= 60 || (hours !== undefined && Number(minutes) >= 60)) return undefined;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}

export function durationFromFeed(raw: string | undefined): string | undefined {
  const seconds = secondsFromFeedDuration(raw);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return undefined;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes > MAX_MINUTES ? undefined : `${minutes} min`;
}
