/**
 * Sign-ins in progress: what the callback must check (the PKCE verifier, state, nonce) and where to go
 * after, kept in memory under a random id that only the starting browser's cookie holds. Each is taken
 * once: a callback replayed, or arriving after TRANSACTION_LIFETIME_MS, finds nothing.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from './session-store';

/** Long enough to type a password and answer a second factor; a link older than this is refused. */
export const TRANSACTION_LIFETIME_MS = 10 * 60 * 1000;
/** Anyone may start a sign-in; past this many at once the oldest are dropped, so a flood cannot grow memory. */
const MAX_TRANSACTIONS = 1_000;

export interface SignInTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** A path under /admin/ to return to. */
  returnTo: string;
  startedAt: number;
}

export class SignInTransactions {
  readonly #pending = new Map<string, SignInTransaction>();
  readonly #now: Clock;

  constructor(now: Clock) {
    this.#now = now;
  }

  /** Keeps the transaction; answers the id for the browser's cookie. */
  keep(transaction: Omit<SignInTransaction, 'startedAt'>): string {
    const now = this.#now();
    for (const [id, pending] of this.#pending) {
      if (now - pending.startedAt < TRANSACTION_LIFETIME_MS && this.#pending.size < MAX_TRANSACTIONS) break;
      this.#pending.delete(id);
    }
    const id = randomBytes(32).toString('base64url');
    this.#pending.set(id, { ...transaction, startedAt: now });
    return id;
  }

  /** The transaction, removed: a second call with the same id finds nothing. Undefined when unknown or too old. */
  take(id: string | undefined): SignInTransaction | undefined {
    if (!id) return undefined;
    const transaction = this.#pending.get(id);
    this.#pending.delete(id);
    if (!transaction || this.#now() - transaction.startedAt >= TRANSACTION_LIFETIME_MS) return undefined;
    return transaction;
  }
}
