import { createRequire } from 'node:module';
import pino from 'pino';
import type { Logger } from 'pino';

/** About sixteen request lines per write under load. */
const LOG_BATCH_BYTES = 4096;
/** The longest a line waits in the buffer when traffic is light. */
const LOG_FLUSH_MS = 100;

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
  // Lines are written asynchronously and in batches of LOG_BATCH_BYTES (or
  // every LOG_FLUSH_MS, whichever comes first), instead of one write per
  // line: each write is a hand-off to libuv's thread pool, and one per
  // request was a fifth of the CPU of a page from memory (decision 015).
  // pino writes what is still buffered synchronously when the process exits,
  // so a crash's last lines still reach stdout; a clean shutdown waits for
  // every line (closeLogger).
  return pino(
    { level: options.level },
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** What closeLogger needs of pino's asynchronous destination (a SonicBoom). */
interface Destination {
  end(): void;
  once(event: 'close', listener: () => void): unknown;
  destroyed: boolean;
}

/**
 * Resolves once every line logged so far has reached stdout (or after
 * `withinMs`, so a stuck reader of stdout cannot hold the exit): the last
 * step of a shutdown. pino's exit hook alone writes what is queued, but not a
 * batch already handed to a background write, which process.exit() can cut
 * off: under load on SIGTERM that was the last request lines. Nothing may be
 * logged afterwards.
 */
export function closeLogger(logger: Logger, withinMs: number): Promise<void> {
  const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as Partial<Destination> | undefined;
  if (typeof destination?.end !== 'function' || typeof destination.once !== 'function' || destination.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, withinMs);
    destination.once!('close', () => {
      clearTimeout(timer);
      resolve();
    });
    destination.end!();
  });
}

function isInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}
