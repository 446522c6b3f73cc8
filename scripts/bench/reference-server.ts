/**
 * A reference for the benchmark: replays recorded responses (status, headers,
 * bytes) from memory, doing nothing else. `express` is the framework's floor,
 * `node` the machine's. Usage: bench-reference.ts express|node FIXTURES.json
 * Prints the port it listens on.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const [kind, fixturesFile] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(fixturesFile!, 'utf8')) as Record<string, RecordedResponse>;
const responses = new Map(
  Object.entries(recorded).map(([url, response]) => [url, { ...response, body: Buffer.from(response.body, 'base64') }]),
);

const notFound = { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('not recorded') };

let server: http.Server;
if (kind === 'express') {
  const app = express();
  app.disable('x-powered-by');
  app.get('/{*path}', (req, res) => {
    const response = responses.get(req.originalUrl) ?? notFound;
    res.status(response.status).set(response.headers).end(response.body);
  });
  server = http.createServer(app);
} else {
  server = http.createServer((req, res) => {
    const response = responses.get(req.url ?? '') ?? notFound;
    res.writeHead(response.status, response.headers).end(response.body);
  });
}
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
