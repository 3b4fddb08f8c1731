import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** What the provider says about a person who signs in with a given login (their `sub`). */
export interface ProviderPerson {
  readonly email?: string;
  readonly emailVerified?: boolean;
  readonly name?: string;
}

export interface ProviderClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

export interface TestProvider {
  readonly issuer: string;
  readonly discoveryUrl: string;
  /** The claims the next sign-ins of `sub` get. */
  person(sub: string, person: ProviderPerson): void;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (`oidc-provider`, certified) on an ephemeral loopback port, with its development
 * sign-in form (any login, any password: the login is the `sub`), PKCE required, and the people's claims
 * in the ID token itself.
 */
export const startTestProvider = async (clients: readonly ProviderClient[]): Promise<TestProvider> => {
  const people = new Map<string, ProviderPerson>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['a test key of the provider on loopback'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => {
        const person = people.get(sub) ?? {};
        return {
          sub,
          ...(person.email === undefined ? {} : { email: person.email, email_verified: person.emailVerified ?? false }),
          ...(person.name === undefined ? {} : { name: person.name }),
        };
      },
    }),
    // Consent is granted at once: the test is about the service, not the provider's consent page.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (session?.accountId === undefined || client === undefined) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // The provider's own logs of refused requests would only clutter the test output.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    person: (sub, person) => people.set(sub, person),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
