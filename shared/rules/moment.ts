/**
 * How a page shows a moment of an episode (a chapter's start, a transcript passage's time): a
 * rule both sides run, kept apart from the content modules so a browser bundle carries only it.
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
