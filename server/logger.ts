import { createRequire } from 'node:module';
import pino from 'pino';
import type { Logger } from 'pino';

/**
 * JSON lines, one per event, everywhere except an interactive development
 * terminal, where pino-pretty (a dev dependency) makes them readable.
 */
export function createLogger(options: { level: string; isProduction: boolean }): Logger {
  const wantPretty = !options.isProduction && process.stdout.isTTY;
  if (wantPretty && isInstalled('pino-pretty')) {
    return pino({ level: options.level, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } });
  }
  return pino({ level: options.level });
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
