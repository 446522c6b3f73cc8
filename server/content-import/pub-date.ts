/**
 * An item's `pubDate` (RFC 822, as RSS 2.0 writes it: 'Tue, 04 Mar 2025
 * 11:00:00 GMT') as the calendar date of an episode file, YYYY-MM-DD.
 *
 * The date is taken in UTC: the moment the feed names, read on a UTC calendar.
 * So 'Mon, 03 Mar 2025 22:00:00 -0500' is 2025-03-04. UTC is what the feed's
 * own clock says for most hosts, and it gives every machine the same answer.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** RFC 822's named zones, in hours from UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -5,
  EDT: -4,
  CST: -6,
  CDT: -5,
  MST: -7,
  MDT: -6,
  PST: -8,
  PDT: -7,
};

const RFC_822 =
  /^(?:[A-Za-z]{3,9},?\s+)?(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?\s*([A-Za-z]{1,4}|[+-]\d{2}:?\d{2})?$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
  const hours = ZONES[zone.toUpperCase()];
  return hours === undefined ? undefined : hours * 60;
}

/** YYYY-MM-DD in UTC, or undefined when the text is not a date. */
export function isoDateFromPubDate(raw: string | undefined): string | undefined {
  const value = raw?.trim().replace(/\s+/g, ' ');
  if (!value) return undefined;
  let time: number;
  const rfc = RFC_822.exec(value);
  if (rfc) {
    const [, day, monthName, yearText, hours, minutes, seconds, zone] = rfc;
    const month = MONTHS.indexOf(monthName!.slice(0, 3).toLowerCase());
    const offset = zoneOffsetMinutes(zone);
    if (month < 0 || offset === undefined) return undefined;
    const year = yearText!.length === 2 ? 2000 + Number(yearText) - (Number(yearText) > 69 ? 100 : 0) : Number(yearText);
    const local = Date.UTC(year, month, Number(day), Number(hours), Number(minutes), Math.floor(Number(seconds ?? 0)));
    // Date.UTC rolls 31 Feb over into March: a date that does not exist is not read.
    const check = new Date(local);
    if (check.getUTCDate() !== Number(day) || Number(hours) > 23 || Number(minutes) > 59) return undefined;
    time = local - offset * 60_000;
  } else if (ISO_8601.test(value)) {
    // Not RSS, but some generators write it; a date alone is that date.
    const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value.replace(' ', 'T').replace(/\s+/g, '');
    time = Date.parse(/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  } else {
    return undefined;
  }
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}
