/**
 * The part of decap-cms-backend-proxy (which ships no types) that client/admin-site-backend.tsx extends:
 * Decap's backend for its proxy protocol, as its src/implementation.ts has it.
 */
declare module 'decap-cms-backend-proxy' {
  import type { ComponentType } from 'react';

  export class ProxyBackend {
    constructor(config: unknown, options?: unknown);
    authComponent(): ComponentType<Record<string, unknown>>;
    logout(): Promise<void> | void | null;
  }
}
