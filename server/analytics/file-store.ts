/**
 * The analytics store on files (ANALYTICS_DIR), owner-only, safe for several
 * processes on one volume (docs/decisions/038-analytics-counting.md):
 *
 *   salt/<day>.key          the day's 16 random bytes, made once under salt.lock by
 *                           whichever process needs it first; deleted 48 h after its day began
 *   batches/<day>/<id>.jsonl each process appends its own file, one batch a line, so
 *                           no two processes write one file; the day's raw visitor keys
 *                           live only here, and only until the day is rolled up
 *   days/<day>.json         the day's figures (./day-aggregate.ts), no key in them,
 *                           kept ANALYTICS_RETENTION_MONTHS
 *
 * A day is rolled up once it has been over for ROLL_UP_GRACE_MS (late batches
 * from requests that began before midnight), under days.lock: its batches
 * merged into days/<day>.json, written by rename, then deleted. A batch
 * appended twice (a write retried after it landed) is merged once, by its id.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { syncDirectory } from '../forms/storage/directory-sync';
import { withFileLock } from '../forms/storage/file-lock';
import type { DayBatch } from './counts';
import { aggregateDay } from './day-aggregate';
import type { DayAggregate } from './day-aggregate';
import { isDay } from './day';
import { writeDurably } from './spool';
import type { Day } from './day';
import { oldestKept, rollUpDue, saltExpired, uniqueBatches } from './store-contract';
import type { AnalyticsStore } from './store-contract';

export type { AnalyticsStore } from './store-contract';
export { ROLL_UP_GRACE_MS } from './store-contract';

async function ownerOnlyDir(dir: string) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // mkdir's mode is cut by the umask and leaves an existing folder as it was.
  await chmod(dir, 0o700);
}

async function listDays(dir: string, suffix = ''): Promise<Day[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return names
    .filter((name) => name.endsWith(suffix))
    .map((name) => name.slice(0, name.length - suffix.length))
    .filter(isDay)
    .sort();
}

/** A crash can leave a last line cut short: it is skipped, as the ledgers skip a torn record. */
function parseBatches(text: string): DayBatch[] {
  return text
    .split('\n')
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as DayBatch];
      } catch {
        return [];
      }
    });
}

export function openFileStore(dir: string, options: { retentionMonths: number }): AnalyticsStore {
  const saltDir = path.join(dir, 'salt');
  const batchDir = path.join(dir, 'batches');
  const dayDir = path.join(dir, 'days');
  // One file per process and start: a restarted process never appends to a file another may hold open.
  const processId = `${hostname().replace(/[^A-Za-z0-9.-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const salts = new Map<Day, Buffer>();

  async function readBatches(day: Day): Promise<DayBatch[]> {
    const folder = path.join(batchDir, day);
    const files = await readdir(folder).catch(() => [] as string[]);
    const texts = await Promise.all(
      files.filter((name) => name.endsWith('.jsonl')).map((name) => readFile(path.join(folder, name), 'utf8')),
    );
    return uniqueBatches(texts.flatMap(parseBatches));
  }

  async function readDay(day: Day): Promise<DayAggregate | undefined> {
    try {
      return JSON.parse(await readFile(path.join(dayDir, `${day}.json`), 'utf8')) as DayAggregate;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async function writeDay(aggregate: DayAggregate) {
    await ownerOnlyDir(dayDir);
    await writeDurably(path.join(dayDir, `${aggregate.day}.json`), JSON.stringify(aggregate));
  }

  async function rollUp(day: Day) {
    const batches = await readBatches(day);
    if (batches.length === 0) return;
    await writeDay(aggregateDay(day, batches, await readDay(day)));
    await rm(path.join(batchDir, day), { recursive: true, force: true });
  }

  return {
    where: dir,

    async salt(day) {
      const known = salts.get(day);
      if (known) return known;
      await ownerOnlyDir(saltDir);
      const file = path.join(saltDir, `${day}.key`);
      const salt = await withFileLock(path.join(dir, 'salt'), async () => {
        try {
          return await readFile(file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
        const made = randomBytes(16);
        await writeFile(file, made, { mode: 0o600, flag: 'wx' });
        await syncDirectory(saltDir);
        return made;
      });
      if (salt.length !== 16) throw new Error(`${file} is not a salt of 16 bytes: delete it and a new one is made`);
      salts.set(day, salt);
      return salt;
    },

    async append(batches) {
      for (const batch of batches) {
        const folder = path.join(batchDir, batch.day);
        await ownerOnlyDir(batchDir);
        await ownerOnlyDir(folder);
        const handle = await open(path.join(folder, `${processId}.jsonl`), 'a', 0o600);
        try {
          await handle.write(`${JSON.stringify(batch)}\n`);
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
    },

    async maintain(now = Date.now()) {
      await ownerOnlyDir(dir);
      await withFileLock(path.join(dir, 'days'), async () => {
        for (const day of await listDays(batchDir)) {
          if (rollUpDue(day, now)) await rollUp(day);
        }
        const oldest = oldestKept(now, options.retentionMonths);
        for (const day of await listDays(dayDir, '.json')) {
          if (day < oldest) await rm(path.join(dayDir, `${day}.json`), { force: true });
        }
      });
      for (const day of await listDays(saltDir, '.key')) {
        if (saltExpired(day, now)) {
          await rm(path.join(saltDir, `${day}.key`), { force: true });
          salts.delete(day);
        }
      }
    },

    async days(from, to) {
      const found = new Set([...(await listDays(dayDir, '.json')), ...(await listDays(batchDir))]);
      const wanted = [...found].filter((day) => day >= from && day <= to).sort();
      const result: DayAggregate[] = [];
      for (const day of wanted) {
        const [kept, batches] = await Promise.all([readDay(day), readBatches(day)]);
        result.push(batches.length ? aggregateDay(day, batches, kept) : kept!);
      }
      return result;
    },

    close: async () => undefined,
  };
}
