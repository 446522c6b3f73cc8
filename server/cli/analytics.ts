/**
 * The analytics command (server/analytics/, decision 038), on the store the
 * server uses, from the same environment (PostgreSQL with DATABASE_URL, else
 * ANALYTICS_DIR: server/analytics/analytics-store.ts), built to
 * dist/cli/analytics.js:
 *
 *   npm run analytics -- report --from YYYY-MM-DD --to YYYY-MM-DD --json
 *
 * Exit codes: 0 done; 1 it could not be done (configuration, no store);
 * 2 the command was not understood.
 */
import { access } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { isDay } from '../analytics/day';
import { openAnalyticsStore } from '../analytics/analytics-store';
import { report } from '../analytics/report';
import { CommandError, commandConfig, out, runCommand, stderrLogger, UsageError } from './ledger-command';

const USAGE = `Usage: analytics report --from YYYY-MM-DD --to YYYY-MM-DD --json

  report   the figures of the days from --from to --to (UTC dates, both included) as one JSON
           object: visitors, page views, pages, channels, sources, campaigns, leads, 404s, bots.
           Visitors are counted per day: a person seen on two days is two.

The store is the server's: PostgreSQL when DATABASE_URL is set, else the files in ANALYTICS_DIR.`;

async function reportCommand(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: { from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { from, to } = values;
  if (!from || !to) throw new UsageError('report takes --from and --to');
  for (const [name, day] of [
    ['--from', from],
    ['--to', to],
  ] as const) {
    if (!isDay(day)) throw new UsageError(`${name} must be a date as YYYY-MM-DD (got "${day}")`);
  }
  if (from > to) throw new UsageError(`--from (${from}) is after --to (${to})`);
  if (!values.json) throw new UsageError('report prints JSON only for now: add --json');
  const config = commandConfig();
  if (!config.databaseUrl) {
    try {
      await access(config.analytics.dir);
    } catch {
      throw new CommandError(`No analytics store in ${config.analytics.dir} (ANALYTICS_DIR): nothing has been counted there`);
    }
  }
  const store = openAnalyticsStore(config, stderrLogger());
  try {
    out(JSON.stringify(await report(store, from, to), null, 2));
  } finally {
    await store.close();
  }
}

await runCommand(
  USAGE,
  async (args) => {
    const [command, ...rest] = args;
    if (command === 'report') return reportCommand(rest);
    if (command === 'help' || command === '--help') return out(USAGE);
    throw new UsageError(command ? `Unknown command: ${command}` : 'Which command?');
  },
  'Could not read the analytics store',
);
