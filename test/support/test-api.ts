import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { pino } from 'pino';
import { DEFAULT_HTTP_SETTINGS } from '../../src/adapters/config/http-settings.js';
import type { ImportUploadLimits } from '../../src/adapters/config/import-settings.js';
import { createHttpApp } from '../../src/adapters/http/create-http-app.js';
import { createDrainingServer } from '../../src/adapters/service/http-server.js';
import { scryptPasswordHasher } from '../../src/adapters/system/scrypt-password-hasher.js';
import { AUTHENTICATION_REALM_TOKENS } from '../../src/application/authentication-realm-tokens.js';
import type { AuthFailureLimiter } from '../../src/application/ports/auth/auth-failure-limiter.js';
import type { RateLimiter } from '../../src/application/ports/rate-limits/rate-limiter.js';
import { type CreatedStore, CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../../src/application/use-cases/stores/set-store-rate-limit.js';
import { buildContainer, type Persistence } from '../../src/container.js';
import {
  DEFAULT_SUBSCRIPTIONS_GENERATION,
  type SubscriptionsGeneration,
} from '../../src/domain/settings/subscriptions-generation.js';
import { checkResponse } from './openapi-contract.js';

/** Log lines written by the app under test, parsed. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n'))
      if (line.trim() !== '') this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
  get text(): string {
    return JSON.stringify(this.lines);
  }
}

export interface TestApi {
  readonly url: string;
  readonly container: Container;
  readonly store: CreatedStore;
  readonly logs: LogCapture;
  /** A token of the given grant for the store's first key. */
  token(grant?: 'client_credentials' | 'implicit'): Promise<string>;
  /** fetch with the API's origin and, unless `token` is null, a client-credentials bearer; the response must match the OpenAPI document. */
  request(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

/** The gateway credentials key of test APIs: fixed, so that a failure can be reproduced. */
export const TEST_CREDENTIALS_KEY = Buffer.alloc(32, 7);

/** A budget no test reaches unless it means to. */
export const TEST_STORE_BUDGET = 1_000_000;

/** Scrypt at 2^10: the same algorithm and stored form, at a sixteenth of the service's work. */
export const TEST_SCRYPT_COST = { logN: 10, r: 8, p: 1 } as const;

/** How long the test server keeps an idle connection open: far longer than fetch keeps one (4 s). */
const TEST_KEEP_ALIVE_MS = 60_000;

export const startTestApi = async (
  options: {
    persistence?: Persistence;
    baseUrl?: string;
    rateLimit?: number;
    rateLimiter?: RateLimiter;
    authFailureLimiter?: AuthFailureLimiter;
    trustedProxyHeader?: string;
    configure?: (container: Container) => void;
    imports?: ImportUploadLimits;
    testClocks?: boolean;
    consoleBuildDir?: URL;
    corsAdminOrigins?: readonly string[];
    /** The keys gateway credentials are sealed with; by default one test key, so that they can be stored. */
    gatewayCredentialsKeys?: readonly Buffer[];
  } = {},
): Promise<TestApi> => {
  const container = buildContainer(options.persistence ?? { kind: 'memory' }, {
    ...(options.rateLimiter === undefined ? {} : { rateLimiter: options.rateLimiter }),
    ...(options.testClocks === undefined ? {} : { testClocks: options.testClocks }),
    ...(options.authFailureLimiter === undefined ? {} : { authFailureLimiter: options.authFailureLimiter }),
    gatewayCredentialsKeys: options.gatewayCredentialsKeys ?? [TEST_CREDENTIALS_KEY],
  });
  // The HTTP suites need a password hash, not its cost: scrypt's cost is the hasher's own test's affair
  // (test/adapters/system/scrypt-password-hasher.spec.ts), and at the service's 2^14 each hash takes ~60 ms.
  container.rebind(AUTHENTICATION_REALM_TOKENS.PasswordHasher).toConstantValue(scryptPasswordHasher(TEST_SCRYPT_COST));
  options.configure?.(container);
  // Database backends get their job storage with the jobs; until it is bound, tests keep import jobs in memory.
  const created = await container.get(CreateStore).execute('Test store');
  if (E.isLeft(created)) throw new Error('store not created');
  // Tests send requests far faster than a real store's budget allows; the rate tests choose their own.
  await container.get(SetStoreRateLimit).execute(created.right.store.id, options.rateLimit ?? TEST_STORE_BUDGET);
  const logs = new LogCapture();
  const logger = pino({ level: process.env['TEST_LOG_LEVEL'] ?? 'info' }, logs);
  const app = createHttpApp({
    container,
    logger,
    baseUrl: options.baseUrl,
    trustedProxyHeader: options.trustedProxyHeader,
    consoleBuildDir: options.consoleBuildDir,
    ...(options.corsAdminOrigins === undefined ? {} : { corsAdminOrigins: options.corsAdminOrigins }),
    ...(options.imports === undefined ? {} : { imports: options.imports }),
  });
  // The service's own server, so that what Node answers before the app (431, 408, broken HTTP) is tested too.
  // Its idle connections outlive fetch's (4 s): the tests' own work blocks the one event loop they share with
  // the server, and a server closing an idle connection as fetch reuses it answers that request ECONNRESET.
  const { server } = createDrainingServer(
    app.callback(),
    { ...DEFAULT_HTTP_SETTINGS, keepAliveTimeoutMs: TEST_KEEP_ALIVE_MS },
    logger,
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let cached: string | undefined;

  const token = async (grant: 'client_credentials' | 'implicit' = 'client_credentials'): Promise<string> => {
    const form = new URLSearchParams({ grant_type: grant, client_id: created.right.key.clientId });
    if (grant === 'client_credentials') form.set('client_secret', created.right.clientSecret);
    const response = await checkResponse(
      'POST',
      '/oauth/access_token',
      await fetch(`${url}/oauth/access_token`, { method: 'POST', body: form }),
      form,
    );
    const body = (await response.json()) as { access_token: string };
    return body.access_token;
  };
  // What the store's un-prefixed paths speak, as the settings it was given say.
  let generation: SubscriptionsGeneration = DEFAULT_SUBSCRIPTIONS_GENERATION;
  /** One token for every request that names none, fetched by the first of them. */
  const cachedToken = async (): Promise<string> => {
    cached ??= await token();
    return cached;
  };

  return {
    url,
    container,
    store: created.right,
    logs,
    token,
    async request(path, init = {}) {
      const { token: given, headers, ...rest } = init;
      const bearer = given === null ? undefined : (given ?? (await cachedToken()));
      const response = await fetch(`${url}${path}`, {
        ...rest,
        headers: {
          ...(bearer === undefined ? {} : { Authorization: `Bearer ${bearer}` }),
          ...(headers as Record<string, string> | undefined),
        },
      });
      // Every response a test receives is held to the API's OpenAPI document of the generation it speaks.
      const checked = await checkResponse(rest.method, path, response, rest.body, generation);
      if (/^(\/generations\/\d+)?\/v2\/settings$/.test(path) && response.ok) {
        if (rest.method === 'DELETE') generation = DEFAULT_SUBSCRIPTIONS_GENERATION;
        if (rest.method === 'PUT')
          generation = ((await checked.clone().json()) as SettingsAnswer).data.subscriptions_generation;
      }
      return checked;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

interface SettingsAnswer {
  readonly data: { readonly subscriptions_generation: SubscriptionsGeneration };
}

export const jsonBody = (data: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(data),
});
