const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * 'June 10, 2025' → '2025-06-10' for <time dateTime>; undefined for anything
 * else. Pure string work (no Date, no time zone), so server and browser agree.
 */
export function isoDate(display: string): string | undefined {
  const match = /^([A-Z][a-z]+) (\d{1,2}), (\d{4})$/.exec(display.trim());
  if (!match) return undefined;
  const month = MONTHS.indexOf(match[1]!);
  const day = Number(match[2]);
  if (month < 0 || day < 1 || day > 31) return undefined;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

/** '2025-06-10' → 'June 10, 2025', the way the pages show a date. Pure string work, like isoDate. */
export function displayDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`Not an ISO date: ${iso}`);
  return `${month} ${Number(match[3])}, ${match[1]}`;
}
