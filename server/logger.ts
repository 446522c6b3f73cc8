import { createRequire } from 'node:module';
import pino from 'pino';
import type { Logger } from 'pino';

/**
 * JSON lines on stdout, one per event, everywhere except an interactive
 * development terminal, where pino-pretty (a dev dependency) makes them
 * readable.
 */
export function createLogger(options: { level: string; isProduction: boolean }): Logger {
  const wantPretty = !options.isProduction && process.stdout.isTTY;
  if (wantPretty && isInstalled('pino-pretty')) {
    return pino({ level: options.level, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } });
  }
  // Lines are written asynchronously, in batches while a write is under way,
  // instead of one blocking write per line: under load that is a share of
  // every request. pino flushes what is left synchronously when the process
  // exits, so a crash's last line still reaches stdout.
  return pino({ level: options.level }, pino.destination({ dest: 1, sync: false }));
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
