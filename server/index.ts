/**
 * The process entry: read the configuration, listen, and shut down cleanly on
 * SIGTERM/SIGINT. Everything else lives in createApp.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from './app';
import { archiveAfterStart } from './archive/archive-site';
import { bindAfterArchive } from './approvals/bind-after-archive';
import { ConfigError, parseConfig } from './config';
import { ContentError } from './content/load-content';
import { ContentUnavailable } from './content-sync/content-follower';
import type { AppConfig } from './config';
import { closeGracefully, createHttpServer, FINISH_IN_FLIGHT_MS, listen } from './http/http-server';
import { siteListener } from './http/fast-lane';
import { closeLogger, createLogger } from './logger';
import { createMetrics, metricsListener } from './http/metrics';

let config: AppConfig;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Invalid configuration: ${error.message}\n`);
  process.exit(1);
}

const logger = createLogger({ level: config.logLevel, isProduction: config.isProduction });
// Metrics only when asked for, on their own port: the public port never serves them.
const metrics = config.metricsPort === undefined ? undefined : await createMetrics();
let app: ReturnType<typeof createApp>;
try {
  app = createApp(config, { logger, metrics });
} catch (error) {
  // A broken content file: say what is wrong, once, and do not serve a broken site.
  if (!(error instanceof ContentError)) throw error;
  process.stderr.write(`Not started: ${error.message}\n`);
  process.exit(1);
}
// CONTENT_REPO: the branch's head (or the last good commit held) is served from the first request on.
try {
  await app.contentSync?.start();
} catch (error) {
  if (!(error instanceof ContentUnavailable)) throw error;
  process.stderr.write(`Not started: ${error.message}\n`);
  process.exit(1);
}
const server = createHttpServer(siteListener(app, config));
const metricsServer = metrics ? createHttpServer(metricsListener(metrics.registry)) : undefined;

process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled promise rejection');
  process.exit(1);
});

/**
 * SIGTERM (an orchestrator, `docker stop`): leave the proxy's rotation for
 * DRAIN_SECONDS while still answering (server/http/readiness.ts), then stop
 * accepting, finish what is in flight and exit 0. SIGINT (Ctrl-C in a
 * terminal) skips the leaving. A second signal changes nothing.
 */
let shuttingDown = false;
/** The longest the exit waits for stdout to take the last lines. */
const LOG_CLOSE_MS = 500;
async function shutDown(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  const leaveMs = signal === 'SIGTERM' ? config.drainSeconds * 1000 : 0;
  logger.info({ signal, leaveMs }, 'shutting down: leaving the rotation, then finishing requests in flight');
  const outboxStopped = app.outbox.stop(); // retries stop; pending sign-ups and messages wait for the next start
  app.readiness.leave();
  await sleep(leaveMs);
  logger.info('no longer accepting connections');
  const closing = performance.now();
  const drained = await closeGracefully(server, FINISH_IN_FLIGHT_MS, logger);
  await outboxStopped;
  // Every request has been answered: what they counted is written before the store closes.
  await app.analytics?.stop().catch((error: unknown) => logger.error({ err: error }, 'analytics: the last counts could not be written'));
  await app.contentSync?.stop();
  await app.storage.close(); // the database's connections, when DATABASE_URL is set
  logger.info({ drained, leaveMs, finishMs: Math.round(performance.now() - closing) }, 'server closed');
  // Every request's line, and the one above, on stdout before the exit.
  await closeLogger(logger, LOG_CLOSE_MS);
  process.exit(drained ? 0 : 1);
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);

try {
  await listen(server, config.port, config.host);
  if (metricsServer) await listen(metricsServer, config.metricsPort!, config.host);
} catch (error) {
  logger.fatal({ err: error, port: config.port, metricsPort: config.metricsPort, host: config.host }, 'could not listen');
  process.exit(1);
}
const portOf = (listening: typeof server) => {
  const address = listening.address();
  return typeof address === 'object' && address ? address.port : undefined;
};
const port = portOf(server) ?? config.port;
// Counting visits: the day's salt, the hourly roll-up, a write of the counts every few seconds.
app.analytics?.start();
logger.info(
  { port, host: config.host, siteUrl: config.siteUrl, metricsPort: metricsServer && portOf(metricsServer) },
  `listening on http://localhost:${port}`,
);

// With DATABASE_URL: connect and bring the schema up to date now, not at the
// first sign-up, and say whether that worked. Not fatal: pages need no database,
// and forms answer 503 (and /readyz 503) until it is reachable.
if (app.storage.kind === 'postgres') {
  void app.storage.problem().then((problem) => {
    if (problem) logger.error({ problem }, 'database not reachable at start; sign-ups and messages are refused until it is');
    else logger.info('database ready: schema up to date');
  });
}

// Books and records (ARCHIVE_DIR): the server captures itself through its own
// port, in the background, once it is serving.
if (config.archiveDir) {
  const ownHost =
    config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const target = { dir: config.archiveDir, origin: `http://${ownHost}:${port}`, rootDir: config.rootDir, logger };
  // One capture at a time: each version that goes live is archived, named by its commit, after the one before,
  // and the commit bound to its WARC in the approval record (ARCHIVE_DIR/approvals.jsonl).
  const archiveServed = (commit: string | undefined) =>
    archiveAfterStart({ ...target, contentCommit: commit }).then((outcome) =>
      bindAfterArchive({ dir: target.dir, commit, outcome, logger }),
    );
  let archived = archiveServed(app.contentSync?.status().served?.commit);
  app.contentSync?.onServed((contentCommit) => {
    archived = archived.then(() => archiveServed(contentCommit));
  });
}
