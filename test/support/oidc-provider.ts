/**
 * A real OpenID Connect provider for the tests of the editors' sign-in: oidc-provider (certified), on
 * 127.0.0.1 over plain http, with its development login and consent pages (any login name is accepted;
 * ./editor-sign-in.ts fills them in). Each login name is a person whose email, name and whether the
 * email is verified the test chooses; PKCE is required of every client.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestPerson {
  email: string;
  name?: string;
  /**
   * Whether the provider vouches for the address (email_verified); true unless said otherwise. 'entra': as
   * Microsoft Entra ID for a work account, no email_verified but its optional claim xms_edov: true.
   */
  emailVerified?: boolean | 'entra';
}

export interface TestProvider {
  /** The issuer: OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment CMS_BACKEND=site needs for this provider (add CMS_EDITORS, CMS_REVIEWERS, CONTENT_REPO). */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Adds or changes the person signing in with this login name. */
  setPerson(login: string, person: TestPerson): void;
  stop(): Promise<void>;
}

export const TEST_CLIENT_ID = 'harbor-ledger-site';
export const TEST_CLIENT_SECRET = 'a-test-secret-nobody-uses-anywhere';

/**
 * Starts the provider on a free loopback port. `redirectUris`: where it may send a browser back,
 * `<SITE_URL>/admin/auth/callback` for each SITE_URL the test uses. A login name with no person set
 * signs in as `<login>@example.com`, verified.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  people?: Record<string, TestPerson>;
  /** A port of the test's choosing (a provider that comes up late); by default any free one. */
  port?: number;
}): Promise<TestProvider> {
  const people = new Map(Object.entries(options.people ?? {}));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT_ID,
        client_secret: TEST_CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
    findAccount: (_ctx, login) => {
      const person = people.get(login) ?? { email: `${login}@example.com` };
      return {
        accountId: login,
        claims: () => ({
          sub: login,
          email: person.email,
          ...(person.emailVerified === 'entra' ? { xms_edov: true } : { email_verified: person.emailVerified ?? true }),
          name: person.name ?? login,
        }),
      };
    },
    cookies: { keys: ['test-only-cookie-key'] },
    // Said, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: true } },
  });
  // The provider's own complaints (a bad request from a test that means one) stay out of the test output.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: TEST_CLIENT_ID,
    clientSecret: TEST_CLIENT_SECRET,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: TEST_CLIENT_ID, OIDC_CLIENT_SECRET: TEST_CLIENT_SECRET },
    setPerson: (login, person) => void people.set(login, person),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
