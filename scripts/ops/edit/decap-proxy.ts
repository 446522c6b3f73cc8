/**
 * Talking to decap-server on its private loopback port, for the proxy
 * npm run edit puts in front of it (../edit.ts): a free port to start it on,
 * waiting until it answers, and one request passed on whole, with the
 * session's branch named in it.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EditStop } from './edit-stop';

export const LOOPBACK = '127.0.0.1';
/** decap-server itself accepts 50 MB (a media upload in base64). */
const BODY_LIMIT = 60 * 1024 * 1024;

interface Answer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) req.destroy(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Sends one request on to decap-server and reads its whole answer. */
export function forward(port: number, req: http.IncomingMessage, body: Buffer): Promise<Answer> {
  const headers = { ...req.headers, host: `${LOOPBACK}:${port}`, 'content-length': String(body.length) };
  delete headers['transfer-encoding'];
  delete headers.connection;
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ host: LOOPBACK, port, method: req.method, path: req.url, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const answerHeaders: http.OutgoingHttpHeaders = { ...incoming.headers };
        delete answerHeaders['transfer-encoding'];
        delete answerHeaders.connection;
        delete answerHeaders['keep-alive'];
        resolve({ status: incoming.statusCode ?? 502, headers: answerHeaders, body: Buffer.concat(chunks) });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The CMS config's `branch` is fixed; the session's branch is whatever was checked out. */
export function withBranch(body: Buffer, branch: string): { body: Buffer; action?: string } {
  try {
    const request = JSON.parse(body.toString('utf8')) as { action?: unknown; params?: unknown };
    const action = typeof request.action === 'string' ? request.action : undefined;
    if (request.params && typeof request.params === 'object' && 'branch' in request.params) {
      (request.params as { branch: unknown }).branch = branch;
      return { body: Buffer.from(JSON.stringify(request)), ...(action ? { action } : {}) };
    }
    return { body, ...(action ? { action } : {}) };
  } catch {
    return { body };
  }
}

/** A port nothing listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = http.createServer();
    probe.once('error', reject);
    probe.listen(0, LOOPBACK, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForDecap(port: number, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new EditStop(`decap-server stopped at start-up (exit ${child.exitCode ?? child.signalCode}); see its lines above.`);
    try {
      const answer = await fetch(`http://${LOOPBACK}:${port}/api/v1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'info', params: {} }),
      });
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new EditStop(`decap-server did not answer on ${LOOPBACK}:${port} within ${timeoutMs / 1000} s.`);
}
