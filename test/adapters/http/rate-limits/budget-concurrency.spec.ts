import { expect } from 'chai';
import { forEachBackend } from '../../../support/backends.js';
import { jsonBody, startTestApi } from '../../../support/test-api.js';

forEachBackend('HTTP: concurrent reservations', (_backend, persistence) => {
  it('lets exactly as many concurrent creates through as the budget of 100 holds', async () => {
    const api = await startTestApi({ persistence: persistence(), rateLimit: 100 });
    try {
      const token = await api.token();
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          api.request('/v2/application-keys', {
            ...jsonBody({ data: { type: 'application_key', name: `k${n}`, reserved_rate_limit: 30 } }),
            token,
          }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([201, 201, 201, 409, 409, 409, 409, 409]);
      const list = (await (await api.request('/v2/application-keys', { token })).json()) as {
        meta: { total_reserved_rate_limit: number };
      };
      expect(list.meta.total_reserved_rate_limit).to.equal(90);
    } finally {
      await api.close();
    }
  });
});
