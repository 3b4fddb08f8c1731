// oidc-provider ships no types (its own are in @types/oidc-provider, not a dependency here): what the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface ProviderContext {
    oidc: {
      session?: { accountId?: string };
      client?: { clientId: string };
      provider: { Grant: new (fields: { clientId: string; accountId: string }) => Grant };
    };
  }
  interface Configuration {
    clients: readonly Record<string, unknown>[];
    pkce?: { required: () => boolean };
    claims?: Record<string, readonly string[]>;
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
    cookies?: { keys: readonly string[] };
    features?: Record<string, unknown>;
    findAccount(ctx: ProviderContext, sub: string): Promise<Account | undefined>;
    loadExistingGrant?(ctx: ProviderContext): Promise<Grant | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
