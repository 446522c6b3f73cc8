/**
 * The editors' sessions, in this process's memory (decision 028). The editing replica is one process, so
 * nothing needs sharing; a restart signs everyone out, which costs an editor one more sign-in with the
 * provider (usually no password, the provider's own session is still open) and loses no work (Decap keeps
 * unsaved entries in the browser). In exchange no session lives in a file or a database to be stolen.
 *
 * A session id is 256 random bits; only the browser's cookie holds it. A session ends after
 * IDLE_LIFETIME_MS without a request, and at most ABSOLUTE_LIFETIME_MS after the sign-in, however
 * active; ended sessions are swept as the store is used, so no timer is needed.
 */
import { randomBytes } from 'node:crypto';

/** An editor away from the keyboard this long signs in again: a laptop left open in a meeting room is not a way in for long. */
export const IDLE_LIFETIME_MS = 30 * 60 * 1000;
/** However busy, a working day at most: the provider is asked again each day whether this person may still sign in. */
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** How often, at most, the store looks for ended sessions to forget. */
const SWEEP_INTERVAL_MS = 60 * 1000;

/** Milliseconds since the epoch; tests pass their own clock to see a session end without waiting. */
export type Clock = () => number;

export interface EditorSession {
  email: string;
  name: string;
  signedInAt: number;
  lastSeenAt: number;
}

export class SessionStore {
  readonly #sessions = new Map<string, EditorSession>();
  readonly #now: Clock;
  #sweptAt = 0;

  constructor(now: Clock = Date.now) {
    this.#now = now;
  }

  /** A new session for this person: a fresh id at every sign-in, so an id known before it (fixation) is worth nothing. */
  create(person: { email: string; name: string }): string {
    this.#sweep();
    const id = randomBytes(32).toString('base64url');
    const now = this.#now();
    this.#sessions.set(id, { email: person.email, name: person.name, signedInAt: now, lastSeenAt: now });
    return id;
  }

  /** The live session with this id, its idle clock restarted; undefined (and forgotten) once it has ended. */
  use(id: string | undefined): EditorSession | undefined {
    this.#sweep();
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    const now = this.#now();
    if (this.#ended(session, now)) {
      this.#sessions.delete(id);
      return undefined;
    }
    session.lastSeenAt = now;
    return session;
  }

  /** Signs out: the id is worth nothing from now on. */
  end(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }

  /** How many sessions are held (live or not yet swept). */
  get size(): number {
    return this.#sessions.size;
  }

  #ended(session: EditorSession, now: number): boolean {
    return now - session.lastSeenAt >= IDLE_LIFETIME_MS || now - session.signedInAt >= ABSOLUTE_LIFETIME_MS;
  }

  #sweep(): void {
    const now = this.#now();
    if (now - this.#sweptAt < SWEEP_INTERVAL_MS) return;
    this.#sweptAt = now;
    for (const [id, session] of this.#sessions) if (this.#ended(session, now)) this.#sessions.delete(id);
  }
}
