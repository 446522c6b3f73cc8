/** How the report page writes its figures: counts grouped by thousands, rates as percentages, days as "1 Dec 2026". */
import type { Cell, Column } from './report-tables';
import { MONTHS, words } from './report-words';

export const formatCount = (value: number) => value.toLocaleString('en-US');

export function displayDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

export function formatCell(cell: Cell, column: Column): string {
  if (cell === null) return column.kind === 'rate' ? words.notAvailable : '';
  if (typeof cell === 'string') return cell;
  return column.kind === 'rate' ? `${(cell * 100).toFixed(1)}%` : formatCount(cell);
}
