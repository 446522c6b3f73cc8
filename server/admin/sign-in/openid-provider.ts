/**
 * The firm's OpenID Connect provider, through openid-client (certified, maintained, no dependencies of its
 * own): the authorization code flow with PKCE (S256), state and nonce, and the ID token checked (issuer,
 * audience, signature, expiry, nonce) before anything in it is believed.
 *
 * Discovery is lazy: the provider's metadata is fetched at the first sign-in, not at start, so the public
 * site never waits on (or fails to start for) a provider that is down. A failed discovery is forgotten,
 * and the next sign-in tries again.
 */
import * as client from 'openid-client';
import type { SignInConfig } from '../../config/sign-in';
import type { SignInTransaction } from './sign-in-transactions';

/** How long a call to the provider may take before the editor is told it cannot be reached (openid-client's default is 30 s). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Who the provider says signed in: an email only when the provider says it verified it. */
export interface ProviderIdentity {
  subject: string;
  /** Lower-cased; undefined when the provider gave none, or gave one it has not verified. */
  email?: string;
  /** The address the provider named but did not verify, for the refusal's words and the log. */
  unverifiedEmail?: string;
  name?: string;
}

type Claims = Record<string, unknown>;

/** The verified email of a set of claims (ID token or userinfo), or the address it names unverified. */
function emailOf(claims: Claims): { verified?: string; unverified?: string } {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
  if (!email) return {};
  // Entra ID sends no email_verified for work accounts; its optional claim xms_edov says the same thing: the email's
  // domain is verified as the tenant's own. Only where email_verified is absent: a provider's `false` stands.
  const verified = claims.email_verified === true || (claims.email_verified === undefined && claims.xms_edov === true);
  return verified ? { verified: email } : { unverified: email };
}

export function openIdProvider(backend: Pick<SignInConfig, 'oidc'>, redirectUri: string) {
  const { issuer, clientId, clientSecret } = backend.oidc;
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(issuer, clientId, clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Plain http only for a loopback issuer (the tests' provider): server/config/cms-site.ts refuses any other.
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    /** Fetches the provider's metadata now if not yet fetched; throws when the provider cannot be reached. */
    configuration,

    /** A new sign-in: the provider's URL to send the browser to, and what the callback will need. */
    async begin(returnTo: string): Promise<{ url: URL; transaction: Omit<SignInTransaction, 'startedAt'> }> {
      const config = await configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, transaction: { codeVerifier, state, nonce, returnTo } };
    },

    /**
     * The callback: the code exchanged (with the PKCE verifier) and the ID token checked against the
     * transaction's state and nonce; throws on any mismatch. The email comes from the ID token, or, when
     * the token carries none verified (oidc-provider puts scope claims in userinfo only), from userinfo.
     */
    async complete(query: string, transaction: SignInTransaction): Promise<ProviderIdentity> {
      const config = await configuration();
      const currentUrl = new URL(`${redirectUri}${query}`);
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      let claims: Claims = idToken;
      let email = emailOf(idToken);
      if (!email.verified && idToken.email_verified !== false && config.serverMetadata().userinfo_endpoint) {
        // The subject is checked against the ID token's: userinfo answers for the same person or is refused.
        claims = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        email = emailOf(claims);
      }
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : undefined;
      return { subject: idToken.sub, email: email.verified, unverifiedEmail: email.unverified, name };
    },
  };
}

export type OpenIdProvider = ReturnType<typeof openIdProvider>;
