/**
 * `itunes:duration` as the pages show a duration: whole minutes, '45 min'.
 * Feeds write seconds ('2700'), 'mm:ss' or 'hh:mm:ss'.
 */
export function durationFromFeed(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value || !/^\d+(\.\d+)?$|^\d+(:\d{1,2}){1,2}$/.test(value)) return undefined;
  const seconds = value.includes(':')
    ? value.split(':').reduce((total, part) => total * 60 + Number(part), 0)
    : Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return `${Math.max(1, Math.round(seconds / 60))} min`;
}
