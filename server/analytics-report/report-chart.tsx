/**
 * Visitors and page views per day, drawn on the server as SVG (no script): one small chart per figure,
 * as their scales differ tenfold. Each is an image named by its <title>; the page's table of the same
 * days is what a screen reader reads for the figures themselves.
 */
import type { AnalyticsReport } from '../analytics/report';
import { displayDay, formatCount } from './report-format';
import { words } from './report-words';

const [WIDTH, HEIGHT] = [720, 180];
const [LEFT, RIGHT, TOP, BOTTOM] = [64, 12, 10, 26];

function DayChart({
  id,
  series,
  figure,
  label,
}: {
  id: string;
  series: AnalyticsReport['series'];
  figure: 'visitors' | 'pageviews';
  label: string;
}) {
  const values = series.map((day) => day[figure]);
  const max = Math.max(1, ...values);
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (index: number) => LEFT + (series.length > 1 ? (index * plotWidth) / (series.length - 1) : plotWidth / 2);
  const y = (value: number) => TOP + plotHeight * (1 - value / max);
  const line = values.map((value, index) => `${index ? 'L' : 'M'}${x(index).toFixed(1)} ${y(value).toFixed(1)}`).join(' ');
  const baseline = TOP + plotHeight;
  const area = `${line} L${x(values.length - 1).toFixed(1)} ${baseline} L${x(0).toFixed(1)} ${baseline} Z`;
  const first = series[0]!.day;
  const last = series[series.length - 1]!.day;
  const titleId = `${id}-title`;
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{words.chartOf(label, displayDay(first), displayDay(last), formatCount(max))}</title>
      <line className="grid" x1={LEFT} x2={WIDTH - RIGHT} y1={TOP} y2={TOP} />
      <line className="axis" x1={LEFT} x2={WIDTH - RIGHT} y1={baseline} y2={baseline} />
      <line className="axis" x1={LEFT} x2={LEFT} y1={TOP} y2={baseline} />
      <path className={`area-${figure}`} d={area} />
      <path className={`line-${figure}`} d={line} />
      <g aria-hidden="true">
        <text x={LEFT - 6} y={TOP + 4} textAnchor="end">
          {formatCount(max)}
        </text>
        <text x={LEFT - 6} y={baseline} textAnchor="end">
          0
        </text>
        <text x={LEFT} y={HEIGHT - 6}>
          {displayDay(first)}
        </text>
        <text x={WIDTH - RIGHT} y={HEIGHT - 6} textAnchor="end">
          {displayDay(last)}
        </text>
        <text x={LEFT + 8} y={TOP + 14}>
          {label}
        </text>
      </g>
    </svg>
  );
}

export function ReportChart({ series }: { series: AnalyticsReport['series'] }) {
  if (series.length === 0) return <p>{words.chartEmpty}</p>;
  return (
    <>
      <DayChart id="chart-visitors" series={series} figure="visitors" label={words.totals.visitors} />
      <DayChart id="chart-pageviews" series={series} figure="pageviews" label={words.totals.pageviews} />
    </>
  );
}
