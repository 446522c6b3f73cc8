/**
 * The report at /admin/analytics as one static HTML page: no script, one stylesheet by href, written
 * by the admin's document skeleton (../admin/admin-document.ts). Each table shows its first rows and
 * links to its CSV, which has them all.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { adminDocument } from '../admin/admin-document';
import type { AnalyticsReport } from '../analytics/report';
import { ReportChart } from './report-chart';
import { displayDay, formatCell, formatCount } from './report-format';
import type { Range } from './report-range';
import { RANGES, rangeQuery } from './report-range';
import { REPORT_STYLESHEET_PATH } from './report-stylesheet';
import { reportTables } from './report-tables';
import type { ReportTable } from './report-tables';
import { words } from './report-words';

export const REPORT_PATH = '/admin/analytics';
export const REPORT_CSV_PATH = '/admin/analytics.csv';
export const REPORT_JSON_PATH = '/admin/analytics.json';
/** Rows a table shows on the page; its CSV has them all. */
export const PAGE_ROWS = 50;

function RangeLinks({ current }: { current?: Range['name'] }) {
  return (
    <nav aria-label={words.rangesLabel}>
      <ul className="ranges">
        {RANGES.map((name) => (
          <li key={name}>
            <a href={`${REPORT_PATH}?range=${name}`} {...(current === name ? { 'aria-current': 'page' as const } : {})}>
              {words.ranges[name]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RangeForm({ range }: { range: Range }) {
  return (
    <form method="get" action={REPORT_PATH} aria-labelledby="custom-range">
      <h2 id="custom-range" className="visually-hidden">
        {words.customRange}
      </h2>
      <label>
        {words.from}
        <input type="date" name="from" defaultValue={range.from} required aria-describedby="date-hint" />
      </label>
      <label>
        {words.to}
        <input type="date" name="to" defaultValue={range.to} required aria-describedby="date-hint" />
      </label>
      <button type="submit">{words.show}</button>
      <p id="date-hint" className="hint">
        {words.dateHint}
      </p>
    </form>
  );
}

function Table({ table, range, rows = PAGE_ROWS }: { table: ReportTable; range: Range; rows?: number }) {
  const headingId = `${table.id}-heading`;
  const shown = table.rows.slice(0, rows);
  return (
    <>
      {table.rows.length === 0 ? (
        <p>{words.noRows}</p>
      ) : (
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column.label} scope="col" className={column.kind === 'text' ? undefined : 'number'}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) => (
                  <td key={column} className={table.columns[column]!.kind === 'text' ? (column === 0 ? 'path' : undefined) : 'number'}>
                    {formatCell(cell, table.columns[column]!)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {table.rows.length > shown.length ? <p className="note">{words.showing(shown.length, table.rows.length)}</p> : null}
      <p className="download">
        <a href={`${REPORT_CSV_PATH}?table=${table.id}&${rangeQuery(range)}`}>
          {words.download} <span className="visually-hidden">{table.heading} </span>
          {words.asCsv}
        </a>
      </p>
    </>
  );
}

function TableSection({ table, range, note }: { table: ReportTable; range: Range; note?: string }) {
  return (
    <section aria-labelledby={`${table.id}-heading`}>
      <h2 id={`${table.id}-heading`}>{table.heading}</h2>
      {note ? <p className="note">{note}</p> : null}
      <Table table={table} range={range} />
    </section>
  );
}

function Report({ report, range }: { report: AnalyticsReport; range: Range }) {
  const tables = reportTables(report);
  const days = tables.find((table) => table.id === 'days')!;
  const leads = report.leads.reduce((sum, lead) => sum + lead.count, 0);
  return (
    <main>
      <h1>{words.title}</h1>
      <p>{words.rangeOf(displayDay(report.from), displayDay(report.to))}</p>
      <RangeLinks current={range.name} />
      <RangeForm range={range} />
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading">{words.summary}</h2>
        <dl className="totals">
          {(
            [
              [words.totals.visitors, report.visitors],
              [words.totals.pageviews, report.pageviews],
              [words.totals.leads, leads],
              [words.totals.bots, report.bots.total],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
        <p className="note">{words.method}</p>
      </section>
      <section aria-labelledby="chart-heading">
        <h2 id="chart-heading">{words.chart}</h2>
        <ReportChart series={report.series} />
        <details>
          <summary id={`${days.id}-heading`}>{days.heading}</summary>
          <Table table={days} range={range} rows={Number.MAX_SAFE_INTEGER} />
        </details>
      </section>
      {tables
        .filter((table) => table.id !== 'days')
        .map((table) => (
          <TableSection key={table.id} table={table} range={range} {...(table.id.startsWith('rates-') ? { note: words.rateNote } : {})} />
        ))}
    </main>
  );
}

export function reportPage(report: AnalyticsReport, range: Range): string {
  return adminDocument(
    words.title,
    [`<link rel="stylesheet" href="${REPORT_STYLESHEET_PATH}">`],
    ['<body>', renderToStaticMarkup(<Report report={report} range={range} />), '</body>'],
  );
}

export function refusalPage(error: string): string {
  return adminDocument(
    words.badRequest,
    [`<link rel="stylesheet" href="${REPORT_STYLESHEET_PATH}">`],
    [
      '<body>',
      renderToStaticMarkup(
        <main>
          <h1>{words.badRequest}</h1>
          <p>{error}</p>
          <p>{words.badRequestHint}</p>
          <RangeLinks />
        </main>,
      ),
      '</body>',
    ],
  );
}
