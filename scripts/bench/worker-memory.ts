/**
 * npm run bench, last part: what a worker thread that renders pages would
 * hold (issue 35 asked whether a pool of them should make the renders;
 * decision 018). A worker cannot share the main thread's objects, so each
 * needs its own copy of the content, the search index, React and the routes.
 * This starts the built server in one worker thread, then in a second, and
 * prints what the second copy added to the process's RSS: a lower bound for
 * a render worker's (Express and the listener, which a render worker would
 * not need, are small beside the content and the index).
 *
 *   npx tsx scripts/bench/worker-memory.ts
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';

const SERVER = path.resolve('dist/server/index.js');
const rssMb = () => process.memoryUsage().rss / 1e6;

/** The built server in a worker thread, once it has answered a search (its index built, its shell made). */
async function siteInWorker(port: number): Promise<Worker> {
  const worker = new Worker(SERVER, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'error' },
  });
  for (let attempt = 0; attempt < 150; attempt++) {
    const answered = await fetch(`http://127.0.0.1:${port}/podcast?q=tax+planning`).then(
      async (res) => res.ok && (await res.arrayBuffer(), true),
      () => false,
    );
    if (answered) return worker;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server in a worker did not answer on port ${port}`);
}

const alone = rssMb();
const first = await siteInWorker(39_871);
const one = rssMb();
const second = await siteInWorker(39_872);
const two = rssMb();
console.log('\nWhat a copy of the site in a worker thread holds (RSS)');
console.log(`  this process alone      ${alone.toFixed(0)} MB`);
console.log(`  with one copy           ${one.toFixed(0)} MB`);
console.log(`  with a second copy      ${two.toFixed(0)} MB   (+${(two - one).toFixed(0)} MB per worker)`);
await Promise.all([first.terminate(), second.terminate()]);
