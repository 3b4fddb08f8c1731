import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from '../../../src/adapters/config/app-config.js';
import {
  DEFAULT_AUTHORIZE_NET_SETTINGS,
  readAuthorizeNetSettings,
} from '../../../src/adapters/config/authorize-net-settings.js';

describe('Config: AUTHORIZE_NET_API_BASE and AUTHORIZE_NET_TIMEOUT_MS', () => {
  it("leaves the origin to each store's test mode by default, and waits 20 s", () => {
    expect(readAuthorizeNetSettings({})).to.deep.equal(E.right({ timeoutMs: 20_000 }));
    expect(readAuthorizeNetSettings({ AUTHORIZE_NET_API_BASE: '', AUTHORIZE_NET_TIMEOUT_MS: '' })).to.deep.equal(
      E.right(DEFAULT_AUTHORIZE_NET_SETTINGS),
    );
  });

  it('takes an http(s) origin, its port or the scheme’s, and nothing after it', () => {
    const table: ReadonlyArray<[string, object | undefined]> = [
      ['http://127.0.0.1:8421', { protocol: 'http', host: '127.0.0.1', port: 8421 }],
      ['https://apitest.authorize.net', { protocol: 'https', host: 'apitest.authorize.net', port: 443 }],
      ['http://[::1]:8420/', { protocol: 'http', host: '::1', port: 8420 }],
      ['https://api.authorize.net/xml/v1/request.api', undefined],
      ['https://login:key@api.authorize.net', undefined],
      ['api.authorize.net', undefined],
    ];
    for (const [raw, origin] of table)
      expect(readAuthorizeNetSettings({ AUTHORIZE_NET_API_BASE: raw }), raw).to.deep.equal(
        origin === undefined
          ? E.left([
              `AUTHORIZE_NET_API_BASE must be an http(s) origin such as https://apitest.authorize.net, got "${raw}"`,
            ])
          : E.right({ origin, timeoutMs: 20_000 }),
      );
  });

  it('takes a timeout from a second to an hour, and reports both problems at once through the configuration', () => {
    expect(readAuthorizeNetSettings({ AUTHORIZE_NET_TIMEOUT_MS: '3600000' })).to.deep.equal(
      E.right({ timeoutMs: 3_600_000 }),
    );
    expect(readConfig({ AUTHORIZE_NET_API_BASE: 'nope', AUTHORIZE_NET_TIMEOUT_MS: '999' })).to.deep.equal(
      E.left([
        'AUTHORIZE_NET_API_BASE must be an http(s) origin such as https://apitest.authorize.net, got "nope"',
        'AUTHORIZE_NET_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 3600000, got "999"',
      ]),
    );
    const config = readConfig({ AUTHORIZE_NET_API_BASE: 'http://127.0.0.1:8421', AUTHORIZE_NET_TIMEOUT_MS: '5000' });
    expect(E.isRight(config) && config.right.authorizeNet).to.deep.equal({
      origin: { protocol: 'http', host: '127.0.0.1', port: 8421 },
      timeoutMs: 5000,
    });
  });
});
