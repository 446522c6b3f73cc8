import { isoDate } from '../rules/display-date';

/** A content date such as 'June 10, 2025', machine-readable where it can be. */
export function DisplayDate({ date, className }: { date: string; className?: string }) {
  const dateTime = isoDate(date);
  return dateTime ? (
    <time className={className} dateTime={dateTime}>
      {date}
    </time>
  ) : (
    <span className={className}>{date}</span>
  );
}
