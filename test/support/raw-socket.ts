/**
 * HTTP over a bare TCP socket, for requests no HTTP client would send: bytes
 * exactly as given, answers read until the server closes the connection.
 */
import net from 'node:net';

export interface RawAnswer {
  /** 0 when the server closed without answering. */
  status: number;
  head: string;
  body: string;
  /** Milliseconds until the server closed the connection. */
  closedAfterMs: number;
}

function parse(raw: Buffer, closedAfterMs: number): RawAnswer {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const head = end === -1 ? text : text.slice(0, end);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  return { status, head, body: end === -1 ? '' : raw.subarray(end + 4).toString('utf8'), closedAfterMs };
}

/** Sends `request` (ask for `Connection: close` in it) and resolves when the server closes the connection. */
export function rawExchange(port: number, request: string | Buffer, options: { timeoutMs?: number } = {}): Promise<RawAnswer> {
  return trickle(port, [request], { ...options, intervalMs: 0 });
}

/** Sends the pieces one by one, `intervalMs` apart, for as long as the server keeps the connection open. */
export function trickle(
  port: number,
  pieces: Array<string | Buffer>,
  options: { intervalMs: number; timeoutMs?: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    let timer: NodeJS.Timeout | undefined;
    const limit = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for over ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {
      /* a reset after the answer still ends the exchange */
    });
    socket.on('close', () => {
      clearTimeout(limit);
      clearTimeout(timer);
      resolve(parse(Buffer.concat(chunks), performance.now() - started));
    });
    let next = 0;
    const sendNext = () => {
      if (socket.destroyed || next >= pieces.length) return;
      socket.write(pieces[next++]!);
      timer = setTimeout(sendNext, options.intervalMs);
    };
    socket.once('connect', sendNext);
  });
}
