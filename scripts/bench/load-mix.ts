/**
 * A mix of requests kept up at a number of connections, with a tally a
 * person can read: statuses by code, answers a route should not give (per
 * route), failed requests by kind (reset, refused, timeout, ...) and latency
 * percentiles. Used by `npm run load` (scripts/bench/load.ts) and by the
 * rolling-restart test (test/proxy/rolling-restart.test.ts).
 *
 * Each connection is a loop of one request at a time over a keep-alive
 * agent (node:http/https), so every request is accounted for: it gets an
 * answer, or it fails with an error that is counted. (autocannon, used by
 * `npm run bench`, silently re-sends a request whose connection the server
 * closed, which would hide exactly the failures this looks for.)
 */
import http from 'node:http';
import https from 'node:https';

export interface LoadTarget {
  /** Path and query. */
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Made afresh for every request (e.g. a new address per sign-up). */
  body?: () => string;
  /** Statuses this route may answer; anything else is unexpected. */
  expect: number[];
}

export interface LoadReport {
  seconds: number;
  connections: number;
  /** Requests sent (answered or failed). */
  requests: number;
  /** Answers received. */
  responses: number;
  byStatus: Record<string, number>;
  /** Per route, statuses outside its `expect`. */
  unexpected: Record<string, Record<string, number>>;
  unexpectedCount: number;
  /** Requests that got no answer, by kind (error code, or 'timeout'). */
  errors: Record<string, number>;
  errorCount: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** p99 per route, slowest first. */
  p99ByRoute: Array<{ route: string; p99: number }>;
}

export interface RunningLoad {
  /** Ends the run: no new requests; those in flight finish. */
  stop(): void;
  done: Promise<LoadReport>;
  /** Answers and failures so far. */
  progress(): { responses: number; errorCount: number };
}

class RequestTimeout extends Error {
  code = 'timeout';
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function startLoad(options: {
  origin: string;
  connections: number;
  targets: LoadTarget[];
  /** Seconds; without it the run lasts until stop(). */
  seconds?: number;
  timeoutSeconds?: number;
  /** A certificate to trust (a test's self-signed one). */
  ca?: string;
}): RunningLoad {
  const { origin, connections, targets } = options;
  const timeoutMs = (options.timeoutSeconds ?? 10) * 1000;
  const isHttps = origin.startsWith('https:');
  const agent = isHttps
    ? new https.Agent({ keepAlive: true, maxSockets: connections, ca: options.ca })
    : new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = isHttps ? https.request : http.request;

  const byStatus: Record<string, number> = {};
  const unexpected: Record<string, Record<string, number>> = {};
  const errors: Record<string, number> = {};
  const latencies: number[] = [];
  const routeLatencies = new Map<string, number[]>();
  let requests = 0;
  let responses = 0;
  let unexpectedCount = 0;
  let errorCount = 0;
  let running = true;
  const started = performance.now();

  function once(target: LoadTarget): Promise<void> {
    const body = target.body?.();
    const headers = { ...target.headers, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) };
    const began = performance.now();
    requests += 1;
    return new Promise<void>((resolve) => {
      let settled = false;
      const request = send(`${origin}${target.path}`, { method: target.method ?? 'GET', headers, agent }, (res) => {
        res.on('data', () => {});
        res.on('error', fail);
        res.on('end', () => {
          if (settled) return;
          settled = true;
          responses += 1;
          const took = performance.now() - began;
          latencies.push(took);
          const route = `${target.method ?? 'GET'} ${target.path}`;
          if (!routeLatencies.has(route)) routeLatencies.set(route, []);
          routeLatencies.get(route)!.push(took);
          const status = res.statusCode ?? 0;
          byStatus[status] = (byStatus[status] ?? 0) + 1;
          if (!target.expect.includes(status)) {
            unexpectedCount += 1;
            const route = `${target.method ?? 'GET'} ${target.path}`;
            unexpected[route] ??= {};
            unexpected[route][status] = (unexpected[route][status] ?? 0) + 1;
          }
          resolve();
        });
      });
      function fail(error: NodeJS.ErrnoException) {
        if (settled) return;
        settled = true;
        errorCount += 1;
        const kind = error.code ?? error.message;
        errors[kind] = (errors[kind] ?? 0) + 1;
        resolve();
      }
      request.setTimeout(timeoutMs, () => request.destroy(new RequestTimeout(`no answer within ${timeoutMs} ms`)));
      request.on('error', fail);
      request.end(body);
    });
  }

  async function connection(offset: number) {
    // Each connection starts at a different place in the mix.
    for (let i = offset; running; i++) await once(targets[i % targets.length]!);
  }

  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    running = false;
    clearTimeout(timer);
  };
  if (options.seconds !== undefined) timer = setTimeout(stop, options.seconds * 1000);

  const done = Promise.all(Array.from({ length: connections }, (_, n) => connection(n))).then((): LoadReport => {
    agent.destroy();
    const sorted = latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      seconds: (performance.now() - started) / 1000,
      connections,
      requests,
      responses,
      byStatus,
      unexpected,
      unexpectedCount,
      errors,
      errorCount,
      latencyMs: {
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? 0),
      },
      p99ByRoute: [...routeLatencies]
        .map(([route, times]) => ({
          route,
          p99: round(
            percentile(
              times.sort((a, b) => a - b),
              99,
            ),
          ),
        }))
        .sort((a, b) => b.p99 - a.p99),
    };
  });
  return { stop, done, progress: () => ({ responses, errorCount }) };
}

/** The report as a few lines of text. */
export function formatReport(report: LoadReport): string {
  const list = (record: Record<string, number>) =>
    Object.entries(record)
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ') || 'none';
  return [
    `${report.requests} requests in ${report.seconds.toFixed(1)} s at ${report.connections} connections (${(report.requests / report.seconds).toFixed(0)}/s)`,
    `statuses: ${list(report.byStatus)}`,
    `unexpected statuses: ${
      report.unexpectedCount === 0
        ? 'none'
        : Object.entries(report.unexpected)
            .map(([route, statuses]) => `${route} → ${list(statuses)}`)
            .join('; ')
    }`,
    `failed requests (no answer): ${report.errorCount}${report.errorCount ? ` (${list(report.errors)})` : ''}`,
    `latency: p50 ${report.latencyMs.p50} ms, p90 ${report.latencyMs.p90} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`,
    `slowest routes by p99: ${report.p99ByRoute
      .slice(0, 3)
      .map(({ route, p99 }) => `${route} ${p99} ms`)
      .join(', ')}`,
  ].join('\n');
}
