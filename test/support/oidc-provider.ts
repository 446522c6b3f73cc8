/**
 * The tests' OpenID Connect provider: the local provider of scripts/local/oidc-provider.ts (which
 * `npm run edit -- --sign-in` runs too), with its development login and consent pages (any login name is
 * accepted; ./editor-sign-in.ts fills them in).
 */
import { LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET, startLocalProvider } from '../../scripts/local/oidc-provider';
import type { LocalProvider, ProviderPerson } from '../../scripts/local/oidc-provider';

export type TestPerson = ProviderPerson;
export type TestProvider = LocalProvider;
export const TEST_CLIENT_ID = LOCAL_CLIENT_ID;
export const TEST_CLIENT_SECRET = LOCAL_CLIENT_SECRET;

/**
 * Starts the provider on a free loopback port (or `port`, for a provider that comes up late). A login name
 * with no person set signs in as `<login>@example.com`, verified.
 */
export function startOidcProvider(options: {
  redirectUris: string[];
  people?: Record<string, TestPerson>;
  port?: number;
}): Promise<TestProvider> {
  return startLocalProvider({ ...options, interactions: 'any-login' });
}
