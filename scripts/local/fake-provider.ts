/**
 * Fake email providers: real HTTP servers on 127.0.0.1 that record every
 * request (method, path, query, headers, parsed body) and answer the way the
 * provider does, per mode. Switch modes between requests with setMode().
 *
 * The answers are our model of the provider (docs/newsletter.md lists the
 * assumptions); the code under test reads them exactly as it would the real
 * thing, over a real socket. The tests use it, and so do the benches
 * (scripts/bench/load.ts, sign-ups.ts), which is why it lives here.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** Form bodies as an object of fields, JSON bodies parsed, anything else the raw text. */
  body: unknown;
  /** The mode that answered it ('hang' for none). */
  answeredWith: string;
}

interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const json = (value: unknown) => JSON.stringify(value);

/** The legacy form endpoint (klaviyo-form). */
export const formEndpointReplies = {
  success: {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: json({ success: true, errors: [], data: { is_subscribed: false } }),
  },
  'already-subscribed': {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: json({ success: false, errors: ['This email address is already subscribed to this list.'] }),
  },
  rejected: {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: json({ success: false, errors: ['The email address <b>bounced</b> previously and cannot be added'] }),
  },
  'rejected-400': {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
    body: json({ success: false, errors: ['Invalid email address'] }),
  },
  unconfirmed: { status: 200, headers: { 'Content-Type': 'application/json' }, body: json({ errors: [] }) },
  'rate-limited': {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
    body: json({ detail: 'Request was throttled.' }),
  },
  'server-error': { status: 500, headers: { 'Content-Type': 'text/html' }, body: '<h1>Internal Server Error</h1>' },
  'not-json': { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<html><body>Thanks!</body></html>' },
  'not-found': { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<h1>Not Found</h1>' },
  hang: 'hang',
} satisfies Record<string, FakeReply | 'hang'>;

/** The current client subscriptions API (klaviyo-api). */
export const clientApiReplies = {
  success: { status: 202 },
  rejected: {
    status: 400,
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: json({
      errors: [
        {
          id: '5b1e8f2c-0000-4000-8000-000000000001',
          status: 400,
          code: 'invalid',
          title: 'Invalid input.',
          detail: 'Invalid email address',
          source: { pointer: '/data/attributes/profile/data/attributes/email' },
        },
      ],
    }),
  },
  'bad-list': {
    status: 400,
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: json({
      errors: [
        {
          id: '5b1e8f2c-0000-4000-8000-000000000002',
          status: 400,
          code: 'invalid',
          title: 'Invalid input.',
          detail: 'A list with the given id does not exist.',
          source: { pointer: '/data/relationships/list/data/id' },
        },
      ],
    }),
  },
  'bad-company': {
    status: 400,
    headers: { 'Content-Type': 'application/vnd.api+json' },
    body: json({
      errors: [
        { status: 400, code: 'invalid', title: 'Invalid input.', detail: 'Invalid company_id', source: { parameter: 'company_id' } },
      ],
    }),
  },
  'rate-limited': {
    status: 429,
    headers: { 'Content-Type': 'application/vnd.api+json', 'Retry-After': '12' },
    body: json({
      errors: [
        {
          status: 429,
          code: 'throttled',
          title: 'Request was throttled.',
          detail: 'Request was throttled. Expected available in 12 seconds.',
        },
      ],
    }),
  },
  'server-error': { status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'upstream exploded' },
  hang: 'hang',
} satisfies Record<string, FakeReply | 'hang'>;

export type FormEndpointMode = keyof typeof formEndpointReplies;
export type ClientApiMode = keyof typeof clientApiReplies;

function parseBody(contentType: string | undefined, raw: string): unknown {
  if (contentType?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  if (contentType && /json/.test(contentType)) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

export interface FakeProvider<Mode extends string> {
  origin: string;
  requests: RecordedRequest[];
  setMode: (mode: Mode) => void;
  /** Wait this long before answering (for the browser's 'Subscribing...' state). */
  setDelay: (ms: number) => void;
  /** The most requests it has had open at once. */
  peakInFlight: () => number;
  /** Stops listening (connections are refused) until up() listens again on the same port. */
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

async function startFake<Mode extends string>(replies: Record<Mode, FakeReply | 'hang'>, initial: Mode): Promise<FakeProvider<Mode>> {
  const requests: RecordedRequest[] = [];
  let mode: Mode = initial;
  let delayMs = 0;
  let open = 0;
  let peak = 0;
  const server = http.createServer(async (req, res) => {
    open += 1;
    peak = Math.max(peak, open);
    res.once('close', () => (open -= 1));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody,
      body: parseBody(req.headers['content-type'], rawBody),
      answeredWith: mode,
    });
    const reply = replies[mode];
    if (reply === 'hang') return; // never answers; close() cuts the socket
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.writeHead(reply.status, reply.headers ?? {});
    res.end(reply.body ?? '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  let listening = true;
  const stopListening = async () => {
    if (!listening) return;
    listening = false;
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    peakInFlight: () => peak,
    down: stopListening,
    up: async () => {
      if (listening) return;
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
      listening = true;
    },
    close: stopListening,
  };
}

/** The legacy form endpoint; its URL is `${origin}${FORM_ENDPOINT_PATH}`. */
export const FORM_ENDPOINT_PATH = '/ajax/subscriptions/subscribe';
export function startFormEndpoint(initial: FormEndpointMode = 'success') {
  return startFake<FormEndpointMode>(formEndpointReplies, initial);
}

/** The client subscriptions API; its origin is NEWSLETTER_API_URL. */
export function startClientApi(initial: ClientApiMode = 'success') {
  return startFake<ClientApiMode>(clientApiReplies, initial);
}

/** A loopback URL nobody listens on: connecting to it is refused. */
export async function refusedUrl(path = FORM_ENDPOINT_PATH): Promise<string> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}${path}`;
}

/** How many times the form endpoint accepted each address (in lower case). */
export function acceptedPerAddress(fake: FakeProvider<FormEndpointMode>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const req of fake.requests) {
    if (req.answeredWith !== 'success') continue;
    const email = String((req.body as { email: string }).email).toLowerCase();
    counts.set(email, (counts.get(email) ?? 0) + 1);
  }
  return counts;
}
