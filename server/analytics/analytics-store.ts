/**
 * Where the counts are kept, chosen once from the configuration, as the
 * ledgers' storage is (server/forms/storage/storage.ts): PostgreSQL when
 * DATABASE_URL is set, shared by every instance (./postgres-store.ts), else
 * files under ANALYTICS_DIR (./file-store.ts). The server and
 * `npm run analytics` open it the same way, so the report reads what the
 * server wrote. Decisions 038 and 039.
 */
import type { Logger } from 'pino';
import type { AnalyticsConfig } from '../config/analytics';
import { openFileStore } from './file-store';
import { openPostgresStore } from './postgres-store';
import type { AnalyticsStore } from './store-contract';

export type { AnalyticsStore } from './store-contract';

export interface AnalyticsStoreConfig {
  analytics: Pick<AnalyticsConfig, 'enabled' | 'dir' | 'retentionMonths'>;
  databaseUrl?: string | undefined;
  rootDir: string;
}

export function openAnalyticsStore(config: AnalyticsStoreConfig, logger: Logger): AnalyticsStore {
  if (config.databaseUrl) {
    return openPostgresStore(config.databaseUrl, { logger, rootDir: config.rootDir, retentionMonths: config.analytics.retentionMonths });
  }
  return openFileStore(config.analytics.dir, config.analytics);
}
