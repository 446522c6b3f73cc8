/**
 * A real SMTP server on loopback (the `smtp-server` package) for the contact
 * form's tests: it keeps every message it accepts, parsed with `mailparser`,
 * and can be told to answer as a real one does on a bad day: a temporary
 * refusal (451), a permanent one (550), a slow answer, or no server at all
 * (stopped, then started again on the same port).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpMode = 'accept' | 'tempfail' | 'reject';

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO, as the server saw them. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Every DATA attempt, accepted or not. */
  attempts: number;
  setMode(mode: SmtpMode): void;
  /** Delay before the server answers the message's data. */
  setDelay(ms: number): void;
  /** Stops listening: connections are refused, as when the server is down. */
  stop(): Promise<void>;
  /** Listens again on the same port (nothing to do when it is listening). */
  start(): Promise<void>;
  /** Resolves once `count` messages have been accepted. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  let mode: SmtpMode = 'accept';
  let delay = 0;
  const received: ReceivedMail[] = [];
  const state = { attempts: 0 };
  const waiters: (() => void)[] = [];
  // A client that gave up (its time limit ran out during a delay) has closed its session: its mail was never
  // delivered, and must not be counted later, as a message of whichever test runs next.
  const closedSessions = new Set<string>();

  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onClose(session) {
        closedSessions.add(session.id);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          state.attempts += 1;
          // The answer the server was set to give when the mail arrived, whatever the next test sets meanwhile.
          const modeNow = mode;
          const answer = async () => {
            if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
            if (closedSessions.has(session.id)) return callback(smtpError('The client has gone', 421));
            if (modeNow === 'tempfail') return callback(smtpError('Mailbox temporarily unavailable, try again later', 451));
            if (modeNow === 'reject') return callback(smtpError('Relaying denied: no such recipient here', 550));
            const raw = Buffer.concat(chunks).toString('utf8');
            received.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((address) => address.address),
              },
              raw,
              parsed: await simpleParser(raw),
            });
            callback();
            for (const wake of waiters.splice(0)) wake();
          };
          void answer();
        });
      },
    });

  const listen = (current: SMTPServer, port: number) =>
    new Promise<void>((resolve, reject) => {
      current.server.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        current.server.off('error', reject);
        resolve();
      });
    });
  const close = (current: SMTPServer) => new Promise<void>((resolve) => current.close(() => resolve()));

  let server = make();
  let listening = true;
  await listen(server, 0);
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    get attempts() {
      return state.attempts;
    },
    setMode(next) {
      mode = next;
    },
    setDelay(ms) {
      delay = ms;
    },
    async stop() {
      if (!listening) return;
      listening = false;
      await close(server);
    },
    async start() {
      if (listening) return;
      server = make();
      await listen(server, port);
      listening = true;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} messages at the SMTP server, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    async close() {
      if (listening) await close(server);
      listening = false;
    },
  };
}
