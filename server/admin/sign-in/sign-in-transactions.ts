/**
 * Sign-ins in progress: what the callback must check (the PKCE verifier, state, nonce) and where to go
 * after, sealed into the starting browser's own cookie rather than kept here. The seal is AES-256-GCM
 * (encrypted, so the verifier and nonce stay unreadable to whoever sees the cookie; authenticated, so a
 * changed or made-up value opens nothing) under a key made at start: nothing is held per sign-in, so no
 * number of anonymous starts can push out another person's. A value older than TRANSACTION_LIFETIME_MS
 * opens nothing; a callback replayed within it fails at the provider, which takes a code once.
 *
 * The key lives in this process only, like the sessions (decision 028): a callback must come back to the
 * process that started the sign-in, as the one editing replica does; a restart between the two costs
 * that person one more click on "Sign in".
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Clock } from './session-store';

/** Long enough to type a password and answer a second factor; a link older than this is refused. */
export const TRANSACTION_LIFETIME_MS = 10 * 60 * 1000;

export interface SignInTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** A path under /admin/ to return to. */
  returnTo: string;
  startedAt: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound into every seal: a value sealed for anything else this key might ever seal is not a sign-in. */
const PURPOSE = Buffer.from('editor sign-in in progress');

export class SignInTransactions {
  readonly #key = randomBytes(32);
  readonly #now: Clock;

  constructor(now: Clock) {
    this.#now = now;
  }

  /** The transaction sealed, for the browser's cookie (base64url). */
  seal(transaction: Omit<SignInTransaction, 'startedAt'>): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES }).setAAD(PURPOSE);
    const sealed = Buffer.concat([cipher.update(JSON.stringify({ ...transaction, startedAt: this.#now() }), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The transaction of a sealed value; undefined when it is not one of this key's, was changed, or is too old. */
  open(value: string | undefined): SignInTransaction | undefined {
    if (!value) return undefined;
    const raw = Buffer.from(value, 'base64url');
    if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
    let transaction: SignInTransaction;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES }).setAAD(PURPOSE);
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      transaction = JSON.parse(plain.toString('utf8')) as SignInTransaction;
    } catch {
      return undefined;
    }
    const age = this.#now() - transaction.startedAt;
    return age >= 0 && age < TRANSACTION_LIFETIME_MS ? transaction : undefined;
  }
}
