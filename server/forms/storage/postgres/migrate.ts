/**
 * The schema, from plain versioned SQL files (./migrations/NNN_name.sql),
 * applied in order at start. Every replica runs this when it first needs the
 * database; all of it happens in one transaction under an advisory lock, so
 * two replicas starting together apply each file once, and a file that fails
 * leaves nothing half-applied. A file, once released, is never edited: a
 * change is a new file.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import { inTransaction } from './transaction';

/** Where the built server finds the files, under its root: the build copies them there (scripts/build/build.ts). */
export const MIGRATIONS_DIR = 'dist/migrations';

/** Any fixed number: every replica takes the same lock. */
const MIGRATION_LOCK = 0x4842_4c47; // "HBLG"
const FILE_NAME = /^(\d{3})_[a-z0-9_]+\.sql$/;

export async function migrationFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Error(`no database schema at ${dir}: run npm run build`);
    throw error;
  });
  return names.filter((name) => FILE_NAME.test(name)).sort();
}

/** Applies the files not yet applied; resolves with their versions. */
export async function migrate(pool: pg.Pool, dir: string, logger: Logger): Promise<string[]> {
  const files = await migrationFiles(dir);
  const applied = await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((row) => row.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (done.has(version)) continue;
      await client.query(await readFile(path.join(dir, file), 'utf8'));
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
  if (applied.length > 0) logger.info({ applied }, 'database schema migrated');
  return applied;
}
