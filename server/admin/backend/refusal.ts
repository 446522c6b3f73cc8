/**
 * A request the backend will not carry out, in words the editor can act on: Decap's proxy backend shows
 * the answer's `error` field to the person who clicked. Always a 4xx: what the person asked for, or
 * when, was wrong; a 5xx is kept for the server's own failures.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** The server's own failure, said so the person knows what happened and whom to tell (a 500; details go to the log). */
export class BackendFailure extends Error {
  override name = 'BackendFailure';
}
