/**
 * The code a failed write carries (ENOSPC, EACCES, a PostgreSQL SQLSTATE such
 * as 53300), or undefined when it carries none: what the forms' log lines say
 * of a record they could not keep, and what the operator's commands add to
 * their one-line errors.
 *
 * It lives in intake/, the part of server/forms/ every form and server/app.ts
 * already share, so the forms and server/cli/ledger-command.ts import it
 * without reaching into one form's or the storage's internals.
 */
export function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined;
}
