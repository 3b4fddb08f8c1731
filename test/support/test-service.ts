import * as E from 'fp-ts/lib/Either.js';
import type { Container } from 'inversify';
import { pino } from 'pino';
import { DEFAULT_HTTP_SETTINGS, type HttpSettings } from '../../src/adapters/config/http-settings.js';
import { type RunningService, startService } from '../../src/adapters/service/start-service.js';
import { type CreatedStore, CreateStore } from '../../src/application/use-cases/stores/create-store.js';
import { SetStoreRateLimit } from '../../src/application/use-cases/stores/set-store-rate-limit.js';
import { buildContainer } from '../../src/container.js';
import { checkResponse } from './openapi-contract.js';
import { LogCapture, TEST_STORE_BUDGET } from './test-api.js';

export interface TestService {
  readonly service: RunningService;
  readonly url: string;
  readonly store: CreatedStore;
  readonly logs: LogCapture;
  /** A client-credentials token for the store's first key. */
  token(): Promise<string>;
}

/** The service's own server (timeouts, client errors, drain) over the in-memory adapters, on a free loopback port. */
export const startTestService = async (
  options: {
    http?: Partial<HttpSettings>;
    baseUrl?: string;
    host?: string;
    configure?: (container: Container) => void;
  } = {},
): Promise<TestService> => {
  const container = buildContainer({ kind: 'memory' });
  options.configure?.(container);
  const created = await container.get(CreateStore).execute('Test store');
  if (E.isLeft(created)) throw new Error('store not created');
  await container.get(SetStoreRateLimit).execute(created.right.store.id, TEST_STORE_BUDGET);
  const logs = new LogCapture();
  const service = await startService(
    container,
    {
      port: 0,
      host: options.host ?? '127.0.0.1',
      baseUrl: options.baseUrl,
      http: { ...DEFAULT_HTTP_SETTINGS, ...options.http },
    },
    pino({ level: 'info' }, logs),
  );
  const token = async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: created.right.key.clientId,
      client_secret: created.right.clientSecret,
    });
    const response = await checkResponse(
      'POST',
      '/oauth/access_token',
      await fetch(`${service.url}/oauth/access_token`, { method: 'POST', body: form }),
    );
    return ((await response.json()) as { access_token: string }).access_token;
  };
  return { service, url: service.url, store: created.right, logs, token };
};
