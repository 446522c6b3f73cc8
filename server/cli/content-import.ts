/**
 * npm run content:import -- <feed.xml | https URL> [--dry-run] [--transcripts DIR] [--content DIR]
 * (in the container: node dist/cli/content-import.js …). Writes an episode
 * file for each feed item that has none yet. Exit 0 done, 1 could not be
 * done (one line on stderr, no file written), 2 bad usage.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { importFeed } from '../content-import/import-feed';
import { FeedError } from '../content-import/read-feed';

const USAGE = 'usage: npm run content:import -- <feed.xml | https URL> [--dry-run] [--transcripts DIR] [--content DIR]';

let parsed: ReturnType<typeof parseArgs<{ options: { 'dry-run': { type: 'boolean' }; transcripts: { type: 'string' }; content: { type: 'string' } }; allowPositionals: true }>>;
try {
  parsed = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, transcripts: { type: 'string' }, content: { type: 'string' } },
    allowPositionals: true,
  });
} catch (error) {
  process.stderr.write(`content:import: ${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (positionals.length !== 1) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

try {
  const report = await importFeed(positionals[0]!, {
    contentDir: path.resolve(values.content ?? 'content'),
    dryRun: values['dry-run'] ?? false,
    ...(values.transcripts ? { transcriptsDir: path.resolve(values.transcripts) } : {}),
  });
  process.stdout.write(`${report.lines.join('\n')}\n`);
} catch (error) {
  if (!(error instanceof FeedError)) throw error;
  process.stderr.write(`content:import: ${error.message}\n`);
  process.exit(1);
}
