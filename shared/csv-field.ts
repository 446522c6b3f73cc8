/**
 * One CSV cell, for every export (the ledgers' commands, server/cli/; the analytics report's tables,
 * server/analytics-report/). RFC 4180: quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would take for a formula (starting with =, +, -, @, a tab or a CR) starts with a '
 * instead, as OWASP's CSV injection advice has it, so it opens as the text that was sent (a phone
 * number "+44 …" reads "'+44 …", a search for "=HYPERLINK(…)" is that text, not a link).
 */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (RFC 4180 ends lines with CRLF), numbers as they are, null as an empty cell. */
export function csvLine(cells: readonly (string | number | boolean | null)[]): string {
  return `${cells.map((cell) => (cell === null ? '' : typeof cell === 'string' ? csvField(cell) : String(cell))).join(',')}\r\n`;
}
