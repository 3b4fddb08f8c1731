import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { readConfig } from '../../../src/adapters/config/app-config.js';
import { DEFAULT_STRIPE_SETTINGS, readStripeSettings } from '../../../src/adapters/config/stripe-settings.js';

describe('Config: STRIPE_API_BASE and STRIPE_TIMEOUT_MS', () => {
  it("defaults to Stripe's API over HTTPS, waited for 20 s", () => {
    expect(readStripeSettings({})).to.deep.equal(
      E.right({ protocol: 'https', host: 'api.stripe.com', port: 443, timeoutMs: 20_000 }),
    );
    expect(readStripeSettings({ STRIPE_API_BASE: '', STRIPE_TIMEOUT_MS: '' })).to.deep.equal(
      E.right(DEFAULT_STRIPE_SETTINGS),
    );
  });

  it('takes an http(s) origin, its port or the scheme’s, and nothing after it', () => {
    const table: ReadonlyArray<[string, object | undefined]> = [
      ['http://127.0.0.1:12111', { protocol: 'http', host: '127.0.0.1', port: 12111 }],
      ['https://stripe-mock.internal', { protocol: 'https', host: 'stripe-mock.internal', port: 443 }],
      ['http://localhost/', { protocol: 'http', host: 'localhost', port: 80 }],
      ['http://[::1]:8420', { protocol: 'http', host: '::1', port: 8420 }],
      ['https://api.stripe.com/v1', undefined],
      ['https://api.stripe.com?x=1', undefined],
      ['https://user@api.stripe.com', undefined],
      ['ftp://api.stripe.com', undefined],
      ['api.stripe.com', undefined],
    ];
    for (const [raw, origin] of table) {
      const read = readStripeSettings({ STRIPE_API_BASE: raw });
      expect(read, raw).to.deep.equal(
        origin === undefined
          ? E.left([`STRIPE_API_BASE must be an http(s) origin such as https://api.stripe.com, got "${raw}"`])
          : E.right({ ...origin, timeoutMs: 20_000 }),
      );
    }
  });

  it('takes a timeout of whole milliseconds from a second to an hour, and reports both problems at once', () => {
    expect(readStripeSettings({ STRIPE_TIMEOUT_MS: '1000' })).to.deep.include({
      right: { ...DEFAULT_STRIPE_SETTINGS, timeoutMs: 1000 },
    });
    const both = readStripeSettings({ STRIPE_API_BASE: 'nope', STRIPE_TIMEOUT_MS: '999' });
    expect(both).to.deep.equal(
      E.left([
        'STRIPE_API_BASE must be an http(s) origin such as https://api.stripe.com, got "nope"',
        'STRIPE_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 3600000, got "999"',
      ]),
    );
    const config = readConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111', STRIPE_TIMEOUT_MS: '5000' });
    expect(E.isRight(config) && config.right.stripe).to.deep.equal({
      protocol: 'http',
      host: '127.0.0.1',
      port: 12111,
      timeoutMs: 5000,
    });
    const refused = readConfig({ STRIPE_TIMEOUT_MS: 'soon' });
    expect(E.isLeft(refused) && refused.left).to.deep.equal([
      'STRIPE_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 3600000, got "soon"',
    ]);
  });
});
