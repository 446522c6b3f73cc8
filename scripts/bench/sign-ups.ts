/**
 * Part of npm run bench: how long a newsletter sign-up takes with each store
 * (server/forms/storage/storage.ts), the ledger file against PostgreSQL (fsync on in both),
 * on the built server:
 *
 * - "recorded": no provider, the sign-up is recorded and answered (one
 *   durable write);
 * - "delivered": a provider on loopback that accepts at once, so the
 *   sign-up is recorded, claimed, sent and settled (three writes) before the
 *   answer.
 *
 * One connection, one sign-up after another: the time a visitor waits. Then
 * ten connections: what the store sustains. Server CPU per response from
 * /proc. The issue's bar: PostgreSQL at most twice the file's time.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { FORM_ENDPOINT_PATH, startFormEndpoint } from '../local/fake-provider';
import { startPostgres } from '../local/postgres';
import { startServerProcess } from '../local/server-process';
import { median } from './median';
import { processCpuMicros } from './process-cpu';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REPEATS = 3;

let signUp = 0;
const nextBody = () => JSON.stringify({ email: `bench${(signUp += 1)}@example.com` });

async function measure(origin: string, pid: number, connections: number) {
  const run = () =>
    autocannon({
      url: origin,
      connections,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          path: '/api/subscribe',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request: object) => ({ ...request, body: nextBody() }),
        },
      ],
    });
  await autocannon({
    url: origin,
    connections,
    duration: 1,
    requests: [
      {
        method: 'POST',
        path: '/api/subscribe',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request: object) => ({ ...request, body: nextBody() }),
      },
    ],
  });
  const runs = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const cpuBefore = processCpuMicros(pid);
    const result = await run();
    runs.push({
      rps: result.requests.average,
      mean: result.latency.mean,
      p99: result.latency.p99,
      cpu: (processCpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total),
      failed: result.errors + result.timeouts + result.non2xx,
    });
  }
  return {
    rps: median(runs.map((r) => r.rps)),
    mean: median(runs.map((r) => r.mean)),
    p99: median(runs.map((r) => r.p99)),
    cpu: median(runs.map((r) => r.cpu)),
    failed: runs.reduce((sum, r) => sum + r.failed, 0),
  };
}

const postgres = await startPostgres({ durable: true });
const provider = await startFormEndpoint('success');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-sign-ups-'));
let databases = 0;
const stores = {
  file: async () => ({ NEWSLETTER_FILE: path.join(dir, `ledger-${(databases += 1)}.jsonl`) }),
  PostgreSQL: async () => ({ DATABASE_URL: await postgres.createDatabase(`bench_${(databases += 1)}`) }),
};
const modes = {
  recorded: {},
  delivered: { NEWSLETTER_LIST_ID: 'BenchList', NEWSLETTER_ENDPOINT: `${provider.origin}${FORM_ENDPOINT_PATH}` },
};

console.log(`\nNewsletter sign-ups (POST /api/subscribe, a new address each), ${SECONDS} s × ${REPEATS}, median; fsync on in both stores`);
console.log(
  `${'store, what happens before the answer'.padEnd(40)}${'1 conn: ms'.padStart(11)}${'req/s'.padStart(8)}${'10 conn: req/s'.padStart(16)}${'p99 ms'.padStart(8)}${'CPU µs/resp'.padStart(13)}${'failed'.padStart(8)}`,
);
let failures = 0;
const means = new Map<string, number>();
try {
  for (const [modeName, modeEnv] of Object.entries(modes)) {
    for (const [storeName, storeEnv] of Object.entries(stores)) {
      const server = await startServerProcess({
        env: { NEWSLETTER_RATE_LIMIT: '0', CONTACT_FILE: path.join(dir, 'messages.jsonl'), ...modeEnv, ...(await storeEnv()) },
        log: 'drop',
      });
      try {
        const one = await measure(server.origin, server.child.pid!, 1);
        const ten = await measure(server.origin, server.child.pid!, 10);
        failures += one.failed + ten.failed;
        means.set(`${modeName} ${storeName}`, one.mean);
        console.log(
          `${`${storeName}, ${modeName}`.padEnd(40)}${one.mean.toFixed(2).padStart(11)}${one.rps.toFixed(0).padStart(8)}${ten.rps.toFixed(0).padStart(16)}${String(ten.p99).padStart(8)}${ten.cpu.toFixed(0).padStart(13)}${String(one.failed + ten.failed).padStart(8)}`,
        );
      } finally {
        await server.stop('SIGTERM');
      }
    }
  }
} finally {
  await provider.close();
  await postgres.destroy();
}
for (const mode of Object.keys(modes)) {
  const ratio = means.get(`${mode} PostgreSQL`)! / means.get(`${mode} file`)!;
  console.log(`${mode}: a sign-up through PostgreSQL takes ${ratio.toFixed(2)}× the time through the file (one connection)`);
}
if (failures > 0) {
  console.error(`${failures} sign-ups failed or answered non-2xx`);
  process.exitCode = 1;
}
