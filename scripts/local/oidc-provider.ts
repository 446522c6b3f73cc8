/**
 * A real OpenID Connect provider on this machine: oidc-provider (certified), on 127.0.0.1 over plain http,
 * for the tests of the editors' sign-in and for `npm run edit -- --sign-in` (scripts/ops/edit/sign-in-mode.ts,
 * decision 043). Each login name is a person whose email, name and whether the email is verified the caller
 * chooses; PKCE is required of every client.
 *
 * Two ways to sign in (`interactions`):
 * - 'any-login': the provider's own development login and consent pages, any login name and password
 *   (test/support/editor-sign-in.ts fills them in): a test signs in whoever it needs.
 * - 'pick-a-person': a page of ours listing the people given, one button each, and no consent page (the
 *   site is the one client, first-party): what a person sees under npm run edit. An unknown login is refused.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { personPicker } from './oidc-person-picker';
import type { PickablePerson } from './oidc-person-picker';

export interface ProviderPerson extends PickablePerson {
  /**
   * Whether the provider vouches for the address (email_verified); true unless said otherwise. 'entra': as
   * Microsoft Entra ID for a work account, no email_verified but its optional claim xms_edov: true.
   */
  emailVerified?: boolean | 'entra';
}

export interface LocalProvider {
  /** The issuer: OIDC_ISSUER. */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The environment CMS_BACKEND=site needs for this provider (add CMS_EDITORS, CMS_REVIEWERS, CONTENT_REPO). */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** Adds or changes the person signing in with this login name. */
  setPerson(login: string, person: ProviderPerson): void;
  stop(): Promise<void>;
}

export interface LocalProviderOptions {
  /** Where it may send a browser back: `<SITE_URL>/admin/auth/callback` for each SITE_URL in use. */
  redirectUris: string[];
  people?: Record<string, ProviderPerson>;
  /** A port of the caller's choosing; by default any free one. Always on 127.0.0.1. */
  port?: number;
  /** 'any-login' unless said otherwise (see the top of this file). */
  interactions?: 'any-login' | 'pick-a-person';
  clientId?: string;
  clientSecret?: string;
  /** Heading and words of the 'pick-a-person' page. */
  pickerText?: { title: string; intro: string };
}

export const LOCAL_CLIENT_ID = 'harbor-ledger-site';
/** Known to everyone who reads this file: the provider it belongs to answers on loopback only, for this machine. */
export const LOCAL_CLIENT_SECRET = 'a-test-secret-nobody-uses-anywhere';
/** Only the 'pick-a-person' page's own paths: the provider answers everything else. */
const PICKER_PATH = /^\/pick\/([\w-]+)(\/choose)?$/;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

/**
 * Starts the provider on 127.0.0.1. With 'any-login', a login name with no person set signs in as
 * `<login>@example.com`, verified.
 */
export async function startLocalProvider(options: LocalProviderOptions): Promise<LocalProvider> {
  const people = new Map(Object.entries(options.people ?? {}));
  const picking = options.interactions === 'pick-a-person';
  const clientId = options.clientId ?? LOCAL_CLIENT_ID;
  const clientSecret = options.clientSecret ?? LOCAL_CLIENT_SECRET;
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: nothing on the network can sign in as anyone here.
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified', 'xms_edov'], profile: ['name'] },
    findAccount: (_ctx, login) => {
      const person = people.get(login) ?? (picking ? undefined : { email: `${login}@example.com` });
      if (!person) return undefined;
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
    cookies: { keys: ['local-only-cookie-key'] },
    // Said, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: !picking } },
    ...(picking ? { interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/pick/${interaction.uid}` } } : {}),
  });
  // The provider's own complaints (a bad request from a test that means one) stay out of the output.
  provider.on('server_error', () => {});
  const answer = provider.callback();
  const pick = picking ? personPicker(provider, people, options.pickerText) : undefined;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = pick && PICKER_PATH.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match || !pick) return answer(req, res);
    const handled = match[2] ? readForm(req).then((form) => pick.choose(req, res, form)) : pick.show(req, res);
    handled.catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`This sign-in has expired or was already used: go back to the site and sign in again. (${String(error)})`);
      }
    });
  });
  return {
    issuer,
    port,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    setPerson: (login, person) => void people.set(login, person),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
