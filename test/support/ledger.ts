/**
 * Reads a ledger file the way the server does (server/forms/newsletter/sign-up-ledger.ts):
 * the current entry of every address, and the raw lines when a test needs them.
 */
import { readFile } from 'node:fs/promises';
import pino from 'pino';
import { openSignUpLedger } from '../../server/forms/newsletter/sign-up-ledger';
import type { SignUpEntry } from '../../server/forms/newsletter/sign-up-ledger';

export async function ledgerEntries(file: string): Promise<SignUpEntry[]> {
  const ledger = openSignUpLedger({ file, logger: pino({ level: 'silent' }) });
  await ledger.refresh();
  return ledger.list();
}

export async function ledgerLines(file: string): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
