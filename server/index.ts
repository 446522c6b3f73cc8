/**
 * The process entry: read the configuration, listen, and shut down cleanly on
 * SIGTERM/SIGINT. Everything else lives in createApp.
 */
import { createApp } from './app';
import { ConfigError, parseConfig } from './config';
import type { AppConfig } from './config';
import { closeGracefully, createHttpServer, listen, SHUTDOWN_GRACE_MS } from './http-server';
import { createLogger } from './logger';

let config: AppConfig;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`Invalid configuration: ${error.message}\n`);
  process.exit(1);
}

const logger = createLogger({ level: config.logLevel, isProduction: config.isProduction });
const app = createApp(config, { logger });
const server = createHttpServer(app);

process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled promise rejection');
  process.exit(1);
});

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const outboxStopped = app.signUps.stop(); // newsletter retries stop; pending entries wait for the next start
    const drained = await closeGracefully(server, SHUTDOWN_GRACE_MS, logger);
    await outboxStopped;
    logger.info({ drained }, 'server closed');
    logger.flush();
    process.exit(drained ? 0 : 1);
  });
}

try {
  await listen(server, config.port, config.host);
} catch (error) {
  logger.fatal({ err: error, port: config.port, host: config.host }, 'could not listen');
  process.exit(1);
}
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
logger.info({ port, host: config.host, siteUrl: config.siteUrl }, `listening on http://localhost:${port}`);
