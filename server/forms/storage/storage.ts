/**
 * Where what visitors send is kept, chosen once from the configuration:
 *
 * - no DATABASE_URL (the embedded default, one host): the ledger files
 *   NEWSLETTER_FILE and CONTACT_FILE, and rate limits in each process's memory;
 * - DATABASE_URL (several hosts, or a managed database): PostgreSQL tables,
 *   and rate limits shared by every replica.
 *
 * The outbox, the handlers and the operator's commands only see the stores
 * (outbox/record-store.ts); docs/scaling-out.md says which to run when.
 */
import type { Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { messageKind, openMessageLedger } from '../contact/message-ledger';
import type { MessageStore } from '../contact/message-ledger';
import { openDatabase } from './postgres/database';
import type { Database } from './postgres/database';
import { PostgresRateLimitStore } from './postgres/rate-limit-store';
import { PostgresRenderBudgetStore } from './postgres/render-budget-store';
import { CONTACT_MESSAGES_TABLE, SIGN_UPS_TABLE, TableStore } from './postgres/table-store';
import { openSignUpLedger, signUpKind } from '../newsletter/sign-up-ledger';
import type { SignUpStore } from '../newsletter/sign-up-ledger';

export interface Storage {
  /** 'file' or 'postgres', for log lines. */
  readonly kind: 'file' | 'postgres';
  signUps: SignUpStore;
  messages: MessageStore;
  /** A rate-limit store shared by the replicas, one per limiter; undefined: each process counts in memory. */
  rateLimitStore(limiter: string): Store | undefined;
  /** The render budget's buckets shared by the replicas (server/pages/render-admission.ts); undefined: in memory. */
  renderBudgetStore(): PostgresRenderBudgetStore | undefined;
  /** Undefined when records can be kept now, else why not (for /readyz). */
  problem(): Promise<string | undefined>;
  /** With DATABASE_URL: statements on the shared database, its schema up to date (the followed content's record uses it). */
  database?: Pick<Database, 'query'>;
  close(): Promise<void>;
}

/** How long /readyz waits for the database. */
const READY_CHECK_MS = 2_000;

export function openStorage(config: Pick<AppConfig, 'databaseUrl' | 'newsletter' | 'contact' | 'rootDir'>, logger: Logger): Storage {
  if (!config.databaseUrl) {
    return {
      kind: 'file',
      signUps: openSignUpLedger({ file: config.newsletter.file, logger }),
      messages: openMessageLedger({ file: config.contact.file, logger }),
      rateLimitStore: () => undefined,
      renderBudgetStore: () => undefined,
      problem: async () => undefined,
      close: async () => undefined,
    };
  }
  const db = openDatabase(config.databaseUrl, { logger, rootDir: config.rootDir });
  return {
    kind: 'postgres',
    signUps: new TableStore(signUpKind, SIGN_UPS_TABLE, db),
    messages: new TableStore(messageKind, CONTACT_MESSAGES_TABLE, db),
    rateLimitStore: (limiter) => new PostgresRateLimitStore(db, limiter),
    renderBudgetStore: () => new PostgresRenderBudgetStore(db),
    database: { query: (text, values) => db.query(text, values) },
    problem: () => db.problem(READY_CHECK_MS),
    close: () => db.close(),
  };
}

/**
 * What /readyz waits on (server/http/readiness.ts): with DATABASE_URL, the
 * database; the ledger files have nothing to reach. Pages are served either way.
 */
export function storageReadiness(storage: Storage, logger: Logger) {
  if (storage.kind !== 'postgres') return undefined;
  return {
    problem: storage.problem,
    logger,
    downMessage: 'The database cannot be reached: sign-ups and messages are refused until it is back. Pages are still served.',
  };
}
