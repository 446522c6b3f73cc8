/**
 * npm run content:import -- <feed.xml | https URL> [--dry-run] [--transcripts DIR] [--content DIR]
 * (in the container: node dist/cli/content-import.js …). Writes an episode
 * file for each feed item that has none yet (server/content-import/import-feed.ts).
 *
 * Exit codes: 0 done (every item created or skipped, one line each); 1 could
 * not be done: one line on stderr and no file written; 2 bad usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FetchError } from '../content-import/fetch-text';
import { ImportError, importFeed } from '../content-import/import-feed';
import { FeedError } from '../content-import/read-feed';

const NAME = 'content:import';
const USAGE = `usage: npm run ${NAME} -- <feed.xml | https URL> [--dry-run] [--transcripts DIR] [--content DIR]`;

function fail(message: string, code: 1 | 2): never {
  process.stderr.write(`${NAME}: ${message.replace(/\s*\n\s*/g, ' ')}\n${code === 2 ? `${USAGE}\n` : ''}`);
  process.exit(code);
}

let values: { 'dry-run'?: boolean; transcripts?: string; content?: string; help?: boolean };
let positionals: string[];
try {
  ({ values, positionals } = parseArgs({
    options: {
      'dry-run': { type: 'boolean' },
      transcripts: { type: 'string' },
      content: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  }));
} catch (error) {
  fail((error as Error).message, 2);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (positionals.length === 0) fail('which feed? Give a feed file or an https URL', 2);
if (positionals.length > 1) fail(`one feed at a time (got ${positionals.length}: ${positionals.join(' ')})`, 2);

try {
  const report = await importFeed(positionals[0]!, {
    contentDir: path.resolve(values.content ?? 'content'),
    dryRun: values['dry-run'] ?? false,
    ...(values.transcripts ? { transcriptsDir: path.resolve(values.transcripts) } : {}),
  });
  process.stdout.write(`${report.lines.join('\n')}\n`);
} catch (error) {
  if (error instanceof FeedError || error instanceof FetchError || error instanceof ImportError) fail(error.message, 1);
  // Never a stack trace: what went wrong, in one line, and nothing was written (writes come last and undo themselves).
  fail(`stopped by an unexpected error, nothing was written (${(error as Error)?.message ?? String(error)})`, 1);
}
