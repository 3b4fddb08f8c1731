import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import {
  ALLOWED_ORIGINS_MAX,
  allowsOrigin,
  type CorsSettings,
  DEFAULT_CORS_SETTINGS,
  parseCorsSettingsChanges,
} from '../../../src/domain/settings/cors-settings.js';
import { ORIGIN_FORM, type Origin, parseOrigin } from '../../../src/domain/settings/origin.js';

const origins = (...list: string[]): CorsSettings => ({ allowedOrigins: list as Origin[] });

describe('origins', () => {
  it('are written as browsers send them: lower case, no default port, IDN in punycode', () => {
    const table: Array<[string, string]> = [
      ['https://shop.example', 'https://shop.example'],
      ['HTTPS://Shop.Example:443', 'https://shop.example'],
      ['http://shop.example:80', 'http://shop.example'],
      ['http://localhost:5173', 'http://localhost:5173'],
      ['https://shop.example:8443', 'https://shop.example:8443'],
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
      ['http://[::1]:3000', 'http://[::1]:3000'],
      ['https://bücher.example', 'https://xn--bcher-kva.example'],
    ];
    for (const [input, written] of table) expect(parseOrigin('o')(input), input).to.deep.equal(E.right(written));
  });

  it('refuse paths, a trailing slash, credentials, queries, other schemes and what is not text', () => {
    const refused = [
      'https://shop.example/',
      'https://shop.example/shop',
      'https://user@shop.example',
      'https://shop.example?x=1',
      'https://shop.example#top',
      'shop.example',
      '//shop.example',
      'ftp://shop.example',
      'file://shop',
      'null',
      '*',
      'https://',
      'https://shop.example:99999',
      `https://${'a'.repeat(250)}.example`,
      '',
      42,
      null,
    ];
    for (const input of refused)
      expect(parseOrigin('o')(input), String(input)).to.deep.equal(E.left([{ source: 'o', detail: ORIGIN_FORM }]));
  });
});

describe('CORS settings', () => {
  it('allow any origin by default, and only the listed ones once narrowed', () => {
    expect(DEFAULT_CORS_SETTINGS).to.deep.equal({ allowedOrigins: '*' });
    expect(allowsOrigin(DEFAULT_CORS_SETTINGS, 'https://any.example')).to.equal(true);
    expect(allowsOrigin(DEFAULT_CORS_SETTINGS, 'null')).to.equal(true);
    const narrowed = origins('https://shop.example', 'http://localhost:5173');
    expect(allowsOrigin(narrowed, 'https://shop.example')).to.equal(true);
    expect(allowsOrigin(narrowed, 'http://localhost:5173')).to.equal(true);
    expect(allowsOrigin(narrowed, 'https://shop.example:444')).to.equal(false);
    expect(allowsOrigin(narrowed, 'http://shop.example')).to.equal(false);
    expect(allowsOrigin(narrowed, 'https://evil-shop.example')).to.equal(false);
    expect(allowsOrigin(narrowed, 'null')).to.equal(false);
    expect(allowsOrigin(origins(), 'https://shop.example')).to.equal(false);
  });

  it('read a change: ["*"], a list written once each as browsers send it, an empty list, or nothing', () => {
    const parse = (allowed: unknown) => parseCorsSettingsChanges({ type: 'settings', allowed_origins: allowed });
    expect(parse(['*'])).to.deep.equal(E.right({ allowedOrigins: '*' }));
    expect(parse(['https://Shop.Example', 'https://shop.example:443', 'http://localhost:5173'])).to.deep.equal(
      E.right({ allowedOrigins: ['https://shop.example', 'http://localhost:5173'] }),
    );
    expect(parse([])).to.deep.equal(E.right({ allowedOrigins: [] }));
    expect(parseCorsSettingsChanges({ type: 'settings', other: 1 })).to.deep.equal(E.right({}));
    expect(parse(Array.from({ length: ALLOWED_ORIGINS_MAX }, (_, i) => `https://s${i}.example`))).to.satisfy(E.isRight);
  });

  it('list every problem of a change at once, each bad origin by its index', () => {
    expect(
      parseCorsSettingsChanges({ type: 'cors', allowed_origins: ['https://ok.example', 'https://a.example/', '*', 7] }),
    ).to.deep.equal(
      E.left([
        { source: 'data.type', detail: "must be 'settings'" },
        { source: 'data.allowed_origins.1', detail: ORIGIN_FORM },
        { source: 'data.allowed_origins.2', detail: '"*" allows every origin, so it stands alone: ["*"]' },
        { source: 'data.allowed_origins.3', detail: ORIGIN_FORM },
      ]),
    );
    expect(parseCorsSettingsChanges({ type: 'settings', allowed_origins: '*' })).to.deep.equal(
      E.left([{ source: 'data.allowed_origins', detail: 'must be an array of origins, or ["*"] for any' }]),
    );
    expect(
      parseCorsSettingsChanges({
        type: 'settings',
        allowed_origins: Array.from({ length: ALLOWED_ORIGINS_MAX + 1 }, (_, i) => `https://s${i}.example`),
      }),
    ).to.deep.equal(
      E.left([{ source: 'data.allowed_origins', detail: `must hold at most ${ALLOWED_ORIGINS_MAX} origins` }]),
    );
    expect(parseCorsSettingsChanges(null)).to.deep.equal(E.left([{ source: 'data', detail: 'must be an object' }]));
  });
});
