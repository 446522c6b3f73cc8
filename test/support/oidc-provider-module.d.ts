/**
 * oidc-provider ships no types (and @types/oidc-provider lags its majors): only what the tests' provider
 * (./oidc-provider.ts) uses, declared by hand.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }
  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<AccountClaims> | AccountClaims;
  }
  export interface ProviderConfiguration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[]>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required?: () => boolean };
    ttl?: Record<string, number>;
    [option: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
