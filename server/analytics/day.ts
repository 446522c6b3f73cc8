/** The day a request is counted on: its UTC date, the same for every instance whatever its time zone. */
export type Day = string;

export function utcDay(timeMs: number = Date.now()): Day {
  return new Date(timeMs).toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" that is a real date (2026-02-30 is not). */
export function isDay(text: string): text is Day {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && utcDay(time) === text;
}
